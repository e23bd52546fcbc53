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
