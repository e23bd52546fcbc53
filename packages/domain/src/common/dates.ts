/**
 * The one home of date converters, each named by the format it produces or reads. A "day" is an
 * ISO calendar day 'YYYY-MM-DD' (the database's `date`), free of any time zone; clinic-local days
 * come from `clinic-day.ts`.
 */

import { z } from './zod-config.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** D_M_Y as the list queries send it (spec 7, 9): 5 March 2026 (local) → '5_3_2026'. */
export function toDMY(date: Date): string {
  return `${date.getDate()}_${date.getMonth() + 1}_${date.getFullYear()}`;
}

/** D_M_Y ('5_3_2026') to the day 'YYYY-MM-DD'; null when it is not a real date of 1900–2100. */
export function dmyToDay(value: string): string | null {
  return parseDay('dmy', value);
}

/** The day 'YYYY-MM-DD' to D_M_Y. */
export function dayToDmy(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d}_${m}_${y}`;
}

/** The day 'YYYY-MM-DD' (or a timestamp starting with it) → 'DD/MM/YYYY' (spec 5: dates of birth); null stays null. */
export function toDDMMYYYY(day: string | null): string | null {
  if (!day) return null;
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** 'DD/MM/YYYY' → the day 'YYYY-MM-DD'; '' clears the date (null), undefined leaves it (undefined). */
export function fromDDMMYYYY(text: string): string | null;
export function fromDDMMYYYY(text: string | undefined): string | null | undefined;
export function fromDDMMYYYY(text: string | undefined): string | null | undefined {
  if (text === undefined) return undefined;
  if (text === '') return null;
  const [d, m, y] = text.split('/');
  return `${y}-${m}-${d}`;
}

/** MMDDYYYY as the upload call sends it (spec 7): 5 March 2026 (local) → '03052026'. */
export function toMMDDYYYY(date: Date): string {
  return `${pad(date.getMonth() + 1)}${pad(date.getDate())}${date.getFullYear()}`;
}

/**
 * The years a date may fall in, wherever a date is read (query days, birth dates, letters'
 * days, upload days): a wider year is a typing slip or a probe, and would overflow the
 * database's arithmetic (9999-12-31 plus one day).
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** Longest span (days) one list request carrying NIK and phone may cover. */
export const LIST_MAX_DAYS = 31;

export const DMY_PATTERN = /^\d{1,2}_\d{1,2}_\d{4}$/;
export const DDMMYYYY_PATTERN = /^\d{2}\/\d{2}\/\d{4}$/;
export const ISO_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MMDDYYYY_PATTERN = /^\d{8}$/;

/** The day 'YYYY-MM-DD' of a year, month and day; null when that day does not exist. */
function realDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

const inYears = (day: string) => {
  const year = Number(day.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** Year, month and day of a text in each format (the pattern already matched). */
const PARTS = {
  dmy: (t: string) => t.split('_').map(Number).reverse(),
  ddmmyyyy: (t: string) => t.split('/').map(Number).reverse(),
  iso: (t: string) => t.split('-').map(Number),
  mmddyyyy: (t: string) => [Number(t.slice(4)), Number(t.slice(0, 2)), Number(t.slice(2, 4))],
} as const;
const PATTERNS = {
  dmy: DMY_PATTERN,
  ddmmyyyy: DDMMYYYY_PATTERN,
  iso: ISO_DAY_PATTERN,
  mmddyyyy: MMDDYYYY_PATTERN,
} as const;
export type DateFormat = keyof typeof PATTERNS;

/** A text in one of the formats to the day 'YYYY-MM-DD'; null when it is not a real date of 1900–2100. */
export function parseDay(format: DateFormat, text: string): string | null {
  const t = text.trim();
  if (!PATTERNS[format].test(t)) return null;
  const [y, m, d] = PARTS[format](t);
  const day = realDay(y, m, d);
  return day && inYears(day) ? day : null;
}

/**
 * The one date schema of every input: the format (message `formatKey`), a real calendar day, a
 * year within 1900–2100 (`validation.dateYears`). It answers the text as sent, trimmed.
 */
export function dateSchema(format: DateFormat, formatKey = 'validation.dateFormat') {
  const real = (t: string) => {
    const [y, m, d] = PARTS[format](t);
    return realDay(y, m, d);
  };
  // no abort: a union around it (an optional '' or a date) still answers this message
  return z
    .string()
    .trim()
    .regex(PATTERNS[format], formatKey)
    .refine((t) => !PATTERNS[format].test(t) || real(t) !== null, formatKey)
    .refine((t) => {
      const day = PATTERNS[format].test(t) ? real(t) : null;
      return day === null || inYears(day);
    }, 'validation.dateYears');
}

/** Days from one day 'YYYY-MM-DD' to another (negative when the second is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
