import { z } from '../common/zod-config.ts';
import { PO_STATUSES } from './purchasing.rules.ts';

/** What the purchasing calls answer. Quantities: `quantity` in `unit`, `base*` in the base unit. */

export const supplierAnswerSchema = z.object({
  uid: z.string(),
  name: z.string(),
  npwp: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  contactPerson: z.string().nullable(),
  email: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  active: z.boolean(),
});
export type Supplier = z.infer<typeof supplierAnswerSchema>;

const totalsSchema = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  dpp: z.number().int(),
  ppnPercent: z.number(),
  ppn: z.number().int(),
  total: z.number().int(),
});

const party = z.object({ uid: z.string(), name: z.string() });

export const orderSummarySchema = totalsSchema.extend({
  uid: z.string(),
  number: z.string(),
  clinicId: z.number().int(),
  status: z.enum(PO_STATUSES),
  supplier: party,
  location: party,
  orderDate: z.string(),
  expectedDate: z.string().nullable(),
  lineCount: z.number().int(),
  version: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderLineAnswerSchema = z.object({
  line: z.number().int(),
  itemUid: z.string(),
  itemName: z.string(),
  unit: z.string(),
  factor: z.number(),
  baseUnit: z.string(),
  quantity: z.number(),
  price: z.number().int(),
  discountPercent: z.number(),
  net: z.number().int(),
  /** Received so far, in `unit` and in base units; what is still open, in `unit`. */
  received: z.number(),
  receivedBase: z.number(),
  open: z.number(),
});

export const receiptSummarySchema = totalsSchema.extend({
  uid: z.string(),
  number: z.string(),
  clinicId: z.number().int(),
  orderUid: z.string().nullable(),
  orderNumber: z.string().nullable(),
  supplier: party,
  location: party,
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  receivedDate: z.string(),
  lineCount: z.number().int(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  note: z.string().nullable(),
  cancelReason: z.string().nullable(),
  closeReason: z.string().nullable(),
  supplierPaymentTermsDays: z.number().int(),
  lines: z.array(orderLineAnswerSchema),
  receipts: z.array(receiptSummarySchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const receiptLineAnswerSchema = z.object({
  line: z.number().int(),
  orderLine: z.number().int().nullable(),
  itemUid: z.string(),
  itemName: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  unit: z.string(),
  factor: z.number(),
  baseUnit: z.string(),
  quantity: z.number(),
  baseQuantity: z.number(),
  price: z.number().int(),
  discountPercent: z.number(),
  net: z.number().int(),
  /** Rupiah per base unit booked into stock (net, without PPN). */
  unitCost: z.number(),
  returnedBase: z.number(),
  /** What may still go back: received − returned, base units (the location's on-hand is checked too). */
  returnableBase: z.number(),
});

export const receiptDetailSchema = receiptSummarySchema.extend({
  lines: z.array(receiptLineAnswerSchema),
});
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>;

export const returnSummarySchema = z.object({
  uid: z.string(),
  number: z.string(),
  clinicId: z.number().int(),
  receiptUid: z.string(),
  receiptNumber: z.string(),
  invoiceNumber: z.string(),
  supplier: party,
  location: party,
  returnDate: z.string(),
  reason: z.string(),
  total: z.number().int(),
  lines: z.array(
    z.object({
      itemName: z.string(),
      batchNumber: z.string(),
      baseQuantity: z.number(),
      baseUnit: z.string(),
      amount: z.number().int(),
    }),
  ),
});
export type ReturnSummary = z.infer<typeof returnSummarySchema>;
