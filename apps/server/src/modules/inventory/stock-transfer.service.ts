import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { movingAverage, roundQuantity, wholeRupiah } from '@klinikita/domain/inventory/inventory.rules';
import type { TransferInput } from '@klinikita/domain/inventory/inventory.schema';
import type { StockWrite } from '@klinikita/domain/inventory/stock.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { baseQuantity, finish, lineOf, lockCosts, plan, takeOut } from './inventory.ledger.ts';
import { addToLevel, setCost } from './inventory.queries.ts';
import { auditStock, refuse, scopedItem, scopedLocation } from './inventory.scope.ts';

/**
 * Moves stock to another location within the caller's clinics: FEFO out of this one, into the
 * same batches there (transfer_out and transfer_in rows), the cost carried. Between two clinics
 * the receiving clinic's moving average takes it in at the sending clinic's cost.
 */
export async function transfer(
  db: Db,
  session: AuthSession,
  locationUid: string,
  input: TransferInput,
  ip: string,
): Promise<StockWrite> {
  return db.transaction(async (tx) => {
    const { location: from, clinic } = await scopedLocation(tx, session, locationUid);
    const { location: to } = await scopedLocation(
      tx,
      session,
      input.toLocationUid,
      refuse(404, 'toLocationNotFound', {}, 'toLocationUid', 'toLocationNotFound'),
    );
    if (to.id === from.id) throw refuse(400, 'sameLocation', {}, 'toLocationUid', 'sameLocation');
    const item = await scopedItem(tx, session, input.itemUid);
    const { base } = baseQuantity(item, input.quantity, input.unit);
    const costs = await lockCosts(tx, item.id, from.clinicId, to.clinicId);
    const takes = await plan(tx, { location: from, item, today: clinicDay(clinic.timeZone) }, base);
    const outBalances = await takeOut(tx, from.id, takes);
    const inBalances: number[] = [];
    for (const t of takes)
      inBalances.push(
        await addToLevel(tx, { locationId: to.id, batchId: t.batch.batchId, itemId: item.id }, t.quantity),
      );
    if (from.clinicId !== to.clinicId) {
      await setCost(tx, item.id, from.clinicId, {
        ...costs.from,
        onHand: roundQuantity(costs.from.onHand - base),
      });
      await setCost(tx, item.id, to.clinicId, {
        averageCost: movingAverage(costs.to.onHand, costs.to.averageCost, base, costs.from.averageCost),
        onHand: roundQuantity(costs.to.onHand + base),
      });
    }
    const unitCost = wholeRupiah(costs.from.averageCost);
    const reference = { type: 'transfer', uid: newUid() };
    const rows = takes.flatMap((t, i) => [
      {
        clinicId: from.clinicId,
        locationId: from.id,
        batchId: t.batch.batchId,
        kind: 'transfer_out' as const,
        quantity: -t.quantity,
        balanceAfter: outBalances[i],
        unitCost,
        reason: null,
      },
      {
        clinicId: to.clinicId,
        locationId: to.id,
        batchId: t.batch.batchId,
        kind: 'transfer_in' as const,
        quantity: t.quantity,
        balanceAfter: inBalances[i],
        unitCost,
        reason: null,
      },
    ]);
    const answer = await finish(
      tx,
      session,
      { location: from, item, reference, averageCost: costs.from.averageCost },
      rows,
      takes.map((t, i) => lineOf(t.batch, -t.quantity, outBalances[i], unitCost)),
    );
    await auditStock(tx, session, ip, {
      clinicId: from.clinicId,
      action: 'stock.transfer',
      entity: 'stockMovement',
      entityId: reference.uid,
      detail: { from: from.uid, to: to.uid, ...input, lines: answer.lines },
    });
    return answer;
  });
}
