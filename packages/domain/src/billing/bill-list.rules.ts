import { addDays } from '../common/clinic-day.ts';
import { daysBetween } from '../common/dates.ts';

/**
 * The list of invoices (`/Registration/invoice`, issue 18 §3): the posted bills of the caller's
 * clinics, newest first, to find one and print its invoice (rincian biaya) or its receipts again.
 */

/**
 * The list's status filter: posted and not yet paid in full, paid, or touched by a reversal (a
 * payment of the bill was reversed, whatever the bill's status now).
 */
export const BILL_LIST_STATUSES = ['posted', 'paid', 'reversed'] as const;
export type BillListStatus = (typeof BILL_LIST_STATUSES)[number];

/** Longest span of one request, in service days (both ends counted): a quarter. */
export const BILL_LIST_MAX_DAYS = 92;
/** The span the screen opens with: the last 30 days up to today. */
export const BILL_LIST_DEFAULT_DAYS = 30;
export const BILL_LIST_PAGE_SIZE = 20;

/**
 * The service days a request covers: without dates the last 30 days to today, `from` alone up to
 * today, `to` alone the 30 days before it. Answers the i18n key of the refusal when the end is
 * before the start or the span is over 92 days.
 */
export function billListRange(
  today: string,
  from?: string,
  to?: string,
): { from: string; to: string } | { error: 'invoiceList.rangeOrder' | 'invoiceList.rangeTooLong' } {
  const end = to ?? (from && from > today ? from : today);
  const start = from ?? addDays(end, -(BILL_LIST_DEFAULT_DAYS - 1));
  if (end < start) return { error: 'invoiceList.rangeOrder' };
  if (daysBetween(start, end) + 1 > BILL_LIST_MAX_DAYS) return { error: 'invoiceList.rangeTooLong' };
  return { from: start, to: end };
}
