import { addDays } from '../common/clinic-day.ts';

/**
 * Dates a letter may carry (issue 13 item 7): the letter is dated the day it is written, which is
 * the visit day or later; a sick leave starts on the visit day or the day after (an evening visit
 * rests from tomorrow) and lasts at most two weeks — a longer rest needs a new examination.
 */
export const MAX_REST_DAYS = 14;
export const REST_START_LATEST_AFTER_VISIT = 1;

/** The first days of rest a letter from a visit on `visitDay` may name (YYYY-MM-DD, inclusive). */
export function restFromRange(visitDay: string): { min: string; max: string } {
  return { min: visitDay, max: addDays(visitDay, REST_START_LATEST_AFTER_VISIT) };
}

/** The message key of a first day of rest that does not fit the visit, or null when it fits. */
export function restFromProblem(visitDay: string, restFrom: string): string | null {
  const { min, max } = restFromRange(visitDay);
  if (restFrom < min) return 'letters.restFromBeforeVisit';
  if (restFrom > max) return 'letters.restFromTooLate';
  return null;
}

/** The last day of rest (inclusive): never before the first. */
export const restUntil = (restFrom: string, restDays: number) => addDays(restFrom, Math.max(restDays, 1) - 1);
