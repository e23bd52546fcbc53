import { clinicDay } from '@klinikita/domain/common/clinic-day';
import {
  planFefo,
  roundQuantity,
  toBaseQuantity,
  unitFactor,
  wholeRupiah,
} from '@klinikita/domain/inventory/inventory.rules';
import {
  SERVICE_EVENTS,
  servicePerformedSchema,
  serviceVoidedSchema,
} from '@klinikita/domain/services/service-performed.events';
import type { Consumer } from '../../events/outbox.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Tx } from '../../shared/sql.ts';
import {
  clinicLocationUid,
  clinicTimeZone,
  procedureConsumables,
  procedureMovements,
  procedureTakes,
} from './consumables.queries.ts';
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
 * Consumables (BHP) leave stock through the service desks' events (issue 17 §4,
 * research/operations.md §2.8): a treatment procedure's `service.performed` takes its consumables
 * that name an item of the master out of the clinic's treatment room, first expiry first out, as
 * 'consumable_use' movements referencing the procedure; its `service.voided` puts exactly those
 * batches back. Idempotent per procedure (a replayed event finds its movements and does nothing).
 * Stock never goes negative: what the room does not hold is not taken (the procedure was done;
 * the stock card then shows less than recorded, for the opname to find).
 */

const movement = (
  m: { corpId: number; clinicId: number; locationId: number; itemId: number; batchId: number },
  quantity: number,
  balanceAfter: number,
  unitCost: number,
  procedureUid: string,
  reason: string,
  by: number | null,
) => ({
  ...m,
  uid: newUid(),
  kind: 'consumable_use' as const,
  quantity,
  balanceAfter,
  unitCost,
  referenceType: 'procedure',
  referenceUid: procedureUid,
  reason,
  createdBy: by as number,
});

async function takeConsumables(tx: Tx, e: ReturnType<typeof servicePerformedSchema.parse>) {
  if ((await procedureMovements(tx, e.sourceUid)).taken > 0) return;
  const consumables = await procedureConsumables(tx, e.sourceUid, e.corpId);
  const roomUid = consumables.length ? await clinicLocationUid(tx, e.clinicId, 'treatment') : null;
  if (!roomUid) return;
  const room = await findScopedLocation(tx, e.corpId, [e.clinicId], roomUid);
  if (!room) return;
  const today = clinicDay(await clinicTimeZone(tx, e.clinicId));
  for (const c of consumables) {
    const item = await findItem(tx, e.corpId, c.itemUid);
    if (!item) continue;
    const base = toBaseQuantity(c.quantity, unitFactor(item.baseUnit, item.units, c.unit) ?? 1);
    const cost = await lockCost(tx, item.id, e.clinicId);
    const batches = await lockFefoBatches(tx, room.id, item.id, today);
    const available = batches.reduce((n, b) => n + b.quantity, 0);
    const quantity = roundQuantity(Math.min(base, available));
    if (quantity <= 0) continue;
    const fefo = planFefo(batches, quantity, today);
    if (!fefo.ok) continue;
    const balances = await takeOut(tx, room.id, fefo.takes);
    await setCost(tx, item.id, e.clinicId, { ...cost, onHand: roundQuantity(cost.onHand - quantity) });
    await insertMovements(
      tx,
      fefo.takes.map((t, i) =>
        movement(
          {
            corpId: e.corpId,
            clinicId: e.clinicId,
            locationId: room.id,
            itemId: item.id,
            batchId: t.batch.batchId,
          },
          -t.quantity,
          balances[i],
          wholeRupiah(cost.averageCost),
          e.sourceUid,
          'Tindakan',
          e.performedBy,
        ),
      ),
    );
  }
}

async function returnConsumables(tx: Tx, e: ReturnType<typeof serviceVoidedSchema.parse>) {
  const done = await procedureMovements(tx, e.sourceUid);
  if (done.taken === 0 || done.returned > 0) return;
  for (const t of await procedureTakes(tx, e.sourceUid)) {
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
          corpId: e.corpId,
          clinicId: t.clinicId,
          locationId: t.locationId,
          itemId: t.itemId,
          batchId: t.batchId,
        },
        t.quantity,
        balanceAfter,
        wholeRupiah(cost.averageCost),
        e.sourceUid,
        `Tindakan dibatalkan: ${e.reason}`,
        e.voidedBy,
      ),
    ]);
  }
}

export const consumablesConsumer: Consumer = {
  name: 'inventory.consumables',
  types: [SERVICE_EVENTS.performed, SERVICE_EVENTS.voided],
  async handle(tx, event) {
    if (event.type === SERVICE_EVENTS.performed) {
      const performed = servicePerformedSchema.parse(event.payload);
      if (performed.serviceType === 'TREATMENT') await takeConsumables(tx, performed);
    } else {
      const voided = serviceVoidedSchema.parse(event.payload);
      if (voided.serviceType === 'TREATMENT') await returnConsumables(tx, voided);
    }
  },
};
