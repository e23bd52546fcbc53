// the shared issue messages come with every schema, in the browser as on the server

import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { quantitySchema } from '../inventory/inventory.schema.ts';
import {
  DEFAULT_PAYMENT_TERMS_DAYS,
  DEFAULT_PPN_PERCENT,
  isValidNpwp,
  npwpDigits,
  PO_ACTIONS,
  PO_STATUSES,
} from './purchasing.rules.ts';

/**
 * What the purchasing screens send (issue 17 §5): suppliers, purchase orders, receipts against the
 * supplier's invoice and returns to the supplier. Quantities are in the unit named beside them
 * (the server converts to base units); money in whole rupiah. Answers: purchasing-answers.schema.ts.
 */

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const page = z.coerce.number().int().min(1).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);
const search = text(100).optional();

/** Whole rupiah per purchase unit. */
const priceSchema = z
  .number('purchasing.priceRequired')
  .int('purchasing.priceWhole')
  .min(0, 'purchasing.priceWhole')
  .max(1_000_000_000, 'validation.tooLong');
const percentSchema = (key: string) =>
  z
    .number(key)
    .min(0, key)
    .max(100, key)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, key);
const discountSchema = percentSchema('purchasing.discountRange').default(0);
const ppnSchema = percentSchema('purchasing.ppnRange').default(DEFAULT_PPN_PERCENT);
const reasonSchema = text(500).min(3, 'purchasing.reasonRequired');
const requestKeySchema = z.string().trim().min(8, 'validation.invalid').max(80, 'validation.tooLong');
const unitName = text(20).min(1, 'purchasing.unitRequired');

export const supplierSchema = z.object({
  name: text(120).min(1, 'purchasing.supplierNameRequired'),
  /** 15 or 16 digits; kept as digits only. */
  npwp: text(30)
    .nullable()
    .optional()
    .transform((v) => (v ? npwpDigits(v) : null))
    .refine((v) => v === null || isValidNpwp(v), 'purchasing.npwpInvalid'),
  address: optionalText(300),
  phone: text(30)
    .nullable()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || /^\+?[\d\s-]{6,20}$/.test(v), 'purchasing.phoneInvalid'),
  contactPerson: optionalText(120),
  email: text(120)
    .nullable()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || EMAIL_PATTERN.test(v), 'purchasing.emailInvalid'),
  paymentTermsDays: z
    .number('purchasing.termsRange')
    .int('purchasing.termsRange')
    .min(0, 'purchasing.termsRange')
    .max(365, 'purchasing.termsRange')
    .default(DEFAULT_PAYMENT_TERMS_DAYS),
  active: z.boolean().default(true),
});
export type SupplierInput = z.infer<typeof supplierSchema>;

export const supplierQuerySchema = z.object({
  search,
  active: z.enum(['true', 'false']).optional(),
  page,
  limit,
});
export type SupplierQuery = z.infer<typeof supplierQuerySchema>;

export const uidParamsSchema = z.object({ uid: uidSchema });

export const orderLineSchema = z.object({
  itemUid: uidSchema,
  /** A unit of the item (its base unit or a packaging unit: BOX, STRIP). */
  unit: unitName,
  quantity: quantitySchema,
  /** Rupiah per `unit`. */
  price: priceSchema,
  discountPercent: discountSchema,
});

export const orderSchema = z.object({
  supplierUid: uidSchema,
  /** The receiving location (a warehouse of the clinic): it names the clinic. */
  locationUid: uidSchema,
  expectedDate: dateSchema('iso', 'purchasing.dateFormat')
    .nullable()
    .optional()
    .transform((v) => v || null),
  ppnPercent: ppnSchema,
  note: optionalText(500),
  lines: z.array(orderLineSchema).min(1, 'purchasing.linesRequired').max(100, 'validation.tooLong'),
});
export type OrderInput = z.infer<typeof orderSchema>;

/** A draft changed: the version read, so that two clerks do not overwrite each other. */
export const orderUpdateSchema = orderSchema.extend({ version: z.number().int().min(1) });
export type OrderUpdateInput = z.infer<typeof orderUpdateSchema>;

export const orderActionSchema = z
  .object({
    action: z.enum(PO_ACTIONS, 'validation.invalid'),
    reason: optionalText(500),
    version: z.number().int().min(1),
  })
  .superRefine((v, ctx) => {
    if (v.action !== 'order' && (!v.reason || v.reason.length < 3))
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'purchasing.reasonRequired' });
  });
export type OrderActionInput = z.infer<typeof orderActionSchema>;

export const orderQuerySchema = z.object({
  clinicId: z.coerce.number().int().positive(),
  status: z.enum(PO_STATUSES, 'validation.invalid').optional(),
  search,
  page,
  limit,
});
export type OrderQuery = z.infer<typeof orderQuerySchema>;

export const receiptLineSchema = z.object({
  /** The order's line (0-based) this receives against; null for a line not on the order. */
  orderLine: z.number().int().min(0).nullable().optional().default(null),
  itemUid: uidSchema,
  batchNumber: text(40)
    .min(1, 'purchasing.batchNumberRequired')
    .transform((v) => v.toUpperCase()),
  expiryDate: dateSchema('iso', 'purchasing.expiryFormat'),
  quantity: quantitySchema,
  unit: unitName,
  price: priceSchema,
  discountPercent: discountSchema,
});

/** A receipt against the supplier's invoice (faktur), with or without a purchase order. */
export const receiptSchema = z
  .object({
    orderUid: uidSchema.nullable().optional().default(null),
    /** Needed without an order (with one, the order's supplier and location). */
    supplierUid: uidSchema.nullable().optional().default(null),
    locationUid: uidSchema.nullable().optional().default(null),
    invoiceNumber: text(60).min(1, 'purchasing.invoiceNumberRequired'),
    invoiceDate: dateSchema('iso', 'purchasing.dateFormat'),
    ppnPercent: ppnSchema,
    lines: z.array(receiptLineSchema).min(1, 'purchasing.linesRequired').max(100, 'validation.tooLong'),
    requestKey: requestKeySchema,
  })
  .superRefine((v, ctx) => {
    if (v.orderUid) return;
    if (!v.supplierUid)
      ctx.addIssue({ code: 'custom', path: ['supplierUid'], message: 'purchasing.supplierRequired' });
    if (!v.locationUid)
      ctx.addIssue({ code: 'custom', path: ['locationUid'], message: 'purchasing.locationRequired' });
  });
export type ReceiptInput = z.infer<typeof receiptSchema>;

export const returnSchema = z.object({
  receiptUid: uidSchema,
  reason: reasonSchema,
  lines: z
    .array(
      z.object({
        /** The receipt's line (0-based). */
        receiptLine: z.number().int().min(0),
        quantity: quantitySchema,
        unit: unitName,
      }),
    )
    .min(1, 'purchasing.linesRequired')
    .max(100, 'validation.tooLong'),
  requestKey: requestKeySchema,
});
export type ReturnInput = z.infer<typeof returnSchema>;

export const documentQuerySchema = z.object({
  clinicId: z.coerce.number().int().positive(),
  /** Only the receipts of one order. */
  orderUid: uidSchema.optional(),
  search,
  page,
  limit,
});
export type DocumentQuery = z.infer<typeof documentQuerySchema>;
