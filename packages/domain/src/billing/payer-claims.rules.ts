/**
 * An insurer's claim batch (issue 18 §6 "claims batched per insurer with line-level denials"): an
 * insurer's invoice (payerKind 'insurer') is a claim batch, and the insurer answers per visit —
 * all or part of what is open denied with a reason code. Each denial is resolved by a re-claim (the
 * amount claimable again on a later batch) or a write-off approved by a second person.
 *
 * The money of an item: billed = paid + written off + re-claimed + denied (not resolved) + open.
 * A write-off of a denial is a write-off row naming it, so `writtenOff` counts it once.
 */

export const DENIAL_REASONS = [
  'notCovered',
  'overCeiling',
  'incompleteDocuments',
  'lateSubmission',
  'duplicate',
  'notIndicated',
  'other',
] as const;
export type DenialReason = (typeof DENIAL_REASONS)[number];

/** DENIED until resolved; WRITE_OFF_REQUESTED waits for a second person. */
export const DENIAL_STATES = ['DENIED', 'WRITE_OFF_REQUESTED', 'RECLAIMED', 'WRITTEN_OFF'] as const;
export type DenialState = (typeof DENIAL_STATES)[number];

export function denialState(d: {
  reclaimed: boolean;
  writtenOff: boolean;
  writeOffRequested: boolean;
}): DenialState {
  if (d.reclaimed) return 'RECLAIMED';
  if (d.writtenOff) return 'WRITTEN_OFF';
  return d.writeOffRequested ? 'WRITE_OFF_REQUESTED' : 'DENIED';
}

export const isResolved = (state: DenialState) => state === 'RECLAIMED' || state === 'WRITTEN_OFF';

/** The money of one item (or a whole batch) with its denials. */
export interface ClaimMoney {
  amount: number;
  paid: number;
  /** Every write-off, those of denials included. */
  writtenOff: number;
  /** Every denial, resolved or not. */
  denied: number;
  reclaimed: number;
  /** The write-offs that resolved a denial. */
  deniedWrittenOff: number;
}

/** Denied and not yet resolved: "ditolak" on the item. */
export const pendingDenied = (m: ClaimMoney) => m.denied - m.reclaimed - m.deniedWrittenOff;

/** What the payer is still expected to pay: neither paid, written off nor denied. */
export const openOf = (m: ClaimMoney) => m.amount - m.paid - m.writtenOff - m.denied + m.deniedWrittenOff;

export interface DenialLine {
  key: string;
  amount: number;
}

/**
 * What is wrong with the lines of one answer, per row (index → message key): a visit not on the
 * batch, or more denied on a visit (all rows of it together) than is open on it.
 */
export function denialErrors(
  items: readonly { key: string; open: number }[],
  lines: readonly DenialLine[],
): Map<number, string> {
  const openOfKey = new Map(items.map((i) => [i.key, i.open]));
  const taken = new Map<string, number>();
  const rows = new Map<number, string>();
  lines.forEach((l, i) => {
    const open = openOfKey.get(l.key);
    if (open === undefined) {
      rows.set(i, 'itemNotOnInvoice');
      return;
    }
    const sum = (taken.get(l.key) ?? 0) + l.amount;
    taken.set(l.key, sum);
    if (sum > open) rows.set(i, 'claims.overDenied');
  });
  return rows;
}
