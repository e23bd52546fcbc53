import { PO_STATUSES } from '@klinikita/domain/purchasing/purchasing.rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from './columns.ts';
import { stockBatches, stockLocations } from './inventory.ts';
import { drugs } from './pharmacy.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * Purchasing (issue 17 §5, research/operations.md §2.4): the corporate's suppliers, a clinic's
 * purchase orders (surat pesanan), receipts against the supplier's invoice (penerimaan/faktur)
 * and returns to the supplier (retur beli). Stock itself moves in the ledger (schema/inventory.ts):
 * a receipt line is a 'receipt' movement, a return line a 'return_supplier' movement. Quantities
 * `*_base` are in the item's base unit; money in whole rupiah.
 */

const quantity = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    name: text('name').notNull(),
    npwp: text('npwp'),
    address: text('address'),
    phone: text('phone'),
    contactPerson: text('contact_person'),
    email: text('email'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suppliers_corp_name_uq').on(t.corpId, sql`lower(${t.name})`)],
);

/** The last number given per clinic, document kind and month: numbers without gaps. */
export const purchasingCounters = pgTable(
  'purchasing_counters',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.kind, t.period] })],
);

const totals = {
  ppnPercent: percent('ppn_percent').notNull(),
  subtotal: money('subtotal').notNull().default(0),
  discount: money('discount').notNull().default(0),
  dpp: money('dpp').notNull().default(0),
  ppn: money('ppn').notNull().default(0),
  total: money('total').notNull().default(0),
};

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    number: text('number').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    status: text('status', { enum: PO_STATUSES }).notNull().default('draft'),
    orderDate: date('order_date').notNull(),
    expectedDate: date('expected_date'),
    note: text('note'),
    cancelReason: text('cancel_reason'),
    closeReason: text('close_reason'),
    ...totals,
    /** Raised by every change: a write carrying an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_clinic_number_uq').on(t.clinicId, t.number),
    index('purchase_orders_clinic_status_idx').on(t.clinicId, t.status, t.id),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    line: integer('line').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    unit: text('unit').notNull(),
    factor: quantity('factor').notNull(),
    quantity: quantity('quantity').notNull(),
    price: money('price').notNull(),
    discountPercent: percent('discount_percent').notNull().default(0),
    net: money('net').notNull(),
    receivedBase: quantity('received_base').notNull().default(0),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_order_line_uq').on(t.orderId, t.line),
    check('purchase_order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('purchase_order_lines_received_not_negative', sql`${t.receivedBase} >= 0`),
  ],
);

export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    number: text('number').notNull(),
    orderId: integer('order_id').references(() => purchaseOrders.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date').notNull(),
    dueDate: date('due_date').notNull(),
    receivedDate: date('received_date').notNull(),
    ...totals,
    requestKey: text('request_key').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_receipts_clinic_number_uq').on(t.clinicId, t.number),
    uniqueIndex('purchase_receipts_request_uq').on(t.clinicId, t.requestKey),
    uniqueIndex('purchase_receipts_supplier_invoice_uq').on(t.supplierId, sql`lower(${t.invoiceNumber})`),
    index('purchase_receipts_order_idx').on(t.orderId),
    index('purchase_receipts_clinic_idx').on(t.clinicId, t.id),
  ],
);

export const purchaseReceiptLines = pgTable(
  'purchase_receipt_lines',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => purchaseReceipts.id),
    line: integer('line').notNull(),
    orderLineId: integer('order_line_id').references(() => purchaseOrderLines.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id),
    unit: text('unit').notNull(),
    factor: quantity('factor').notNull(),
    quantity: quantity('quantity').notNull(),
    baseQuantity: quantity('base_quantity').notNull(),
    price: money('price').notNull(),
    discountPercent: percent('discount_percent').notNull().default(0),
    net: money('net').notNull(),
    /** Rupiah per base unit into the moving average (net, PPN excluded), exact. */
    unitCost: numeric('unit_cost', { precision: 18, scale: 4, mode: 'number' }).notNull(),
    returnedBase: quantity('returned_base').notNull().default(0),
  },
  (t) => [
    uniqueIndex('purchase_receipt_lines_receipt_line_uq').on(t.receiptId, t.line),
    check(
      'purchase_receipt_lines_returned_range',
      sql`${t.returnedBase} >= 0 AND ${t.returnedBase} <= ${t.baseQuantity}`,
    ),
  ],
);

export const supplierReturns = pgTable(
  'supplier_returns',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    number: text('number').notNull(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => purchaseReceipts.id),
    returnDate: date('return_date').notNull(),
    reason: text('reason').notNull(),
    total: money('total').notNull().default(0),
    requestKey: text('request_key').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_returns_clinic_number_uq').on(t.clinicId, t.number),
    uniqueIndex('supplier_returns_request_uq').on(t.clinicId, t.requestKey),
    index('supplier_returns_clinic_idx').on(t.clinicId, t.id),
  ],
);

export const supplierReturnLines = pgTable(
  'supplier_return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => supplierReturns.id),
    receiptLineId: integer('receipt_line_id')
      .notNull()
      .references(() => purchaseReceiptLines.id),
    baseQuantity: quantity('base_quantity').notNull(),
    /** Rupiah credited: the receipt line's net per base unit × quantity. */
    amount: money('amount').notNull(),
  },
  (t) => [check('supplier_return_lines_quantity_positive', sql`${t.baseQuantity} > 0`)],
);
