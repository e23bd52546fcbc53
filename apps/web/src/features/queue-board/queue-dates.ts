/** Calendar days of the clinic as 'YYYY-MM-DD' (the value of a date input), whatever the browser's zone. */

/** The clinic's today. */
export function clinicToday(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** '2026-03-05' → '5_3_2026' (spec 7's D_M_Y). */
export function dayToDMY(day: string): string {
  const [y, m, d] = parts(day);
  return `${d}_${m}_${y}`;
}

/** The day after: the exclusive end of a one-day query. */
export function nextDay(day: string): string {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The query's startDate and endDate for one day (end exclusive, spec 9: end date plus one day). */
export const oneDayRange = (day: string) => ({ startDate: dayToDMY(day), endDate: dayToDMY(nextDay(day)) });

/** 'HH:mm' of an instant in the clinic's zone. */
export function clinicTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
