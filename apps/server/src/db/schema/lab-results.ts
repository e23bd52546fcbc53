import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { registrations } from './registrations.ts';
import { labParameters, services } from './services.ts';
import { clinics } from './tenancy.ts';

/**
 * The lab report of a lab visit, one row per version: draft → validated → released; an amendment
 * after release is a new version (with its reason) and the old one becomes `replaced`. A result
 * is never edited in place after release.
 */
export const labReports = pgTable(
  'lab_reports',
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
    /** draft | validated | released | replaced */
    status: text('status').notNull().default('draft'),
    amendmentReason: text('amendment_reason'),
    enteredBy: integer('entered_by'),
    enteredAt: timestamp('entered_at', { withTimezone: true }),
    validatedBy: integer('validated_by'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    releasedBy: integer('released_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lab_reports_visit_version_uq').on(t.registrationId, t.version),
    index('lab_reports_clinic_status_idx').on(t.clinicId, t.status, t.updatedAt),
  ],
);

/**
 * One parameter's result in a report version, with the unit and the reference range that applied
 * copied onto it (a later change of the catalogue does not rewrite a result) and its flag.
 */
export const labResultValues = pgTable(
  'lab_result_values',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => labReports.id),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => labParameters.id),
    /** The lab test (service) the parameter belongs to. */
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    valueNumber: doublePrecision('value_number'),
    valueText: text('value_text'),
    /** Filled by the formula, not typed. */
    calculated: boolean('calculated').notNull().default(false),
    unit: text('unit'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    criticalLow: doublePrecision('critical_low'),
    criticalHigh: doublePrecision('critical_high'),
    normalText: text('normal_text'),
    /** N | L | H | LL | HH | A (abnormal text) | null (no value) */
    flag: text('flag'),
    enteredBy: integer('entered_by'),
    enteredAt: timestamp('entered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lab_result_values_report_parameter_uq').on(t.reportId, t.parameterId),
    index('lab_result_values_parameter_idx').on(t.parameterId),
  ],
);

/**
 * A container of a lab visit's sample, one barcode label each: labelled → collected (who, when;
 * the visit's `samplingDone`) → received by the lab, or rejected with a reason (a new container
 * is labelled for the new sample, `replacesId` pointing at the rejected one). The steps' times
 * feed the turnaround reports.
 */
export const labSpecimens = pgTable(
  'lab_specimens',
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
    /** The container type of the lab catalogue (EDTA, SST, Urine …) and the specimen it holds. */
    container: text('container').notNull(),
    specimen: text('specimen'),
    /** Printed on the label, scanned by the analyzer: unique in the whole database. */
    barcode: text('barcode').notNull().unique(),
    /** labelled | collected | received | rejected */
    status: text('status').notNull().default('labelled'),
    collectedBy: integer('collected_by'),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    receivedBy: integer('received_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    rejectedBy: integer('rejected_by'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /** The code of the corporate's sample-rejection reason list, and the words shown. */
    rejectReasonCode: text('reject_reason_code'),
    rejectReason: text('reject_reason'),
    replacesId: integer('replaces_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lab_specimens_visit_idx').on(t.registrationId),
    index('lab_specimens_clinic_idx').on(t.clinicId, t.status),
  ],
);
