import { boolean, date, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics, corporates } from './tenancy.ts';

export const employees = pgTable('employees', {
  id: serial('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  corpId: integer('corp_id')
    .notNull()
    .references(() => corporates.id),
  clinicId: integer('clinic_id').references(() => clinics.id),
  name: text('name').notNull(),
  email: text('email'),
  gender: text('gender', { enum: ['M', 'F', 'N'] })
    .notNull()
    .default('N'),
  dob: date('dob'),
  icNumber: text('ic_number'),
  ihsNumber: text('ihs_number'),
  passport: text('passport'),
  others: text('others'),
  address: text('address'),
  phoneNumber: text('phone_number'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const specialists = pgTable('specialists', {
  id: serial('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  name: text('name').notNull().unique(),
});

export const doctors = pgTable('doctors', {
  id: serial('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  corpId: integer('corp_id')
    .notNull()
    .references(() => corporates.id),
  employeeId: integer('employee_id')
    .notNull()
    .references(() => employees.id),
  title: text('title'),
  profile: text('profile'),
  specialistId: integer('specialist_id').references(() => specialists.id),
  photo: text('photo'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const doctorClinics = pgTable(
  'doctor_clinics',
  {
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    /** Where the doctor's patients are called to ('Poli Umum'); the specialist's poli when unset. */
    room: text('room'),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.clinicId] })],
);
