import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { corporates } from './tenancy.ts';

/**
 * The insurer master (issue 18 §6, research/operations.md §3.9; `/MedicalServices/Insurance`):
 * the corporate's insurers, TPAs (AdMedika …) and BPJS, with their terms and the coverage rules a
 * visit's bill is split by — like a partner company's, without contract prices or excluded
 * services. An insurer is deactivated, never deleted (its visits stay).
 */
export const insurers = pgTable(
  'insurers',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    name: text('name').notNull(),
    code: text('code'),
    /** insurer | tpa | bpjs */
    kind: text('kind', { enum: ['insurer', 'tpa', 'bpjs'] })
      .notNull()
      .default('insurer'),
    contactName: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    paymentTermDays: integer('payment_term_days').notNull().default(30),
    /** Whole rupiah covered per visit / per member per calendar year; null: no ceiling. */
    ceilingPerVisit: bigint('ceiling_per_visit', { mode: 'number' }),
    ceilingPerYear: bigint('ceiling_per_year', { mode: 'number' }),
    /** none | percent (copay_value 0–100) | fixed (copay_value whole rupiah per visit) */
    copayType: text('copay_type').notNull().default('none'),
    copayValue: bigint('copay_value', { mode: 'number' }).notNull().default(0),
    /** Service groups (services.service_group) the insurer does not cover. */
    excludedGroups: jsonb('excluded_groups').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('insurers_corp_name_uq').on(t.corpId, sql`lower(${t.name})`)],
);
