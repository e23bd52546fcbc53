import { roundQuantity, toMilli } from '@klinikita/domain/inventory/inventory.rules';
import type { Tx } from '../../shared/sql.ts';
import { batchesAt, type DrugRow, type LocationRow } from './pharmacy.queries.ts';
import { refuse } from './pharmacy.service.ts';

/**
 * The batches a pharmacist chose for a line (issue 17 §3): each must be on hand at the pharmacy,
 * unexpired (400 naming the batch), with the quantity (409); together exactly the line's quantity.
 * Answered in expiry order, with whether they differ from the first-expiry-first-out pick (then
 * the handover needs `overrideReason`). Batches of the same expiry are interchangeable.
 */
export async function chosenBatches(
  tx: Tx,
  at: {
    location: LocationRow;
    drug: DrugRow;
    line: number;
    quantity: number;
    today: string;
    batches: { batchNumber: string; quantity: number }[];
  },
) {
  const field = `lines.${at.line}.batches`;
  const merged = new Map<string, number>();
  for (const b of at.batches)
    merged.set(b.batchNumber, roundQuantity((merged.get(b.batchNumber) ?? 0) + b.quantity));
  const total = [...merged.values()].reduce((n, q) => n + toMilli(q), 0);
  if (total !== toMilli(at.quantity))
    throw refuse(400, 'batchesSum', { line: at.line + 1, quantity: at.quantity }, field);
  const stock = await batchesAt(tx, at.location.id, [at.drug.id], at.today);
  const chosen = [...merged].map(([batchNumber, quantity], i) => {
    const found = stock.find((s) => s.batchNumber === batchNumber);
    if (!found) throw refuse(400, 'batchUnknown', { batch: batchNumber }, `${field}.${i}.batchNumber`);
    if (toMilli(quantity) > toMilli(found.quantity))
      throw refuse(
        409,
        'batchShort',
        { batch: batchNumber, available: found.quantity, unit: at.drug.baseUnit },
        `${field}.${i}.quantity`,
      );
    return { batchNumber, quantity, expiryDate: found.expiryDate };
  });
  chosen.sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));
  // the FEFO pick of the same quantity, by expiry day
  const fefo = new Map<string, number>();
  let wanted = toMilli(at.quantity);
  for (const s of stock) {
    if (wanted <= 0) break;
    const take = Math.min(wanted, toMilli(s.quantity));
    fefo.set(s.expiryDate, (fefo.get(s.expiryDate) ?? 0) + take);
    wanted -= take;
  }
  const mine = new Map<string, number>();
  for (const c of chosen) mine.set(c.expiryDate, (mine.get(c.expiryDate) ?? 0) + toMilli(c.quantity));
  const override = mine.size !== fefo.size || [...mine].some(([day, q]) => fefo.get(day) !== q);
  return { batches: chosen.map(({ batchNumber, quantity }) => ({ batchNumber, quantity })), override };
}
