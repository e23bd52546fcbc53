import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from './columns.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * The accounting hand-off (issue 18 item 8): a clinic's chart-of-accounts mapping and the journal
 * entries made from billing's events. An entry's lines keep the account code and name of the
 * moment it was made (a later mapping change does not rewrite booked entries).
 */

/** A clinic's own account for a key; a key without a row uses the default chart. */
export const accountMappings = pgTable(
  'account_mappings',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    key: text('key').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.key] })],
);

/** One business event's entry: once per source (bill, payment, reversal, payer payment). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    /** The clinic-local day of the event. */
    day: date('day').notNull(),
    /** bill | payment | reversal | payerPayment */
    source: text('source').notNull(),
    sourceUid: text('source_uid').notNull(),
    /** Invoice, receipt or payer-invoice number. */
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    /** The domain event it was made from; null when made by the backfill. */
    eventId: bigint('event_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_source_uq').on(t.source, t.sourceUid),
    index('journal_entries_clinic_day_idx').on(t.clinicId, t.day, t.id),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    seq: integer('seq').notNull(),
    accountKey: text('account_key').notNull(),
    accountCode: text('account_code').notNull(),
    accountName: text('account_name').notNull(),
    debit: money('debit').notNull(),
    credit: money('credit').notNull(),
  },
  (t) => [uniqueIndex('journal_lines_entry_seq_uq').on(t.entryId, t.seq)],
);
