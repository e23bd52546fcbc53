import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { patients } from './patients.ts';
import { partnerCompanies, registrations } from './registrations.ts';
import { services } from './services.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * Medical checkup for companies (issue 20, research/clinical-services.md §2). A package is a
 * catalogue service (service_group 'mcu', is_package) whose lab and radiology items are its
 * service_package_items; this table adds its exam type and its stations. A company's MCU event
 * has its participants (imported from the company's sheet); a participant's visit is an MCU
 * service visit at the event's site, created when they check in; each station's result, the
 * exposures and the doctor's conclusion (versioned, approved) hang off the participant.
 */

/** The MCU part of a package: its exam type and the stations it passes (codes of mcu-stations.ts). */
export const mcuPackages = pgTable('mcu_packages', {
  serviceId: integer('service_id')
    .primaryKey()
    .references(() => services.id),
  /** preEmployment | periodic | special */
  examType: text('exam_type', { enum: ['preEmployment', 'periodic', 'special'] }).notNull(),
  /** station codes in the order a participant passes them */
  stations: jsonb('stations').$type<string[]>().notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company's MCU event: its site, days and exam type; the package of each job group. */
export const mcuEvents = pgTable(
  'mcu_events',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    /** the MCU site where the participants are examined */
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => partnerCompanies.id),
    name: text('name').notNull(),
    examType: text('exam_type', { enum: ['preEmployment', 'periodic', 'special'] }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** open | closed (closed: no import, no check-in) */
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mcu_events_company_idx').on(t.companyId, t.startDate),
    index('mcu_events_clinic_idx').on(t.clinicId, t.startDate),
  ],
);

/** The package of a job group of an event (the sheet's "JENIS PAKET" names the job group or the package). */
export const mcuEventPackages = pgTable(
  'mcu_event_packages',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => mcuEvents.id),
    jobGroup: text('job_group').notNull(),
    packageId: integer('package_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.jobGroup] })],
);

/** The last participant number per company (participants are numbered per company, gap-free). */
export const mcuCompanyCounters = pgTable('mcu_company_counters', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => partnerCompanies.id),
  lastValue: integer('last_value').notNull(),
});

/** A hazard a participant is exposed to in their job (research §2.4). */
export interface McuExposure {
  /** physical | chemical | biological | ergonomic | psychosocial */
  group: string;
  agent: string;
  hoursPerDay: number | null;
  years: number | null;
  ppe: string | null;
  level: string | null;
}

/**
 * A participant of an event: the company's employee number and the KTP NIK both kept, matched to
 * the corporate's patient by NIK; `registrationId` is the MCU visit, set at check-in.
 * Status: registered (imported) → inProgress (checked in) → done (every station recorded) →
 * approved (the doctor's conclusion approved).
 */
export const mcuParticipants = pgTable(
  'mcu_participants',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => mcuEvents.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => partnerCompanies.id),
    /** per company, gap-free (mcu_company_counters) */
    seq: integer('seq').notNull(),
    /** the printed MCU number: the company's code and the seq */
    mcuNumber: text('mcu_number').notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    employeeNumber: text('employee_number').notNull(),
    nik: text('nik').notNull(),
    name: text('name').notNull(),
    sex: text('sex', { enum: ['M', 'F'] }).notNull(),
    birthDate: date('birth_date').notNull(),
    department: text('department'),
    job: text('job'),
    jobGroup: text('job_group'),
    packageId: integer('package_id')
      .notNull()
      .references(() => services.id),
    registrationId: integer('registration_id').references(() => registrations.id),
    status: text('status', { enum: ['registered', 'inProgress', 'done', 'approved'] })
      .notNull()
      .default('registered'),
    /** the participant agreed that the company's HR sees the medical details (not only the category) */
    consentToShare: boolean('consent_to_share').notNull().default(false),
    exposures: jsonb('exposures').$type<McuExposure[]>().notNull().default([]),
    /** previous jobs, their years and why they ended; the current shift pattern */
    occupationalHistory: text('occupational_history'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mcu_participants_event_employee_uq').on(t.eventId, sql`lower(${t.employeeNumber})`),
    uniqueIndex('mcu_participants_company_seq_uq').on(t.companyId, t.seq),
    uniqueIndex('mcu_participants_registration_uq').on(t.registrationId),
    index('mcu_participants_event_status_idx').on(t.eventId, t.status),
    index('mcu_participants_patient_idx').on(t.patientId),
  ],
);

/**
 * One station's result for a participant (codes and fields in packages/domain mcu-stations.ts):
 * the recorded values, the findings derived from the abnormal ones, who examined and when. A
 * station is recorded again (replaced) until the conclusion is approved.
 */
export const mcuStationResults = pgTable(
  'mcu_station_results',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => mcuParticipants.id),
    station: text('station').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    findings: jsonb('findings').$type<string[]>().notNull().default([]),
    normal: boolean('normal').notNull(),
    /** an attached file (the ECG tracing, the audiogram sheet): files.uid */
    fileUid: text('file_uid'),
    examinedBy: integer('examined_by').notNull(),
    examinedAt: timestamp('examined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mcu_station_results_participant_station_uq').on(t.participantId, t.station)],
);

/**
 * The examining doctor's conclusion, one row per version: draft → approved; a change after
 * approval is a new version with its reason, and the approved one becomes `replaced`. The
 * verification token is what the report's QR code carries (the public page shows validity only).
 */
export const mcuConclusions = pgTable(
  'mcu_conclusions',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => mcuParticipants.id),
    version: integer('version').notNull().default(1),
    status: text('status', { enum: ['draft', 'approved', 'replaced'] })
      .notNull()
      .default('draft'),
    /** a code of the company's category list (default: the corporate's mcuConclusion code list) */
    category: text('category').notNull(),
    conclusion: text('conclusion'),
    advice: text('advice'),
    restrictions: text('restrictions'),
    followUpDate: date('follow_up_date'),
    /** the findings the doctor reviewed (a copy: a later station change does not rewrite it) */
    findings: jsonb('findings').$type<string[]>().notNull().default([]),
    amendmentReason: text('amendment_reason'),
    verifyToken: text('verify_token').notNull().unique(),
    writtenBy: integer('written_by').notNull(),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mcu_conclusions_participant_version_uq').on(t.participantId, t.version)],
);

/** A company's own conclusion categories (none: the corporate's mcuConclusion code list applies). */
export const mcuCompanyCategories = pgTable(
  'mcu_company_categories',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => partnerCompanies.id),
    code: text('code').notNull(),
    label: text('label').notNull(),
    /** counts as fit to work in the recap's statistics */
    fit: boolean('fit').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.code] })],
);
