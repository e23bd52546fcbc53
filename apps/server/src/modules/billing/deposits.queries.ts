import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  bills,
  depositEntries,
  patientDeposits,
  patients,
  paymentParts,
  payments,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/**
 * The deposit ledger's reads and writes. Lock order: a payment locks its bill first, then the
 * patient's balance row (`FOR UPDATE`); a receipt or a refund locks only the balance row. Entries
 * are only ever inserted; the balance row follows them in the same transaction.
 */

export type DepositEntryRow = typeof depositEntries.$inferSelect;

export async function patientById(db: Executor, id: number) {
  const [row] = await db.select().from(patients).where(eq(patients.id, id));
  return row ?? null;
}

/** The patient's balance row, made on first use, locked until the transaction ends. */
export async function lockBalance(db: Executor, corpId: number, patientId: number): Promise<number> {
  await db.insert(patientDeposits).values({ corpId, patientId }).onConflictDoNothing();
  const [row] = await db
    .select({ balance: patientDeposits.balance })
    .from(patientDeposits)
    .where(and(eq(patientDeposits.corpId, corpId), eq(patientDeposits.patientId, patientId)))
    .for('update');
  return row.balance;
}

export async function balanceOf(db: Executor, corpId: number, patientId: number): Promise<number> {
  const [row] = await db
    .select({ balance: patientDeposits.balance })
    .from(patientDeposits)
    .where(and(eq(patientDeposits.corpId, corpId), eq(patientDeposits.patientId, patientId)));
  return row?.balance ?? 0;
}

/** Writes an entry and moves the (locked) balance by its amount. */
export async function insertEntry(db: Executor, values: typeof depositEntries.$inferInsert) {
  const [row] = await db.insert(depositEntries).values(values).returning();
  await db
    .update(patientDeposits)
    .set({ balance: sql`${patientDeposits.balance} + ${values.amount}`, updatedAt: sql`now()` })
    .where(and(eq(patientDeposits.corpId, values.corpId), eq(patientDeposits.patientId, values.patientId)));
  return row;
}

export async function findEntryByKey(db: Executor, corpId: number, key: string) {
  const [row] = await db
    .select()
    .from(depositEntries)
    .where(and(eq(depositEntries.corpId, corpId), eq(depositEntries.idempotencyKey, key)));
  return row ?? null;
}

export async function findEntry(db: Executor, corpId: number, clinicIds: readonly number[], uid: string) {
  if (!clinicIds.length) return null;
  const [row] = await db
    .select()
    .from(depositEntries)
    .where(
      and(
        eq(depositEntries.uid, uid),
        eq(depositEntries.corpId, corpId),
        inArray(depositEntries.clinicId, [...clinicIds]),
      ),
    );
  return row ?? null;
}

/** What a receipt's refunds took back so far (negative or 0). */
export async function refundedOf(db: Executor, receiptIds: readonly number[]) {
  if (!receiptIds.length) return new Map<number, number>();
  const rows = await db
    .select({ id: depositEntries.refundsEntryId, sum: sql<string>`sum(${depositEntries.amount})` })
    .from(depositEntries)
    .where(inArray(depositEntries.refundsEntryId, [...receiptIds]))
    .groupBy(depositEntries.refundsEntryId);
  return new Map(rows.map((r) => [r.id!, Number(r.sum)]));
}

/** The patient's ledger, newest first, with each draw's or return's bill number and the cashier's name. */
export function entriesOf(db: Executor, corpId: number, patientId: number, limit = 100) {
  return db
    .select({
      entry: depositEntries,
      billNumber: bills.number,
      cashier: users.name,
    })
    .from(depositEntries)
    .leftJoin(paymentParts, eq(paymentParts.id, depositEntries.paymentPartId))
    .leftJoin(payments, eq(payments.id, paymentParts.paymentId))
    .leftJoin(bills, eq(bills.id, payments.billId))
    .leftJoin(users, eq(users.id, depositEntries.cashierId))
    .where(and(eq(depositEntries.corpId, corpId), eq(depositEntries.patientId, patientId)))
    .orderBy(desc(depositEntries.id))
    .limit(limit);
}

/** The receipts and refunds taken in the given shifts (what they add to the drawer and the methods). */
export function depositsOfShifts(db: Executor, shiftIds: readonly number[]) {
  if (!shiftIds.length) return Promise.resolve([]);
  return db
    .select({
      shiftId: sql<number>`${depositEntries.shiftId}`,
      kind: depositEntries.kind,
      method: sql<string>`${depositEntries.method}`,
      amount: depositEntries.amount,
    })
    .from(depositEntries)
    .where(and(inArray(depositEntries.shiftId, [...shiftIds]), isNotNull(depositEntries.method)));
}

// consistency

/**
 * Per patient of the corporate with a deposit: the balance row, the sum of the entries, received,
 * drawn (net of returns) and refunded; and the DEPOSIT parts of the clinics' payments without
 * their ledger entry of the same amount.
 */
export async function depositBalances(db: Executor, corpId: number) {
  const rows = await db.execute<{
    patient_id: number;
    balance: string;
    ledger: string;
    received: string;
    drawn: string;
    refunded: string;
  }>(sql`SELECT d.patient_id, d.balance,
      coalesce(sum(e.amount), 0) AS ledger,
      coalesce(sum(e.amount) FILTER (WHERE e.kind = 'receipt'), 0) AS received,
      coalesce(-sum(e.amount) FILTER (WHERE e.kind IN ('draw', 'return')), 0) AS drawn,
      coalesce(-sum(e.amount) FILTER (WHERE e.kind = 'refund'), 0) AS refunded
    FROM patient_deposits d LEFT JOIN deposit_entries e ON e.corp_id = d.corp_id AND e.patient_id = d.patient_id
    WHERE d.corp_id = ${corpId}
    GROUP BY d.patient_id, d.balance ORDER BY d.patient_id`);
  return rows.rows.map((r) => ({
    patientId: r.patient_id,
    balance: Number(r.balance),
    ledger: Number(r.ledger),
    received: Number(r.received),
    drawn: Number(r.drawn),
    refunded: Number(r.refunded),
  }));
}

export async function depositPartsUnmatched(db: Executor, corpId: number, clinicIds: readonly number[]) {
  if (!clinicIds.length) return [];
  const list = sql.join(
    clinicIds.map((c) => sql`${c}`),
    sql`, `,
  );
  const rows = await db.execute<{ uid: string }>(sql`
    SELECT p.uid FROM payments p JOIN payment_parts pp ON pp.payment_id = p.id
     WHERE p.corp_id = ${corpId} AND p.clinic_id IN (${list}) AND pp.method = 'DEPOSIT'
       AND NOT EXISTS (SELECT 1 FROM deposit_entries e WHERE e.payment_part_id = pp.id AND e.amount = -pp.amount)`);
  return rows.rows.map((r) => r.uid);
}

/** The deposit receipt numbers given per clinic (the DP series' gap check). */
export async function usedDepositNumbers(db: Executor, clinicIds: readonly number[]) {
  if (!clinicIds.length) return [];
  return (await db
    .select({ clinicId: depositEntries.clinicId, number: depositEntries.receiptNumber })
    .from(depositEntries)
    .where(
      and(inArray(depositEntries.clinicId, [...clinicIds]), isNotNull(depositEntries.receiptNumber)),
    )) as { clinicId: number; number: string }[];
}
