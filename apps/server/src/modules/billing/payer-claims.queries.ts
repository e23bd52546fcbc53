import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  billLines,
  bills,
  patients,
  payerClaimDenials,
  payerClaimReclaims,
  payerClaimWriteOffRequests,
  payerInvoiceItems,
  payerInvoices,
  payerInvoiceWriteOffs,
  receivables,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The SQL of an insurer's denials on its claim batches (payer-claims.service.ts). */

export const insertDenials = (db: Executor, rows: (typeof payerClaimDenials.$inferInsert)[]) =>
  db.insert(payerClaimDenials).values(rows);

/** A batch's denials (oldest first) with the visit, whether resolved and any write-off asked. */
export function denialsOf(db: Executor, invoiceId: number, denialUid?: string) {
  return db
    .select({
      id: payerClaimDenials.id,
      uid: payerClaimDenials.uid,
      itemId: payerClaimDenials.itemId,
      amount: payerClaimDenials.amount,
      reasonCode: payerClaimDenials.reasonCode,
      note: payerClaimDenials.note,
      lineSeqs: payerClaimDenials.lineSeqs,
      recordedBy: payerClaimDenials.recordedBy,
      createdAt: payerClaimDenials.createdAt,
      receivableUid: receivables.uid,
      billId: bills.id,
      billNumber: bills.number,
      visitDay: sql<string>`${bills.serviceDay}::text`,
      patientName: patients.name,
      reclaimed: sql<boolean>`${payerClaimReclaims.denialId} IS NOT NULL`,
      writtenOff: sql<boolean>`${payerInvoiceWriteOffs.id} IS NOT NULL`,
      writeOffReason: payerClaimWriteOffRequests.reason,
      writeOffRequestedBy: payerClaimWriteOffRequests.requestedBy,
    })
    .from(payerClaimDenials)
    .innerJoin(payerInvoiceItems, eq(payerInvoiceItems.id, payerClaimDenials.itemId))
    .innerJoin(receivables, eq(receivables.id, payerInvoiceItems.receivableId))
    .innerJoin(bills, eq(bills.id, receivables.billId))
    .innerJoin(patients, eq(patients.id, bills.patientId))
    .leftJoin(payerClaimReclaims, eq(payerClaimReclaims.denialId, payerClaimDenials.id))
    .leftJoin(payerInvoiceWriteOffs, eq(payerInvoiceWriteOffs.denialId, payerClaimDenials.id))
    .leftJoin(payerClaimWriteOffRequests, eq(payerClaimWriteOffRequests.denialId, payerClaimDenials.id))
    .where(
      and(
        eq(payerClaimDenials.invoiceId, invoiceId),
        denialUid !== undefined ? eq(payerClaimDenials.uid, denialUid) : undefined,
      ),
    )
    .orderBy(asc(payerClaimDenials.createdAt), asc(payerClaimDenials.id));
}
export type DenialRow = Awaited<ReturnType<typeof denialsOf>>[number];

/** The lines of the batch's bills the payer pays a part of. */
export function billLinesOf(db: Executor, billIds: readonly number[]) {
  if (!billIds.length) return Promise.resolve([]);
  return db
    .select({
      billId: billLines.billId,
      seq: billLines.seq,
      code: billLines.code,
      description: billLines.description,
      amount: billLines.payerPortion,
    })
    .from(billLines)
    .where(and(inArray(billLines.billId, [...billIds]), gt(billLines.payerPortion, 0)))
    .orderBy(asc(billLines.billId), asc(billLines.seq));
}

/** The bill of each item of the batch, by the receivable's uid. */
export const itemBillsOf = (db: Executor, invoiceId: number) =>
  db
    .select({ receivableUid: receivables.uid, billId: receivables.billId })
    .from(payerInvoiceItems)
    .innerJoin(receivables, eq(receivables.id, payerInvoiceItems.receivableId))
    .where(eq(payerInvoiceItems.invoiceId, invoiceId));

