import type {
  EncounterDiagnosis,
  EncounterOrderDraft,
  EncounterProcedure,
  PrescriptionItem,
  ReferralDraft,
} from '@klinikita/domain/consultations/encounter.schema';
import type { TemplateContent } from '@klinikita/domain/consultations/template.schema';
import { PHARMACY_STATUSES, PRIORITIES } from '@klinikita/domain/pharmacy/pharmacy.rules';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stockLocations } from './inventory.ts';
import { patients } from './patients.ts';
import { registrations } from './registrations.ts';
import { doctors } from './staff.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * The doctor's record of one visit (one per doctor registration). A draft is saved as the doctor
 * types; finishing signs it and from then on it is read-only (corrections are addenda).
 */
export const encounters = pgTable(
  'encounters',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    doctorId: integer('doctor_id').references(() => doctors.id),
    status: text('status', { enum: ['draft', 'signed'] })
      .notNull()
      .default('draft'),
    systolic: integer('systolic'),
    diastolic: integer('diastolic'),
    pulse: integer('pulse'),
    respiratoryRate: integer('respiratory_rate'),
    temperature: numeric('temperature', { precision: 4, scale: 1, mode: 'number' }),
    spo2: integer('spo2'),
    weight: numeric('weight', { precision: 5, scale: 1, mode: 'number' }),
    height: numeric('height', { precision: 4, scale: 1, mode: 'number' }),
    subjective: text('subjective'),
    objective: text('objective'),
    assessment: text('assessment'),
    plan: text('plan'),
    diagnoses: jsonb('diagnoses').$type<EncounterDiagnosis[]>().notNull().default([]),
    procedures: jsonb('procedures').$type<EncounterProcedure[]>().notNull().default([]),
    prescription: jsonb('prescription').$type<PrescriptionItem[]>().notNull().default([]),
    orders: jsonb('orders').$type<EncounterOrderDraft[]>().notNull().default([]),
    referral: jsonb('referral').$type<ReferralDraft | null>(),
    /** Bumped by every save: a save that names an older version is refused (another tab wrote). */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by'),
    /** SHA-256 of the signed content: the note as signed can be checked later. */
    signedHash: text('signed_hash'),
  },
  (t) => [
    uniqueIndex('encounters_registration_uq').on(t.registrationId),
    index('encounters_patient_idx').on(t.patientId, t.createdAt),
    index('encounters_doctor_idx').on(t.doctorId, t.createdAt),
  ],
);

/** A correction or addition to a signed note; the original stays as signed. */
export const encounterAddenda = pgTable(
  'encounter_addenda',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    encounterId: integer('encounter_id')
      .notNull()
      .references(() => encounters.id),
    text: text('text').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('encounter_addenda_encounter_idx').on(t.encounterId)],
);

/** A prescription sent to the pharmacy when the examination is finished. */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    encounterId: integer('encounter_id')
      .notNull()
      .references(() => encounters.id),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    doctorId: integer('doctor_id'),
    /** The pharmacy's state (pharmacy.rules.ts); every move is a `pharmacy_order_events` row too. */
    status: text('status', { enum: PHARMACY_STATUSES }).notNull().default('submitted'),
    items: jsonb('items').$type<PrescriptionItem[]>().notNull(),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('normal'),
    /** A line is compounded: the waiting-time standard is 60 minutes instead of 30. */
    racikan: boolean('racikan').notNull().default(false),
    /** The stock location it is dispensed from (the clinic's pharmacy), fixed at the first dispense. */
    pharmacyLocationId: integer('pharmacy_location_id').references(() => stockLocations.id),
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** The handover (or the rest cancelled): the end of the waiting time. */
    dispensedAt: timestamp('dispensed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prescriptions_encounter_uq').on(t.encounterId),
    index('prescriptions_clinic_status_idx').on(t.clinicId, t.status, t.createdAt),
    // the queue of a clinic day: cito first, then the oldest
    index('prescriptions_clinic_created_idx').on(t.clinicId, t.createdAt),
  ],
);

/** A lab, radiology, physiotherapy or treatment order; it created its service registration. */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    encounterId: integer('encounter_id')
      .notNull()
      .references(() => encounters.id),
    serviceType: text('service_type', { enum: ['LAB', 'RAD', 'PHYSIO', 'TREATMENT'] }).notNull(),
    items: jsonb('items').$type<string[]>().notNull(),
    note: text('note'),
    result: text('result'),
    resultAt: timestamp('result_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_orders_encounter_idx').on(t.encounterId)],
);

/** Health certificates, sick-leave and referral letters, numbered per clinic, kind and year. */
export const letters = pgTable(
  'letters',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    encounterId: integer('encounter_id').references(() => encounters.id),
    kind: text('kind', { enum: ['health', 'sick', 'referral'] }).notNull(),
    number: text('number').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('letters_clinic_number_uq').on(t.clinicId, t.number),
    index('letters_patient_idx').on(t.patientId, t.createdAt),
  ],
);

/** The last letter number per clinic, kind and year, bumped atomically. */
export const letterCounters = pgTable(
  'letter_counters',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.kind, t.year] })],
);

/** A doctor's reusable note: SOAP text, diagnoses, procedures and prescription. */
export const encounterTemplates = pgTable(
  'encounter_templates',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    content: jsonb('content').$type<TemplateContent>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('encounter_templates_user_name_uq').on(t.userId, t.name)],
);
