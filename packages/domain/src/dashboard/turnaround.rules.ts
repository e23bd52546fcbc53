import { addDays } from '../common/clinic-day.ts';
import { daysBetween } from '../common/dates.ts';
import { STANDARD_MINUTES } from '../pharmacy/pharmacy.rules.ts';

/**
 * Turnaround times of a clinic's days (research/operations.md §4.2): each metric is an interval
 * between two stored timestamps of a visit, counted in minutes, reported as n, median and P90,
 * the share within the standard where there is one, and the intervals left out and why.
 */

export const TURNAROUND_METRICS = [
  /** registrations.arrived_at → called_at (the last call into the room) */
  'doctorWait',
  /** called_at → encounters.signed_at (the note finished: Exam Done) */
  'consultation',
  /** prescriptions.created_at → dispensed_at, a prescription without a racikan line */
  'pharmacyNonRacikan',
  /** the same for a prescription with a racikan line */
  'pharmacyRacikan',
  /** the lab order (the doctor's order, or the lab visit's registration) → first release */
  'labTotal',
  /** the order → the last current container collected */
  'labPreAnalytic',
  /** the last container collected → first release */
  'labAnalytic',
] as const;
export type TurnaroundMetric = (typeof TURNAROUND_METRICS)[number];

/** Minutes within which an interval meets its standard (Kepmenkes 129/2008 SPM); none for the rest. */
export const TURNAROUND_TARGETS: Readonly<Partial<Record<TurnaroundMetric, number>>> = {
  pharmacyNonRacikan: STANDARD_MINUTES.plain,
  pharmacyRacikan: STANDARD_MINUTES.racikan,
};

/** Why an interval is not counted: an end missing, the end before the start, not on one service day. */
export const EXCLUSION_REASONS = ['missing', 'negative', 'otherDay'] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

export const SLICE_DIMENSIONS = ['doctor', 'payer', 'hour'] as const;
export type SliceDimension = (typeof SLICE_DIMENSIONS)[number];

/** Longest span of one request, in days (both ends counted). */
export const TURNAROUND_MAX_DAYS = 31;

/**
 * The days a request covers: `from` defaults to `to` or the clinic's today, `to` to `from`. Answers the
 * i18n key of the refusal when the end is before the start or the span is over 31 days.
 */
export function turnaroundRange(
  today: string,
  from?: string,
  to?: string,
): { from: string; to: string } | { error: 'turnaround.rangeOrder' | 'turnaround.rangeTooLong' } {
  const start = from ?? to ?? today;
  const end = to ?? start;
  if (end < start) return { error: 'turnaround.rangeOrder' };
  if (daysBetween(start, end) + 1 > TURNAROUND_MAX_DAYS) return { error: 'turnaround.rangeTooLong' };
  return { from: start, to: end };
}

/** The share of n within the standard, in percent with one decimal; null without a standard or data. */
export function withinPercent(within: number | null, n: number): number | null {
  if (within === null || n === 0) return null;
  return Math.round((within / n) * 1000) / 10;
}

/** The `days` days ending today, both ends counted (the screen's quick ranges). */
export const spanEnding = (today: string, days: number) => ({ from: addDays(today, 1 - days), to: today });
