import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  drugs,
  purchaseOrderLines,
  purchaseOrders,
  purchaseReceiptLines,
  purchaseReceipts,
  stockBatches,
  stockLocations,
  supplierReturnLines,
  supplierReturns,
  suppliers,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor, type Tx } from '../../shared/sql.ts';

import { itemNameOf, lineCount, paging } from './purchasing.queries.ts';

/** Receipts against the supplier's invoice and returns to the supplier: their reads and writes. */

export type ReceiptRow = typeof purchaseReceipts.$inferSelect;
export type ReceiptLineRow = typeof purchaseReceiptLines.$inferSelect;
export type ReturnRow = typeof supplierReturns.$inferSelect;

// receipts

export async function receiptByKey(db: Executor, clinicId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(purchaseReceipts)
    .where(and(eq(purchaseReceipts.clinicId, clinicId), eq(purchaseReceipts.requestKey, requestKey)));
  return row ?? null;
}

export async function receiptByInvoice(db: Executor, supplierId: number, invoiceNumber: string) {
  const [row] = await db
    .select({ id: purchaseReceipts.id })
    .from(purchaseReceipts)
    .where(
      and(
        eq(purchaseReceipts.supplierId, supplierId),
        sql`lower(${purchaseReceipts.invoiceNumber}) = lower(${invoiceNumber})`,
      ),
    );
  return row ?? null;
}

export async function findReceipt(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
  uid: string,
): Promise<ReceiptRow | null> {
  if (!clinicIds.length) return null;
  const [row] = await db
    .select()
    .from(purchaseReceipts)
    .where(
      and(
        eq(purchaseReceipts.uid, uid),
        eq(purchaseReceipts.corpId, corpId),
        inArray(purchaseReceipts.clinicId, [...clinicIds]),
      ),
    );
  return row ?? null;
}

export async function receiptById(db: Executor, id: number): Promise<ReceiptRow> {
  const [row] = await db.select().from(purchaseReceipts).where(eq(purchaseReceipts.id, id));
  return row;
}

export type ReceiptValues = Omit<typeof purchaseReceipts.$inferInsert, 'id' | 'createdAt'>;

export async function insertReceipt(tx: Tx, values: ReceiptValues): Promise<ReceiptRow> {
  const [row] = await tx.insert(purchaseReceipts).values(values).returning();
  return row;
}

export type ReceiptLineValues = Omit<typeof purchaseReceiptLines.$inferInsert, 'id'>;

export async function insertReceiptLines(tx: Tx, rows: ReceiptLineValues[]): Promise<void> {
  if (rows.length) await tx.insert(purchaseReceiptLines).values(rows);
}

export type ReceiptLineWithItem = ReceiptLineRow & {
  itemUid: string;
  itemName: string;
  baseUnit: string;
  batchNumber: string;
  expiryDate: string;
  orderLine: number | null;
};

/** A receipt's lines with item and batch; `lock` takes the lines for update (returns). */
export async function receiptLinesOf(tx: Executor, receiptId: number, lock = false) {
  const query = tx
    .select({
      ...getTableColumns(purchaseReceiptLines),
      itemUid: drugs.uid,
      itemName: itemNameOf(),
      baseUnit: sql<string>`coalesce(${drugs.baseUnit}, ${drugs.unit})`,
      batchNumber: stockBatches.batchNumber,
      expiryDate: stockBatches.expiryDate,
      orderLine: purchaseOrderLines.line,
    })
    .from(purchaseReceiptLines)
    .innerJoin(drugs, eq(drugs.id, purchaseReceiptLines.itemId))
    .innerJoin(stockBatches, eq(stockBatches.id, purchaseReceiptLines.batchId))
    .leftJoin(purchaseOrderLines, eq(purchaseOrderLines.id, purchaseReceiptLines.orderLineId))
    .where(eq(purchaseReceiptLines.receiptId, receiptId))
    .orderBy(asc(purchaseReceiptLines.line));
  const rows: ReceiptLineWithItem[] = lock
    ? await query.for('update', { of: purchaseReceiptLines })
    : await query;
  return rows;
}

export async function addReturned(tx: Tx, receiptLineId: number, base: number): Promise<void> {
  await tx
    .update(purchaseReceiptLines)
    .set({ returnedBase: sql`${purchaseReceiptLines.returnedBase} + ${base}` })
    .where(eq(purchaseReceiptLines.id, receiptLineId));
}

