import { clinicDay, weekdayOf } from '@klinikita/domain/common/clinic-day';
import type { ScheduleCell, ScheduleWeek } from '@klinikita/domain/services/schedule-overview.schema';
import { weekDays, weekStart } from '@klinikita/domain/services/service-hours.rules';
import { SERVICE_DESKS } from '@klinikita/domain/services/service-hours.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { practiceAtClinics } from '../schedules/schedules.service.ts';
import { deskDaysByKey } from './service-hours.mapper.ts';
import { bookingsBetween, deskHours } from './service-hours.queries.ts';

export interface ScheduleWeekQuery {
  start?: string;
  clinicId?: number;
  specialistId?: number;
}

/**
 * `GET /schedule/week`: one week (from `start`, else this week's Monday) across the caller's
 * clinics of the corporate, or the one asked for (in scope, 403 otherwise): every doctor's
 * practice (from the doctor schedules) and every desk's hours per day, with the visits booked
 * that day (not cancelled) against the day's limit. A specialty filter shows its doctors only.
 */
export async function scheduleWeek(
  db: Db,
  session: AuthSession,
  q: ScheduleWeekQuery,
  now: Date = new Date(),
): Promise<ScheduleWeek> {
  const scope =
    q.clinicId !== undefined
      ? [clinicOf(session, q.clinicId)]
      : session.clinics.filter((c) => c.corpId === session.corpId);
  const clinicIds = scope.map((c) => c.id);
  const start = q.start ?? weekStart(clinicDay(scope[0]?.timeZone ?? 'Asia/Jakarta', now));
  const days = weekDays(start);
  const [practice, hours, bookings] = await Promise.all([
    practiceAtClinics(db, session, clinicIds),
    deskHours(db, clinicIds),
    bookingsBetween(db, clinicIds, days[0], days[6]),
  ]);

  const booked = new Map<string, number>();
  for (const b of bookings) {
    const who = b.orderType === 'doctor' ? `doctor:${b.doctorId}` : `desk:${b.serviceType}`;
    const key = `${b.clinicId}:${b.day}:${who}`;
    booked.set(key, (booked.get(key) ?? 0) + b.booked);
  }
  const cell = (clinicId: number, day: string, who: string, hoursOf: { slots: string[]; limit: number }) =>
    ({
      day,
      slots: hoursOf.slots,
      limit: hoursOf.limit,
      booked: booked.get(`${clinicId}:${day}:${who}`) ?? 0,
    }) satisfies ScheduleCell;

  const specialists = new Map<number, string>();
  for (const p of practice) if (p.specialistId !== null) specialists.set(p.specialistId, p.specialist ?? '');
  const doctors = q.specialistId ? practice.filter((p) => p.specialistId === q.specialistId) : practice;
  const deskDays = deskDaysByKey(hours.days, hours.slots);

  return {
    start,
    days,
    specialists: [...specialists]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'id')),
    clinics: scope.map((clinic) => {
      const deskCells = SERVICE_DESKS.map((serviceType) => ({
        serviceType,
        cells: days.map((day) => {
          const d = deskDays.get(`${clinic.id}:${serviceType}:${weekdayOf(day)}`);
          return cell(clinic.id, day, `desk:${serviceType}`, {
            slots: d?.slots ?? [],
            limit: d?.capacity ?? 0,
          });
        }),
      }));
      return {
        clinicId: clinic.id,
        name: clinic.name,
        today: clinicDay(clinic.timeZone, now),
        doctors: doctors
          .filter((p) => p.clinicId === clinic.id)
          .map((p) => ({
            doctorId: p.doctorId,
            name: p.name,
            specialist: p.specialist,
            cells: days.map((day) =>
              cell(clinic.id, day, `doctor:${p.doctorId}`, p.week[weekdayOf(day)] ?? { slots: [], limit: 0 }),
            ),
          })),
        // desks are no specialty's: a specialty filter leaves them out; a desk shows when it opens
        // that week or has visits booked
        desks: q.specialistId
          ? []
          : deskCells.filter((d) => d.cells.some((c) => c.slots.length > 0 || c.booked > 0)),
      };
    }),
  };
}
