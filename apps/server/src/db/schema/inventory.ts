import { LOCATION_TYPES, MOVEMENT_KINDS } from '@klinikita/domain/inventory/inventory.rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { drugs } from './pharmacy.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * The stock ledger (issue 17 §4, research/operations.md §2). Every quantity is in the item's base
 * unit; `stock_levels` holds the on-hand per location and batch, `stock_movements` every change to
 * it, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE: a correction is a new movement).
 * For every location × item the movements sum to the on-hand (the consistency check).
 */

const quantity = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

/** Packaging units of an item: 1 BOX = `factor` base units. The base unit itself is not listed. */
export const itemUnits = pgTable(
  'item_units',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    name: text('name').notNull(),
    factor: quantity('factor').notNull(),
  },
  (t) => [
    uniqueIndex('item_units_item_name_uq').on(t.itemId, sql`lower(${t.name})`),
    check('item_units_factor_positive', sql`${t.factor} > 0`),
  ],
);

/** Where stock is kept: a warehouse, the pharmacy, a treatment room, the lab. */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    name: text('name').notNull(),
    type: text('type', { enum: LOCATION_TYPES }).notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stock_locations_clinic_name_uq').on(t.clinicId, sql`lower(${t.name})`)],
);

/** A batch (lot) of an item as the supplier printed it, with its expiry; created on receipt. */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    batchNumber: text('batch_number').notNull(),
    expiryDate: date('expiry_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_batches_item_number_uq').on(t.itemId, t.batchNumber),
    // FEFO and the near-expiry alert: an item's batches by expiry
    index('stock_batches_item_expiry_idx').on(t.itemId, t.expiryDate),
  ],
);

/** The on-hand of a batch at a location; never below zero. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    quantity: quantity('quantity').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_levels_location_batch_uq').on(t.locationId, t.batchId),
    // FEFO: the batches of an item at a location that hold stock
    index('stock_levels_location_item_idx').on(t.locationId, t.itemId).where(sql`${t.quantity} > 0`),
    // every item a location holds or held (the stock list pages items, then reads their batches)
    index('stock_levels_location_item_all_idx').on(t.locationId, t.itemId),
    check('stock_levels_quantity_not_negative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * The moving-average unit cost of an item at a clinic (rupiah per base unit, kept exact; shown
 * rounded to whole rupiah) and the on-hand it averages over. Its row is also the lock every stock
 * write of the item at the clinic takes first, so they serialise without deadlocks.
 */
export const itemCosts = pgTable(
  'item_costs',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    averageCost: numeric('average_cost', { precision: 18, scale: 4, mode: 'number' }).notNull().default(0),
    onHand: quantity('on_hand').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.clinicId] }),
    check('item_costs_on_hand_not_negative', sql`${t.onHand} >= 0`),
  ],
);

const movementKinds = sql.raw(MOVEMENT_KINDS.map((k) => `'${k}'`).join(', '));

/** The stock card: one row per change of a batch's on-hand at a location, never changed. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id),
    kind: text('kind').notNull(),
    /** Signed, base units: + into the location, − out of it. */
    quantity: quantity('quantity').notNull(),
    /** The batch's on-hand at the location after this movement. */
    balanceAfter: quantity('balance_after').notNull(),
    /** Rupiah per base unit, whole. */
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull().default(0),
    /** What caused it: receipt, transfer, adjustment, prescription, procedure, … and its uid. */
    referenceType: text('reference_type').notNull(),
    referenceUid: text('reference_uid').notNull(),
    /** Why (an adjustment, a FEFO override). */
    reason: text('reason'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the stock card of an item at a location, newest first: in id order, which is the order the
    // writes of an item took its lock in (created_at is each transaction's start, so two
    // concurrent writes may carry theirs the other way round)
    index('stock_movements_card_idx').on(t.locationId, t.itemId, t.id),
    index('stock_movements_reference_idx').on(t.referenceType, t.referenceUid),
    // dead stock: an item's last movement out at a clinic
    index('stock_movements_clinic_item_idx').on(t.clinicId, t.itemId, t.createdAt),
    check('stock_movements_kind', sql`${t.kind} IN (${movementKinds})`),
    check('stock_movements_quantity_not_zero', sql`${t.quantity} <> 0`),
    check('stock_movements_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * What a lab sample takes out of the lab's stock (issue 17 §4): per container of the lab catalogue
 * (`edta`, `urinePot` …) or `venipuncture` (one blood draw's needle and plaster), the items and
 * their quantities in base units. Corporate-wide, as the item master is.
 */
export const labContainerConsumables = pgTable(
  'lab_container_consumables',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    container: text('container').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => drugs.id),
    quantity: quantity('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('lab_container_consumables_uq').on(t.corpId, t.container, t.itemId),
    check('lab_container_consumables_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
