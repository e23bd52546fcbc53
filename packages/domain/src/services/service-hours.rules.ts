import { addDays, weekdayOf } from '../common/clinic-day.ts';
import { parseSlot, slotsOverlap } from '../schedules/schedule.schema.ts';
import type { ScheduleWarningCode, ServiceDesk } from './service-hours.schema.ts';

/** Periods 'HH:mm - HH:mm' by start, then end. */
export const sortSlots = (slots: readonly string[]): string[] => [...slots].sort();

/**
 * The first period that overlaps an earlier one of the same day (touching ends do not overlap),
 * with its position in `slots` and the period it clashes with; null when none does.
 */
export function firstOverlap(
  slots: readonly string[],
): { index: number; slot: string; other: string } | null {
  for (let i = 1; i < slots.length; i++) {
    for (let j = 0; j < i; j++) {
      if (slotsOverlap(slots[i], slots[j])) return { index: i, slot: slots[i], other: slots[j] };
    }
  }
  return null;
}

/** Whether 'HH:mm' falls inside one of the periods: from its start, before its end. */
export const insideSlots = (slots: readonly string[], time: string): boolean =>
  slots.some((slot) => {
    const { start, end } = parseSlot(slot);
    return start <= time && time < end;
  });

/** A day's limit (0: none) is reached once as many visits are booked. */
export const quotaReached = (limit: number, booked: number): boolean => limit > 0 && booked >= limit;

/** '08:00 - 12:00', '16:00 - 20:00' → '08:00–12:00, 16:00–20:00' (how staff read hours). */
export const formatHours = (slots: readonly string[]): string =>
  slots.map((slot) => slot.replace(' - ', '–')).join(', ');

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The clinic-local time 'HH:mm' of an instant (23:30 in Jakarta is 16:30 UTC). */
export function clinicTime(timeZone: string, at: Date = new Date()): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The Monday of the week a day 'YYYY-MM-DD' falls in (weeks run Monday to Sunday). */
export function weekStart(day: string): string {
  // weekday 1 = Sunday … 7 = Saturday: Monday is 2, Sunday goes back six days
  const weekday = weekdayOf(day);
  return addDays(day, weekday === 1 ? -6 : 2 - weekday);
}

/** The seven days from `start`. */
export const weekDays = (start: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(start, i));

/** Who the visit goes to: a doctor (by the name staff know) or a service desk. */
export type CheckTarget = { kind: 'doctor'; name: string } | { kind: 'desk'; serviceType: ServiceDesk };

export interface ScheduleWarningOf {
  code: ScheduleWarningCode;
  params: Record<string, string | number>;
}

/**
 * What the front office is warned of before registering at `time` on a day: the doctor does
 * not practise that day or not at that time, the desk is closed or not open then, the day's
 * limit is reached. Warnings only: the clerk may register anyway.
 */
export function scheduleWarnings(o: {
  target: CheckTarget;
  /** The day's periods at the clinic, sorted. */
  slots: readonly string[];
  /** The day's limit (0: none). */
  limit: number;
  booked: number;
  time: string;
}): ScheduleWarningOf[] {
  const warnings: ScheduleWarningOf[] = [];
  const who: Record<string, string> =
    o.target.kind === 'doctor' ? { name: o.target.name } : { desk: o.target.serviceType };
  const doctor = o.target.kind === 'doctor';
  if (!o.slots.length) {
    warnings.push({ code: doctor ? 'doctorNotPractising' : 'deskClosed', params: who });
  } else if (!insideSlots(o.slots, o.time)) {
    warnings.push({
      code: doctor ? 'doctorOutsideHours' : 'deskOutsideHours',
      params: { ...who, hours: formatHours(o.slots), time: o.time },
    });
  }
  if (quotaReached(o.limit, o.booked))
    warnings.push({ code: 'quotaReached', params: { limit: o.limit, booked: o.booked } });
  return warnings;
}
