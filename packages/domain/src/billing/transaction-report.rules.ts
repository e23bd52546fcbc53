import { addDays } from '../common/clinic-day.ts';
import { daysBetween } from '../common/dates.ts';
import type { BillCategory, PaymentMethod } from './billing.rules.ts';

/**
 * The transaction report (`/Registration/laporanTransaksi`, research/operations.md §3.10): one row
 * per posted bill — its amounts by category, its taxes, what was paid per method and what went to a
 * receivable — over a range of clinic-local days, by service day (the visit's queue date) or by
 * payment day (a payment or reversal of the bill on that day).
 */

/** The report's category columns; each bill line category falls in one of them. */
export const REPORT_CATEGORIES = [
  'registration',
  'consultation',
  'procedure',
  'lab',
  'radiology',
  'physio',
  'drug',
  'compounding',
  'consumable',
  'extra',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** Where a line category is counted: MCU packages with procedures, packaging with compounding, other and adjustments with the extra charges. */
export const REPORT_CATEGORY_OF: Readonly<Record<BillCategory, ReportCategory>> = {
  registration: 'registration',
  consultation: 'consultation',
  procedure: 'procedure',
  mcu: 'procedure',
  lab: 'lab',
  radiology: 'radiology',
  physio: 'physio',
  drug: 'drug',
  compounding: 'compounding',
  packaging: 'compounding',
  consumable: 'consumable',
  other: 'extra',
  extra: 'extra',
  adjustment: 'extra',
};

/** Money received, per method (pivoted columns). */
export const REPORT_PAID_METHODS = ['TUNAI', 'DEBIT', 'KREDIT', 'QRIS', 'TRANSFER', 'DEPOSIT'] as const;
/** What was put on a payer's receivable instead. */
export const REPORT_RECEIVABLE_METHODS = ['PERUSAHAAN', 'ASURANSI'] as const;
export const REPORT_METHODS = [
  ...REPORT_PAID_METHODS,
  ...REPORT_RECEIVABLE_METHODS,
] as const satisfies readonly PaymentMethod[];
export type ReportMethod = (typeof REPORT_METHODS)[number];

/**
 * A row's status: paid in full (payments and receivables reach the net), not yet, or cancelled —
 * posted, with reversals, and no payment left standing (every payment reversed).
 */
export const REPORT_STATUSES = ['LUNAS', 'BELUM_LUNAS', 'DIBATALKAN'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Service day (the visit's queue date) or payment day (a payment of the bill that day, clinic time). */
export const REPORT_BASES = ['service', 'payment'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];

/** Longest span of one request, in days (both ends counted): a quarter. */
export const TRANSACTION_REPORT_MAX_DAYS = 92;
export const TRANSACTION_REPORT_PAGE_SIZES = [25, 50, 100] as const;

/**
 * The days a request covers: `from` defaults to `to` or the clinic's today, `to` to `from`. Answers
 * the i18n key of the refusal when the end is before the start or the span is over 92 days.
 */
export function reportRange(
  today: string,
  from?: string,
  to?: string,
):
  | { from: string; to: string }
  | { error: 'transactionReport.rangeOrder' | 'transactionReport.rangeTooLong' } {
  const start = from ?? to ?? today;
  const end = to ?? start;
  if (end < start) return { error: 'transactionReport.rangeOrder' };
  if (daysBetween(start, end) + 1 > TRANSACTION_REPORT_MAX_DAYS)
    return { error: 'transactionReport.rangeTooLong' };
  return { from: start, to: end };
}

/** The screen's quick ranges: today, the last 7 days, this month so far. */
export function quickRange(today: string, which: 'today' | 'week' | 'month') {
  if (which === 'today') return { from: today, to: today };
  if (which === 'week') return { from: addDays(today, -6), to: today };
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Excel allows 31 characters in a sheet name; the spec cuts them to 30. */
export const SHEET_NAME_MAX = 30;
export const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, '-').slice(0, SHEET_NAME_MAX);

/** The file name of an export: `laporan-transaksi-<from>_<to>.xlsx`. */
export const exportFileName = (from: string, to: string) => `laporan-transaksi-${from}_${to}.xlsx`;
