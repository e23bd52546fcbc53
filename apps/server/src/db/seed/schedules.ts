import { inArray } from 'drizzle-orm';
import type { Executor } from '../../shared/sql.ts';
import { doctorScheduleDays, doctorScheduleSlots, users } from '../schema/index.ts';

/** Weekday 1 = Sunday … 7 = Saturday (spec 3). */
const MON_FRI = [2, 3, 4, 5, 6];
const SAT = 7;

interface DemoPractice {
  username: string;
  clinicId: number;
  weekdays: number[];
  slots: [start: string, end: string][];
  limit: number;
}

// A doctor is never at two clinics at once: dokter's Saturday morning is in Cikarang, his
// Saturday evening in Menteng.
const PRACTICE: DemoPractice[] = [
  {
    username: 'dokter',
    clinicId: 10,
    weekdays: MON_FRI,
    slots: [
      ['08:00', '12:00'],
      ['16:00', '20:00'],
    ],
    limit: 30,
  },
  { username: 'dokter', clinicId: 10, weekdays: [SAT], slots: [['16:00', '20:00']], limit: 15 },
  { username: 'dokter', clinicId: 11, weekdays: [SAT], slots: [['08:00', '11:00']], limit: 20 },
  { username: 'dokter2', clinicId: 11, weekdays: [2, 4, 6], slots: [['08:00', '14:00']], limit: 40 },
  {
    username: 'dokter2',
    clinicId: 12,
    weekdays: [3, 5],
    slots: [
      ['09:00', '12:00'],
      ['13:00', '16:00'],
    ],
    limit: 35,
  },
  { username: 'dokter2', clinicId: 12, weekdays: [SAT], slots: [['08:00', '12:00']], limit: 25 },
];

/** Weekly practice hours and daily patient limits of the demo doctors (inside seedDemo's transaction). */
export async function seedSchedules(db: Executor): Promise<void> {
  const names = [...new Set(PRACTICE.map((p) => p.username))];
  const doctorsByName = new Map(
    (
      await db
        .select({ username: users.username, doctorId: users.doctorId })
        .from(users)
        .where(inArray(users.username, names))
    ).map((u) => [u.username, u.doctorId]),
  );
  const days: (typeof doctorScheduleDays.$inferInsert)[] = [];
  const slots: (typeof doctorScheduleSlots.$inferInsert)[] = [];
  for (const p of PRACTICE) {
    const doctorId = doctorsByName.get(p.username);
    if (!doctorId) continue;
    for (const weekday of p.weekdays) {
      days.push({ doctorId, clinicId: p.clinicId, weekday, patientLimit: p.limit });
      for (const [startTime, endTime] of p.slots)
        slots.push({ doctorId, clinicId: p.clinicId, weekday, startTime, endTime });
    }
  }
  if (days.length) await db.insert(doctorScheduleDays).values(days).onConflictDoNothing();
  if (slots.length) await db.insert(doctorScheduleSlots).values(slots);
}
