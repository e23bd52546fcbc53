import { OPNAME_STATUSES, REQUEST_STATUSES } from '@klinikita/domain/inventory/stock-documents.rules';
import { sql } from 'drizzle-orm';
import {
  check,
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
import { stockBatches, stockLocations } from './inventory.ts';
import { drugs } from './pharmacy.ts';
import { clinics } from './tenancy.ts';

/**
 * Stock documents over the ledger (issue 17 §4–5, research/operations.md §2.3 and §2.5): the stock
 * opname (a count per location, approved by a second person) and unit requests (amprahan). Their
 * stock effects are ordinary movements in `stock_movements`; these tables keep the paperwork.
 */

const quantity = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

/** The last number given out per clinic and document kind ('opname', 'request'). */
export const stockDocumentCounters = pgTable(
  'stock_document_counters',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    kind: text('kind').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.kind] })],
);

/** A stock count of one location: counting → submitted → approved, or cancelled. */
export const stockOpnames = pgTable(
  'stock_opnames',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    status: text('status', { enum: OPNAME_STATUSES }).notNull(),
    note: text('note'),
    startedBy: integer('started_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: integer('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('stock_opnames_clinic_seq_uq').on(t.clinicId, t.seq),
    // one open count per location at a time
    uniqueIndex('stock_opnames_location_open_uq')
      .on(t.locationId)
      .where(sql`${t.status} IN ('counting', 'submitted')`),
    index('stock_opnames_location_idx').on(t.locationId, t.id),
  ],
);

/** A batch on the count sheet: the system quantity at the start, the quantity counted (null: not yet). */
export const stockOpnameLines = pgTable(
  'stock_opname_lines',
  {
    id: serial('id').primaryKey(),
    opnameId: integer('opname_id')
      .notNull()
      .references(() => stockOpnames.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id),
    systemQuantity: quantity('system_quantity').notNull(),
    countedQuantity: quantity('counted_quantity'),
    /** Rupiah per base unit the difference was booked at (the moving average at approval). */
    unitCost: integer('unit_cost'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('stock_opname_lines_batch_uq').on(t.opnameId, t.batchId),
    check('stock_opname_lines_counted', sql`${t.countedQuantity} IS NULL OR ${t.countedQuantity} >= 0`),
  ],
);

/** A unit's request (amprahan) for items from a supplying location, usually the warehouse. */
export const stockRequests = pgTable(
  'stock_requests',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    /** The requesting unit (it receives the stock). */
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    /** The supplying location (it gives the stock). */
    fromLocationId: integer('from_location_id')
      .notNull()
      .references(() => stockLocations.id),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    note: text('note'),
    requestedBy: integer('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    fulfilledBy: integer('fulfilled_by'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('stock_requests_clinic_seq_uq').on(t.clinicId, t.seq),
    index('stock_requests_location_idx').on(t.locationId, t.id),
    index('stock_requests_from_idx').on(t.fromLocationId, t.status, t.id),
  ],
);

/** An item requested, in base units: asked, approved (may be less, with a reason) and given so far. */
export const stockRequestLines = pgTable(
  'stock_request_lines',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => stockRequests.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    requestedQuantity: quantity('requested_quantity').notNull(),
    approvedQuantity: quantity('approved_quantity'),
    fulfilledQuantity: quantity('fulfilled_quantity').notNull().default(0),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('stock_request_lines_item_uq').on(t.requestId, t.itemId),
    check('stock_request_lines_requested_positive', sql`${t.requestedQuantity} > 0`),
    check('stock_request_lines_fulfilled', sql`${t.fulfilledQuantity} >= 0`),
  ],
);
