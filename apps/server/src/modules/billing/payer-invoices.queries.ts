import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import {
  bills,
  clinics,
  corporates,
  partnerCompanies,
  patients,
  payerClaimDenials,
  payerClaimReclaims,
  payerInvoiceAllocations,
  payerInvoiceClaims,
  payerInvoiceCounters,
  payerInvoiceItems,
  payerInvoicePayments,
  payerInvoiceSettings,
  payerInvoices,
  payerInvoiceWriteOffs,
  paymentParts,
  payments,
  receivables,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/** The SQL of the invoices to partner companies and insurers (payer-invoices.service.ts). */

export type PayerInvoiceRow = typeof payerInvoices.$inferSelect;
/** Whose receivables: a partner company (by id) or an insurer (by the name on the bills). */
export type PayerWhere = { companyId: number } | { insurerName: string };

const num = (expr: SQL) => sql<number>`(${expr})::bigint`.mapWith(Number);

export async function findCompany(db: Executor, corpId: number, where: { uid: string } | { id: number }) {
  const [row] = await db
    .select()
    .from(partnerCompanies)
    .where(
      and(
        eq(partnerCompanies.corpId, corpId),
        'uid' in where ? eq(partnerCompanies.uid, where.uid) : eq(partnerCompanies.id, where.id),
      ),
    );
  return row ?? null;
}

const claimed = sql`EXISTS (SELECT 1 FROM ${payerInvoiceClaims} c WHERE c.receivable_id = ${receivables.id})`;
/**
 * What of a receivable is still to be claimed: all of it when on no open invoice; once claimed,
 * what an insurer's denials re-claimed less what later batches already bill again.
 */
const claimable = sql`CASE WHEN NOT ${claimed} THEN ${receivables.amount} ELSE ${receivables.amount}
  + COALESCE((SELECT sum(d.amount) FROM ${payerClaimDenials} d JOIN ${payerClaimReclaims} r ON r.denial_id = d.id
      JOIN ${payerInvoiceItems} i ON i.id = d.item_id WHERE i.receivable_id = ${receivables.id}), 0)
  - COALESCE((SELECT sum(i.amount) FROM ${payerInvoiceItems} i JOIN ${payerInvoices} v ON v.id = i.invoice_id
      WHERE i.receivable_id = ${receivables.id} AND v.status <> 'CANCELLED'), 0) END`;

/** A receivable still to be invoiced: owed (positive), its payment not reversed, something claimable. */
const openCondition = and(
  sql`${receivables.amount} > 0`,
  sql`(${claimable}) > 0`,
  sql`NOT EXISTS (SELECT 1 FROM ${payments} rev WHERE rev.reverses_payment_id = ${paymentParts.paymentId})`,
);

const payerCondition = (payer: PayerWhere) =>
  'companyId' in payer
    ? and(eq(receivables.payerKind, 'company'), eq(receivables.companyId, payer.companyId))
    : and(eq(receivables.payerKind, 'insurer'), eq(receivables.payerName, payer.insurerName));

export function openReceivablesOf(
  db: Executor,
  corpId: number,
  clinicId: number,
  payer: PayerWhere,
  period: { from: string; to: string },
) {
  return db
    .select({
      id: receivables.id,
      receivableUid: receivables.uid,
      amount: num(claimable),
      /** Already on a batch: the rest of a re-claim (its claim row stays with the first invoice). */
      claimed: sql<boolean>`${claimed}`,
      billNumber: bills.number,
      visitDay: sql<string>`${bills.serviceDay}::text`,
      patientName: patients.name,
      mrn: patients.mrn,
    })
    .from(receivables)
    .innerJoin(paymentParts, eq(paymentParts.id, receivables.paymentPartId))
    .innerJoin(bills, eq(bills.id, receivables.billId))
    .innerJoin(patients, eq(patients.id, bills.patientId))
    .where(
      and(
        eq(receivables.corpId, corpId),
        eq(receivables.clinicId, clinicId),
        payerCondition(payer),
        gte(bills.serviceDay, period.from),
        lte(bills.serviceDay, period.to),
        openCondition,
      ),
    )
    .orderBy(asc(bills.serviceDay), asc(receivables.id));
}

/** The payers with receivables not yet invoiced, per payer, at the clinics (of visits up to a day). */
export function uninvoicedByPayer(db: Executor, corpId: number, clinicIds: readonly number[], upTo?: string) {
  return db
    .select({
      payerKind: receivables.payerKind,
      companyId: receivables.companyId,
      payerName: sql<string>`min(${receivables.payerName})`,
      count: sql<number>`count(*)::int`,
      amount: num(sql`sum(${claimable})`),
    })
    .from(receivables)
    .innerJoin(paymentParts, eq(paymentParts.id, receivables.paymentPartId))
    .innerJoin(bills, eq(bills.id, receivables.billId))
    .where(
      and(
        eq(receivables.corpId, corpId),
        inArray(receivables.clinicId, [...clinicIds]),
        upTo ? lte(bills.serviceDay, upTo) : undefined,
        openCondition,
      ),
    )
    .groupBy(
      receivables.payerKind,
      receivables.companyId,
      sql`CASE WHEN ${receivables.companyId} IS NULL THEN ${receivables.payerName} END`,
    );
}

export function companiesById(db: Executor, ids: readonly number[]) {
  return ids.length
    ? db
        .select()
        .from(partnerCompanies)
        .where(inArray(partnerCompanies.id, [...ids]))
    : [];
}

// invoices

/** The next number of the clinic's month, in the writing transaction (a rollback gives it back). */
export async function nextInvoiceSequence(db: Executor, clinicId: number, period: string): Promise<number> {
  const [row] = await db
    .insert(payerInvoiceCounters)
    .values({ clinicId, period, lastValue: 1 })
    .onConflictDoUpdate({
      target: [payerInvoiceCounters.clinicId, payerInvoiceCounters.period],
      set: { lastValue: sql`${payerInvoiceCounters.lastValue} + 1` },
    })
    .returning({ value: payerInvoiceCounters.lastValue });
  return row.value;
}

export async function insertInvoice(db: Executor, values: typeof payerInvoices.$inferInsert) {
  const [row] = await db.insert(payerInvoices).values(values).returning();
  return row;
}

export async function insertItems(
  db: Executor,
  invoiceId: number,
  items: { id: number; amount: number; claimed: boolean }[],
) {
  await db
    .insert(payerInvoiceItems)
    .values(items.map((i) => ({ invoiceId, receivableId: i.id, amount: i.amount })));
  const fresh = items.filter((i) => !i.claimed);
  if (fresh.length)
    await db.insert(payerInvoiceClaims).values(fresh.map((i) => ({ invoiceId, receivableId: i.id })));
}

/** The claim rows of receivables re-claimed, locked: two batches do not take one re-claim twice. */
export const lockClaims = (db: Executor, receivableIds: number[]) =>
  db
    .select({ id: payerInvoiceClaims.receivableId })
    .from(payerInvoiceClaims)
    .where(inArray(payerInvoiceClaims.receivableId, receivableIds))
    .for('update');

export const releaseClaims = (db: Executor, invoiceId: number) =>
  db.delete(payerInvoiceClaims).where(eq(payerInvoiceClaims.invoiceId, invoiceId));

export const updateInvoice = (db: Executor, id: number, set: Partial<typeof payerInvoices.$inferInsert>) =>
  db
    .update(payerInvoices)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payerInvoices.id, id));

