import { addDays } from '../common/clinic-day.ts';

/**
 * The tariff rules (pure): a price is valid from a day to a day (null: open), both inclusive.
 * Prices of one scope — one service, one payer class, one clinic (or corporate-wide, a scope of
 * its own) — never overlap, and a price is never overwritten: a new price starts on a date and
 * the open price running then ends the day before.
 */

export interface PricePeriod {
  validFrom: string;
  validTo: string | null;
}

export interface TariffComponents {
  facilityFee: number;
  professionalFee: number;
  consumablesFee: number;
}

/** The price of a service: the sum of its tariff components. */
export const priceTotal = (p: TariffComponents): number =>
  p.facilityFee + p.professionalFee + p.consumablesFee;

/** Whether two periods share a day (ISO days compare as text). */
export function periodsOverlap(a: PricePeriod, b: PricePeriod): boolean {
  const aEndsBeforeB = a.validTo !== null && a.validTo < b.validFrom;
  const bEndsBeforeA = b.validTo !== null && b.validTo < a.validFrom;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/** Whether a period holds a day. */
export const periodHolds = (p: PricePeriod, day: string): boolean =>
  p.validFrom <= day && (p.validTo === null || p.validTo >= day);

export type PricePlan<P extends PricePeriod> =
  | { ok: true; close: { price: P; validTo: string } | null }
  | { ok: false; clash: P };

/**
 * What adding `next` to the prices of its scope does: it closes the open price the day before
 * its start when it starts after that one's start ("a new price starts on a date"); otherwise,
 * or when it still overlaps a period (the earliest such is named), it is refused.
 */
export function planNewPrice<P extends PricePeriod>(existing: readonly P[], next: PricePeriod): PricePlan<P> {
  const open = existing.find((p) => p.validTo === null);
  const close =
    open && next.validFrom > open.validFrom ? { price: open, validTo: addDays(next.validFrom, -1) } : null;
  const clash = [...existing]
    .sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1))
    .find((p) =>
      periodsOverlap(p === close?.price ? { validFrom: p.validFrom, validTo: close.validTo } : p, next),
    );
  return clash ? { ok: false, clash } : { ok: true, close };
}

/**
 * Whether a price may end on `validTo`: not before its start, and its shorter or longer period
 * overlaps no other price of its scope (the clash is named).
 */
export function planEndPrice<P extends PricePeriod>(
  others: readonly P[],
  price: PricePeriod,
  validTo: string,
): { ok: true } | { ok: false; reason: 'beforeStart' } | { ok: false; reason: 'clash'; clash: P } {
  if (validTo < price.validFrom) return { ok: false, reason: 'beforeStart' };
  const period = { validFrom: price.validFrom, validTo };
  const clash = others.find((p) => periodsOverlap(p, period));
  return clash ? { ok: false, reason: 'clash', clash } : { ok: true };
}

/**
 * The order in which prices answer a lookup: the payer class's own price before the general
 * one (a company or insurer without a price of its own pays the general price), and within a
 * class the clinic's override before the corporate-wide price.
 */
export function lookupOrder(
  payerClass: string,
  clinicId: number | null,
): { payerClass: string; clinicId: number | null }[] {
  const classes = payerClass === 'general' ? ['general'] : [payerClass, 'general'];
  return classes.flatMap((c) => [
    ...(clinicId === null ? [] : [{ payerClass: c, clinicId }]),
    { payerClass: c, clinicId: null },
  ]);
}
