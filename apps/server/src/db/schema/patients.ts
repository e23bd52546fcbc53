import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics, corporates } from './tenancy.ts';

export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    /** The registering clinic; the record number is its own. */
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    mrn: text('mrn').notNull(),
    nik: text('nik'),
    passport: text('passport'),
    nationality: text('nationality', { enum: ['WNI', 'WNA'] })
      .notNull()
      .default('WNI'),
    title: text('title', { enum: ['Tn', 'Nn', 'Ny', 'An', 'By'] }),
    name: text('name').notNull(),
    sex: text('sex', { enum: ['M', 'F'] }).notNull(),
    dob: date('dob').notNull(),
    bloodGroup: text('blood_group', { enum: ['A', 'B', 'O', 'AB'] }),
    rhesus: text('rhesus', { enum: ['+', '-'] }),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    districtCode: text('district_code'),
    villageCode: text('village_code'),
    payerType: text('payer_type', { enum: ['self', 'company', 'insurance', 'bpjs'] })
      .notNull()
      .default('self'),
    companyId: integer('company_id'),
    insuranceName: text('insurance_name'),
    insuranceNumber: text('insurance_number'),
    emergencyName: text('emergency_name'),
    emergencyPhone: text('emergency_phone'),
    emergencyRelation: text('emergency_relation'),
    allergies: text('allergies'),
    ihsNumber: text('ihs_number'),
    /** A newborn without a NIK of its own is found at SATUSEHAT by its mother's. */
    motherNik: text('mother_nik'),
    /** The last SATUSEHAT identity lookup, and why it found no IHS number (null: found) */
    ihsCheckedAt: timestamp('ihs_checked_at', { withTimezone: true }),
    ihsMissingReason: text('ihs_missing_reason', { enum: ['patientNoNik', 'patientNotFound'] }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('patients_clinic_mrn_uq').on(t.clinicId, t.mrn),
    // one living record per NIK in a corporate; deleted rows keep theirs without blocking
    uniqueIndex('patients_corp_nik_uq')
      .on(t.corpId, t.nik)
      .where(sql`${t.nik} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    index('patients_corp_nik_idx').on(t.corpId, t.nik),
    index('patients_corp_dob_idx').on(t.corpId, t.dob),
    // the unfiltered list pages in name order without sorting the whole corporate
    index('patients_corp_name_idx').on(t.corpId, sql`lower(${t.name})`, t.id),
    index('patients_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('patients_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

/** The last record number given out per clinic, bumped atomically (never read-max-plus-one). */
export const mrnCounters = pgTable('mrn_counters', {
  clinicId: integer('clinic_id')
    .primaryKey()
    .references(() => clinics.id),
  lastValue: integer('last_value').notNull(),
});
