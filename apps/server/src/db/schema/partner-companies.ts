import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { patients } from './patients.ts';
import { partnerCompanies } from './registrations.ts';
import { services } from './services.ts';

/**
 * The partner-company master beyond its profile (issue 18 §5, research/operations.md §3.8): the
 * services it does not cover, its contract prices and the employees it covers.
 */

/** Services of the catalogue a company does not cover (besides its excluded service groups). */
export const partnerCompanyExcludedServices = pgTable(
  'partner_company_excluded_services',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => partnerCompanies.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.serviceId] })],
);

/**
 * A contract price: what the company pays for a catalogue service, valid from a day to a day
 * (null: open), whole rupiah. Periods of one company and service never overlap (tariff.rules.ts);
 * a price is never edited, only ended.
 */
export const partnerCompanyPrices = pgTable(
  'partner_company_prices',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => partnerCompanies.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    price: bigint('price', { mode: 'number' }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_company_prices_lookup_idx').on(t.companyId, t.serviceId, t.validFrom)],
);

/** An employee the company covers; linked to the corporate's patient with the same NIK. */
export const partnerCompanyEmployees = pgTable(
  'partner_company_employees',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => partnerCompanies.id),
    employeeNumber: text('employee_number').notNull(),
    nik: text('nik').notNull(),
    name: text('name').notNull(),
    birthDate: date('birth_date').notNull(),
    sex: text('sex', { enum: ['M', 'F'] }).notNull(),
    department: text('department'),
    active: boolean('active').notNull().default(true),
    patientId: integer('patient_id').references(() => patients.id),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_company_employees_number_uq').on(t.companyId, sql`lower(${t.employeeNumber})`),
    index('partner_company_employees_nik_idx').on(t.nik),
  ],
);
