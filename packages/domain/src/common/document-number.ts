/**
 * Numbers of a clinic's documents (purchase orders, invoices, receipts): a prefix, the clinic,
 * the month and a sequence within the clinic's month, given by a counter row incremented in the
 * writing transaction — so a rolled-back write gives its number back and there are no gaps.
 */

/** A document's month of numbering, 'YYYYMM' from the clinic day 'YYYY-MM-DD'. */
export const periodOf = (day: string) => day.slice(0, 4) + day.slice(5, 7);

/** `INV/10/202611/0001`: prefix, clinic, month, sequence (at least four digits). */
export const sequencedNumber = (prefix: string, clinic: number | string, period: string, seq: number) =>
  `${prefix}/${clinic}/${period}/${String(seq).padStart(4, '0')}`;

/** The sequence of a number made by `sequencedNumber`, or null. */
export function sequenceOf(number: string): number | null {
  const seq = Number(number.split('/').at(-1));
  return Number.isInteger(seq) && seq > 0 ? seq : null;
}
