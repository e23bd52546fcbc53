/**
 * The stock ledger's pure rules (issue 17 §4, research/operations.md §2): quantities in base
 * units, packaging units, the moving-average cost, first-expiry-first-out picking and the alert
 * windows. The server applies them inside its transactions; the screens may show the same.
 */

export const ITEM_KINDS = ['drug', 'consumable'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** Golongan obat: narkotika, psikotropika, obat keras, obat bebas (terbatas). */
export const DRUG_CLASSES = ['narcotic', 'psychotropic', 'hard', 'otc'] as const;
export type DrugClass = (typeof DRUG_CLASSES)[number];

export const LOCATION_TYPES = ['warehouse', 'pharmacy', 'treatment', 'lab'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const MOVEMENT_KINDS = [
  'initial',
  'receipt',
  'dispense',
  'transfer_out',
  'transfer_in',
  'adjustment',
  'return_patient',
  'return_supplier',
  'consumable_use',
  'opname',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * Movements by which stock is used up or sent back (not corrections, not moves between the
 * clinic's own shelves): dead stock is stock none of these touched for `DEAD_STOCK_DAYS`.
 */
export const OUTGOING_KINDS: readonly MovementKind[] = ['dispense', 'consumable_use', 'return_supplier'];

/** A batch expiring within this many months is on the near-expiry list. */
export const NEAR_EXPIRY_MONTHS = 3;
/** Stock held this long with nothing going out is dead stock. */
export const DEAD_STOCK_DAYS = 90;

/** Quantities carry at most three decimals (numeric(14,3)); arithmetic runs on thousandths. */
export const toMilli = (quantity: number) => Math.round(quantity * 1000);
export const fromMilli = (milli: number) => milli / 1000;
export const roundQuantity = (quantity: number) => fromMilli(toMilli(quantity));
export const hasAtMostThreeDecimals = (quantity: number) =>
  Math.abs(quantity * 1000 - Math.round(quantity * 1000)) < 1e-6;

/** A packaging unit of an item: 1 `name` = `factor` base units. */
export interface ItemUnit {
  name: string;
  factor: number;
}

/** The factor of a unit named by the user (case ignored): 1 for the base unit, null when unknown. */
export function unitFactor(baseUnit: string, units: readonly ItemUnit[], name: string): number | null {
  const wanted = name.trim().toLowerCase();
  if (wanted === baseUnit.trim().toLowerCase()) return 1;
  return units.find((u) => u.name.trim().toLowerCase() === wanted)?.factor ?? null;
}

/** A quantity in a packaging unit as base units (2 BOX × 100 = 200 TAB), to the thousandth. */
export const toBaseQuantity = (quantity: number, factor: number) => roundQuantity(quantity * factor);

/** Rupiah per base unit from a price per packaging unit (50.000 per BOX of 100 → 500). */
export const costPerBaseUnit = (unitCost: number, factor: number) => unitCost / factor;

/** Money is shown and booked in whole rupiah. */
export const wholeRupiah = (amount: number) => Math.round(amount);

/**
 * The moving average after stock comes in: (onHand × average + quantity × cost) / (onHand +
 * quantity); with nothing on hand the new cost is the average. Kept to four decimals.
 */
export function movingAverage(onHand: number, average: number, quantity: number, unitCost: number): number {
  const total = onHand + quantity;
  if (onHand <= 0 || total <= 0) return Math.round(unitCost * 10_000) / 10_000;
  return Math.round(((onHand * average + quantity * unitCost) / total) * 10_000) / 10_000;
}

/** A batch's stock at a location, as FEFO sees it. */
export interface BatchStock {
  batchId: number;
  batchNumber: string;
  /** 'YYYY-MM-DD' */
  expiryDate: string;
  quantity: number;
}

export interface BatchTake {
  batch: BatchStock;
  quantity: number;
}

export type FefoPlan =
  | { ok: true; takes: BatchTake[]; available: number; firstBatch: string; override: boolean }
  | { ok: false; problem: 'short'; available: number }
  | { ok: false; problem: 'batchUnavailable' };

/** A batch may be used up to and including its expiry day. */
export const isExpired = (expiryDate: string, today: string) => expiryDate < today;

const byExpiry = (a: BatchStock, b: BatchStock) =>
  a.expiryDate.localeCompare(b.expiryDate) || a.batchId - b.batchId;

/**
 * First expiry, first out: the usable batches (stock left, not expired) by expiry then batch id,
 * one take per batch until the quantity is met. A chosen batch is taken first and the rest by
 * FEFO; choosing one that expires later than the first usable batch is an override (it needs a
 * reason). Asking more than the usable stock answers what is available and takes nothing.
 */
export function planFefo(
  batches: readonly BatchStock[],
  quantity: number,
  today: string,
  chosenBatch?: string | null,
): FefoPlan {
  const usable = batches.filter((b) => b.quantity > 0 && !isExpired(b.expiryDate, today)).sort(byExpiry);
  const availableMilli = usable.reduce((n, b) => n + toMilli(b.quantity), 0);
  let ordered = usable;
  let override = false;
  if (chosenBatch) {
    const chosen = usable.find((b) => b.batchNumber === chosenBatch);
    if (!chosen) return { ok: false, problem: 'batchUnavailable' };
    override = chosen.expiryDate > usable[0].expiryDate;
    ordered = [chosen, ...usable.filter((b) => b !== chosen)];
  }
  let wanted = toMilli(quantity);
  if (wanted > availableMilli) return { ok: false, problem: 'short', available: fromMilli(availableMilli) };
  const takes: BatchTake[] = [];
  for (const batch of ordered) {
    if (wanted <= 0) break;
    const take = Math.min(wanted, toMilli(batch.quantity));
    takes.push({ batch, quantity: fromMilli(take) });
    wanted -= take;
  }
  return {
    ok: true,
    takes,
    available: fromMilli(availableMilli),
    firstBatch: usable[0].batchNumber,
    override,
  };
}

/** 'YYYY-MM-DD' plus n months, the day clamped to the month's end (30 November + 3 → 28 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The last expiry day on the near-expiry list of `today`. */
export const nearExpiryUntil = (today: string) => addMonths(today, NEAR_EXPIRY_MONTHS);

/** The new on-hand of an adjustment given a counted quantity or a signed difference. */
export function adjustmentDelta(onHand: number, change: { count?: number; delta?: number }): number {
  if (change.count !== undefined) return fromMilli(toMilli(change.count) - toMilli(onHand));
  return roundQuantity(change.delta ?? 0);
}
