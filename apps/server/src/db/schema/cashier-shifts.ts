import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from './columns.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * Cashier shifts and the clinic's day close (issue 18 §4, research/operations.md §3.7): a
 * cashier opens a shift with a float, every payment and reversal is taken within one, closing
 * counts the cash against what is expected; a non-zero variance waits for a second person's
 * approval. The day closes only when no bill, visit at the cashier or shift is left open.
 */

export const cashierShifts = pgTable(
  'cashier_shifts',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    cashierId: integer('cashier_id').notNull(),
    /** The clinic-local day it was opened. */
    day: date('day').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openingFloat: money('opening_float').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    countedCash: money('counted_cash'),
    expectedCash: money('expected_cash'),
    variance: money('variance'),
    varianceReason: text('variance_reason'),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** open | pending_approval | closed */
    status: text('status').notNull().default('open'),
  },
  (t) => [
    // one open shift per cashier and clinic
    uniqueIndex('cashier_shifts_open_uq').on(t.cashierId, t.clinicId).where(sql`${t.status} = 'open'`),
    index('cashier_shifts_clinic_day_idx').on(t.clinicId, t.day),
    check('cashier_shifts_status_ck', sql`${t.status} IN ('open', 'pending_approval', 'closed')`),
    check('cashier_shifts_float_ck', sql`${t.openingFloat} >= 0`),
    check('cashier_shifts_approver_ck', sql`${t.approvedBy} IS NULL OR ${t.approvedBy} <> ${t.cashierId}`),
  ],
);

/** A clinic's closed day: once per clinic and clinic-local day, with its totals as closed. */
export const clinicDayCloses = pgTable(
  'clinic_day_closes',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    day: date('day').notNull(),
    closedBy: integer('closed_by').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    /** { cash, nonCash: { method: amount }, payments, shifts, variance } */
    totals: jsonb('totals').notNull(),
  },
  (t) => [uniqueIndex('clinic_day_closes_uq').on(t.clinicId, t.day)],
);
