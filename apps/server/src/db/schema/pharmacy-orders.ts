import type { ReviewCheck, ReviewEntry } from '@klinikita/domain/pharmacy/pharmacy.rules';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { prescriptions } from './consultations.ts';
import { drugs } from './pharmacy.ts';

/**
 * The pharmacy queue's own rows (issue 17 §1–3): every move of a prescription (who, when, from,
 * to, why) for the turnaround dashboard, the lines handed over per batch, and the review (telaah).
 */

/** One move of a prescription; a dispense carries its request key (the same key dispenses once). */
export const pharmacyOrderEvents = pgTable(
  'pharmacy_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    prescriptionId: integer('prescription_id')
      .notNull()
      .references(() => prescriptions.id),
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    requestKey: text('request_key'),
    userId: integer('user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pharmacy_order_events_prescription_idx').on(t.prescriptionId, t.id),
    uniqueIndex('pharmacy_order_events_request_uq').on(t.prescriptionId, t.requestKey),
  ],
);

/**
 * What was handed over: one row per prescription line and batch, in base units, with the sale
 * price for billing and the cost the ledger booked. The stock movements carry the same reference
 * ('prescription', uid); this row says which line each took.
 */
export const dispensedItems = pgTable(
  'dispensed_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    prescriptionId: integer('prescription_id')
      .notNull()
      .references(() => prescriptions.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => pharmacyOrderEvents.id),
    /** The index of the line in the prescription's items. */
    line: integer('line').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    batchNumber: text('batch_number').notNull(),
    expiryDate: date('expiry_date').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    /** Rupiah per base unit: the master's price (billing) and the moving-average cost (margin). */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dispensed_items_prescription_idx').on(t.prescriptionId, t.line)],
);

/** The pharmacist's review (telaah resep) of a prescription: each check ok or not, with a note. */
export const prescriptionReviews = pgTable('prescription_reviews', {
  prescriptionId: integer('prescription_id')
    .primaryKey()
    .references(() => prescriptions.id),
  checks: jsonb('checks').$type<Partial<Record<ReviewCheck, ReviewEntry>>>().notNull(),
  reviewedBy: integer('reviewed_by').notNull(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
});
