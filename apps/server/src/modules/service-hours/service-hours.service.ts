import { clinicDay, weekdayOf } from '@klinikita/domain/common/clinic-day';
import { parseSlot } from '@klinikita/domain/schedules/schedule.schema';
import {
  type CheckTarget,
  clinicTime,
  firstOverlap,
  type ScheduleWarningOf,
  scheduleWarnings,
  sortSlots,
} from '@klinikita/domain/services/service-hours.rules';
import type {
  ServiceDayCopyInput,
  ServiceDaySaveInput,
  ServiceDesk,
  ServiceDeskWeek,
  ServiceHours,
} from '@klinikita/domain/services/service-hours.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { scopedDoctor } from '../doctors/doctors.service.ts';
import { doctorSchedule } from '../schedules/schedules.service.ts';
import { deskDaysByKey, toDeskWeek, toServiceHours } from './service-hours.mapper.ts';
import { bookedOn, type DeskDayKey, deskDay, deskHours, replaceDeskDay } from './service-hours.queries.ts';

/** A desk's weekday, as the path names it. */
export interface DeskDayRef {
  serviceType: ServiceDesk;
  weekday: number;
}

/** `GET /service-hours`: every desk × weekday of a clinic in the caller's scope. */
export async function readServiceHours(
  db: Db,
  session: AuthSession,
  clinicId: number,
): Promise<ServiceHours> {
  const clinic = clinicOf(session, clinicId);
  const { days, slots } = await deskHours(db, [clinic.id]);
  return toServiceHours(clinic.id, days, slots);
}

async function deskWeek(db: Executor, clinicId: number, serviceType: ServiceDesk) {
  const { days, slots } = await deskHours(db, [clinicId], serviceType);
  return toDeskWeek(clinicId, serviceType, deskDaysByKey(days, slots));
}

async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  key: DeskDayKey,
  detail: unknown,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: key.clinicId,
    action,
    entity: 'service_hours',
    entityId: `${key.serviceType}:${key.weekday}`,
    ip,
    detail,
  });
}

const slotsOf = (day: { slots: { start: string; end: string }[] }) =>
  day.slots.map((s) => `${s.start} - ${s.end}`);

/**
 * `PUT /service-hours/{serviceType}/{weekday}`: the day as a whole. Two periods that overlap are
 * refused (409) naming both, as the doctor schedule does; no period means closed that day.
 */
export async function saveDay(
  db: Db,
  session: AuthSession,
  ref: DeskDayRef,
  input: ServiceDaySaveInput,
  ip: string,
): Promise<ServiceDeskWeek> {
  const clinic = clinicOf(session, input.clinicId);
  const clash = firstOverlap(input.slots);
  if (clash)
    throw new AppError(409, 'serviceHours.slotOverlap', { slot: clash.slot, other: clash.other }, [
      { path: `slots.${clash.index}`, key: 'serviceHours.slotOverlapField' },
    ]);
  const key = { clinicId: clinic.id, serviceType: ref.serviceType, weekday: ref.weekday };
  const slots = sortSlots(input.slots);
  return db.transaction(async (tx) => {
    const before = await deskDay(tx, key);
    await replaceDeskDay(tx, key, { capacity: input.capacity, slots: slots.map(parseSlot) }, session.userId);
    await audit(tx, session, ip, 'serviceHours.save', key, {
      from: { capacity: before.capacity, slots: slotsOf(before) },
      to: { capacity: input.capacity, slots },
    });
    return deskWeek(tx, clinic.id, ref.serviceType);
  });
}

/** `POST /service-hours/{serviceType}/{weekday}/copy`: the saved day (capacity and periods) onto other weekdays. */
export async function copyDay(
  db: Db,
  session: AuthSession,
  ref: DeskDayRef,
  input: ServiceDayCopyInput,
  ip: string,
): Promise<ServiceDeskWeek> {
  const clinic = clinicOf(session, input.clinicId);
  const targets = [...new Set(input.toWeekdays)].filter((d) => d !== ref.weekday).sort();
  if (!targets.length)
    throw new AppError(400, 'serviceHours.copyNone', {}, [
      { path: 'toWeekdays', key: 'serviceHours.copyNone' },
    ]);
  const key = { clinicId: clinic.id, serviceType: ref.serviceType, weekday: ref.weekday };
  return db.transaction(async (tx) => {
    const source = await deskDay(tx, key);
    for (const weekday of targets) await replaceDeskDay(tx, { ...key, weekday }, source, session.userId);
    await audit(tx, session, ip, 'serviceHours.copy', key, {
      toWeekdays: targets,
      capacity: source.capacity,
      slots: slotsOf(source),
    });
    return deskWeek(tx, clinic.id, ref.serviceType);
  });
}

export interface CheckQuery {
  clinicId: number;
  doctorId?: number;
  serviceType?: ServiceDesk;
  at?: string;
}

/**
 * `GET /service-hours/check`: what the front office should know before registering a visit to
 * a doctor or a desk at a moment (now by default) in the clinic's time zone; the clinic and the
 * doctor in the caller's scope.
 */
export async function checkVisit(
  db: Db,
  session: AuthSession,
  q: CheckQuery,
  now: Date = new Date(),
): Promise<{ day: string; time: string; warnings: ScheduleWarningOf[] }> {
  const clinic = clinicOf(session, q.clinicId);
  const at = q.at ? new Date(q.at) : now;
  const day = clinicDay(clinic.timeZone, at);
  const weekday = weekdayOf(day);
  const time = clinicTime(clinic.timeZone, at);
  let target: CheckTarget;
  let hours: { slots: string[]; limit: number };
  if (q.doctorId !== undefined) {
    const { row } = await scopedDoctor(db, session, q.doctorId);
    const week = await doctorSchedule(db, session, q.doctorId, clinic.id);
    const today = week[String(weekday)];
    target = { kind: 'doctor', name: row.name };
    hours = { slots: sortSlots(today?.booking ?? []), limit: today?.limit ?? 0 };
  } else {
    const serviceType = q.serviceType ?? 'LAB';
    const desk = await deskDay(db, { clinicId: clinic.id, serviceType, weekday });
    target = { kind: 'desk', serviceType };
    hours = { slots: slotsOf(desk), limit: desk.capacity };
  }
  const booked = await bookedOn(db, {
    clinicId: clinic.id,
    day,
    ...(target.kind === 'doctor' ? { doctorId: q.doctorId } : { serviceType: target.serviceType }),
  });
  return { day, time, warnings: scheduleWarnings({ target, ...hours, booked, time }) };
}
