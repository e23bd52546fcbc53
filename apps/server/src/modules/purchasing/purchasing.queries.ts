import type { PoStatus } from '@klinikita/domain/purchasing/purchasing.rules';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  drugs,
  purchaseOrderLines,
  purchaseOrders,
  type purchaseReceiptLines,
  purchasingCounters,
  stockLocations,
  suppliers,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor, type Tx } from '../../shared/sql.ts';

/**
 * Purchasing's reads and writes. Lock order in every write: the purchase order row (receipts
 * against it), then the receipt lines (returns), then the ledger's own (cost row, levels).
 */

export type SupplierRow = typeof suppliers.$inferSelect;
export type OrderRow = typeof purchaseOrders.$inferSelect;
export type OrderLineRow = typeof purchaseOrderLines.$inferSelect;

/** The item as the screens name it: name and strength (Paracetamol 500 mg). */
export const itemNameOf = () => sql<string>`${drugs.name} || coalesce(' ' || ${drugs.strength}, '')`;

export const paging = (q: { page: number; limit: number }) => ({
  limit: q.limit,
  offset: (q.page - 1) * q.limit,
});

// suppliers

export async function findSupplier(db: Executor, corpId: number, uid: string): Promise<SupplierRow | null> {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.uid, uid), eq(suppliers.corpId, corpId)));
  return row ?? null;
}

export async function suppliersById(db: Executor, ids: number[]): Promise<Map<number, SupplierRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(suppliers)
    .where(inArray(suppliers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function listSupplierRows(
  db: Executor,
  corpId: number,
  q: { search?: string; active?: 'true' | 'false'; page: number; limit: number },
) {
  const conditions: SQL[] = [eq(suppliers.corpId, corpId)];
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(
      or(ilike(suppliers.name, p), ilike(suppliers.npwp, p), ilike(suppliers.contactPerson, p)) as SQL,
    );
  }
  if (q.active) conditions.push(eq(suppliers.active, q.active === 'true'));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(suppliers)
    .where(where)
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id))
    .limit(paging(q).limit)
    .offset(paging(q).offset);
  const [{ n }] = await db.select({ n: count() }).from(suppliers).where(where);
  return { rows, total: n };
}

export type SupplierValues = Omit<typeof suppliers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertSupplier(db: Executor, values: SupplierValues): Promise<SupplierRow> {
  const [row] = await db.insert(suppliers).values(values).returning();
  return row;
}

export async function updateSupplierRow(
  db: Executor,
  id: number,
  values: Partial<SupplierValues>,
): Promise<SupplierRow> {
  const [row] = await db
    .update(suppliers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(suppliers.id, id))
    .returning();
  return row;
}

// numbers

/** The next number of the clinic's documents of a kind in a month; a rolled-back write gives it back. */
export async function nextSequence(tx: Tx, clinicId: number, kind: string, period: string): Promise<number> {
  const [row] = await tx
    .insert(purchasingCounters)
    .values({ clinicId, kind, period, lastValue: 1 })
    .onConflictDoUpdate({
      target: [purchasingCounters.clinicId, purchasingCounters.kind, purchasingCounters.period],
      set: { lastValue: sql`${purchasingCounters.lastValue} + 1` },
    })
    .returning({ value: purchasingCounters.lastValue });
  return row.value;
}

// purchase orders

/** An order of the corporate within the given clinics, else null; `lock` takes its row for update. */
export async function findOrder(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
  uid: string,
  lock = false,
): Promise<OrderRow | null> {
  if (!clinicIds.length) return null;
  const query = db
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.uid, uid),
        eq(purchaseOrders.corpId, corpId),
        inArray(purchaseOrders.clinicId, [...clinicIds]),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function orderById(db: Executor, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  return row;
}

export type OrderValues = Omit<typeof purchaseOrders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertOrder(tx: Tx, values: OrderValues): Promise<OrderRow> {
  const [row] = await tx.insert(purchaseOrders).values(values).returning();
  return row;
}

export async function updateOrderRow(tx: Tx, id: number, values: Partial<OrderValues>): Promise<void> {
  await tx
    .update(purchaseOrders)
    .set({ ...values, version: sql`${purchaseOrders.version} + 1`, updatedAt: sql`now()` })
    .where(eq(purchaseOrders.id, id));
}

export type OrderLineValues = Omit<typeof purchaseOrderLines.$inferInsert, 'id'>;

export async function replaceOrderLines(tx: Tx, orderId: number, lines: OrderLineValues[]): Promise<void> {
  await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId));
  if (lines.length) await tx.insert(purchaseOrderLines).values(lines);
}

export type OrderLineWithItem = OrderLineRow & { itemUid: string; itemName: string; baseUnit: string };

export async function orderLinesOf(db: Executor, orderId: number): Promise<OrderLineWithItem[]> {
  return db
    .select({
      ...getTableColumns(purchaseOrderLines),
      itemUid: drugs.uid,
      itemName: itemNameOf(),
      baseUnit: sql<string>`coalesce(${drugs.baseUnit}, ${drugs.unit})`,
    })
    .from(purchaseOrderLines)
    .innerJoin(drugs, eq(drugs.id, purchaseOrderLines.itemId))
    .where(eq(purchaseOrderLines.orderId, orderId))
    .orderBy(asc(purchaseOrderLines.line));
}

export async function addReceived(tx: Tx, orderLineId: number, base: number): Promise<void> {
  await tx
    .update(purchaseOrderLines)
    .set({ receivedBase: sql`${purchaseOrderLines.receivedBase} + ${base}` })
    .where(eq(purchaseOrderLines.id, orderLineId));
}

export const lineCount = (table: typeof purchaseOrderLines | typeof purchaseReceiptLines, key: SQL) =>
  sql<number>`(SELECT count(*)::int FROM ${table} WHERE ${key})`;

export async function listOrderRows(
  db: Executor,
  clinicId: number,
  q: { status?: PoStatus; search?: string; page: number; limit: number },
) {
  const conditions: SQL[] = [eq(purchaseOrders.clinicId, clinicId)];
  if (q.status) conditions.push(eq(purchaseOrders.status, q.status));
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(or(ilike(purchaseOrders.number, p), ilike(suppliers.name, p)) as SQL);
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      order: purchaseOrders,
      supplier: { uid: suppliers.uid, name: suppliers.name },
      location: { uid: stockLocations.uid, name: stockLocations.name },
      lineCount: lineCount(purchaseOrderLines, sql`order_id = ${purchaseOrders.id}`),
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .innerJoin(stockLocations, eq(stockLocations.id, purchaseOrders.locationId))
    .where(where)
    .orderBy(desc(purchaseOrders.id))
    .limit(paging(q).limit)
    .offset(paging(q).offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(where);
  return { rows, total: n };
}

export async function locationById(db: Executor, id: number) {
  const [row] = await db.select().from(stockLocations).where(eq(stockLocations.id, id));
  return row;
}
export type OrderListRow = Awaited<ReturnType<typeof listOrderRows>>['rows'][number];

/** One order as the list shows it (supplier, location, line count). */
export async function orderListRow(db: Executor, orderId: number): Promise<OrderListRow> {
  const [row] = await db
    .select({
      order: purchaseOrders,
      supplier: { uid: suppliers.uid, name: suppliers.name },
      location: { uid: stockLocations.uid, name: stockLocations.name },
      lineCount: lineCount(purchaseOrderLines, sql`order_id = ${purchaseOrders.id}`),
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .innerJoin(stockLocations, eq(stockLocations.id, purchaseOrders.locationId))
    .where(eq(purchaseOrders.id, orderId));
  return row;
}
