import type { AuthSession } from '../../plugins/auth.ts';
import type { Tx } from '../../shared/sql.ts';
import { putBackStock } from '../inventory/stock-return.service.ts';
import { givenRows, type OrderRow, pharmacyLocation } from './pharmacy.queries.ts';

/**
 * A return (issue 17 §1): what was handed over goes back into the batches it left, at the
 * pharmacy location it left from, as `return_patient` movements with the reason. Called once, by
 * the `return` move (a returned order has no move left), inside its transaction.
 */
export async function returnStock(tx: Tx, session: AuthSession, row: OrderRow, reason: string) {
  const location = await pharmacyLocation(tx, row.clinicId, row.pharmacyLocationId);
  if (!location) return [];
  const back = (await givenRows(tx, row.id)).filter((g) => g.quantity > 0);
  for (const g of back)
    await putBackStock(tx, session, location.uid, {
      itemUid: g.itemUid,
      batchNumber: g.batchNumber,
      quantity: g.quantity,
      unitCost: g.unitCost,
      reason,
      reference: { type: 'prescription', uid: row.uid },
    });
  return back;
}
