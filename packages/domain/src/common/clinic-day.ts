/**
 * Calendar days in a clinic's time zone (DESIGN 2: "today" and queue days are the clinic's).
 * Days are 'YYYY-MM-DD' strings, free of any time zone.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The clinic-local calendar day of an instant: 23:30 UTC is already tomorrow in Jakarta. */
export function clinicDay(timeZone: string, at: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Spec 3's weekday numbering: 1 = Sunday … 7 = Saturday. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1;
}

/** D_M_Y ('5_3_2026') to 'YYYY-MM-DD'; null when it is not a real date. */
export function dmyToDay(value: string): string | null {
  const m = /^(\d{1,2})_(\d{1,2})_(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' to D_M_Y. */
export function dayToDmy(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d}_${m}_${y}`;
}
