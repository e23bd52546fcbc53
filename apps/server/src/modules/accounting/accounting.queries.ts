import type { JournalSource } from '@klinikita/domain/accounting/accounting.rules';
import { and, asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import {
  accountMappings,
  billAdjustments,
  billLines,
  bills,
  clinics,
  depositEntries,
  journalEntries,
  journalLines,
  patients,
  payerInvoicePayments,
  payerInvoices,
  paymentParts,
  payments,
} from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../shared/sql.ts';

/** The accounting module's reads and writes: the mapping, the journal, and the billing rows it books. */

export const mappingOf = (db: Executor, clinicId: number) =>
  db.select().from(accountMappings).where(eq(accountMappings.clinicId, clinicId));

export async function replaceMapping(
  tx: Tx,
  clinicId: number,
  accounts: readonly { key: string; code: string; name: string }[],
  userId: number,
) {
  await tx.delete(accountMappings).where(eq(accountMappings.clinicId, clinicId));
  if (accounts.length)
    await tx.insert(accountMappings).values(accounts.map((a) => ({ clinicId, ...a, updatedBy: userId })));
}

export async function clinicTimeZone(db: Executor, clinicId: number): Promise<string> {
  const [c] = await db.select({ tz: clinics.timeZone }).from(clinics).where(eq(clinics.id, clinicId));
  return c?.tz ?? 'Asia/Jakarta';
}

// ---- what gets booked ----

export async function billToBook(db: Executor, uid: string) {
  const [bill] = await db.select().from(bills).where(eq(bills.uid, uid));
  if (!bill || bill.status === 'draft') return null;
  const lines = await db
    .select()
    .from(billLines)
    .where(and(eq(billLines.billId, bill.id), sql`${billLines.category} <> 'adjustment'`))
    .orderBy(asc(billLines.seq));
  return { bill, lines };
}

/** A posted bill's adjustment (a line added after posting), with its bill. */
export async function adjustmentToBook(db: Executor, uid: string) {
  const [row] = await db
    .select({ adjustment: billAdjustments, line: billLines, bill: bills })
    .from(billAdjustments)
    .innerJoin(billLines, eq(billLines.adjustmentId, billAdjustments.id))
    .innerJoin(bills, eq(bills.id, billAdjustments.billId))
    .where(and(eq(billAdjustments.uid, uid), eq(billLines.category, 'adjustment')));
  return row ?? null;
}

export async function paymentToBook(db: Executor, uid: string) {
  const [row] = await db
    .select({ payment: payments, billNumber: bills.number })
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.billId))
    .where(eq(payments.uid, uid));
  if (!row) return null;
  const parts = await db
    .select()
    .from(paymentParts)
    .where(eq(paymentParts.paymentId, row.payment.id))
    .orderBy(asc(paymentParts.seq));
  let reversedReceipt: string | null = null;
  if (row.payment.reversesPaymentId) {
    const [orig] = await db
      .select({ receipt: payments.receiptNumber })
      .from(payments)
      .where(eq(payments.id, row.payment.reversesPaymentId));
    reversedReceipt = orig?.receipt ?? null;
  }
  return { ...row, parts, reversedReceipt };
}

/** A deposit receipt or refund (a refund with the receipt number it gives back), with the patient's name. */
export async function depositToBook(db: Executor, uid: string) {
  const [row] = await db
    .select({ entry: depositEntries, patientName: patients.name })
    .from(depositEntries)
    .innerJoin(patients, eq(patients.id, depositEntries.patientId))
    .where(and(eq(depositEntries.uid, uid), inArray(depositEntries.kind, ['receipt', 'refund'])));
  if (!row) return null;
  let receiptNumber = row.entry.receiptNumber;
  if (row.entry.refundsEntryId) {
    const [orig] = await db
      .select({ number: depositEntries.receiptNumber })
      .from(depositEntries)
      .where(eq(depositEntries.id, row.entry.refundsEntryId));
    receiptNumber = orig?.number ?? null;
  }
  return { ...row, receiptNumber };
}

export async function payerPaymentToBook(db: Executor, uid: string) {
  const [row] = await db
    .select({ payment: payerInvoicePayments, invoice: payerInvoices })
    .from(payerInvoicePayments)
    .innerJoin(payerInvoices, eq(payerInvoices.id, payerInvoicePayments.invoiceId))
    .where(eq(payerInvoicePayments.uid, uid));
  return row ?? null;
}

