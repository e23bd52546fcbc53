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
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { prescriptions } from './consultations.ts';
import { drugs } from './pharmacy.ts';
import { clinics } from './tenancy.ts';

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
    /** A racikan's ingredient (its index) the row took; null for a plain line. */
    ingredient: integer('ingredient'),
    /** Why batches other than first-expiry-first-out were taken; null for the FEFO pick. */
    overrideReason: text('override_reason'),
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

/**
 * The drug the pharmacist gave instead of a line's (one per line; a new substitution replaces it),
 * with the reason; the doctor's note shows it. The event log keeps every one.
 */
export const prescriptionSubstitutions = pgTable(
  'prescription_substitutions',
  {
    id: serial('id').primaryKey(),
    prescriptionId: integer('prescription_id')
      .notNull()
      .references(() => prescriptions.id),
    line: integer('line').notNull(),
    /** The line's drug as prescribed. */
    fromName: text('from_name').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    reason: text('reason').notNull(),
    userId: integer('user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prescription_substitutions_line_uq').on(t.prescriptionId, t.line)],
);

/**
 * The racikan fees charged at a handover (issue 17 §3): compounding per racikan line, packaging per
 * packet, in whole rupiah, for billing.
 */
export const prescriptionFees = pgTable(
  'prescription_fees',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    prescriptionId: integer('prescription_id')
      .notNull()
      .references(() => prescriptions.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => pharmacyOrderEvents.id),
    line: integer('line').notNull(),
    /** compounding | packaging */
    kind: text('kind', { enum: ['compounding', 'packaging'] }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prescription_fees_prescription_idx').on(t.prescriptionId)],
);

/** A clinic's racikan fees (issue 17 §3), whole rupiah; a clinic without a row uses RACIKAN_FEES. */
export const pharmacySettings = pgTable('pharmacy_settings', {
  clinicId: integer('clinic_id')
    .primaryKey()
    .references(() => clinics.id),
  compoundingPerLine: bigint('compounding_per_line', { mode: 'number' }).notNull(),
  packagingPerPacket: bigint('packaging_per_packet', { mode: 'number' }).notNull(),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
