import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
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
import { receivables } from './billing.ts';
import { money } from './columns.ts';
import { partnerCompanies } from './registrations.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * Bills to partner companies and insurers (issue 18 §5–6, research/operations.md §3.8–3.9): an
 * invoice groups a payer's receivables of a period; the payer's payments are allocated to its
 * items; what is not collected is written off with a second person's approval. Items, payments,
 * allocations and write-offs are append-only (a trigger in the migration); the header's status
 * and the claims (which receivable an open invoice holds) are the only rows that change.
 */

/** A clinic's bank account printed on its invoices to payers ("Pembayaran ke rekening …"). */
export const payerInvoiceSettings = pgTable('payer_invoice_settings', {
  clinicId: integer('clinic_id')
    .primaryKey()
    .references(() => clinics.id),
  bankName: text('bank_name'),
  accountNumber: text('account_number'),
  accountHolder: text('account_holder'),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last invoice number given per clinic and month (TG/<clinic>/<yyyymm>/<nnnn>): no gaps. */
export const payerInvoiceCounters = pgTable(
  'payer_invoice_counters',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    period: text('period').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.period] })],
);

export const payerInvoices = pgTable(
  'payer_invoices',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    /** TG/<clinic>/<yyyymm>/<nnnn>, given when the draft is made (a cancelled draft keeps it). */
    number: text('number').notNull(),
    /** company | insurer */
    payerKind: text('payer_kind').notNull(),
    companyId: integer('company_id').references(() => partnerCompanies.id),
    payerName: text('payer_name').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    termDays: integer('term_days').notNull(),
    /** DRAFT | APPROVED | SENT | PARTIALLY_PAID | PAID | DISPUTED | WRITTEN_OFF | CANCELLED */
    status: text('status').notNull().default('DRAFT'),
    note: text('note'),
    disputeReason: text('dispute_reason'),
    /** A write-off asked and waiting for a second person's approval. */
    writeOffReason: text('write_off_reason'),
    writeOffRequestedBy: integer('write_off_requested_by'),
    cancelReason: text('cancel_reason'),
    preparedBy: integer('prepared_by').notNull(),
    preparedAt: timestamp('prepared_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    sentBy: integer('sent_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payer_invoices_number_uq').on(t.number),
    index('payer_invoices_clinic_status_idx').on(t.clinicId, t.status, t.issueDate),
    check(
      'payer_invoices_status_ck',
      sql`${t.status} IN ('DRAFT', 'APPROVED', 'SENT', 'PARTIALLY_PAID', 'PAID', 'DISPUTED', 'WRITTEN_OFF', 'CANCELLED')`,
    ),
    check('payer_invoices_payer_ck', sql`${t.payerKind} IN ('company', 'insurer')`),
    check('payer_invoices_period_ck', sql`${t.periodFrom} <= ${t.periodTo}`),
  ],
);

/** One receivable billed on an invoice, with the amount billed. Append-only. */
export const payerInvoiceItems = pgTable(
  'payer_invoice_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => payerInvoices.id),
    receivableId: integer('receivable_id')
      .notNull()
      .references(() => receivables.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    uniqueIndex('payer_invoice_items_invoice_receivable_uq').on(t.invoiceId, t.receivableId),
    index('payer_invoice_items_receivable_idx').on(t.receivableId),
    check('payer_invoice_items_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * Which invoice holds a receivable: at most one invoice that is not cancelled (the primary key);
 * cancelling a draft deletes its claims and the receivables are free again.
 */
export const payerInvoiceClaims = pgTable('payer_invoice_claims', {
  receivableId: integer('receivable_id')
    .primaryKey()
    .references(() => receivables.id),
  invoiceId: integer('invoice_id')
    .notNull()
    .references(() => payerInvoices.id),
});

/** A payment received from the payer. Append-only. */
export const payerInvoicePayments = pgTable(
  'payer_invoice_payments',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => payerInvoices.id),
    paidOn: date('paid_on').notNull(),
    /** TRANSFER | GIRO | CEK | TUNAI */
    method: text('method').notNull(),
    reference: text('reference'),
    amount: money('amount').notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payer_invoice_payments_invoice_idx').on(t.invoiceId),
    check('payer_invoice_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** A payment's rupiah put on one item. Append-only. */
export const payerInvoiceAllocations = pgTable(
  'payer_invoice_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payerInvoicePayments.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => payerInvoiceItems.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('payer_invoice_allocations_item_idx').on(t.itemId),
    check('payer_invoice_allocations_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** What of an item will not be collected, approved by a second person. Append-only. */
export const payerInvoiceWriteOffs = pgTable(
  'payer_invoice_write_offs',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => payerInvoices.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => payerInvoiceItems.id),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').notNull(),
    approvedBy: integer('approved_by').notNull(),
    /** The insurer's denial this write-off resolves; null: the invoice's rest written off. */
    denialId: integer('denial_id').references((): AnyPgColumn => payerClaimDenials.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payer_invoice_write_offs_invoice_idx').on(t.invoiceId),
    uniqueIndex('payer_invoice_write_offs_denial_uq').on(t.denialId),
    check('payer_invoice_write_offs_amount_ck', sql`${t.amount} > 0`),
    check('payer_invoice_write_offs_approver_ck', sql`${t.approvedBy} <> ${t.requestedBy}`),
  ],
);

/**
 * An insurer's answer on one item of a claim batch (an insurer's invoice, issue 18 §6): all or part
 * of what was open on the visit denied, with the reason code and a note, optionally naming the
 * bill's lines (their seq). Append-only; resolved by a re-claim or a write-off (below).
 */
export const payerClaimDenials = pgTable(
  'payer_claim_denials',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => payerInvoices.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => payerInvoiceItems.id),
    amount: money('amount').notNull(),
    /** DENIAL_REASONS of payer-claims.rules.ts */
    reasonCode: text('reason_code').notNull(),
    note: text('note'),
    /** The bill lines (bill_lines.seq) the denial concerns; empty: the visit as a whole. */
    lineSeqs: integer('line_seqs').array().notNull().default(sql`'{}'::integer[]`),
    recordedBy: integer('recorded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payer_claim_denials_invoice_idx').on(t.invoiceId),
    index('payer_claim_denials_item_idx').on(t.itemId),
    check('payer_claim_denials_amount_ck', sql`${t.amount} > 0`),
    check(
      'payer_claim_denials_reason_ck',
      sql`${t.reasonCode} IN ('notCovered', 'overCeiling', 'incompleteDocuments', 'lateSubmission', 'duplicate', 'notIndicated', 'other')`,
    ),
  ],
);

/**
 * A denial resolved by a corrected resubmission: its amount is claimable again on a later claim
 * batch of the insurer (the receivable's claimable rest grows by it). Append-only.
 */
export const payerClaimReclaims = pgTable('payer_claim_reclaims', {
  denialId: integer('denial_id')
    .primaryKey()
    .references(() => payerClaimDenials.id),
  note: text('note'),
  recordedBy: integer('recorded_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A denial's write-off asked and waiting for a second person (like the invoice's own request on its
 * header): removed when approved (the write-off row names the denial) or when re-claimed instead.
 */
export const payerClaimWriteOffRequests = pgTable('payer_claim_write_off_requests', {
  denialId: integer('denial_id')
    .primaryKey()
    .references(() => payerClaimDenials.id),
  reason: text('reason').notNull(),
  requestedBy: integer('requested_by').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});
