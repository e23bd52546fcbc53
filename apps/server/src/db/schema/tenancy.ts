import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const corporates = pgTable('corporates', {
  id: serial('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  name: text('name').notNull(),
  phoneNumber: text('phone_number'),
  address: text('address'),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface ClinicModules {
  service: boolean;
  lab: boolean;
  pharmacy: boolean;
  payment: boolean;
  satusehat: boolean;
}

export const clinics = pgTable('clinics', {
  // Integer ids as the spec uses them (clinics 11 and 12); the demo seeds explicit ids.
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  uid: text('uid').notNull().unique(),
  corpId: integer('corp_id')
    .notNull()
    .references(() => corporates.id),
  name: text('name').notNull(),
  phoneNumber: text('phone_number'),
  address: text('address'),
  timeZone: text('time_zone').notNull().default('Asia/Jakarta'),
  mcuSite: boolean('mcu_site').notNull().default(false),
  accountType: text('account_type', { enum: ['corporate', 'klinik', 'mandiri'] })
    .notNull()
    .default('klinik'),
  statusSetup: text('status_setup').notNull().default('done'),
  modules: jsonb('modules')
    .$type<ClinicModules>()
    .notNull()
    .default(sql`'{"service":true,"lab":true,"pharmacy":true,"payment":true,"satusehat":true}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
