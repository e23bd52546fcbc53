import {
  type addSlotSchema,
  type DoctorSchedule,
  type deleteSlotSchema,
  formatSlot,
  parseSlot,
  type scheduleLimitSchema,
  slotsOverlap,
  type updateSlotSchema,
  WEEKDAYS,
} from '@klinikita/domain/schedules/schedule.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope, can } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import type { Tx } from '../../shared/sql.ts';
import { scopedDoctor } from '../doctors/doctors.service.ts';
import {
  dayLimits,
  deleteSlotRow,
  doctorSlots,
  insertSlot,
  lockDoctor,
  practiceAt,
  type SlotRow,
  setDayLimit,
  updateSlotTimes,
} from './schedules.queries.ts';

type LimitInput = z.infer<typeof scheduleLimitSchema>;
type AddInput = z.infer<typeof addSlotSchema>;
type UpdateInput = z.infer<typeof updateSlotSchema>;
type DeleteInput = z.infer<typeof deleteSlotSchema>;

/**
 * The clinic a schedule call is about: the one asked for (in the caller's scope, 403), else the
 * caller's own clinic when the doctor practises there, else the doctor's first clinic in scope.
 */
async function scheduleClinic(db: Db, session: AuthSession, doctorId: number, clinicId?: number) {
  const { clinicList } = await scopedDoctor(db, session, doctorId);
  const practises = clinicList.map((c) => c.id);
  if (clinicId !== undefined) {
    assertClinicInScope(session, clinicId);
    return { clinicId, practises: practises.includes(clinicId) };
  }
  const chosen =
    session.clinicId !== null && practises.includes(session.clinicId)
      ? session.clinicId
      : practises.find((id) => session.clinicIds.includes(id));
  return chosen === undefined ? null : { clinicId: chosen, practises: true };
}

/** Own schedule for a doctor; anyone's in scope for /MasterDokter and /Schedule holders. */
function assertCanManage(session: AuthSession, doctorId: number) {
  if (doctorId === session.doctorId) return;
  if (can(session, 'schedule.manage')) return;
  throw forbidden('staffApi.notOwnSchedule');
}

/** The clinic of a write: in scope and one where the doctor practises. */
async function writableClinic(db: Db, session: AuthSession, doctorId: number, clinicId?: number) {
  assertCanManage(session, doctorId);
  const found = await scheduleClinic(db, session, doctorId, clinicId);
  if (!found) throw new AppError(400, 'staffApi.doctorNoClinic');
  if (!found.practises) throw new AppError(400, 'staffApi.doctorNotAtClinic');
  return found.clinicId;
}

const bookingOf = (slots: SlotRow[]) => slots.map((s) => formatSlot(s.start, s.end));

/** `GET /reservation/doctor-schedule/{doctorId}`: all seven weekdays, slots sorted by start. */
export async function doctorSchedule(
  db: Db,
  session: AuthSession,
  doctorId: number,
  clinicId?: number,
): Promise<DoctorSchedule> {
  const found = await scheduleClinic(db, session, doctorId, clinicId);
  const schedule: DoctorSchedule = Object.fromEntries(
    WEEKDAYS.map((d) => [String(d), { booking: [], limit: 0 }]),
  );
  if (!found?.practises) return schedule;
  const [slots, limits] = await Promise.all([
    doctorSlots(db, doctorId, { clinicId: found.clinicId }),
    dayLimits(db, doctorId, found.clinicId),
  ]);
  for (const slot of slots) schedule[String(slot.weekday)]?.booking.push(formatSlot(slot.start, slot.end));
  for (const day of limits)
    if (schedule[String(day.weekday)]) schedule[String(day.weekday)].limit = day.limit;
  return schedule;
}

/** A slot may not overlap another of the doctor's slots that weekday, at any clinic (409). */
function assertNoOverlap(daySlots: SlotRow[], slot: string, exceptId?: number) {
  const other = daySlots.find((s) => s.id !== exceptId && slotsOverlap(slot, formatSlot(s.start, s.end)));
  if (other)
    throw new AppError(409, 'staffApi.slotOverlap', {
      slot,
      other: formatSlot(other.start, other.end),
      clinic: other.clinicName,
    });
}

/** The slot the client saw at `indexToChange`; anything else means someone changed the day (409). */
function slotAt(daySlots: SlotRow[], clinicId: number, index: number, bookingTime: string) {
  const slot = daySlots.filter((s) => s.clinicId === clinicId)[index];
  if (!slot || formatSlot(slot.start, slot.end) !== bookingTime)
    throw new AppError(409, 'staffApi.slotStale');
  return slot;
}

async function audit(
  tx: Tx,
  session: AuthSession,
  ip: string,
  action: string,
  doctorId: number,
  clinicId: number,
  detail: unknown,
) {
  await writeAudit(tx, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId,
    action,
    entity: 'doctor_schedule',
    entityId: String(doctorId),
    ip,
    detail,
  });
}

