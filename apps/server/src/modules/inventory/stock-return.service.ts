import { movingAverage, roundQuantity, wholeRupiah } from '@klinikita/domain/inventory/inventory.rules';
import type { StockWrite } from '@klinikita/domain/inventory/stock.schema';
import type { AuthSession } from '../../plugins/auth.ts';
import type { Tx } from '../../shared/sql.ts';
import { finish, lineOf, type Reference } from './inventory.ledger.ts';
import { addToLevel, findBatch, lockCost, setCost } from './inventory.queries.ts';
import { refuse, scopedItem, scopedLocation } from './inventory.scope.ts';

export interface PutBack {
  itemUid: string;
  batchNumber: string;
  /** Base units, positive. */
  quantity: number;
  /** Rupiah per base unit the stock left at (the moving average takes it back in). */
  unitCost: number;
  reason: string;
  reference: Reference;
}

/**
 * Puts stock a patient brought back into the batch it left from, inside the caller's transaction
 * (the pharmacy's return): one `return_patient` movement with the reason; the clinic's moving
 * average takes the quantity back at the cost it left at.
 */
export async function putBackStock(
  tx: Tx,
  session: AuthSession,
  locationUid: string,
  input: PutBack,
): Promise<StockWrite> {
  const { location, clinic } = await scopedLocation(tx, session, locationUid);
  const item = await scopedItem(tx, session, input.itemUid);
  const batch = await findBatch(tx, item.id, input.batchNumber);
  if (!batch) throw refuse(400, 'batchNotFound', { batch: input.batchNumber }, 'batchNumber');
  const cost = await lockCost(tx, item.id, clinic.id);
  const quantity = roundQuantity(input.quantity);
  const averageCost = movingAverage(cost.onHand, cost.averageCost, quantity, input.unitCost);
  await setCost(tx, item.id, clinic.id, { averageCost, onHand: roundQuantity(cost.onHand + quantity) });
  const balanceAfter = await addToLevel(
    tx,
    { locationId: location.id, batchId: batch.id, itemId: item.id },
    quantity,
  );
  const unitCost = wholeRupiah(input.unitCost);
  return finish(
    tx,
    session,
    { location, item, reference: input.reference, averageCost },
    [
      {
        clinicId: clinic.id,
        locationId: location.id,
        batchId: batch.id,
        kind: 'return_patient',
        quantity,
        balanceAfter,
        unitCost,
        reason: input.reason,
      },
    ],
    [lineOf(batch, quantity, balanceAfter, unitCost)],
  );
}
