/**
 * The lab catalogue's pure rules: which reference range applies to a patient, how a result is
 * flagged, what makes a set of ranges wrong, whether a LOINC code is well formed. Formulas of
 * calculated parameters: lab-formula.rules.ts. The server and the browser share them.
 */

export type RangeSex = 'any' | 'male' | 'female';
export type ResultType = 'number' | 'choice' | 'text';

/** The limits a range row holds; null where the lab set none. */
export interface RangeLimits {
  low: number | null;
  high: number | null;
  criticalLow: number | null;
  criticalHigh: number | null;
  impossibleLow: number | null;
  impossibleHigh: number | null;
  normalText: string | null;
}

/** A reference range: sex and the age band [ageFromDays, ageToDays) (null: no upper bound). */
export interface ReferenceRange extends RangeLimits {
  sex: RangeSex;
  ageFromDays: number;
  ageToDays: number | null;
}

/** Whole days from the date of birth to the day of the sample ('YYYY-MM-DD'); null before birth. */
export function ageInDays(birthDay: string, onDay: string): number | null {
  const days =
    (Date.parse(`${onDay}T00:00:00Z`) - Date.parse(`${birthDay.slice(0, 10)}T00:00:00Z`)) / 86_400_000;
  return Number.isFinite(days) && days >= 0 ? Math.round(days) : null;
}

/** Days as years to one decimal, for the helper beside the age fields: 6574 → 18, 30 → 0.1. */
export const daysToYears = (days: number) => Math.round((days / 365.25) * 10) / 10;

const sexMatches = (range: RangeSex, patient: 'M' | 'F' | null) =>
  range === 'any' || (range === 'male' && patient === 'M') || (range === 'female' && patient === 'F');

/**
 * The range for a patient of this sex ('M' | 'F', null unknown) and age in days: a band of the
 * patient's own sex before one for any sex; null when no band covers the age.
 */
export function pickRange<R extends ReferenceRange>(
  ranges: readonly R[],
  patient: { sex: 'M' | 'F' | null; ageDays: number },
): R | null {
  const covering = ranges.filter(
    (r) =>
      sexMatches(r.sex, patient.sex) &&
      patient.ageDays >= r.ageFromDays &&
      (r.ageToDays === null || patient.ageDays < r.ageToDays),
  );
  return covering.find((r) => r.sex !== 'any') ?? covering[0] ?? null;
}

/** N normal, L/H outside the normal range, LL/HH beyond a critical limit, A a text that is not the normal one. */
export type LabFlag = 'N' | 'L' | 'H' | 'LL' | 'HH' | 'A';

/**
 * The flag of a result against its range. A number below a limit or above it is flagged (the
 * limits themselves are inside: 13–17 holds 13 and 17); a number beyond an impossible limit is
 * refused ('impossible'): it is a typing slip or a broken sample, never a result. A choice or
 * text result is A when it differs from the range's normal text. Null: no range, nothing to say.
 */
export function flagValue(value: number | string, range: RangeLimits | null): LabFlag | 'impossible' | null {
  if (!range) return null;
  if (typeof value === 'string') {
    if (range.normalText === null) return null;
    return value.trim().toLowerCase() === range.normalText.trim().toLowerCase() ? 'N' : 'A';
  }
  const below = (limit: number | null) => limit !== null && value < limit;
  const above = (limit: number | null) => limit !== null && value > limit;
  if (below(range.impossibleLow) || above(range.impossibleHigh)) return 'impossible';
  if (below(range.criticalLow)) return 'LL';
  if (above(range.criticalHigh)) return 'HH';
  if (below(range.low)) return 'L';
  if (above(range.high)) return 'H';
  if (range.low === null && range.high === null) return null;
  return 'N';
}

/** A message key of the catalogue and the field (of a range row) it belongs to. */
export interface RangeIssue {
  path: string;
  key: string;
  params?: Record<string, string | number>;
}

const LIMIT_ORDER = [
  'impossibleLow',
  'criticalLow',
  'low',
  'high',
  'criticalHigh',
  'impossibleHigh',
] as const;
type LimitName = (typeof LIMIT_ORDER)[number];
const LIMIT_MESSAGE: Record<LimitName, string> = {
  impossibleLow: 'labCatalogue.impossibleInside',
  criticalLow: 'labCatalogue.criticalInside',
  low: 'labCatalogue.lowAboveHigh',
  high: 'labCatalogue.highBelowLow',
  criticalHigh: 'labCatalogue.criticalInside',
  impossibleHigh: 'labCatalogue.impossibleInside',
};

