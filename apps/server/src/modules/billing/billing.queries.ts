import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  billAdjustments,
  billingCounters,
  billingSettings,
  billLines,
  bills,
  journalEntries,
  journalLines,
  paymentParts,
  payments,
  receivables,
} from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../shared/sql.ts';

/**
 * Billing's reads and writes. Lock order in every write: the bill row (`FOR UPDATE`), then its
 * payments. Lines, payments, parts and receivables are only ever inserted.
 */

export type BillRow = typeof bills.$inferSelect;
export type BillLineRow = typeof billLines.$inferSelect;
export type AdjustmentRow = typeof billAdjustments.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PartRow = typeof paymentParts.$inferSelect;
export type SettingsRow = typeof billingSettings.$inferSelect;

// settings

export async function findSettings(db: Executor, clinicId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.clinicId, clinicId));
  return row ?? null;
}

export async function upsertSettings(
  db: Executor,
  values: Omit<SettingsRow, 'updatedAt'>,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(billingSettings)
    .values(values)
    .onConflictDoUpdate({
      target: billingSettings.clinicId,
      set: {
        isPkp: values.isPkp,
        pricesIncludePpn: values.pricesIncludePpn,
        discountApprovalThreshold: values.discountApprovalThreshold,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row;
}

// numbers

/** The next number of a clinic's invoices or receipts in a month; a rolled-back write gives it back. */
export async function nextSequence(tx: Tx, clinicId: number, kind: string, period: string): Promise<number> {
  const [row] = await tx
    .insert(billingCounters)
    .values({ clinicId, kind, period, lastValue: 1 })
    .onConflictDoUpdate({
      target: [billingCounters.clinicId, billingCounters.kind, billingCounters.period],
      set: { lastValue: sql`${billingCounters.lastValue} + 1` },
    })
    .returning({ value: billingCounters.lastValue });
  return row.value;
}

export const countersOf = (db: Executor, clinicIds: readonly number[]) =>
  clinicIds.length
    ? db
        .select()
        .from(billingCounters)
        .where(inArray(billingCounters.clinicId, [...clinicIds]))
    : Promise.resolve([]);

// bills

export async function findBillOfVisit(db: Executor, registrationId: number, lock = false) {
  const query = db.select().from(bills).where(eq(bills.registrationId, registrationId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A bill of the corporate within the given clinics, else null; `lock` takes its row for update. */
export async function findBill(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
  where: { uid: string } | { id: number },
  lock = false,
): Promise<BillRow | null> {
  if (!clinicIds.length) return null;
  const query = db
    .select()
    .from(bills)
    .where(
      and(
        'uid' in where ? eq(bills.uid, where.uid) : eq(bills.id, where.id),
        eq(bills.corpId, corpId),
        inArray(bills.clinicId, [...clinicIds]),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Makes the visit's draft bill once (two first reads at once make one). */
export async function ensureBill(db: Executor, values: typeof bills.$inferInsert): Promise<void> {
  await db.insert(bills).values(values).onConflictDoNothing({ target: bills.registrationId });
}

export async function updateBill(
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      BillRow,
      | 'status'
      | 'number'
      | 'postedAt'
      | 'postedBy'
      | 'isPkp'
      | 'pricesIncludePpn'
      | 'payerType'
      | 'companyId'
      | 'payerName'
    >
  >,
) {
  await db
    .update(bills)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bills.id, id));
}

export async function linesOf(db: Executor, billId: number): Promise<BillLineRow[]> {
  return db.select().from(billLines).where(eq(billLines.billId, billId)).orderBy(asc(billLines.seq));
}

export async function insertLines(db: Executor, rows: (typeof billLines.$inferInsert)[]) {
  if (rows.length) await db.insert(billLines).values(rows);
}

export async function adjustmentsOf(db: Executor, billId: number): Promise<AdjustmentRow[]> {
  return db
    .select()
    .from(billAdjustments)
    .where(eq(billAdjustments.billId, billId))
    .orderBy(asc(billAdjustments.id));
}

export async function insertAdjustment(
  db: Executor,
  values: typeof billAdjustments.$inferInsert,
): Promise<AdjustmentRow> {
  const [row] = await db.insert(billAdjustments).values(values).returning();
  return row;
}

export async function findAdjustment(db: Executor, uid: string): Promise<AdjustmentRow | null> {
  const [row] = await db.select().from(billAdjustments).where(eq(billAdjustments.uid, uid));
  return row ?? null;
}

export async function decideAdjustmentRow(
  db: Executor,
  id: number,
  status: 'approved' | 'rejected',
  decidedBy: number,
): Promise<boolean> {
  const rows = await db
    .update(billAdjustments)
    .set({ status, decidedBy, decidedAt: sql`now()` })
    .where(and(eq(billAdjustments.id, id), eq(billAdjustments.status, 'pending')))
    .returning({ id: billAdjustments.id });
  return rows.length === 1;
}

// payments

export async function paymentsOf(db: Executor, billId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.billId, billId)).orderBy(asc(payments.id));
}

export async function partsOf(db: Executor, paymentIds: readonly number[]): Promise<PartRow[]> {
  if (!paymentIds.length) return [];
  return db
    .select()
    .from(paymentParts)
    .where(inArray(paymentParts.paymentId, [...paymentIds]))
    .orderBy(asc(paymentParts.paymentId), asc(paymentParts.seq));
}

export async function receivableTotal(db: Executor, billId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${receivables.amount}), 0)` })
    .from(receivables)
    .where(eq(receivables.billId, billId));
  return Number(row.n);
}

export async function findPaymentByKey(
  db: Executor,
  corpId: number,
  key: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.corpId, corpId), eq(payments.idempotencyKey, key)));
  return row ?? null;
}

export async function findPayment(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
  where: { uid: string } | { reverses: number },
): Promise<PaymentRow | null> {
  if (!clinicIds.length) return null;
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        'uid' in where ? eq(payments.uid, where.uid) : eq(payments.reversesPaymentId, where.reverses),
        eq(payments.corpId, corpId),
        inArray(payments.clinicId, [...clinicIds]),
      ),
    );
  return row ?? null;
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row;
}

export async function insertPart(db: Executor, values: typeof paymentParts.$inferInsert): Promise<PartRow> {
  const [row] = await db.insert(paymentParts).values(values).returning();
  return row;
}

export async function insertReceivable(db: Executor, values: typeof receivables.$inferInsert) {
  await db.insert(receivables).values(values);
}

// consistency

/** Per bill of the clinics: its total (Σ lines), money received (non-receivable parts) and receivables. */
export async function billBalances(db: Executor, corpId: number, clinicIds: readonly number[]) {
  if (!clinicIds.length) return [];
  const result = await db.execute<{
    id: number;
    uid: string;
    clinic_id: number;
    number: string | null;
    status: string;
    total: string;
    paid: string;
    receivable: string;
  }>(sql`SELECT b.id, b.uid, b.clinic_id, b.number, b.status,
      coalesce((SELECT sum(l.net) FROM bill_lines l WHERE l.bill_id = b.id), 0) AS total,
      coalesce((SELECT sum(pp.amount) FROM payments p JOIN payment_parts pp ON pp.payment_id = p.id
                 WHERE p.bill_id = b.id AND pp.method NOT IN ('PERUSAHAAN', 'ASURANSI')), 0) AS paid,
      coalesce((SELECT sum(r.amount) FROM receivables r WHERE r.bill_id = b.id), 0) AS receivable
    FROM bills b
    WHERE b.corp_id = ${corpId} AND b.clinic_id IN (${sql.join(
      clinicIds.map((c) => sql`${c}`),
      sql`, `,
    )})
    ORDER BY b.id`);
  return result.rows.map((r) => ({
    id: r.id,
    uid: r.uid,
    clinicId: r.clinic_id,
    number: r.number,
    status: r.status,
    total: Number(r.total),
    paid: Number(r.paid),
    receivable: Number(r.receivable),
  }));
}

/**
 * The accounting hand-off's entries of the clinics that have no line or whose debits and credits
 * differ (issue 18 "Rules": the consistency check covers journals). Answers how many were read.
 */
export async function journalProblems(db: Executor, corpId: number, clinicIds: readonly number[]) {
  if (!clinicIds.length) return { count: 0, problems: [] as { kind: string; ref: string; detail: string }[] };
  const list = sql.join(
    clinicIds.map((c) => sql`${c}`),
    sql`, `,
  );
  const [{ n }] = (
    await db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM ${journalEntries} WHERE corp_id = ${corpId} AND clinic_id IN (${list})`,
    )
  ).rows;
  const bad = await db.execute<{ ref: string; lines: string; debit: string; credit: string }>(sql`
    SELECT e.reference || ' (' || e.source || ')' AS ref, count(l.id) AS lines,
           coalesce(sum(l.debit), 0) AS debit, coalesce(sum(l.credit), 0) AS credit
      FROM ${journalEntries} e LEFT JOIN ${journalLines} l ON l.entry_id = e.id
     WHERE e.corp_id = ${corpId} AND e.clinic_id IN (${list})
     GROUP BY e.id
    HAVING count(l.id) = 0 OR coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0)
     ORDER BY e.id`);
  return {
    count: Number(n),
    problems: bad.rows.map((r) => ({
      kind: Number(r.lines) === 0 ? 'journalEntryEmpty' : 'journalUnbalanced',
      ref: r.ref,
      detail: `debit ${r.debit}, credit ${r.credit}`,
    })),
  };
}

/** Payments whose amount is not the sum of their parts, or whose bill is of another clinic. */
export async function paymentProblems(db: Executor, corpId: number, clinicIds: readonly number[]) {
  if (!clinicIds.length) return { count: 0, problems: [] as { uid: string; kind: string }[] };
  const list = sql.join(
    clinicIds.map((c) => sql`${c}`),
    sql`, `,
  );
  const [{ n }] = (
    await db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM payments WHERE corp_id = ${corpId} AND clinic_id IN (${list})`,
    )
  ).rows;
  const bad = await db.execute<{ uid: string; kind: string }>(sql`
    SELECT p.uid, 'partsMismatch' AS kind FROM payments p
     WHERE p.corp_id = ${corpId} AND p.clinic_id IN (${list})
       AND p.amount <> coalesce((SELECT sum(amount) FROM payment_parts WHERE payment_id = p.id), 0)
    UNION ALL
    SELECT p.uid, 'billElsewhere' FROM payments p LEFT JOIN bills b ON b.id = p.bill_id
     WHERE p.corp_id = ${corpId} AND p.clinic_id IN (${list})
       AND (b.id IS NULL OR b.clinic_id <> p.clinic_id OR b.status = 'draft')
    UNION ALL
    SELECT p.uid, 'receivableMissing' FROM payments p JOIN payment_parts pp ON pp.payment_id = p.id
     WHERE p.corp_id = ${corpId} AND p.clinic_id IN (${list}) AND pp.method IN ('PERUSAHAAN', 'ASURANSI')
       AND NOT EXISTS (SELECT 1 FROM receivables r WHERE r.payment_part_id = pp.id AND r.amount = pp.amount)`);
  return { count: Number(n), problems: bad.rows };
}

/** The numbers given per clinic, kind and month (invoices from bills, receipts from payments). */
export async function usedNumbers(db: Executor, clinicIds: readonly number[]) {
  if (!clinicIds.length) return { invoices: [], receipts: [] };
  const invoices = await db
    .select({ clinicId: bills.clinicId, number: bills.number })
    .from(bills)
    .where(and(inArray(bills.clinicId, [...clinicIds]), isNotNull(bills.number)));
  const receipts = await db
    .select({ clinicId: payments.clinicId, number: payments.receiptNumber })
    .from(payments)
    .where(and(inArray(payments.clinicId, [...clinicIds]), isNotNull(payments.receiptNumber)));
  return {
    invoices: invoices as { clinicId: number; number: string }[],
    receipts: receipts as { clinicId: number; number: string }[],
  };
}
