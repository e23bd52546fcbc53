import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cashierShifts } from './cashier-shifts.ts';
import { money } from './columns.ts';
import { patients } from './patients.ts';
import { partnerCompanies, registrations } from './registrations.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * Billing (issue 18, research/operations.md §3.1–3.6): one bill per visit, its lines frozen at
 * posting, its payments split into parts, the company and insurer parts as receivables. Money in
 * whole rupiah. Lines, payments, their parts and receivables are append-only (a trigger in the
 * migration): a correction is an adjustment line or a negative payment, never an update.
 */

/** A clinic's billing settings (defaults: not a PKP, prices include PPN, approval above Rp100.000). */
export const billingSettings = pgTable('billing_settings', {
  clinicId: integer('clinic_id')
    .primaryKey()
    .references(() => clinics.id),
  isPkp: boolean('is_pkp').notNull().default(false),
  pricesIncludePpn: boolean('prices_include_ppn').notNull().default(true),
  discountApprovalThreshold: money('discount_approval_threshold').notNull().default(100_000),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last invoice and receipt number given per clinic and month: numbers without gaps. */
export const billingCounters = pgTable(
  'billing_counters',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    /** invoice | receipt */
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.kind, t.period] })],
);

/**
 * A visit's bill: made as a draft the first time it is read (its lines are assembled live), posted
 * once (number, lines frozen, the settings of that moment), paid. The status follows the money:
 * posted → paid when payments and receivables reach the total, back to posted on a reversal.
 */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    /** draft | posted | paid */
    status: text('status').notNull().default('draft'),
    /** INV/<clinic>/<yyyymm>/<nnnn>, given at posting. */
    number: text('number'),
    payerType: text('payer_type').notNull(),
    companyId: integer('company_id').references(() => partnerCompanies.id),
    payerName: text('payer_name'),
    /** The visit's clinic day: the tariffs' day. */
    serviceDay: date('service_day').notNull(),
    isPkp: boolean('is_pkp'),
    pricesIncludePpn: boolean('prices_include_ppn'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedBy: integer('posted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_registration_uq').on(t.registrationId),
    uniqueIndex('bills_number_uq').on(t.number),
    index('bills_clinic_status_idx').on(t.clinicId, t.status, t.serviceDay),
    // the transaction report's pages and export batches: posted bills of a clinic in posting order
    index('bills_clinic_posted_idx').on(t.clinicId, t.postedAt, t.id).where(sql`${t.status} <> 'draft'`),
    check('bills_status_ck', sql`${t.status} IN ('draft', 'posted', 'paid')`),
    check('bills_number_ck', sql`(${t.status} = 'draft') = (${t.number} IS NULL)`),
  ],
);

/**
 * An extra charge or discount asked on a draft (pending above the threshold until a second
 * person decides), or an adjustment of a posted bill (its line is in bill_lines).
 */
export const billAdjustments = pgTable(
  'bill_adjustments',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id),
    /** charge | discount | adjustment */
    kind: text('kind').notNull(),
    /** A line discount's line (`sourceType:sourceUid`); null: the whole bill. */
    lineKey: text('line_key'),
    /** fixed | percent (discounts) */
    discountType: text('discount_type'),
    /** Rupiah (charge, adjustment, fixed discount) or percent. */
    value: money('value').notNull(),
    /** The rupiah it came to when asked. */
    amount: money('amount').notNull(),
    description: text('description'),
    reason: text('reason').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull(),
    requestedBy: integer('requested_by').notNull(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bill_adjustments_bill_idx').on(t.billId),
    check('bill_adjustments_status_ck', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  ],
);

