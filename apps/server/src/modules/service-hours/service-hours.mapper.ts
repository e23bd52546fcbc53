import { formatSlot, WEEKDAYS } from '@klinikita/domain/schedules/schedule.schema';
import type { ScheduleWarningOf } from '@klinikita/domain/services/service-hours.rules';
import {
  type ScheduleCheck,
  SERVICE_DESKS,
  type ServiceDesk,
  type ServiceDeskWeek,
  type ServiceHours,
} from '@klinikita/domain/services/service-hours.schema';
import type { DeskDayRow, DeskSlotRow } from './service-hours.queries.ts';

/** A desk's day as the rows hold it: capacity and periods 'HH:mm - HH:mm' by start. */
export interface DeskDay {
  capacity: number;
  slots: string[];
}

/**
 * The rows of one or more clinics as days by clinic, desk and weekday (`clinic:desk:weekday`);
 * a day never set is absent (closed, no limit).
 */
export function deskDaysByKey(days: DeskDayRow[], slots: DeskSlotRow[]): Map<string, DeskDay> {
  const out = new Map<string, DeskDay>();
  const at = (r: { clinicId: number; serviceType: string; weekday: number }) => {
    const key = `${r.clinicId}:${r.serviceType}:${r.weekday}`;
    let day = out.get(key);
    if (!day) {
      day = { capacity: 0, slots: [] };
      out.set(key, day);
    }
    return day;
  };
  for (const d of days) at(d).capacity = d.capacity;
  for (const s of slots) at(s).slots.push(formatSlot(s.start, s.end));
  return out;
}

/** One desk's seven weekdays at a clinic, Sunday first. */
export function toDeskWeek(
  clinicId: number,
  serviceType: ServiceDesk,
  days: Map<string, DeskDay>,
): ServiceDeskWeek {
  return {
    serviceType,
    days: WEEKDAYS.map((weekday) => {
      const day = days.get(`${clinicId}:${serviceType}:${weekday}`);
      return { weekday, capacity: day?.capacity ?? 0, slots: day?.slots ?? [] };
    }),
  };
}

/** Every desk × weekday of a clinic. */
export function toServiceHours(clinicId: number, days: DeskDayRow[], slots: DeskSlotRow[]): ServiceHours {
  const byKey = deskDaysByKey(days, slots);
  return { clinicId, desks: SERVICE_DESKS.map((desk) => toDeskWeek(clinicId, desk, byKey)) };
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The warnings worded in the caller's language (a desk by its name), beside their codes and params. */
export function toScheduleCheck(
  check: { day: string; time: string; warnings: ScheduleWarningOf[] },
  t: Translate,
): ScheduleCheck {
  return {
    ...check,
    warnings: check.warnings.map((w) => {
      const desk = w.params.desk;
      const params = desk === undefined ? w.params : { ...w.params, desk: t(`serviceHours.desks.${desk}`) };
      return { ...w, message: t(`serviceHours.warnings.${w.code}`, params) };
    }),
  };
}
