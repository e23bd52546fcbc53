import { type CopayType, copayOf } from '../partner-companies/partner-company.rules.ts';

/**
 * The payer's coverage applied to a bill (issue 18 §5–6, research/operations.md §3.8–3.9): what a
 * partner company or an insurer pays of a visit and what is left to the patient. Money is whole
 * rupiah. In order:
 *  1. contract prices replace the catalogue's price before the bill is priced (`contractPriceOn`);
 *  2. lines of an excluded service group or service go wholly to the patient;
 *  3. the co-pay — a percentage of the covered net, or a fixed amount per visit (never more than
 *     the covered net) — goes to the patient;
 *  4. the payer's share is capped by the per-visit ceiling (on an insured visit the lower of the
 *     insurer's own and the covered amount of the eligibility noted on the visit,
 *     `withCoveredAmount`), then by what is left of the per-year ceiling after what the payer
 *     already covered for the patient this calendar year; the excess goes to the patient;
 *  5. the payer's share is spread over the covered lines in proportion to their net, each rounded
 *     down to whole rupiah, the remainder on the last covered line (on earlier ones only if the
 *     last cannot take it). Each line's payer and patient portions sum to its net.
 */

export interface CoverageTerms {
  ceilingPerVisit: number | null;
  ceilingPerYear: number | null;
  copayType: CopayType;
  copayValue: number;
}

/** No terms: the payer covers everything (BPJS, a payer without a record). */
export const FULL_COVERAGE: CoverageTerms = {
  ceilingPerVisit: null,
  ceilingPerYear: null,
  copayType: 'none',
  copayValue: 0,
};

/**
 * The terms of one visit whose eligibility notes a covered amount (the guarantee's plafon): that
 * amount is a per-visit ceiling, the lower of it and the payer's own; null leaves the terms as they are.
 */
export function withCoveredAmount(terms: CoverageTerms, coveredAmount: number | null): CoverageTerms {
  if (coveredAmount === null) return terms;
  const ceilingPerVisit =
    terms.ceilingPerVisit === null ? coveredAmount : Math.min(terms.ceilingPerVisit, coveredAmount);
  return { ...terms, ceilingPerVisit };
}

export interface CoverageLineInput {
  net: number;
  /** An excluded service group or service: the patient pays it. */
  excluded: boolean;
}

export interface Portions {
  payerPortion: number;
  patientPortion: number;
}

export interface CoverageSummary {
  /** The net of the lines the payer covers. */
  coveredNet: number;
  copay: number;
  /** What the ceilings took off the payer's share (the patient pays it). */
  excess: number;
  payerShare: number;
}

/** A line's payer and patient portions and the visit's summary under the payer's terms. */
export function applyCoverage(
  lines: readonly CoverageLineInput[],
  terms: CoverageTerms,
  usedThisYear = 0,
): { portions: Portions[]; summary: CoverageSummary } {
  const covered = lines.map((l) => !l.excluded && l.net > 0);
  const coveredNet = lines.reduce((n, l, i) => n + (covered[i] ? l.net : 0), 0);
  const copay = copayOf(terms.copayType, terms.copayValue, coveredNet);
  let share = coveredNet - copay;
  if (terms.ceilingPerVisit !== null) share = Math.min(share, terms.ceilingPerVisit);
  if (terms.ceilingPerYear !== null)
    share = Math.min(share, Math.max(0, terms.ceilingPerYear - usedThisYear));
  share = Math.max(0, share);
  const payer = spread(
    share,
    lines.map((l, i) => (covered[i] ? l.net : 0)),
  );
  return {
    portions: lines.map((l, i) => ({ payerPortion: payer[i], patientPortion: l.net - payer[i] })),
    summary: { coveredNet, copay, excess: coveredNet - copay - share, payerShare: share },
  };
}

/**
 * `total` over `weights` (each share at most its weight): rounded down in proportion, the
 * remainder on the last line with a weight, then on earlier ones as far as each has room.
 */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => (w > 0 ? Math.floor((total * w) / sum) : 0));
  let left = total - shares.reduce((n, s) => n + s, 0);
  for (let i = weights.length - 1; i >= 0 && left > 0; i--) {
    const room = weights[i] - shares[i];
    const take = Math.min(room, left);
    shares[i] += take;
    left -= take;
  }
  return shares;
}

/** A contract price period of one service. */
export interface ContractPrice {
  serviceId: number;
  price: number;
  validFrom: string;
  validTo: string | null;
}

/** The contract price of a service valid on the day (ISO days compare as strings), else null. */
export function contractPriceOn(
  prices: readonly ContractPrice[],
  serviceId: number,
  day: string,
): number | null {
  const hit = prices.find(
    (p) => p.serviceId === serviceId && p.validFrom <= day && (p.validTo === null || day <= p.validTo),
  );
  return hit ? hit.price : null;
}

/** Whether a catalogue service is excluded by its group or by name. */
export const isExcluded = (
  service: { id: number; group: string | null },
  excludedGroups: readonly string[],
  excludedServiceIds: readonly number[],
) =>
  excludedServiceIds.includes(service.id) ||
  (service.group !== null && excludedGroups.includes(service.group));

/** The calendar year of an ISO day: its first and last day. */
export const calendarYearOf = (day: string) => ({
  from: `${day.slice(0, 4)}-01-01`,
  to: `${day.slice(0, 4)}-12-31`,
});
