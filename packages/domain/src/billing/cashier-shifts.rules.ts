import type { PaymentMethod } from './billing.rules.ts';

/**
 * Cashier shifts (issue 18 §4, research/operations.md §3.7): what the drawer should hold and how
 * far the count is off. Money in whole rupiah. A TUNAI part's amount is what stayed in the
 * drawer (tendered minus change); a reversal's parts are negative: cash given back.
 */

export const SHIFT_STATUSES = ['open', 'pending_approval', 'closed'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

export interface ShiftPart {
  method: PaymentMethod | string;
  amount: number;
}

export interface ShiftTotals {
  /** Cash received (TUNAI parts of payments). */
  cashIn: number;
  /** Cash given back (TUNAI parts of reversals), as a positive number. */
  cashRefunds: number;
  /** Opening float + cash in − cash refunds. */
  expectedCash: number;
  /** Every other method, net of its reversals, in the order first met. */
  nonCash: { method: string; amount: number }[];
  /** Patients' deposits received and refunded in the shift (already within the figures above). */
  deposits: { received: number; refunded: number };
}

/**
 * `deposits`: the shift's deposit receipts (positive) and refunds (negative) by the method the
 * money came or went: a cash one is in the drawer like a payment's cash part.
 */
export function shiftTotals(
  openingFloat: number,
  parts: readonly ShiftPart[],
  deposits: readonly ShiftPart[] = [],
): ShiftTotals {
  let cashIn = 0;
  let cashRefunds = 0;
  const nonCash = new Map<string, number>();
  for (const p of [...parts, ...deposits]) {
    if (p.method === 'TUNAI') {
      if (p.amount >= 0) cashIn += p.amount;
      else cashRefunds -= p.amount;
    } else nonCash.set(p.method, (nonCash.get(p.method) ?? 0) + p.amount);
  }
  return {
    cashIn,
    cashRefunds,
    expectedCash: openingFloat + cashIn - cashRefunds,
    nonCash: [...nonCash].map(([method, amount]) => ({ method, amount })),
    deposits: {
      received: deposits.reduce((n, d) => n + Math.max(0, d.amount), 0),
      refunded: deposits.reduce((n, d) => n - Math.min(0, d.amount), 0),
    },
  };
}

/** Counted minus expected: negative is a shortage, positive an excess. */
export const varianceOf = (countedCash: number, expectedCash: number) => countedCash - expectedCash;

/** A counted drawer that matches closes at once; any variance waits for a second person. */
export const statusAfterClose = (variance: number): ShiftStatus =>
  variance === 0 ? 'closed' : 'pending_approval';