/**
 * The limits of one row, from the outside in: impossible ≤ critical ≤ normal low ≤ normal high
 * ≤ critical ≤ impossible, each compared with its nearest neighbour that is set. The message goes
 * on the outer limit (the critical one inside the normal range is the critical one's fault).
 */
export function limitIssues(row: Partial<RangeLimits>): { field: LimitName; key: string }[] {
  const issues: { field: LimitName; key: string }[] = [];
  const value = (i: number) => row[LIMIT_ORDER[i]] ?? null;
  const nearest = (from: number, step: 1 | -1) => {
    for (let i = from + step; i >= 0 && i < LIMIT_ORDER.length; i += step)
      if (value(i) !== null) return value(i);
    return null;
  };
  LIMIT_ORDER.forEach((field, i) => {
    const own = value(i);
    if (own === null || field === 'low') return;
    // the lower limits are compared with the next one inward, the upper ones with the previous
    const inner = i < 2 ? nearest(i, 1) : field === 'high' ? value(2) : nearest(i, -1);
    if (inner === null) return;
    if (i < 2 ? own > inner : own < inner) issues.push({ field, key: LIMIT_MESSAGE[field] });
  });
  return issues;
}

/** '0–365 hari' for the messages: the band's days, open-ended as '≥ 6570'. */
export const bandText = (r: Pick<ReferenceRange, 'ageFromDays' | 'ageToDays'>) =>
  r.ageToDays === null ? `≥ ${r.ageFromDays}` : `${r.ageFromDays}–${r.ageToDays}`;

const sexesClash = (a: RangeSex, b: RangeSex) => a === b || a === 'any' || b === 'any';

/**
 * The first pair of rows whose age bands overlap for a sex (a band for any sex clashes with a
 * male or female one over the same days: which would apply?), as a message naming both bands.
 */
export function findRangeOverlap(ranges: readonly ReferenceRange[]): RangeIssue | null {
  for (let i = 0; i < ranges.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = ranges[j];
      const b = ranges[i];
      if (!sexesClash(a.sex, b.sex)) continue;
      const aEnd = a.ageToDays ?? Number.POSITIVE_INFINITY;
      const bEnd = b.ageToDays ?? Number.POSITIVE_INFINITY;
      if (b.ageFromDays < aEnd && a.ageFromDays < bEnd) {
        return {
          path: `ranges.${i}.ageFromDays`,
          key: 'labCatalogue.rangeOverlap',
          params: { row: i + 1, band: bandText(b), other: j + 1, otherBand: bandText(a) },
        };
      }
    }
  }
  return null;
}

/** A choice or text parameter has no numeric limits; a choice's normal text is one of its choices. */
export function rangeTypeIssues(
  type: ResultType,
  choices: readonly string[] | null,
  ranges: readonly RangeLimits[],
): RangeIssue[] {
  const issues: RangeIssue[] = [];
  ranges.forEach((r, i) => {
    if (type !== 'number') {
      const numeric = LIMIT_ORDER.find((f) => r[f] !== null);
      if (numeric) issues.push({ path: `ranges.${i}.${numeric}`, key: 'labCatalogue.limitsOnlyForNumbers' });
    }
    const normal = r.normalText?.trim().toLowerCase();
    if (type === 'choice' && normal && !choices?.some((c) => c.trim().toLowerCase() === normal)) {
      issues.push({ path: `ranges.${i}.normalText`, key: 'labCatalogue.normalTextNotAChoice' });
    }
  });
  return issues;
}

/** A LOINC code with its mod-10 check digit right ('718-7'), so a typing slip is caught. */
export function isLoincCode(code: string): boolean {
  const m = /^(\d{1,7})-(\d)$/.exec(code);
  if (!m) return false;
  let sum = 0;
  [...m[1]].reverse().forEach((ch, i) => {
    const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  });
  return (10 - (sum % 10)) % 10 === Number(m[2]);
}
