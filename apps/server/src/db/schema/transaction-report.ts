import { REPORT_CATEGORIES, REPORT_METHODS } from '@klinikita/domain/billing/transaction-report.rules';
import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bills } from './billing.ts';
import { money } from './columns.ts';

/**
 * The transaction report's read model: one row per posted bill (every bill but a draft) with
 * what the report filters and sums — its amounts by report category, taxes, paid per method, its
 * report status and who took its payments. Derived, never written by the services: the triggers
 * of migration 0035 rebuild a bill's row (`klinikita_transaction_report_refresh`) in the same
 * statement as any write to the bill, its lines, payments or payment parts, so the money rows stay
 * append-only and the report reads one narrow row per bill instead of summing lines and parts.
 */

const moneyColumn = (name: string) => money(name).notNull();

export const transactionReportBills = pgTable(
  'transaction_report_bills',
  {
    billId: integer('bill_id')
      .primaryKey()
      .references(() => bills.id),
    corpId: integer('corp_id').notNull(),
    clinicId: integer('clinic_id').notNull(),
    registrationId: integer('registration_id').notNull(),
    patientId: integer('patient_id').notNull(),
    serviceDay: date('service_day').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** LUNAS | BELUM_LUNAS | DIBATALKAN (transaction-report.rules) */
    status: text('status').notNull(),
    payerType: text('payer_type').notNull(),
    companyId: integer('company_id'),
    /** Who took a payment or reversal of the bill */
    cashierIds: integer('cashier_ids').array().notNull(),
    ...(Object.fromEntries(
      [
        ...REPORT_CATEGORIES.map((c) => `cat_${c}`),
        'gross',
        'discount',
        'dpp',
        'ppn',
        'net',
        ...REPORT_METHODS.map((m) => `m_${m.toLowerCase()}`),
        'paid_total',
      ].map((name) => [name, moneyColumn(name)]),
    ) as Record<string, ReturnType<typeof moneyColumn>>),
  },
  (t) => [
    // pages and export batches: each clinic's bills in posting order (merged across clinics)
    index('transaction_report_bills_clinic_posted_idx').on(t.clinicId, t.postedAt, t.billId),
    // the totals of a clinic's days
    index('transaction_report_bills_clinic_day_idx').on(t.clinicId, t.serviceDay),
  ],
);
