import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { patients } from './patients.ts';
import { registrations } from './registrations.ts';
import { services } from './services.ts';
import { clinics } from './tenancy.ts';

/**
 * A radiology examination's report, one row per version: draft → signed by the radiologist
 * (`radDone`) → an amendment after signing is a new version with its reason, the old one
 * `replaced`. The accession number names the examination on the worklist, the images and the PDF.
 */
export const radiologyReports = pgTable(
  'radiology_reports',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    version: integer('version').notNull().default(1),
    /** Same for every version of the examination. */
    accessionNumber: text('accession_number').notNull(),
    /** The catalogue's examination (radiology service), when the order named one. */
    serviceId: integer('service_id').references(() => services.id),
    /** DICOM modality: CR, DX, US, CT, MR, MG, OT */
    modality: text('modality').notNull(),
    examination: text('examination').notNull(),
    /** The template the text started from (chestMcu | normal | free). */
    template: text('template'),
    clinicalInfo: text('clinical_info'),
    findings: text('findings'),
    impression: text('impression'),
    /** draft | signed | replaced */
    status: text('status').notNull().default('draft'),
    amendmentReason: text('amendment_reason'),
    createdBy: integer('created_by'),
    signedBy: integer('signed_by'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('radiology_reports_visit_version_uq').on(t.registrationId, t.version),
    uniqueIndex('radiology_reports_accession_version_uq').on(t.accessionNumber, t.version),
    index('radiology_reports_clinic_status_idx').on(t.clinicId, t.status, t.updatedAt),
  ],
);

/** An image (JPEG, PNG, PDF; DICOM optional) attached to a radiology visit. */
export const radiologyImages = pgTable(
  'radiology_images',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    caption: text('caption'),
    addedBy: integer('added_by'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('radiology_images_visit_idx').on(t.registrationId)],
);

/**
 * A physiotherapy programme of a patient: the doctor's referral, the first assessment (pain
 * scale, range of motion, muscle strength, function), N planned sessions, re-evaluations;
 * active → completed or stopped.
 */
export const physioProgrammes = pgTable(
  'physio_programmes',
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
    /** The physiotherapy visit of the first assessment. */
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    /** The doctor's referral (from the order on the visit) and the working diagnosis. */
    referral: text('referral'),
    diagnosis: text('diagnosis'),
    /** { painScale, rangeOfMotion: [{joint, movement, degrees}], strength: [{muscle, grade}], function } */
    assessment: jsonb('assessment').notNull(),
    goals: text('goals'),
    plannedSessions: integer('planned_sessions').notNull(),
    /** active | completed | stopped */
    status: text('status').notNull().default('active'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('physio_programmes_patient_idx').on(t.patientId, t.status),
    index('physio_programmes_clinic_idx').on(t.clinicId, t.status),
  ],
);

/** One session of a programme (or a re-evaluation), on its own visit, with before/after measures. */
export const physioSessions = pgTable(
  'physio_sessions',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    programmeId: integer('programme_id')
      .notNull()
      .references((): AnyPgColumn => physioProgrammes.id),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    sessionNumber: integer('session_number').notNull(),
    /** session | reevaluation */
    kind: text('kind').notNull().default('session'),
    /** { painBefore, painAfter, rangeOfMotion?, strength?, function? } */
    measures: jsonb('measures').notNull(),
    interventions: text('interventions'),
    note: text('note'),
    performedBy: integer('performed_by'),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('physio_sessions_programme_number_uq').on(t.programmeId, t.sessionNumber),
    uniqueIndex('physio_sessions_visit_uq').on(t.registrationId),
  ],
);

/**
 * A procedure done in the treatment room on a visit: its ICD-9-CM code, the catalogue item (for
 * the bill), who performed it, the consumables used (recorded now; taken from stock through an
 * event once inventory exists), notes. Voided with a reason, never deleted.
 */
export const treatmentProcedures = pgTable(
  'treatment_procedures',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    serviceId: integer('service_id').references(() => services.id),
    icd9Code: text('icd9_code').notNull(),
    name: text('name').notNull(),
    /** [{ drugId?, name, quantity, unit }] */
    consumables: jsonb('consumables').notNull(),
    notes: text('notes'),
    performedBy: integer('performed_by').notNull(),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client's key for the save: a retried or double-clicked save records nothing twice. */
    requestKey: text('request_key'),
    voidedBy: integer('voided_by'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('treatment_procedures_visit_idx').on(t.registrationId),
    index('treatment_procedures_clinic_idx').on(t.clinicId, t.performedAt),
    uniqueIndex('treatment_procedures_request_uq').on(t.registrationId, t.requestKey),
  ],
);
