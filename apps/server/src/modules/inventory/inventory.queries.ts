import type { BatchStock, ItemUnit, MovementKind } from '@klinikita/domain/inventory/inventory.rules';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  drugs,
  itemCosts,
  itemUnits,
  stockBatches,
  stockLevels,
  stockLocations,
  stockMovements,
} from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../shared/sql.ts';

/**
 * The stock ledger's writes and the reads they need. Lock order, the same in every write: the
 * item's cost row at each clinic involved (clinic id ascending), then the stock levels.
 */

export type LocationRow = typeof stockLocations.$inferSelect;

/** A location of the corporate within the given clinics, else null (the caller answers 404). */
export async function findScopedLocation(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
  uid: string,
): Promise<LocationRow | null> {
  if (!clinicIds.length) return null;
  const [row] = await db
    .select()
    .from(stockLocations)
    .where(
      and(
        eq(stockLocations.uid, uid),
        eq(stockLocations.corpId, corpId),
        inArray(stockLocations.clinicId, [...clinicIds]),
      ),
    );
  return row ?? null;
}

export function locationsOfClinic(db: Executor, clinicId: number): Promise<LocationRow[]> {
  return db
    .select()
    .from(stockLocations)
    .where(eq(stockLocations.clinicId, clinicId))
    .orderBy(asc(sql`lower(${stockLocations.name})`), asc(stockLocations.id));
}

export async function insertLocation(
  db: Executor,
  row: Pick<LocationRow, 'uid' | 'corpId' | 'clinicId' | 'name' | 'type' | 'createdBy'>,
): Promise<LocationRow> {
  const [inserted] = await db.insert(stockLocations).values(row).returning();
  return inserted;
}

/** An item of the item master as stock needs it: its base unit (the set one, else `unit`) and units. */
export interface ItemRow {
  id: number;
  uid: string;
  name: string;
  strength: string | null;
  form: string;
  kind: 'drug' | 'consumable';
  drugClass: 'narcotic' | 'psychotropic' | 'hard' | 'otc' | null;
  baseUnit: string;
  /** The base unit as stored: null until set or until stock first moves. */
  storedBaseUnit: string | null;
  minStock: number;
  units: ItemUnit[];
}

/** A living item of the corporate by its public id, with its packaging units. */
export async function findItem(db: Executor, corpId: number, uid: string): Promise<ItemRow | null> {
  const [row] = await db
    .select({
      id: drugs.id,
      uid: drugs.uid,
      name: drugs.name,
      strength: drugs.strength,
      form: drugs.form,
      kind: drugs.kind,
      drugClass: drugs.drugClass,
      unit: drugs.unit,
      storedBaseUnit: drugs.baseUnit,
      minStock: drugs.minStock,
    })
    .from(drugs)
    .where(and(eq(drugs.uid, uid), eq(drugs.corpId, corpId), isNull(drugs.deletedAt)));
  if (!row) return null;
  const units = await db
    .select({ name: itemUnits.name, factor: itemUnits.factor })
    .from(itemUnits)
    .where(eq(itemUnits.itemId, row.id))
    .orderBy(asc(itemUnits.factor), asc(itemUnits.id));
  const { unit, ...rest } = row;
  return { ...rest, baseUnit: row.storedBaseUnit ?? unit, units };
}

export async function itemHasMovements(db: Executor, itemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(eq(stockMovements.itemId, itemId))
    .limit(1);
  return row !== undefined;
}

export async function updateItemSettings(
  tx: Tx,
  itemId: number,
  values: Pick<ItemRow, 'kind' | 'drugClass' | 'baseUnit' | 'minStock' | 'units'>,
): Promise<void> {
  await tx
    .update(drugs)
    .set({
      kind: values.kind,
      drugClass: values.drugClass,
      baseUnit: values.baseUnit,
      minStock: values.minStock,
      updatedAt: sql`now()`,
    })
    .where(eq(drugs.id, itemId));
  await tx.delete(itemUnits).where(eq(itemUnits.itemId, itemId));
  if (values.units.length)
    await tx.insert(itemUnits).values(values.units.map((u) => ({ itemId, name: u.name, factor: u.factor })));
}

/** Stock has moved: the base unit the quantities are counted in is written down for good. */
export async function fixBaseUnit(tx: Tx, itemId: number, baseUnit: string): Promise<void> {
  await tx
    .update(drugs)
    .set({ baseUnit })
    .where(and(eq(drugs.id, itemId), isNull(drugs.baseUnit)));
}

export interface CostRow {
  averageCost: number;
  onHand: number;
}

/** Locks the item's cost row at the clinic (made when missing): every stock write takes it first. */
export async function lockCost(tx: Tx, itemId: number, clinicId: number): Promise<CostRow> {
  await tx.insert(itemCosts).values({ itemId, clinicId }).onConflictDoNothing();
  const [row] = await tx
    .select({ averageCost: itemCosts.averageCost, onHand: itemCosts.onHand })
    .from(itemCosts)
    .where(and(eq(itemCosts.itemId, itemId), eq(itemCosts.clinicId, clinicId)))
    .for('update');
  return row;
}

