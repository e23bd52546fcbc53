import type { Executor } from '../../shared/sql.ts';
import { serviceScheduleDays, serviceScheduleSlots } from '../schema/index.ts';

/** Weekday 1 = Sunday … 7 = Saturday (as doctor schedules). */
const MON_FRI = [2, 3, 4, 5, 6];
const MON_SAT = [2, 3, 4, 5, 6, 7];

interface DeskHours {
  serviceType: 'LAB' | 'RAD' | 'MCU' | 'TREATMENT' | 'PHYSIO';
  weekdays: number[];
  slots: [start: string, end: string][];
  /** Patients a day (0: no limit). */
  capacity: number;
}

const LAB_SAMPLING = (capacity: number): DeskHours => ({
  serviceType: 'LAB',
  weekdays: MON_SAT,
  slots: [['07:00', '14:00']],
  capacity,
});
const RADIOLOGY = (capacity: number): DeskHours => ({
  serviceType: 'RAD',
  weekdays: MON_FRI,
  slots: [['08:00', '16:00']],
  capacity,
});
const PHYSIO: DeskHours = {
  serviceType: 'PHYSIO',
  weekdays: MON_SAT,
  slots: [
    ['08:00', '12:00'],
    ['15:00', '19:00'],
  ],
  capacity: 16,
};
const MCU: DeskHours = { serviceType: 'MCU', weekdays: MON_FRI, slots: [['07:00', '12:00']], capacity: 50 };
const TREATMENT: DeskHours = {
  serviceType: 'TREATMENT',
  weekdays: MON_SAT,
  slots: [['08:00', '20:00']],
  capacity: 0,
};

/**
 * The desks each demo clinic runs: Menteng samples for the lab (its tests are performed in
 * Cikarang), takes X-rays and runs physiotherapy; the MCU centres run the MCU mornings with their
 * own lab and radiology; Makassar samples and runs physiotherapy. Every clinic treats.
 */
const CLINIC_DESKS: Record<number, DeskHours[]> = {
  10: [LAB_SAMPLING(60), RADIOLOGY(30), PHYSIO, TREATMENT],
  11: [LAB_SAMPLING(80), RADIOLOGY(40), MCU, TREATMENT],
  12: [LAB_SAMPLING(80), RADIOLOGY(40), MCU, TREATMENT],
  13: [LAB_SAMPLING(40), PHYSIO, TREATMENT],
};

/** Demo: service desks' opening hours and daily capacity at every demo clinic (inside seedDemo's transaction). */
export async function seedServiceHours(db: Executor, _corpId: number): Promise<void> {
  const days: (typeof serviceScheduleDays.$inferInsert)[] = [];
  const slots: (typeof serviceScheduleSlots.$inferInsert)[] = [];
  for (const [clinic, desks] of Object.entries(CLINIC_DESKS)) {
    const clinicId = Number(clinic);
    for (const desk of desks)
      for (const weekday of desk.weekdays) {
        days.push({ clinicId, serviceType: desk.serviceType, weekday, capacity: desk.capacity });
        for (const [startTime, endTime] of desk.slots)
          slots.push({ clinicId, serviceType: desk.serviceType, weekday, startTime, endTime });
      }
  }
  await db.insert(serviceScheduleDays).values(days).onConflictDoNothing();
  await db.insert(serviceScheduleSlots).values(slots);
}
