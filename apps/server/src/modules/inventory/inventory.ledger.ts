import {
  type BatchTake,
  planFefo,
  toBaseQuantity,
  toMilli,
  wholeRupiah,
} from '@klinikita/domain/inventory/inventory.rules';
import type { StockWrite } from '@klinikita/domain/inventory/stock.schema';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Tx } from '../../shared/sql.ts';
import {
  type CostRow,
  fixBaseUnit,
  type ItemRow,
  insertMovements,
  type LocationRow,
  locationOnHand,
  lockCost,
  lockFefoBatches,
  type MovementValues,
  takeFromLevel,
} from './inventory.queries.ts';
import { factorOf, refuse } from './inventory.scope.ts';

/**
 * The steps every stock write shares: the quantity in base units, FEFO's plan (or its refusal),
 * taking the plan out of the levels, the cost rows locked in one order, and the movements written
 * with the write's answer.
 */

export type Line = StockWrite['lines'][number];
export interface Reference {
  type: string;
  uid: string;
}

/** A positive quantity of the item in base units, from the quantity in a named unit. */
export function baseQuantity(item: ItemRow, quantity: number, unit: string) {
  const factor = factorOf(item, unit);
  const base = toBaseQuantity(quantity, factor);
  if (toMilli(base) < 1) throw refuse(400, 'quantityPositive', {}, 'quantity', 'quantityPositive');
  return { factor, base };
}

/** The stock write's answer, and its movements written. */
export async function finish(
  tx: Tx,
  session: AuthSession,
  at: { location: LocationRow; item: ItemRow; reference: Reference; averageCost: number },
  movements: Omit<
    MovementValues,
    'uid' | 'corpId' | 'createdBy' | 'referenceType' | 'referenceUid' | 'itemId'
  >[],
  lines: Line[],
): Promise<StockWrite> {
  await insertMovements(
    tx,
    movements.map((m) => ({
      ...m,
      uid: newUid(),
      corpId: session.corpId,
      itemId: at.item.id,
      referenceType: at.reference.type,
      referenceUid: at.reference.uid,
      createdBy: session.userId,
    })),
  );
  await fixBaseUnit(tx, at.item.id, at.item.baseUnit);
  return {
    referenceType: at.reference.type,
    referenceUid: at.reference.uid,
    baseUnit: at.item.baseUnit,
    lines,
    onHand: await locationOnHand(tx, at.location.id, at.item.id),
    averageCost: wholeRupiah(at.averageCost),
  };
}

export const lineOf = (
  batch: { batchNumber: string; expiryDate: string },
  quantity: number,
  balanceAfter: number,
  unitCost: number,
): Line => ({
  batchNumber: batch.batchNumber,
  expiryDate: batch.expiryDate,
  quantity,
  balanceAfter,
  unitCost,
});

/** Takes the plan's quantities out of a location's levels; the balance after each take. */
export async function takeOut(tx: Tx, locationId: number, takes: BatchTake[]) {
  const balances: number[] = [];
  for (const take of takes)
    balances.push(await takeFromLevel(tx, locationId, take.batch.batchId, take.quantity));
  return balances;
}

/** FEFO's plan for taking `quantity` out of the location, or the refusal. */
export async function plan(
  tx: Tx,
  at: { location: LocationRow; item: ItemRow; today: string },
  quantity: number,
  chosen?: { batchNumber?: string | null; reason?: string | null },
) {
  const batches = await lockFefoBatches(tx, at.location.id, at.item.id, at.today);
  const fefo = planFefo(batches, quantity, at.today, chosen?.batchNumber);
  if (!fefo.ok && fefo.problem === 'batchUnavailable')
    throw refuse(400, 'batchUnavailable', { batch: chosen?.batchNumber ?? '' }, 'batchNumber');
  if (!fefo.ok) throw refuse(409, 'insufficient', { available: fefo.available, unit: at.item.baseUnit });
  if (fefo.override && !chosen?.reason)
    throw refuse(400, 'overrideReason', { batch: fefo.firstBatch }, 'reason', 'overrideReasonField');
  return fefo.takes;
}

/** Locks the item's cost rows at both clinics, lower clinic id first (one row when they are one). */
export async function lockCosts(tx: Tx, itemId: number, from: number, to: number) {
  const costs = new Map<number, CostRow>();
  for (const clinicId of [...new Set([from, to])].sort((a, b) => a - b))
    costs.set(clinicId, await lockCost(tx, itemId, clinicId));
  return { from: costs.get(from) as CostRow, to: costs.get(to) as CostRow };
}