export const insertReclaim = (db: Executor, values: typeof payerClaimReclaims.$inferInsert) =>
  db.insert(payerClaimReclaims).values(values);

export const saveWriteOffRequest = (db: Executor, values: typeof payerClaimWriteOffRequests.$inferInsert) =>
  db
    .insert(payerClaimWriteOffRequests)
    .values(values)
    .onConflictDoUpdate({
      target: payerClaimWriteOffRequests.denialId,
      set: { reason: values.reason, requestedBy: values.requestedBy, requestedAt: new Date() },
    });

export const dropWriteOffRequests = (db: Executor, denialIds: number[]) =>
  denialIds.length
    ? db.delete(payerClaimWriteOffRequests).where(inArray(payerClaimWriteOffRequests.denialId, denialIds))
    : Promise.resolve();

/**
 * The billing consistency check's look at the payers' invoices: an item settled beyond what it
 * bills (paid + written off + denied), a receivable billed beyond its amount and its re-claims, a
 * denial both re-claimed and written off, a denial's write-off not of its whole amount.
 */
export async function claimProblems(db: Executor, corpId: number, clinicIds: readonly number[]) {
  if (!clinicIds.length) return [];
  const list = sql.join(
    clinicIds.map((c) => sql`${c}`),
    sql`, `,
  );
  const rows = await db.execute<{ kind: string; ref: string; detail: string }>(sql`
    SELECT 'payerItemOverSettled' AS kind, v.number AS ref, r.uid AS detail
      FROM ${payerInvoiceItems} i JOIN ${payerInvoices} v ON v.id = i.invoice_id
      JOIN ${receivables} r ON r.id = i.receivable_id
     WHERE v.corp_id = ${corpId} AND v.clinic_id IN (${list})
       AND i.amount < COALESCE((SELECT sum(a.amount) FROM payer_invoice_allocations a WHERE a.item_id = i.id), 0)
         + COALESCE((SELECT sum(w.amount) FROM ${payerInvoiceWriteOffs} w WHERE w.item_id = i.id AND w.denial_id IS NULL), 0)
         + COALESCE((SELECT sum(d.amount) FROM ${payerClaimDenials} d WHERE d.item_id = i.id), 0)
    UNION ALL
    SELECT 'receivableOverClaimed', r.uid, r.amount::text FROM ${receivables} r
     WHERE r.corp_id = ${corpId} AND r.clinic_id IN (${list})
       AND COALESCE((SELECT sum(i.amount) FROM ${payerInvoiceItems} i JOIN ${payerInvoices} v ON v.id = i.invoice_id
             WHERE i.receivable_id = r.id AND v.status <> 'CANCELLED'), 0)
         > r.amount + COALESCE((SELECT sum(d.amount) FROM ${payerClaimDenials} d
             JOIN ${payerClaimReclaims} c ON c.denial_id = d.id
             JOIN ${payerInvoiceItems} i ON i.id = d.item_id WHERE i.receivable_id = r.id), 0)
    UNION ALL
    SELECT 'denialResolvedTwice', d.uid, '' FROM ${payerClaimDenials} d
      JOIN ${payerClaimReclaims} c ON c.denial_id = d.id
      JOIN ${payerInvoiceWriteOffs} w ON w.denial_id = d.id
      JOIN ${payerInvoices} v ON v.id = d.invoice_id
     WHERE v.corp_id = ${corpId} AND v.clinic_id IN (${list})
    UNION ALL
    SELECT 'denialWriteOffMismatch', d.uid, w.amount::text FROM ${payerClaimDenials} d
      JOIN ${payerInvoiceWriteOffs} w ON w.denial_id = d.id
      JOIN ${payerInvoices} v ON v.id = d.invoice_id
     WHERE v.corp_id = ${corpId} AND v.clinic_id IN (${list}) AND w.amount <> d.amount`);
  return rows.rows;
}
