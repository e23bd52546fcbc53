import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  clinics,
  doctorClinics,
  doctorScheduleDays,
  doctorScheduleSlots,
  doctors,
  employees,
  specialists,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** 'HH:MM:SS' from the database → 'HH:mm'. */
const hhmm = (time: string) => time.slice(0, 5);

export interface SlotRow {
  id: number;
  clinicId: number;
  clinicName: string;
  weekday: number;
  start: string;
  end: string;
}

/** The doctor's slots, ordered by start: at one clinic (the schedule) or all (overlap checks). */
export async function doctorSlots(
  db: Executor,
  doctorId: number,
  filter: { clinicId?: number; weekday?: number },
): Promise<SlotRow[]> {
  const rows = await db
    .select({
      id: doctorScheduleSlots.id,
      clinicId: doctorScheduleSlots.clinicId,
      clinicName: clinics.name,
      weekday: doctorScheduleSlots.weekday,
      start: doctorScheduleSlots.startTime,
      end: doctorScheduleSlots.endTime,
    })
    .from(doctorScheduleSlots)
    .innerJoin(clinics, eq(clinics.id, doctorScheduleSlots.clinicId))
    .where(
      and(
        eq(doctorScheduleSlots.doctorId, doctorId),
        filter.clinicId !== undefined ? eq(doctorScheduleSlots.clinicId, filter.clinicId) : undefined,
        filter.weekday !== undefined ? eq(doctorScheduleSlots.weekday, filter.weekday) : undefined,
      ),
    )
    .orderBy(
      asc(doctorScheduleSlots.startTime),
      asc(doctorScheduleSlots.endTime),
      asc(doctorScheduleSlots.id),
    );
  return rows.map((r) => ({ ...r, start: hhmm(r.start), end: hhmm(r.end) }));
}

export function dayLimits(db: Executor, doctorId: number, clinicId: number) {
  return db
    .select({ weekday: doctorScheduleDays.weekday, limit: doctorScheduleDays.patientLimit })
    .from(doctorScheduleDays)
    .where(and(eq(doctorScheduleDays.doctorId, doctorId), eq(doctorScheduleDays.clinicId, clinicId)));
}

/** Serialises schedule edits of one doctor (two screens adding the same slot cannot both win). */
export async function lockDoctor(tx: Executor, doctorId: number) {
  await tx.execute(sql`SELECT id FROM ${doctors} WHERE ${doctors.id} = ${doctorId} FOR UPDATE`);
}

export async function setDayLimit(
  tx: Executor,
  key: { doctorId: number; clinicId: number; weekday: number },
  limit: number,
) {
  await tx
    .insert(doctorScheduleDays)
    .values({ ...key, patientLimit: limit })
    .onConflictDoUpdate({
      target: [doctorScheduleDays.doctorId, doctorScheduleDays.clinicId, doctorScheduleDays.weekday],
      set: { patientLimit: limit, updatedAt: new Date() },
    });
}

export async function insertSlot(
  tx: Executor,
  slot: { doctorId: number; clinicId: number; weekday: number; start: string; end: string },
) {
  await tx.insert(doctorScheduleSlots).values({
    doctorId: slot.doctorId,
    clinicId: slot.clinicId,
    weekday: slot.weekday,
    startTime: slot.start,
    endTime: slot.end,
  });
}

export async function updateSlotTimes(tx: Executor, id: number, start: string, end: string) {
  await tx
    .update(doctorScheduleSlots)
    .set({ startTime: start, endTime: end })
    .where(eq(doctorScheduleSlots.id, id));
}

export async function deleteSlotRow(tx: Executor, id: number) {
  await tx.delete(doctorScheduleSlots).where(eq(doctorScheduleSlots.id, id));
}

/**
 * Every practice period and daily limit of the corporate's enabled doctors at these clinics (the
 * week overview), with the name staff know the doctor by and the specialty.
 */
export async function practiceAt(db: Executor, corpId: number, clinicIds: number[]) {
  if (!clinicIds.length) return { slots: [], limits: [] };
  const practising = and(
    eq(doctors.corpId, corpId),
    eq(doctors.enabled, true),
    eq(employees.active, true),
    isNull(employees.deletedAt),
  );
  const [slots, limits] = await Promise.all([
    db
      .select({
        doctorId: doctorScheduleSlots.doctorId,
        name: employees.name,
        specialistId: doctors.specialistId,
        specialist: specialists.name,
        clinicId: doctorScheduleSlots.clinicId,
        weekday: doctorScheduleSlots.weekday,
        start: doctorScheduleSlots.startTime,
        end: doctorScheduleSlots.endTime,
      })
      .from(doctorScheduleSlots)
      .innerJoin(doctors, eq(doctors.id, doctorScheduleSlots.doctorId))
      .innerJoin(employees, eq(employees.id, doctors.employeeId))
      .innerJoin(
        doctorClinics,
        and(
          eq(doctorClinics.doctorId, doctorScheduleSlots.doctorId),
          eq(doctorClinics.clinicId, doctorScheduleSlots.clinicId),
        ),
      )
      .leftJoin(specialists, eq(specialists.id, doctors.specialistId))
      .where(and(inArray(doctorScheduleSlots.clinicId, clinicIds), practising))
      .orderBy(asc(employees.name), asc(doctorScheduleSlots.startTime)),
    db
      .select({
        doctorId: doctorScheduleDays.doctorId,
        clinicId: doctorScheduleDays.clinicId,
        weekday: doctorScheduleDays.weekday,
        limit: doctorScheduleDays.patientLimit,
      })
      .from(doctorScheduleDays)
      .innerJoin(doctors, eq(doctors.id, doctorScheduleDays.doctorId))
      .where(and(inArray(doctorScheduleDays.clinicId, clinicIds), eq(doctors.corpId, corpId))),
  ]);
  return { slots: slots.map((r) => ({ ...r, start: hhmm(r.start), end: hhmm(r.end) })), limits };
}
