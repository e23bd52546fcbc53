import { LIST_MAX_DAYS, toDMY } from '@klinikita/domain/common/dates';
import { ageLabel, queueNumberPart } from '@klinikita/domain/patients/patient.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';

/** Which days the lists cover: the clinic's today, every day, or a range of YYYY-MM-DD days. */
export type DateScope = { kind: 'today' } | { kind: 'all' } | { kind: 'range'; from: string; to: string };

/** Today's date in a time zone, as a local midnight Date (for day arithmetic). */
export function clinicToday(timeZone: string, now = new Date()): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  return new Date(y, m - 1, d);
}

export const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** 'YYYY-MM-DD' (a date input's value, a registration's queueDate) → local Date; null when malformed. */
export function fromIsoDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date.getDate() === Number(m[3]) ? date : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const toIsoDay = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * startDate/endDate of the list query (D_M_Y, end exclusive: one day later). Today sends no dates
 * (the server reads them as the clinic's today); All date is the last LIST_MAX_DAYS days up to
 * today, the most one list request carrying NIK and phone may cover.
 */
export function dateQuery(scope: DateScope, timeZone: string, now = new Date()) {
  if (scope.kind === 'today') return {};
  if (scope.kind === 'all') {
    const today = clinicToday(timeZone, now);
    return { startDate: toDMY(addDays(today, 1 - LIST_MAX_DAYS)), endDate: toDMY(addDays(today, 1)) };
  }
  const from = fromIsoDay(scope.from);
  const to = fromIsoDay(scope.to);
  if (!from || !to) return {};
  return { startDate: toDMY(from), endDate: toDMY(addDays(to, 1)) };
}

const queueValue = (r: Registration) => Number(queueNumberPart(r.queueNumber)) || 0;

/**
 * Spec 4: both lists by queue number, descending. Over several days the later day comes first,
 * since every day's numbers start again at 1.
 */
export function byQueueNumberDesc(a: Registration, b: Registration): number {
  if (a.queueDate !== b.queueDate) return a.queueDate < b.queueDate ? 1 : -1;
  const diff = queueValue(b) - queueValue(a);
  return diff !== 0 ? diff : b.queueNumber.localeCompare(a.queueNumber);
}

/**
 * Who "Panggil berikutnya" calls: the lowest queue number still waiting (Waiting or Queueing),
 * taken in arrival order so that the general (A) and BPJS (B) numbers of one doctor interleave
 * fairly; the skipped come back only when no one else waits.
 */
export function nextToCall(rows: readonly Registration[]): Registration | null {
  const waiting = rows.filter((r) => r.status === 'Waiting' || r.status === 'Queueing');
  const pool = waiting.length ? waiting : rows.filter((r) => r.status === 'Skip');
  const first = (a: Registration, b: Registration) =>
    a.arrivedAt.localeCompare(b.arrivedAt) || byQueueNumberDesc(b, a);
  return [...pool].sort(first)[0] ?? null;
}

/** The patient's title: the one recorded, else spec 9's rule by age and sex. */
function titleOf(p: Registration['patient']): string | null {
  if (p.title) return p.title;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(p.dob);
  return m ? ageLabel(new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1])), p.sex) : null;
}

/** 'Tn. Budi Hartono': the name with its title. */
export function patientLabel(r: Pick<Registration, 'patient'>): string {
  const title = titleOf(r.patient);
  return title ? `${title}. ${r.patient.name}` : r.patient.name;
}
