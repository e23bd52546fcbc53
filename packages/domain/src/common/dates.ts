/**
 * The one home of date converters, each named by the format it produces or reads. A "day" is an
 * ISO calendar day 'YYYY-MM-DD' (the database's `date`), free of any time zone; clinic-local days
 * come from `clinic-day.ts`.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** D_M_Y as the list queries send it (spec 7, 9): 5 March 2026 (local) → '5_3_2026'. */
export function toDMY(date: Date): string {
  return `${date.getDate()}_${date.getMonth() + 1}_${date.getFullYear()}`;
}

/** D_M_Y ('5_3_2026') to the day 'YYYY-MM-DD'; null when it is not a real date. */
export function dmyToDay(value: string): string | null {
  const m = /^(\d{1,2})_(\d{1,2})_(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
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
