import {
  movingAverage,
  roundQuantity,
  toMilli,
  wholeRupiah,
} from '@klinikita/domain/inventory/inventory.rules';
import type { StockWrite } from '@klinikita/domain/inventory/stock.schema';
import type { AuthSession } from '../../plugins/auth.ts';
import type { Tx } from '../../shared/sql.ts';
import { finish, lineOf, type Reference } from './inventory.ledger.ts';
import {
  addToLevel,
  batchOrNew,
  type ItemRow,
  type LocationRow,
  lockCost,
  lockLevel,
  setCost,
  takeFromLevel,
} from './inventory.queries.ts';
import { refuse } from './inventory.scope.ts';

/**
 * Stock from and back to a supplier, inside the purchasing module's transaction (issue 17 §5):
 * the same ledger steps as the stock screens' receipt — the item's cost row at the clinic locked
 * first, then the level; one movement per line, never edited — but with the caller's reference
 * (the receipt or the return note) and its own checks (the receipt date, the quantity returnable).
 */

export interface SupplierStockAt {
  location: LocationRow;
  item: ItemRow;
  reference: Reference;
}

/**
 * Books a batch received from a supplier: `quantity` base units at `unitCost` rupiah per base
 * unit (exact; the movement carries it whole) into the location; the moving average takes it in.
 * A known batch with another expiry is refused (409, naming `field`).
 */
export async function receiveFromSupplier(
  tx: Tx,
  session: AuthSession,
  at: SupplierStockAt,
  line: { batchNumber: string; expiryDate: string; quantity: number; unitCost: number },
  field: string,
): Promise<StockWrite & { batchId: number }> {
  const { location, item } = at;
  const cost = await lockCost(tx, item.id, location.clinicId);
  const batch = await batchOrNew(tx, item.id, line.batchNumber, line.expiryDate);
  if (batch.expiryDate !== line.expiryDate)
    throw refuse(409, 'batchExpiryMismatch', { batch: batch.batchNumber, expiry: batch.expiryDate }, field);
  const averageCost = movingAverage(cost.onHand, cost.averageCost, line.quantity, line.unitCost);
  await setCost(tx, item.id, location.clinicId, {
    averageCost,
    onHand: roundQuantity(cost.onHand + line.quantity),
  });
  const balanceAfter = await addToLevel(
    tx,
    { locationId: location.id, batchId: batch.id, itemId: item.id },
    line.quantity,
  );
  const unitCost = wholeRupiah(line.unitCost);
  const answer = await finish(
    tx,
    session,
    { ...at, averageCost },
    [
      {
        clinicId: location.clinicId,
        locationId: location.id,
        batchId: batch.id,
        kind: 'receipt',
        quantity: line.quantity,
        balanceAfter,
        unitCost,
        reason: null,
      },
    ],
    [lineOf(batch, line.quantity, balanceAfter, unitCost)],
  );
  return { ...answer, batchId: batch.id };
}

/**
 * Sends `quantity` base units of one batch back to the supplier at the receipt's cost: the
 * moving average gives that cost back out. When the location holds less of the batch, `short`
 * builds the refusal (it is told what the location holds) and nothing changes.
 */
export async function returnToSupplier(
  tx: Tx,
  session: AuthSession,
  at: SupplierStockAt & { reason: string },
  line: {
    batch: { id: number; batchNumber: string; expiryDate: string };
    quantity: number;
    unitCost: number;
  },
  short: (onHand: number) => Error,
): Promise<StockWrite> {
  const { location, item } = at;
  const cost = await lockCost(tx, item.id, location.clinicId);
  const onHand = (await lockLevel(tx, location.id, line.batch.id)) ?? 0;
  if (toMilli(onHand) < toMilli(line.quantity)) throw short(onHand);
  const left = roundQuantity(cost.onHand - line.quantity);
  const value = cost.onHand * cost.averageCost - line.quantity * line.unitCost;
  const averageCost = left > 0 && value > 0 ? Math.round((value / left) * 10_000) / 10_000 : cost.averageCost;
  await setCost(tx, item.id, location.clinicId, { averageCost, onHand: Math.max(0, left) });
  const balanceAfter = await takeFromLevel(tx, location.id, line.batch.id, line.quantity);
  const unitCost = wholeRupiah(line.unitCost);
  return finish(
    tx,
    session,
    { location, item, reference: at.reference, averageCost },
    [
      {
        clinicId: location.clinicId,
        locationId: location.id,
        batchId: line.batch.id,
        kind: 'return_supplier',
        quantity: -line.quantity,
        balanceAfter,
        unitCost,
        reason: at.reason,
      },
    ],
    [lineOf(line.batch, -line.quantity, balanceAfter, unitCost)],
  );
}