/** Runs a schedule change with the doctor's schedule locked; answers the day's booking list at that clinic. */
async function changeDay(
  db: Db,
  doctorId: number,
  clinicId: number,
  weekday: number,
  change: (tx: Tx, daySlots: SlotRow[]) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    await lockDoctor(tx, doctorId);
    await change(tx, await doctorSlots(tx, doctorId, { weekday }));
    return bookingOf(await doctorSlots(tx, doctorId, { clinicId, weekday }));
  });
}

export async function setLimit(
  db: Db,
  session: AuthSession,
  doctorId: number,
  input: LimitInput,
  ip: string,
) {
  const clinicId = await writableClinic(db, session, doctorId, input.clinicId);
  await db.transaction(async (tx) => {
    await setDayLimit(tx, { doctorId, clinicId, weekday: input.dayToChange }, input.limit);
    await audit(tx, session, ip, 'schedule.limit', doctorId, clinicId, {
      weekday: input.dayToChange,
      limit: input.limit,
    });
  });
  return { weekday: input.dayToChange };
}

export async function addSlot(db: Db, session: AuthSession, input: AddInput, ip: string) {
  const doctorId = input.dokterIdWeb;
  const clinicId = await writableClinic(db, session, doctorId, input.clinicIdWeb);
  return changeDay(db, doctorId, clinicId, input.bookingDay, async (tx, daySlots) => {
    assertNoOverlap(daySlots, input.newBookingTime);
    const { start, end } = parseSlot(input.newBookingTime);
    await insertSlot(tx, { doctorId, clinicId, weekday: input.bookingDay, start, end });
    await audit(tx, session, ip, 'schedule.slot.add', doctorId, clinicId, {
      weekday: input.bookingDay,
      slot: input.newBookingTime,
    });
  });
}

export async function updateSlot(db: Db, session: AuthSession, input: UpdateInput, ip: string) {
  const doctorId = input.dokterIdWeb;
  const clinicId = await writableClinic(db, session, doctorId, input.clinicIDWeb);
  return changeDay(db, doctorId, clinicId, input.bookingDay, async (tx, daySlots) => {
    const slot = slotAt(daySlots, clinicId, input.indexToChange, input.bookingTime);
    assertNoOverlap(daySlots, input.newBookingTime, slot.id);
    const { start, end } = parseSlot(input.newBookingTime);
    await updateSlotTimes(tx, slot.id, start, end);
    await audit(tx, session, ip, 'schedule.slot.update', doctorId, clinicId, {
      weekday: input.bookingDay,
      from: input.bookingTime,
      to: input.newBookingTime,
    });
  });
}

export async function deleteSlot(db: Db, session: AuthSession, input: DeleteInput, ip: string) {
  const doctorId = input.dokterIdWeb;
  const clinicId = await writableClinic(db, session, doctorId, input.clinicIDWeb);
  return changeDay(db, doctorId, clinicId, input.bookingDay, async (tx, daySlots) => {
    const slot = slotAt(daySlots, clinicId, input.indexToChange, input.bookingTime);
    await deleteSlotRow(tx, slot.id);
    await audit(tx, session, ip, 'schedule.slot.delete', doctorId, clinicId, {
      weekday: input.bookingDay,
      slot: input.bookingTime,
    });
  });
}

/** A doctor's practice at one clinic: periods and limit by weekday (1 = Sunday). */
export interface ClinicPractice {
  doctorId: number;
  name: string;
  specialistId: number | null;
  specialist: string | null;
  clinicId: number;
  week: Record<number, { slots: string[]; limit: number }>;
}

/**
 * Every doctor practising at these clinics (each in the caller's scope, 403 otherwise) with the
 * week there: the week overview of who practises where and when.
 */
export async function practiceAtClinics(
  db: Db,
  session: AuthSession,
  clinicIds: number[],
): Promise<ClinicPractice[]> {
  for (const clinicId of clinicIds) assertClinicInScope(session, clinicId);
  const { slots, limits } = await practiceAt(db, session.corpId, clinicIds);
  const byKey = new Map<string, ClinicPractice>();
  for (const s of slots) {
    const key = `${s.doctorId}:${s.clinicId}`;
    let practice = byKey.get(key);
    if (!practice) {
      practice = {
        doctorId: s.doctorId,
        name: s.name,
        specialistId: s.specialistId,
        specialist: s.specialist,
        clinicId: s.clinicId,
        week: Object.fromEntries(WEEKDAYS.map((d) => [d, { slots: [], limit: 0 }])),
      };
      byKey.set(key, practice);
    }
    practice.week[s.weekday]?.slots.push(formatSlot(s.start, s.end));
  }
  for (const l of limits) {
    const day = byKey.get(`${l.doctorId}:${l.clinicId}`)?.week[l.weekday];
    if (day) day.limit = l.limit;
  }
  return [...byKey.values()];
}