export async function setCost(tx: Tx, itemId: number, clinicId: number, cost: CostRow): Promise<void> {
  await tx
    .update(itemCosts)
    .set({ averageCost: cost.averageCost, onHand: cost.onHand, updatedAt: sql`now()` })
    .where(and(eq(itemCosts.itemId, itemId), eq(itemCosts.clinicId, clinicId)));
}

export type BatchRow = typeof stockBatches.$inferSelect;

export async function findBatch(db: Executor, itemId: number, batchNumber: string): Promise<BatchRow | null> {
  const [row] = await db
    .select()
    .from(stockBatches)
    .where(and(eq(stockBatches.itemId, itemId), eq(stockBatches.batchNumber, batchNumber)));
  return row ?? null;
}

/** The batch, created with this expiry when new (a concurrent receipt of it wins and is read back). */
export async function batchOrNew(
  tx: Tx,
  itemId: number,
  batchNumber: string,
  expiryDate: string,
): Promise<BatchRow> {
  const [inserted] = await tx
    .insert(stockBatches)
    .values({ itemId, batchNumber, expiryDate })
    .onConflictDoNothing()
    .returning();
  return inserted ?? ((await findBatch(tx, itemId, batchNumber)) as BatchRow);
}

/** The batch's on-hand at the location, its row locked; null when the location never held it. */
export async function lockLevel(tx: Tx, locationId: number, batchId: number): Promise<number | null> {
  const [row] = await tx
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.locationId, locationId), eq(stockLevels.batchId, batchId)))
    .for('update');
  return row ? row.quantity : null;
}

/** Adds to a batch's on-hand at a location (the row made when missing); answers the balance after. */
export async function addToLevel(
  tx: Tx,
  level: { locationId: number; batchId: number; itemId: number },
  quantity: number,
): Promise<number> {
  const [row] = await tx
    .insert(stockLevels)
    .values({ ...level, quantity })
    .onConflictDoUpdate({
      target: [stockLevels.locationId, stockLevels.batchId],
      set: { quantity: sql`${stockLevels.quantity} + excluded.quantity`, updatedAt: sql`now()` },
    })
    .returning({ quantity: stockLevels.quantity });
  return row.quantity;
}

/** Takes from a batch's on-hand at a location (its CHECK refuses going below zero); the balance after. */
export async function takeFromLevel(
  tx: Tx,
  locationId: number,
  batchId: number,
  quantity: number,
): Promise<number> {
  const [row] = await tx
    .update(stockLevels)
    .set({ quantity: sql`${stockLevels.quantity} - ${quantity}`, updatedAt: sql`now()` })
    .where(and(eq(stockLevels.locationId, locationId), eq(stockLevels.batchId, batchId)))
    .returning({ quantity: stockLevels.quantity });
  return row.quantity;
}

/**
 * FEFO's candidates: the item's batches at the location with stock left and not expired, by
 * expiry then batch id, their level rows locked so that concurrent issues wait their turn.
 */
export async function lockFefoBatches(
  tx: Tx,
  locationId: number,
  itemId: number,
  today: string,
): Promise<BatchStock[]> {
  return tx
    .select({
      batchId: stockBatches.id,
      batchNumber: stockBatches.batchNumber,
      expiryDate: stockBatches.expiryDate,
      quantity: stockLevels.quantity,
    })
    .from(stockLevels)
    .innerJoin(stockBatches, eq(stockBatches.id, stockLevels.batchId))
    .where(
      and(
        eq(stockLevels.locationId, locationId),
        eq(stockLevels.itemId, itemId),
        sql`${stockLevels.quantity} > 0`,
        sql`${stockBatches.expiryDate} >= ${today}`,
      ),
    )
    .orderBy(asc(stockBatches.expiryDate), asc(stockBatches.id))
    .for('update', { of: stockLevels });
}

/**
 * The item's on-hand at a location, over its batches (`quantity > 0` adds nothing to the sum and
 * lets the partial index of levels in stock answer instead of a scan of the location).
 */
export async function locationOnHand(db: Executor, locationId: number, itemId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${stockLevels.quantity}), 0)::float8` })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.locationId, locationId),
        eq(stockLevels.itemId, itemId),
        sql`${stockLevels.quantity} > 0`,
      ),
    );
  return Number(row.total);
}

export interface MovementValues {
  uid: string;
  corpId: number;
  clinicId: number;
  locationId: number;
  itemId: number;
  batchId: number;
  kind: MovementKind;
  quantity: number;
  balanceAfter: number;
  unitCost: number;
  referenceType: string;
  referenceUid: string;
  reason: string | null;
  createdBy: number;
}

export async function insertMovements(tx: Tx, rows: MovementValues[]): Promise<void> {
  if (rows.length) await tx.insert(stockMovements).values(rows);
}
