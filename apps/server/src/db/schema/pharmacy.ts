import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { corporates } from './tenancy.ts';

/**
 * The corporate's item master: drugs (the formulary, enough to prescribe) and consumables. Stock
 * (schema/inventory.ts) counts each item in its base unit, the smallest one dispensed.
 */
export const drugs = pgTable(
  'drugs',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    name: text('name').notNull(),
    genericName: text('generic_name'),
    form: text('form').notNull(),
    strength: text('strength'),
    unit: text('unit').notNull(),
    kfaCode: text('kfa_code'),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** drug | consumable (BHP) */
    kind: text('kind', { enum: ['drug', 'consumable'] })
      .notNull()
      .default('drug'),
    /** narcotic | psychotropic | hard | otc; null when not classed */
    drugClass: text('drug_class', { enum: ['narcotic', 'psychotropic', 'hard', 'otc'] }),
    /**
     * The unit stock is counted in (TAB, ML); null means `unit`. Fixed once stock has moved:
     * the first receipt writes it.
     */
    baseUnit: text('base_unit'),
    /** Below this on-hand (base units, over a clinic's locations) the item is on the alert list. */
    minStock: numeric('min_stock', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('drugs_corp_name_strength_uq')
      .on(t.corpId, sql`lower(${t.name})`, sql`coalesce(${t.strength}, '')`, t.form)
      .where(sql`${t.deletedAt} IS NULL`),
    index('drugs_name_trgm_idx').using(
      'gin',
      sql`lower(${t.name} || ' ' || coalesce(${t.genericName}, '')) gin_trgm_ops`,
    ),
    index('drugs_corp_kfa_idx').on(t.corpId, t.kfaCode),
  ],
);
