import { index, integer, pgTable, primaryKey, serial, time, timestamp } from 'drizzle-orm/pg-core';
import { doctors } from './staff.ts';
import { clinics } from './tenancy.ts';

/** A doctor's day at a clinic: weekday 1–7 (1 = Sunday, spec 3) and the daily patient limit. */
export const doctorScheduleDays = pgTable(
  'doctor_schedule_days',
  {
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    weekday: integer('weekday').notNull(),
    patientLimit: integer('patient_limit').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.clinicId, t.weekday] })],
);

/** One practice slot 'HH:mm - HH:mm' on a weekday; a day's slots never overlap. */
export const doctorScheduleSlots = pgTable(
  'doctor_schedule_slots',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    weekday: integer('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('doctor_schedule_slots_day_idx').on(t.doctorId, t.clinicId, t.weekday)],
);
