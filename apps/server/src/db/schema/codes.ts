import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from './tenancy.ts';

/**
 * Coding systems shipped as data (ICD-10 diagnoses, ICD-9-CM procedures), loaded at start-up
 * after the migrations from the files in db/data. `search` holds code and both titles in lower
 * case for the trigram index.
 */
export const medicalCodes = pgTable(
  'medical_codes',
  {
    system: text('system', { enum: ['icd10', 'icd9cm'] }).notNull(),
    code: text('code').notNull(),
    titleEn: text('title_en').notNull(),
    titleId: text('title_id').notNull(),
    search: text('search').notNull(),
    /** A diagnosis of everyday primary care (data/icd10-primary-care.json): ranked first, title reviewed. */
    common: boolean('common').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.system, t.code] }),
    index('medical_codes_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

/** A clinic's own title for a code (machine-translated titles need correcting) and its favourites. */
export const clinicCodes = pgTable(
  'clinic_codes',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    system: text('system', { enum: ['icd10', 'icd9cm'] }).notNull(),
    code: text('code').notNull(),
    titleId: text('title_id'),
    titleEn: text('title_en'),
    favourite: boolean('favourite').notNull().default(false),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.system, t.code] })],
);
