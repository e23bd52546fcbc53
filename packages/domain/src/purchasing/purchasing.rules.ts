/**
 * Purchasing's pure rules (issue 17 §5, research/operations.md §2.4 and §3.6): supplier NPWP,
 * document numbers, a line's and a document's amounts with PPN, the cost a receipt brings into the
 * moving average, and the purchase order's status moves.
 *
 * Money is whole rupiah. A line: gross = quantity × price (rounded), discount = gross × discount %
 * (rounded half up), net = gross − discount. A document: DPP = Σ net; PPN = DPP × PPN % rounded
 * half up once on the document (not per line). The PPN rate entered is the effective rate: 11%
 * by default, which is 12% on a DPP of 11/12 of the price (PMK 131/2024, research §3.6).
 *
 * Cost into stock: the line's net per base unit — after the discount, without PPN (input PPN is
 * treated as creditable; the clinic has no PKP flag yet, see the report).
 */

import { sequencedNumber } from '../common/document-number.ts';

export const PO_STATUSES = [
  'draft',
  'ordered',
  'partially_received',
  'received',
  'cancelled',
  'closed',
] as const;
export type PoStatus = (typeof PO_STATUSES)[number];

export const PO_ACTIONS = ['order', 'cancel', 'close'] as const;
export type PoAction = (typeof PO_ACTIONS)[number];

/** The statuses each action may start from. */
const ACTION_FROM: Record<PoAction, readonly PoStatus[]> = {
  order: ['draft'],
  cancel: ['draft', 'ordered'],
  close: ['partially_received'],
};
export const ACTION_TO: Record<PoAction, PoStatus> = {
  order: 'ordered',
  cancel: 'cancelled',
  close: 'closed',
};
export const canDo = (action: PoAction, from: PoStatus) => ACTION_FROM[action].includes(from);

/** Receiving is possible against an order that is ordered or partly received. */
export const canReceive = (status: PoStatus) => status === 'ordered' || status === 'partially_received';

export const DEFAULT_PPN_PERCENT = 11;
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

/** NPWP: 15 digits (old format) or 16 (the NIK-based format from 2024); dots and dashes ignored. */
export const npwpDigits = (npwp: string) => npwp.replace(/[\s.-]/g, '');
export const isValidNpwp = (npwp: string) => /^(\d{15}|\d{16})$/.test(npwpDigits(npwp));

export const DOCUMENT_PREFIXES = { order: 'PO', receipt: 'PN', return: 'RB' } as const;
export type DocumentKind = keyof typeof DOCUMENT_PREFIXES;

export { periodOf } from '../common/document-number.ts';

/** PO/10/202611/0001: prefix, clinic, month, sequence within the clinic's month (no gaps). */
export const documentNumber = (kind: DocumentKind, clinicId: number, period: string, seq: number) =>
  sequencedNumber(DOCUMENT_PREFIXES[kind], clinicId, period, seq);

/** Half up, whole rupiah (amounts are never negative here). */
export const rupiah = (amount: number) => Math.round(amount);

export interface LineAmounts {
  gross: number;
  discount: number;
  net: number;
}

export function lineAmounts(quantity: number, price: number, discountPercent: number): LineAmounts {
  const gross = rupiah(quantity * price);
  const discount = rupiah((gross * discountPercent) / 100);
  return { gross, discount, net: gross - discount };
}

export interface DocumentTotals {
  subtotal: number;
  discount: number;
  dpp: number;
  ppn: number;
  total: number;
}

export function documentTotals(lines: readonly LineAmounts[], ppnPercent: number): DocumentTotals {
  const subtotal = lines.reduce((n, l) => n + l.gross, 0);
  const discount = lines.reduce((n, l) => n + l.discount, 0);
  const dpp = subtotal - discount;
  const ppn = rupiah((dpp * ppnPercent) / 100);
  return { subtotal, discount, dpp, ppn, total: dpp + ppn };
}

/** Rupiah per base unit brought into the moving average: net of discount, PPN excluded; 4 decimals. */
export const receiptUnitCost = (net: number, baseQuantity: number) =>
  baseQuantity > 0 ? Math.round((net / baseQuantity) * 10_000) / 10_000 : 0;

/** The order's status after receipts: every line received → received, some → partially. */
export function statusAfterReceipt(lines: readonly { ordered: number; received: number }[]): PoStatus {
  const milli = (q: number) => Math.round(q * 1000);
  if (lines.every((l) => milli(l.received) >= milli(l.ordered))) return 'received';
  return lines.some((l) => milli(l.received) > 0) ? 'partially_received' : 'ordered';
}