export async function findInvoice(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
  uid: string,
  lock = false,
): Promise<PayerInvoiceRow | null> {
  if (!clinicIds.length) return null;
  const query = db
    .select()
    .from(payerInvoices)
    .where(
      and(
        eq(payerInvoices.uid, uid),
        eq(payerInvoices.corpId, corpId),
        inArray(payerInvoices.clinicId, [...clinicIds]),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const paidOf = sql`COALESCE((SELECT sum(a.amount) FROM ${payerInvoiceAllocations} a WHERE a.item_id = ${payerInvoiceItems.id}), 0)`;
const writtenOffOf = sql`COALESCE((SELECT sum(w.amount) FROM ${payerInvoiceWriteOffs} w WHERE w.item_id = ${payerInvoiceItems.id}), 0)`;
const deniedOf = sql`COALESCE((SELECT sum(d.amount) FROM ${payerClaimDenials} d WHERE d.item_id = ${payerInvoiceItems.id}), 0)`;
const reclaimedOf = sql`COALESCE((SELECT sum(d.amount) FROM ${payerClaimDenials} d JOIN ${payerClaimReclaims} r ON r.denial_id = d.id WHERE d.item_id = ${payerInvoiceItems.id}), 0)`;
const deniedWrittenOffOf = sql`COALESCE((SELECT sum(w.amount) FROM ${payerInvoiceWriteOffs} w WHERE w.item_id = ${payerInvoiceItems.id} AND w.denial_id IS NOT NULL), 0)`;

export function itemsOf(db: Executor, invoiceId: number) {
  return db
    .select({
      id: payerInvoiceItems.id,
      receivableUid: receivables.uid,
      amount: payerInvoiceItems.amount,
      paid: num(paidOf),
      writtenOff: num(writtenOffOf),
      denied: num(deniedOf),
      reclaimed: num(reclaimedOf),
      deniedWrittenOff: num(deniedWrittenOffOf),
      billNumber: bills.number,
      visitDay: sql<string>`${bills.serviceDay}::text`,
      patientName: patients.name,
      mrn: patients.mrn,
    })
    .from(payerInvoiceItems)
    .innerJoin(receivables, eq(receivables.id, payerInvoiceItems.receivableId))
    .innerJoin(bills, eq(bills.id, receivables.billId))
    .innerJoin(patients, eq(patients.id, bills.patientId))
    .where(eq(payerInvoiceItems.invoiceId, invoiceId))
    .orderBy(asc(bills.serviceDay), asc(payerInvoiceItems.id));
}

export const paymentsOf = (db: Executor, invoiceId: number) =>
  db
    .select()
    .from(payerInvoicePayments)
    .where(eq(payerInvoicePayments.invoiceId, invoiceId))
    .orderBy(asc(payerInvoicePayments.paidOn), asc(payerInvoicePayments.id));

export async function insertPayment(
  db: Executor,
  values: typeof payerInvoicePayments.$inferInsert,
  allocations: { itemId: number; amount: number }[],
) {
  const [row] = await db.insert(payerInvoicePayments).values(values).returning();
  await db.insert(payerInvoiceAllocations).values(allocations.map((a) => ({ ...a, paymentId: row.id })));
  return row;
}

export const insertWriteOffs = (db: Executor, rows: (typeof payerInvoiceWriteOffs.$inferInsert)[]) =>
  db.insert(payerInvoiceWriteOffs).values(rows);

// the list and the aging

/** What an invoice's items add up to (the list, one invoice, the company portal). */
export const itemTotals = {
  total: num(
    sql`COALESCE((SELECT sum(i.amount) FROM ${payerInvoiceItems} i WHERE i.invoice_id = ${payerInvoices.id}), 0)`,
  ),
  paid: num(
    sql`COALESCE((SELECT sum(a.amount) FROM ${payerInvoiceAllocations} a JOIN ${payerInvoiceItems} i ON i.id = a.item_id WHERE i.invoice_id = ${payerInvoices.id}), 0)`,
  ),
  writtenOff: num(
    sql`COALESCE((SELECT sum(w.amount) FROM ${payerInvoiceWriteOffs} w WHERE w.invoice_id = ${payerInvoices.id}), 0)`,
  ),
  denied: num(
    sql`COALESCE((SELECT sum(d.amount) FROM ${payerClaimDenials} d WHERE d.invoice_id = ${payerInvoices.id}), 0)`,
  ),
  reclaimed: num(
    sql`COALESCE((SELECT sum(d.amount) FROM ${payerClaimDenials} d JOIN ${payerClaimReclaims} r ON r.denial_id = d.id WHERE d.invoice_id = ${payerInvoices.id}), 0)`,
  ),
  deniedWrittenOff: num(
    sql`COALESCE((SELECT sum(w.amount) FROM ${payerInvoiceWriteOffs} w WHERE w.invoice_id = ${payerInvoices.id} AND w.denial_id IS NOT NULL), 0)`,
  ),
};

export interface InvoiceFilter {
  corpId: number;
  clinicIds: readonly number[];
  status?: string;
  companyId?: number;
  insurerName?: string;
  from?: string;
  to?: string;
  search?: string;
}

function filterOf(f: InvoiceFilter) {
  return and(
    eq(payerInvoices.corpId, f.corpId),
    inArray(payerInvoices.clinicId, [...f.clinicIds]),
    f.status ? eq(payerInvoices.status, f.status) : undefined,
    f.companyId !== undefined ? eq(payerInvoices.companyId, f.companyId) : undefined,
    f.insurerName !== undefined
      ? and(eq(payerInvoices.payerKind, 'insurer'), eq(payerInvoices.payerName, f.insurerName))
      : undefined,
    f.from ? gte(payerInvoices.issueDate, f.from) : undefined,
    f.to ? lte(payerInvoices.issueDate, f.to) : undefined,
    f.search ? ilike(payerInvoices.number, containsPattern(f.search)) : undefined,
  );
}

export async function listInvoices(db: Executor, f: InvoiceFilter, page: { page: number; limit: number }) {
  if (!f.clinicIds.length) return { rows: [], total: 0 };
  const where = filterOf(f);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(payerInvoices).where(where);
  const rows = await db
    .select({ invoice: payerInvoices, ...itemTotals })
    .from(payerInvoices)
    .where(where)
    .orderBy(desc(payerInvoices.issueDate), desc(payerInvoices.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, total };
}

/** Invoices still owed on `asOf`: issued by then, not cancelled, with allocations paid by then. */
export function invoicesOwed(db: Executor, corpId: number, clinicIds: readonly number[], asOf: string) {
  const paidBy = num(
    sql`COALESCE((SELECT sum(a.amount) FROM ${payerInvoiceAllocations} a JOIN ${payerInvoiceItems} i ON i.id = a.item_id JOIN ${payerInvoicePayments} p ON p.id = a.payment_id WHERE i.invoice_id = ${payerInvoices.id} AND p.paid_on <= ${asOf}), 0)`,
  );
  return db
    .select({
      payerKind: payerInvoices.payerKind,
      companyId: payerInvoices.companyId,
      payerName: payerInvoices.payerName,
      dueDate: sql<string>`${payerInvoices.dueDate}::text`,
      total: itemTotals.total,
      paid: paidBy,
      writtenOff: itemTotals.writtenOff,
      reclaimed: itemTotals.reclaimed,
    })
    .from(payerInvoices)
    .where(
      and(
        eq(payerInvoices.corpId, corpId),
        inArray(payerInvoices.clinicId, [...clinicIds]),
        sql`${payerInvoices.status} <> 'CANCELLED'`,
        lte(payerInvoices.issueDate, asOf),
      ),
    );
}

// settings and the paper

export async function findSettings(db: Executor, clinicId: number) {
  const [row] = await db
    .select()
    .from(payerInvoiceSettings)
    .where(eq(payerInvoiceSettings.clinicId, clinicId));
  return row ?? null;
}

export async function upsertSettings(db: Executor, values: typeof payerInvoiceSettings.$inferInsert) {
  const { clinicId: _, ...set } = values;
  const [row] = await db
    .insert(payerInvoiceSettings)
    .values(values)
    .onConflictDoUpdate({ target: payerInvoiceSettings.clinicId, set: { ...set, updatedAt: new Date() } })
    .returning();
  return row;
}

export async function clinicHeaderOf(db: Executor, clinicId: number) {
  const [row] = await db
    .select({
      name: clinics.name,
      address: clinics.address,
      phone: clinics.phoneNumber,
      timeZone: clinics.timeZone,
      corporate: corporates.name,
    })
    .from(clinics)
    .innerJoin(corporates, eq(corporates.id, clinics.corpId))
    .where(eq(clinics.id, clinicId));
  return row ?? null;
}
