import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { specialists } from './staff.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * The corporate's service master: every billable service (registration and card fees,
 * consultations, procedures, lab tests and panels, radiology, physiotherapy, MCU packages).
 * A service in use is deactivated, never deleted; codes are unique per corporate.
 */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    code: text('code').notNull(),
    nameId: text('name_id').notNull(),
    nameEn: text('name_en').notNull(),
    /** registration | consultation | procedure | lab | radiology | physio | mcu | other */
    serviceGroup: text('service_group').notNull(),
    unit: text('unit').notNull(),
    /** exempt (medical services, no PPN) | ppn; a clinic may override (clinic_services.tax_category) */
    taxCategory: text('tax_category').notNull().default('exempt'),
    /** A procedure's default ICD-9-CM code. */
    icd9Code: text('icd9_code'),
    /** A specialist consultation's specialty (null: general practice). */
    specialistId: integer('specialist_id').references(() => specialists.id),
    /** A panel or package: its items are in service_package_items. */
    isPackage: boolean('is_package').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_corp_code_uq').on(t.corpId, sql`lower(${t.code})`),
    index('services_corp_group_idx').on(t.corpId, t.serviceGroup, t.active),
    index('services_search_trgm_idx').using(
      'gin',
      sql`lower(${t.code} || ' ' || ${t.nameId} || ' ' || ${t.nameEn}) gin_trgm_ops`,
    ),
  ],
);

/** The items of a panel or package (a lab panel's tests, a physiotherapy package's sessions). */
export const servicePackageItems = pgTable(
  'service_package_items',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => services.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => services.id),
    quantity: integer('quantity').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.itemId] }),
    index('service_package_items_item_idx').on(t.itemId),
  ],
);

/**
 * A price of a service for a payer class (general | company | insurer), corporate-wide
 * (clinic_id null) or a clinic's override, valid from a day to a day (null: open). A price is
 * never overwritten: a new price starts on a date, so a bill is priced by its visit's day.
 * Whole rupiah per tariff component; the total is their sum.
 */
export const servicePrices = pgTable(
  'service_prices',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    clinicId: integer('clinic_id').references(() => clinics.id),
    payerClass: text('payer_class').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    facilityFee: bigint('facility_fee', { mode: 'number' }).notNull().default(0),
    professionalFee: bigint('professional_fee', { mode: 'number' }).notNull().default(0),
    consumablesFee: bigint('consumables_fee', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the price lookup (service, payer class, clinic, day) is one probe of this index
    index('service_prices_lookup_idx').on(t.serviceId, t.payerClass, t.clinicId, t.validFrom),
  ],
);

/**
 * Which services a clinic offers, in which room and queue prefix, and where each is performed:
 * here, at a sister clinic of the corporate (performer_clinic_id) or at an external partner.
 */
export const clinicServices = pgTable(
  'clinic_services',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    room: text('room'),
    queuePrefix: text('queue_prefix'),
    /** here | sister | external */
    performedAt: text('performed_at').notNull().default('here'),
    performerClinicId: integer('performer_clinic_id').references(() => clinics.id),
    partnerName: text('partner_name'),
    /** The clinic's own tax rule for this service (null: the service master's). */
    taxCategory: text('tax_category'),
    active: boolean('active').notNull().default(true),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.serviceId] }),
    index('clinic_services_service_idx').on(t.serviceId),
  ],
);

/**
 * A service desk's day at a clinic (LAB, RAD, MCU, TREATMENT, PHYSIO): weekday 1–7 (1 = Sunday,
 * as doctor schedules) and the daily capacity (0: no limit).
 */
export const serviceScheduleDays = pgTable(
  'service_schedule_days',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    serviceType: text('service_type').notNull(),
    weekday: integer('weekday').notNull(),
    capacity: integer('capacity').notNull().default(0),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.serviceType, t.weekday] })],
);

/** One opening period of a service desk on a weekday; a day's periods never overlap. */
export const serviceScheduleSlots = pgTable(
  'service_schedule_slots',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    serviceType: text('service_type').notNull(),
    weekday: integer('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_schedule_slots_day_idx').on(t.clinicId, t.serviceType, t.weekday)],
);

/**
 * A parameter of a lab test (the test is a service of group lab): what is measured, how it is
 * reported, on which specimen. A calculated parameter has a formula over other parameters' codes.
 */
export const labParameters = pgTable(
  'lab_parameters',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    code: text('code').notNull(),
    nameId: text('name_id').notNull(),
    nameEn: text('name_en').notNull(),
    unit: text('unit'),
    /** number | choice | text */
    resultType: text('result_type').notNull(),
    decimals: integer('decimals').notNull().default(0),
    printOrder: integer('print_order').notNull().default(0),
    loinc: text('loinc'),
    specimen: text('specimen'),
    container: text('container'),
    choices: jsonb('choices').$type<string[]>(),
    formula: text('formula'),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lab_parameters_service_code_uq').on(t.serviceId, sql`lower(${t.code})`)],
);

/**
 * A reference range of a parameter by sex (any | male | female) and age band in days
 * [age_from_days, age_to_days) (null: no upper bound), with critical and impossible limits.
 */
export const labReferenceRanges = pgTable(
  'lab_reference_ranges',
  {
    id: serial('id').primaryKey(),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => labParameters.id, { onDelete: 'cascade' }),
    sex: text('sex').notNull().default('any'),
    ageFromDays: integer('age_from_days').notNull().default(0),
    ageToDays: integer('age_to_days'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    criticalLow: doublePrecision('critical_low'),
    criticalHigh: doublePrecision('critical_high'),
    impossibleLow: doublePrecision('impossible_low'),
    impossibleHigh: doublePrecision('impossible_high'),
    /** The normal answer of a choice or text parameter ("Negatif"). */
    normalText: text('normal_text'),
  },
  (t) => [index('lab_reference_ranges_parameter_idx').on(t.parameterId)],
);

/**
 * The code lists a corporate maintains: reasons (cancellation, sample rejection, refund,
 * discount) and the MCU conclusion categories. Used entries are deactivated, never deleted.
 */
export const codeListItems = pgTable(
  'code_list_items',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    /** cancellation | sampleRejection | refund | discount | mcuConclusion */
    list: text('list').notNull(),
    code: text('code').notNull(),
    nameId: text('name_id').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('code_list_items_corp_list_code_uq').on(t.corpId, t.list, sql`lower(${t.code})`)],
);
