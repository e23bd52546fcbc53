import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { insurers } from './insurers.ts';
import { patients } from './patients.ts';
import { doctors } from './staff.ts';
import { clinics, corporates } from './tenancy.ts';

/** Partner companies (B2B) that pay for their employees' visits. */
export const partnerCompanies = pgTable(
  'partner_companies',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    name: text('name').notNull(),
    code: text('code'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // the partner-company master (schema/partner-companies.ts holds its prices and employees)
    // a default so that rows written before the master (and simple inserts) get their public id
    uid: text('uid').notNull().unique().default(sql`gen_random_uuid()::text`),
    legalName: text('legal_name'),
    /** 15 or 16 digits, no separators. */
    npwp: text('npwp'),
    address: text('address'),
    city: text('city'),
    phone: text('phone'),
    email: text('email'),
    picName: text('pic_name'),
    paymentTermDays: integer('payment_term_days').notNull().default(30),
    /** Whole rupiah owed at most at once; null: no limit. */
    creditLimit: bigint('credit_limit', { mode: 'number' }),
    billingCycle: text('billing_cycle').notNull().default('monthly'),
    /** The day of the month the billing period closes (1–28). */
    cutoffDay: integer('cutoff_day').notNull().default(25),
    ppnInvoiceRequired: boolean('ppn_invoice_required').notNull().default(false),
    /** Whole rupiah the company covers per visit / per employee per year; null: no ceiling. */
    ceilingPerVisit: bigint('ceiling_per_visit', { mode: 'number' }),
    ceilingPerYear: bigint('ceiling_per_year', { mode: 'number' }),
    /** none | percent (copay_value 0–100) | fixed (copay_value whole rupiah per visit) */
    copayType: text('copay_type').notNull().default('none'),
    copayValue: bigint('copay_value', { mode: 'number' }).notNull().default(0),
    /** Service groups (services.service_group) the company does not cover. */
    excludedGroups: jsonb('excluded_groups').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_companies_corp_name_uq').on(t.corpId, t.name),
    check('partner_companies_cutoff_day_ck', sql`${t.cutoffDay} BETWEEN 1 AND 28`),
  ],
);

/** A visit: to a doctor (order type doctor) or a service (LAB, RAD, MCU, TREATMENT, PHYSIO). */
export const registrations = pgTable(
  'registrations',
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
    orderType: text('order_type', { enum: ['doctor', 'service'] }).notNull(),
    serviceType: text('service_type', { enum: ['LAB', 'RAD', 'MCU', 'TREATMENT', 'PHYSIO'] }),
    doctorId: integer('doctor_id').references(() => doctors.id),
    status: text('status').notNull().default('Waiting'),
    /** The clinic-local day of the queue. */
    queueDate: date('queue_date').notNull(),
    queuePrefix: text('queue_prefix').notNull(),
    queueSeq: integer('queue_seq').notNull(),
    queueNumber: text('queue_number').notNull(),
    room: text('room').notNull(),
    payerType: text('payer_type', { enum: ['self', 'company', 'insurance', 'bpjs'] }).notNull(),
    companyId: integer('company_id').references(() => partnerCompanies.id),
    insuranceName: text('insurance_name'),
    insuranceNumber: text('insurance_number'),
    /** The insurer of the master (insurance and BPJS visits); old rows keep only the name and number. */
    insurerId: integer('insurer_id').references(() => insurers.id),
    /** The eligibility checked at registration: eligible | not_eligible | pending; null: not checked. */
    eligibilityStatus: text('eligibility_status', { enum: ['eligible', 'not_eligible', 'pending'] }),
    eligibilityReference: text('eligibility_reference'),
    /** The plafon the insurer's guarantee covers for this visit, whole rupiah; null: not given. */
    eligibilityCoveredAmount: integer('eligibility_covered_amount'),
    eligibilityNote: text('eligibility_note'),
    eligibilityCheckedBy: integer('eligibility_checked_by'),
    eligibilityCheckedAt: timestamp('eligibility_checked_at', { withTimezone: true }),
    referrer: text('referrer'),
    complaint: text('complaint'),
    /** The doctor's order this service visit carries out (service_orders.uid); one visit per order */
    serviceOrderUid: text('service_order_uid'),
    queueIdMobile: text('queue_id_mobile'),
    samplingDone: boolean('sampling_done').notNull().default(false),
    labDone: boolean('lab_done').notNull().default(false),
    radDone: boolean('rad_done').notNull().default(false),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull().defaultNow(),
    calledAt: timestamp('called_at', { withTimezone: true }),
    calledBy: integer('called_by'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the counter makes numbers unique; the index makes that a fact of the database
    uniqueIndex('registrations_queue_uq').on(t.clinicId, t.queueDate, t.queuePrefix, t.queueSeq),
    uniqueIndex('registrations_service_order_uq').on(t.serviceOrderUid),
    index('registrations_clinic_day_idx').on(t.clinicId, t.queueDate, t.status),
    index('registrations_doctor_day_idx').on(t.doctorId, t.queueDate),
    index('registrations_patient_idx').on(t.patientId),
    index('registrations_clinic_arrived_idx').on(t.clinicId, t.arrivedAt),
  ],
);

/** The last queue number given out per clinic, prefix and clinic-local day (DESIGN 2). */
export const queueCounters = pgTable(
  'queue_counters',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    prefix: text('prefix').notNull(),
    day: date('day').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.prefix, t.day] })],
);

/** Per-clinic queue settings: prefixes and the waiting-room display link. */
export const queueSettings = pgTable('queue_settings', {
  clinicId: integer('clinic_id')
    .primaryKey()
    .references(() => clinics.id),
  prefixes: jsonb('prefixes').$type<Record<string, string>>(),
  displayToken: text('display_token').unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