/** The sources of a clinic's days that have no entry yet (the backfill's work list), oldest first. */
export async function unbookedSources(
  db: Executor,
  clinicId: number,
  timeZone: string,
  from: string,
  to: string,
): Promise<{ source: JournalSource; uid: string }[]> {
  const localDay = (col: unknown) => sql`((${col} AT TIME ZONE ${timeZone})::date)`;
  const rows = await db.execute<{ source: JournalSource; uid: string }>(sql`
    SELECT * FROM (
      SELECT 'bill' AS source, b.uid, b.posted_at AS at FROM ${bills} b
        WHERE b.clinic_id = ${clinicId} AND b.status <> 'draft'
          AND ${localDay(sql`b.posted_at`)} BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT 'adjustment', a.uid, l.created_at FROM ${billAdjustments} a
        JOIN ${billLines} l ON l.adjustment_id = a.id AND l.category = 'adjustment'
        JOIN ${bills} b ON b.id = a.bill_id
        WHERE b.clinic_id = ${clinicId}
          AND ${localDay(sql`l.created_at`)} BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT CASE WHEN p.reverses_payment_id IS NULL THEN 'payment' ELSE 'reversal' END, p.uid, p.created_at
        FROM ${payments} p
        WHERE p.clinic_id = ${clinicId}
          AND ${localDay(sql`p.created_at`)} BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT CASE WHEN d.kind = 'receipt' THEN 'deposit' ELSE 'depositRefund' END, d.uid, d.created_at
        FROM ${depositEntries} d
        WHERE d.clinic_id = ${clinicId} AND d.kind IN ('receipt', 'refund')
          AND ${localDay(sql`d.created_at`)} BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT 'payerPayment', pp.uid, pp.created_at FROM ${payerInvoicePayments} pp
        JOIN ${payerInvoices} i ON i.id = pp.invoice_id
        WHERE i.clinic_id = ${clinicId} AND pp.paid_on BETWEEN ${from}::date AND ${to}::date
    ) s
    WHERE NOT EXISTS (
      SELECT 1 FROM ${journalEntries} e WHERE e.source = s.source AND e.source_uid = s.uid
    )
    -- a day's bills before its payments (a bill posted by its payment shares the payment's moment)
    ORDER BY ${localDay(sql`s.at`)},
      array_position(ARRAY['deposit', 'bill', 'adjustment', 'payment', 'reversal', 'depositRefund', 'payerPayment'], s.source), s.at
  `);
  return rows.rows.map((r) => ({ source: r.source, uid: r.uid }));
}

// ---- the journal ----

export const entryExists = async (db: Executor, source: JournalSource, uid: string) =>
  (
    await db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.source, source), eq(journalEntries.sourceUid, uid)))
  ).length > 0;

export interface NewEntry {
  uid: string;
  corpId: number;
  clinicId: number;
  day: string;
  source: JournalSource;
  sourceUid: string;
  reference: string;
  description: string;
  eventId: number | null;
  lines: { accountKey: string; accountCode: string; accountName: string; debit: number; credit: number }[];
}

/** Writes an entry once per source: a second writer of the same source finds it taken and writes nothing. */
export async function insertEntry(tx: Tx, entry: NewEntry): Promise<boolean> {
  const { lines, ...head } = entry;
  const [row] = await tx
    .insert(journalEntries)
    .values(head)
    .onConflictDoNothing({ target: [journalEntries.source, journalEntries.sourceUid] })
    .returning({ id: journalEntries.id });
  if (!row) return false;
  await tx.insert(journalLines).values(lines.map((l, i) => ({ ...l, entryId: row.id, seq: i + 1 })));
  return true;
}

export interface JournalScope {
  clinicId: number;
  from: string;
  to: string;
  source?: JournalSource;
}

const inScope = (s: JournalScope) =>
  and(
    eq(journalEntries.clinicId, s.clinicId),
    sql`${journalEntries.day} BETWEEN ${s.from}::date AND ${s.to}::date`,
    s.source ? eq(journalEntries.source, s.source) : undefined,
  );

export async function entryPage(db: Executor, s: JournalScope, page: { limit: number; offset: number }) {
  const [{ n }] = await db.select({ n: count() }).from(journalEntries).where(inScope(s));
  const entries = await db
    .select()
    .from(journalEntries)
    .where(inScope(s))
    .orderBy(asc(journalEntries.day), asc(journalEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totals] = await db
    .select({ debit: sum(journalLines.debit), credit: sum(journalLines.credit) })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(inScope(s));
  return { total: n, entries, debit: Number(totals?.debit ?? 0), credit: Number(totals?.credit ?? 0) };
}

export const linesOf = (db: Executor, entryIds: number[]) =>
  entryIds.length
    ? db
        .select()
        .from(journalLines)
        .where(inArray(journalLines.entryId, entryIds))
        .orderBy(asc(journalLines.entryId), asc(journalLines.seq))
    : Promise.resolve([]);

/** Per day and account: the trial balance of the range. */
export const accountTotals = (db: Executor, s: JournalScope) =>
  db
    .select({
      day: journalEntries.day,
      accountCode: journalLines.accountCode,
      accountName: journalLines.accountName,
      debit: sql<string>`sum(${journalLines.debit})`,
      credit: sql<string>`sum(${journalLines.credit})`,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(inScope(s))
    .groupBy(journalEntries.day, journalLines.accountCode, journalLines.accountName)
    .orderBy(asc(journalEntries.day), asc(journalLines.accountCode), asc(journalLines.accountName));

/** Every line of the range with its entry, in journal order (the exports). */
export const exportLines = (db: Executor, s: JournalScope) =>
  db
    .select({
      day: journalEntries.day,
      entryUid: journalEntries.uid,
      source: journalEntries.source,
      reference: journalEntries.reference,
      description: journalEntries.description,
      seq: journalLines.seq,
      accountCode: journalLines.accountCode,
      accountName: journalLines.accountName,
      debit: journalLines.debit,
      credit: journalLines.credit,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(inScope(s))
    .orderBy(asc(journalEntries.day), asc(journalEntries.id), asc(journalLines.seq));
