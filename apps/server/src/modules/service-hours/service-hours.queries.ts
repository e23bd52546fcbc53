import type { ServiceType } from '@klinikita/domain/registrations/registration.rules';
import { and, asc, between, eq, inArray, ne, sql } from 'drizzle-orm';
import { registrations, serviceScheduleDays, serviceScheduleSlots } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** A desk's weekday at a clinic. */
export interface DeskDayKey {
  clinicId: number;
  serviceType: string;
  weekday: number;
}

export interface DeskDayRow extends DeskDayKey {
  capacity: number;
}

export interface DeskSlotRow extends DeskDayKey {
  start: string;
  end: string;
}

/** 'HH:MM:SS' from the database → 'HH:mm'. */
const hhmm = (time: string) => time.slice(0, 5);

/** Capacities and periods of every desk at these clinics (optionally one desk), periods by start. */
export async function deskHours(
  db: Executor,
  clinicIds: number[],
  serviceType?: string,
): Promise<{ days: DeskDayRow[]; slots: DeskSlotRow[] }> {
  if (!clinicIds.length) return { days: [], slots: [] };
  const [days, slots] = await Promise.all([
    db
      .select({
        clinicId: serviceScheduleDays.clinicId,
        serviceType: serviceScheduleDays.serviceType,
        weekday: serviceScheduleDays.weekday,
        capacity: serviceScheduleDays.capacity,
      })
      .from(serviceScheduleDays)
      .where(
        and(
          inArray(serviceScheduleDays.clinicId, clinicIds),
          serviceType ? eq(serviceScheduleDays.serviceType, serviceType) : undefined,
        ),
      ),
    db
      .select({
        clinicId: serviceScheduleSlots.clinicId,
        serviceType: serviceScheduleSlots.serviceType,
        weekday: serviceScheduleSlots.weekday,
        start: serviceScheduleSlots.startTime,
        end: serviceScheduleSlots.endTime,
      })
      .from(serviceScheduleSlots)
      .where(
        and(
          inArray(serviceScheduleSlots.clinicId, clinicIds),
          serviceType ? eq(serviceScheduleSlots.serviceType, serviceType) : undefined,
        ),
      )
      .orderBy(asc(serviceScheduleSlots.startTime), asc(serviceScheduleSlots.endTime)),
  ]);
  return { days, slots: slots.map((s) => ({ ...s, start: hhmm(s.start), end: hhmm(s.end) })) };
}

/** One desk's day: its capacity (0 when never set) and periods by start. */
export async function deskDay(db: Executor, key: DeskDayKey) {
  const [day] = await db
    .select({ capacity: serviceScheduleDays.capacity })
    .from(serviceScheduleDays)
    .where(dayIs(key));
  const slots = await db
    .select({ start: serviceScheduleSlots.startTime, end: serviceScheduleSlots.endTime })
    .from(serviceScheduleSlots)
    .where(slotDayIs(key))
    .orderBy(asc(serviceScheduleSlots.startTime));
  return {
    capacity: day?.capacity ?? 0,
    slots: slots.map((s) => ({ start: hhmm(s.start), end: hhmm(s.end) })),
  };
}

const dayIs = (key: DeskDayKey) =>
  and(
    eq(serviceScheduleDays.clinicId, key.clinicId),
    eq(serviceScheduleDays.serviceType, key.serviceType),
    eq(serviceScheduleDays.weekday, key.weekday),
  );
const slotDayIs = (key: DeskDayKey) =>
  and(
    eq(serviceScheduleSlots.clinicId, key.clinicId),
    eq(serviceScheduleSlots.serviceType, key.serviceType),
    eq(serviceScheduleSlots.weekday, key.weekday),
  );

/**
 * Writes a desk's day as a whole: the capacity row first (its upsert locks the day, so two
 * screens saving the same day follow each other), then the periods in place of the old ones.
 */
export async function replaceDeskDay(
  tx: Executor,
  key: DeskDayKey,
  day: { capacity: number; slots: { start: string; end: string }[] },
  userId: number,
) {
  await tx
    .insert(serviceScheduleDays)
    .values({ ...key, capacity: day.capacity, updatedBy: userId })
    .onConflictDoUpdate({
      target: [serviceScheduleDays.clinicId, serviceScheduleDays.serviceType, serviceScheduleDays.weekday],
      set: { capacity: day.capacity, updatedBy: userId, updatedAt: sql`now()` },
    });
  await tx.delete(serviceScheduleSlots).where(slotDayIs(key));
  if (day.slots.length)
    await tx
      .insert(serviceScheduleSlots)
      .values(day.slots.map((s) => ({ ...key, startTime: s.start, endTime: s.end })));
}

/** Visits booked (not cancelled) per clinic, day and doctor or desk, over the days from..to. */
export async function bookingsBetween(db: Executor, clinicIds: number[], from: string, to: string) {
  if (!clinicIds.length) return [];
  const rows = await db
    .select({
      clinicId: registrations.clinicId,
      day: registrations.queueDate,
      orderType: registrations.orderType,
      doctorId: registrations.doctorId,
      serviceType: registrations.serviceType,
      booked: sql<number>`count(*)::int`,
    })
    .from(registrations)
    .where(
      and(
        inArray(registrations.clinicId, clinicIds),
        between(registrations.queueDate, from, to),
        ne(registrations.status, 'Cancelled'),
      ),
    )
    .groupBy(
      registrations.clinicId,
      registrations.queueDate,
      registrations.orderType,
      registrations.doctorId,
      registrations.serviceType,
    );
  return rows.map((r) => ({ ...r, booked: Number(r.booked) }));
}

/** Visits booked (not cancelled) on a day at a clinic for a doctor or a desk. */
export async function bookedOn(
  db: Executor,
  v: { clinicId: number; day: string; doctorId?: number; serviceType?: string },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(
      and(
        eq(registrations.clinicId, v.clinicId),
        eq(registrations.queueDate, v.day),
        ne(registrations.status, 'Cancelled'),
        v.doctorId !== undefined
          ? and(eq(registrations.orderType, 'doctor'), eq(registrations.doctorId, v.doctorId))
          : and(
              eq(registrations.orderType, 'service'),
              eq(registrations.serviceType, v.serviceType as ServiceType),
            ),
      ),
    );
  return Number(row?.n ?? 0);
}