export async function listReceiptRows(
  db: Executor,
  clinicId: number,
  q: { orderId?: number; receiptId?: number; search?: string; page: number; limit: number },
) {
  const conditions: SQL[] = [eq(purchaseReceipts.clinicId, clinicId)];
  if (q.orderId !== undefined) conditions.push(eq(purchaseReceipts.orderId, q.orderId));
  if (q.receiptId !== undefined) conditions.push(eq(purchaseReceipts.id, q.receiptId));
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(
      or(
        ilike(purchaseReceipts.number, p),
        ilike(purchaseReceipts.invoiceNumber, p),
        ilike(suppliers.name, p),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      receipt: purchaseReceipts,
      supplier: { uid: suppliers.uid, name: suppliers.name },
      location: { uid: stockLocations.uid, name: stockLocations.name },
      order: { uid: purchaseOrders.uid, number: purchaseOrders.number },
      lineCount: lineCount(purchaseReceiptLines, sql`receipt_id = ${purchaseReceipts.id}`),
    })
    .from(purchaseReceipts)
    .innerJoin(suppliers, eq(suppliers.id, purchaseReceipts.supplierId))
    .innerJoin(stockLocations, eq(stockLocations.id, purchaseReceipts.locationId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchaseReceipts.orderId))
    .where(where)
    .orderBy(desc(purchaseReceipts.id))
    .limit(paging(q).limit)
    .offset(paging(q).offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(purchaseReceipts)
    .innerJoin(suppliers, eq(suppliers.id, purchaseReceipts.supplierId))
    .where(where);
  return { rows, total: n };
}
export type ReceiptListRow = Awaited<ReturnType<typeof listReceiptRows>>['rows'][number];

// returns

export async function returnByKey(db: Executor, clinicId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(supplierReturns)
    .where(and(eq(supplierReturns.clinicId, clinicId), eq(supplierReturns.requestKey, requestKey)));
  return row ?? null;
}

export type ReturnValues = Omit<typeof supplierReturns.$inferInsert, 'id' | 'createdAt'>;

export async function insertReturn(tx: Tx, values: ReturnValues): Promise<ReturnRow> {
  const [row] = await tx.insert(supplierReturns).values(values).returning();
  return row;
}

export async function insertReturnLines(
  tx: Tx,
  rows: (typeof supplierReturnLines.$inferInsert)[],
): Promise<void> {
  if (rows.length) await tx.insert(supplierReturnLines).values(rows);
}

export async function listReturnRows(
  db: Executor,
  clinicId: number,
  q: { search?: string; page: number; limit: number; ids?: number[] },
) {
  const conditions: SQL[] = [eq(supplierReturns.clinicId, clinicId)];
  if (q.ids) conditions.push(inArray(supplierReturns.id, q.ids));
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(
      or(
        ilike(supplierReturns.number, p),
        ilike(purchaseReceipts.number, p),
        ilike(purchaseReceipts.invoiceNumber, p),
        ilike(suppliers.name, p),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const from = () =>
    db
      .select({
        ret: supplierReturns,
        receipt: {
          uid: purchaseReceipts.uid,
          number: purchaseReceipts.number,
          invoiceNumber: purchaseReceipts.invoiceNumber,
        },
        supplier: { uid: suppliers.uid, name: suppliers.name },
        location: { uid: stockLocations.uid, name: stockLocations.name },
      })
      .from(supplierReturns)
      .innerJoin(purchaseReceipts, eq(purchaseReceipts.id, supplierReturns.receiptId))
      .innerJoin(suppliers, eq(suppliers.id, purchaseReceipts.supplierId))
      .innerJoin(stockLocations, eq(stockLocations.id, purchaseReceipts.locationId));
  const rows = await from()
    .where(where)
    .orderBy(desc(supplierReturns.id))
    .limit(paging(q).limit)
    .offset(paging(q).offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(supplierReturns)
    .innerJoin(purchaseReceipts, eq(purchaseReceipts.id, supplierReturns.receiptId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseReceipts.supplierId))
    .where(where);
  const lines = rows.length
    ? await db
        .select({
          returnId: supplierReturnLines.returnId,
          itemName: itemNameOf(),
          batchNumber: stockBatches.batchNumber,
          baseQuantity: supplierReturnLines.baseQuantity,
          baseUnit: sql<string>`coalesce(${drugs.baseUnit}, ${drugs.unit})`,
          amount: supplierReturnLines.amount,
        })
        .from(supplierReturnLines)
        .innerJoin(purchaseReceiptLines, eq(purchaseReceiptLines.id, supplierReturnLines.receiptLineId))
        .innerJoin(drugs, eq(drugs.id, purchaseReceiptLines.itemId))
        .innerJoin(stockBatches, eq(stockBatches.id, purchaseReceiptLines.batchId))
        .where(
          inArray(
            supplierReturnLines.returnId,
            rows.map((r) => r.ret.id),
          ),
        )
        .orderBy(asc(supplierReturnLines.id))
    : [];
  return { rows, lines, total: n };
}
export type ReturnList = Awaited<ReturnType<typeof listReturnRows>>;

export async function setReturnTotal(tx: Tx, id: number, total: number): Promise<void> {
  await tx.update(supplierReturns).set({ total }).where(eq(supplierReturns.id, id));
}
