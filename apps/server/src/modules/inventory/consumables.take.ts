import { clinicDay } from '@klinikita/domain/common/clinic-day';
import {
  planFefo,
  roundQuantity,
  toBaseQuantity,
  unitFactor,
  wholeRupiah,
} from '@klinikita/domain/inventory/inventory.rules';
import { newUid } from '../../shared/crypto.ts';
import type { Tx } from '../../shared/sql.ts';
import { clinicLocationUid, clinicTimeZone, referenceTakes } from './consumables.queries.ts';
import { takeOut } from './inventory.ledger.ts';
import {
  addToLevel,
  findItem,
  findScopedLocation,
  insertMovements,
  lockCost,
  lockFefoBatches,
  setCost,
} from './inventory.queries.ts';

/**
 * Consumables (BHP) leaving a clinic's room through a desk's event — a treatment procedure's from
 * the treatment room, a lab sample's containers from the lab — as 'consumable_use' movements
 * referencing what used them, first expiry first out; and put back exactly as taken when that is
 * undone. Stock never goes negative: what the room does not hold is not taken (the work was done;
 * the stock card then shows less than recorded, for the opname to find).
 */

export interface ConsumableUse {
  itemUid: string;
  quantity: number;
  /** The unit of `quantity`; null: the item's base unit. */
  unit: string | null;
}

export interface UseReference {
  corpId: number;
  clinicId: number;
  /** The movements' reference: 'procedure', 'specimen', 'labVisit' … */
  type: string;
  uid: string;
  reason: string;
  by: number | null;
}

const movement = (
  m: { corpId: number; clinicId: number; locationId: number; itemId: number; batchId: number },
  quantity: number,
  balanceAfter: number,
  unitCost: number,
  ref: UseReference,
  reason: string,
  by: number | null,
) => ({
  ...m,
  uid: newUid(),
  kind: 'consumable_use' as const,
  quantity,
  balanceAfter,
  unitCost,
  referenceType: ref.type,
  referenceUid: ref.uid,
  reason,
  createdBy: by as number,
});

/** Takes the uses out of the clinic's first active location of `locationType` (none: nothing). */
export async function takeConsumables(
  tx: Tx,
  locationType: string,
  uses: readonly ConsumableUse[],
  ref: UseReference,
) {
  if (!uses.length) return;
  const roomUid = await clinicLocationUid(tx, ref.clinicId, locationType);
  if (!roomUid) return;
  const room = await findScopedLocation(tx, ref.corpId, [ref.clinicId], roomUid);
  if (!room) return;
  const today = clinicDay(await clinicTimeZone(tx, ref.clinicId));
  for (const c of uses) {
    const item = await findItem(tx, ref.corpId, c.itemUid);
    if (!item) continue;
    const factor = c.unit ? (unitFactor(item.baseUnit, item.units, c.unit) ?? 1) : 1;
    const base = toBaseQuantity(c.quantity, factor);
    const cost = await lockCost(tx, item.id, ref.clinicId);
    const batches = await lockFefoBatches(tx, room.id, item.id, today);
    const available = batches.reduce((n, b) => n + b.quantity, 0);
    const quantity = roundQuantity(Math.min(base, available));
    if (quantity <= 0) continue;
    const fefo = planFefo(batches, quantity, today);
    if (!fefo.ok) continue;
    const balances = await takeOut(tx, room.id, fefo.takes);
    await setCost(tx, item.id, ref.clinicId, { ...cost, onHand: roundQuantity(cost.onHand - quantity) });
    await insertMovements(
      tx,
      fefo.takes.map((t, i) =>
        movement(
          {
            corpId: ref.corpId,
            clinicId: ref.clinicId,
            locationId: room.id,
            itemId: item.id,
            batchId: t.batch.batchId,
          },
          -t.quantity,
          balances[i],
          wholeRupiah(cost.averageCost),
          ref,
          ref.reason,
          ref.by,
        ),
      ),
    );
  }
}

/** Puts back, batch by batch and where they came from, what `ref` took. */
export async function returnConsumables(tx: Tx, ref: UseReference) {
  for (const t of await referenceTakes(tx, ref.type, ref.uid)) {
    const cost = await lockCost(tx, t.itemId, t.clinicId);
    const balanceAfter = await addToLevel(
      tx,
      { locationId: t.locationId, batchId: t.batchId, itemId: t.itemId },
      t.quantity,
    );
    await setCost(tx, t.itemId, t.clinicId, { ...cost, onHand: roundQuantity(cost.onHand + t.quantity) });
    await insertMovements(tx, [
      movement(
        {
          corpId: ref.corpId,
          clinicId: t.clinicId,
          locationId: t.locationId,
          itemId: t.itemId,
          batchId: t.batchId,
        },
        t.quantity,
        balanceAfter,
        wholeRupiah(cost.averageCost),
        ref,
        ref.reason,
        ref.by,
      ),
    ]);
  }
}