/** The posted bill's lines (and the lines its adjustments added). Append-only. */
export const billLines = pgTable(
  'bill_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id),
    seq: integer('seq').notNull(),
    category: text('category').notNull(),
    sourceType: text('source_type').notNull(),
    sourceUid: text('source_uid').notNull(),
    code: text('code'),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    unitPrice: money('unit_price').notNull(),
    gross: money('gross').notNull(),
    discount: money('discount').notNull(),
    taxCode: text('tax_code').notNull(),
    dpp: money('dpp').notNull(),
    ppn: money('ppn').notNull(),
    net: money('net').notNull(),
    payerPortion: money('payer_portion').notNull(),
    patientPortion: money('patient_portion').notNull(),
    adjustmentId: integer('adjustment_id').references(() => billAdjustments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bill_lines_bill_seq_uq').on(t.billId, t.seq)],
);

/**
 * A payment of a bill (all its parts at once), or the reversal of one (negative, naming it).
 * Once per idempotency key of the corporate: a retried request answers the same payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id),
    idempotencyKey: text('idempotency_key'),
    /** The request body's hash: the same key with another body is refused. */
    requestHash: text('request_hash'),
    /** KW/<clinic>/<yyyymm>/<nnnn>; null for a reversal. */
    receiptNumber: text('receipt_number'),
    amount: money('amount').notNull(),
    reversesPaymentId: integer('reverses_payment_id'),
    reason: text('reason'),
    cashierId: integer('cashier_id').notNull(),
    approvedBy: integer('approved_by'),
    /** The cashier shift it was taken in (set on insert; null for history before shifts). */
    shiftId: integer('shift_id').references(() => cashierShifts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_uq').on(t.corpId, t.idempotencyKey),
    uniqueIndex('payments_receipt_uq').on(t.receiptNumber),
    // a payment is reversed at most once
    uniqueIndex('payments_reverses_uq').on(t.reversesPaymentId),
    index('payments_bill_idx').on(t.billId),
    index('payments_clinic_created_idx').on(t.clinicId, t.createdAt),
    index('payments_shift_idx').on(t.shiftId),
  ],
);

/** A payment's parts by method; a reversal's mirror the original's, negative. Append-only. */
export const paymentParts = pgTable(
  'payment_parts',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    seq: integer('seq').notNull(),
    method: text('method').notNull(),
    amount: money('amount').notNull(),
    tendered: money('tendered'),
    change: money('change').notNull().default(0),
    reference: text('reference'),
  },
  (t) => [uniqueIndex('payment_parts_payment_seq_uq').on(t.paymentId, t.seq)],
);

/** What a partner company or insurer owes for a bill (a PERUSAHAAN/ASURANSI part). Append-only. */
export const receivables = pgTable(
  'receivables',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id),
    paymentPartId: integer('payment_part_id')
      .notNull()
      .references(() => paymentParts.id),
    /** company | insurer */
    payerKind: text('payer_kind').notNull(),
    companyId: integer('company_id').references(() => partnerCompanies.id),
    payerName: text('payer_name').notNull(),
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('receivables_bill_idx').on(t.billId), index('receivables_company_idx').on(t.companyId)],
);

/**
 * A patient's deposit (uang muka) within the corporate: the balance row is what a payment, a
 * receipt or a refund locks (`FOR UPDATE`) before it reads and changes the balance, so two
 * payments drawing at once never overdraw it. The balance is the sum of the patient's entries.
 */
export const patientDeposits = pgTable(
  'patient_deposits',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    balance: money('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('patient_deposits_patient_uq').on(t.corpId, t.patientId),
    check('patient_deposits_balance_ck', sql`${t.balance} >= 0`),
  ],
);

/**
 * The deposit ledger, append-only: a receipt at the cashier (+, DP/<clinic>/<yyyymm>/<nnnn>, its
 * own gapless series), a draw by a payment's DEPOSIT part (−), a return by that payment's
 * reversal (+), a refund of a receipt by a second person (−, with the reason).
 */
export const depositEntries = pgTable(
  'deposit_entries',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    /** receipt | draw | return | refund */
    kind: text('kind').notNull(),
    /** Signed: + into the deposit (receipt, return), − out of it (draw, refund). */
    amount: money('amount').notNull(),
    /** How the money came or went back (receipt, refund): TUNAI, DEBIT, KREDIT, QRIS, TRANSFER. */
    method: text('method'),
    reference: text('reference'),
    receiptNumber: text('receipt_number'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** The payment part that drew on it (draw) or gave it back (return). */
    paymentPartId: integer('payment_part_id').references(() => paymentParts.id),
    /** The receipt a refund gives back. */
    refundsEntryId: integer('refunds_entry_id'),
    reason: text('reason'),
    cashierId: integer('cashier_id').notNull(),
    approvedBy: integer('approved_by'),
    shiftId: integer('shift_id').references(() => cashierShifts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposit_entries_idempotency_uq').on(t.corpId, t.idempotencyKey),
    uniqueIndex('deposit_entries_receipt_uq').on(t.receiptNumber),
    uniqueIndex('deposit_entries_part_uq').on(t.paymentPartId),
    index('deposit_entries_patient_idx').on(t.corpId, t.patientId, t.id),
    index('deposit_entries_shift_idx').on(t.shiftId),
    check('deposit_entries_kind_ck', sql`${t.kind} IN ('receipt', 'draw', 'return', 'refund')`),
    check(
      'deposit_entries_sign_ck',
      sql`(${t.kind} IN ('receipt', 'return') AND ${t.amount} > 0) OR (${t.kind} IN ('draw', 'refund') AND ${t.amount} < 0)`,
    ),
  ],
);
