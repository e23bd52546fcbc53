import { and, eq, sql } from 'drizzle-orm';
import { stockRequestLines, stockRequests } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../shared/sql.ts';

/** Unit requests (amprahan): the request, its lines and the reads of the request screens. */

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as unknown as T[];

export type RequestRow = typeof stockRequests.$inferSelect;

export async function insertRequest(
  tx: Tx,
  row: typeof stockRequests.$inferInsert,
  lines: { itemId: number; requestedQuantity: number }[],
): Promise<RequestRow> {
  const [inserted] = await tx.insert(stockRequests).values(row).returning();
  await tx.insert(stockRequestLines).values(lines.map((l) => ({ ...l, requestId: inserted.id })));
  return inserted;
}

/** The request within the caller's clinics (else null), its row locked when asked. */
export async function findRequest(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
  uid: string,
  lock = false,
): Promise<RequestRow | null> {
  if (!clinicIds.length) return null;
  const query = db
    .select()
    .from(stockRequests)
    .where(
      and(
        eq(stockRequests.uid, uid),
        eq(stockRequests.corpId, corpId),
        sql`${stockRequests.clinicId} IN (${sql.join(
          clinicIds.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setRequest(tx: Tx, id: number, change: Partial<RequestRow>): Promise<void> {
  await tx.update(stockRequests).set(change).where(eq(stockRequests.id, id));
}

export async function setRequestLine(
  tx: Tx,
  id: number,
  change: { approvedQuantity?: number; fulfilledQuantity?: number; reason?: string | null },
): Promise<void> {
  await tx.update(stockRequestLines).set(change).where(eq(stockRequestLines.id, id));
}

export interface RequestLineRow {
  id: number;
  requestId: number;
  itemId: number;
  itemUid: string;
  itemName: string;
  baseUnit: string;
  requested: number;
  approved: number | null;
  fulfilled: number;
  reason: string | null;
}

export function requestLines(db: Executor, requestIds: number[]): Promise<RequestLineRow[]> {
  if (!requestIds.length) return Promise.resolve([]);
  return rowsOf<RequestLineRow>(
    db,
    sql`SELECT r.id, r.request_id AS "requestId", r.item_id AS "itemId", d.uid AS "itemUid", d.name AS "itemName",
          coalesce(d.base_unit, d.unit) AS "baseUnit", r.requested_quantity::float8 AS requested,
          r.approved_quantity::float8 AS approved, r.fulfilled_quantity::float8 AS fulfilled, r.reason
        FROM stock_request_lines r JOIN drugs d ON d.id = r.item_id
        WHERE r.request_id IN (${sql.join(
          requestIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY r.id`,
  );
}

export interface RequestHeaderRow {
  id: number;
  uid: string;
  number: string;
  status: string;
  note: string | null;
  decisionReason: string | null;
  cancelReason: string | null;
  locationUid: string;
  locationName: string;
  fromLocationUid: string;
  fromLocationName: string;
  requestedBy: string | null;
  requestedAt: string | Date;
  decidedBy: string | null;
  decidedAt: string | Date | null;
}

/** Requests of a clinic, made by or sent to a location when named, by status when named; newest first. */
export function requestHeaders(
  db: Executor,
  where: { clinicId: number; locationId?: number; status?: string; id?: number },
): Promise<RequestHeaderRow[]> {
  const parts = [sql`r.clinic_id = ${where.clinicId}`];
  if (where.locationId)
    parts.push(sql`(r.location_id = ${where.locationId} OR r.from_location_id = ${where.locationId})`);
  if (where.status) parts.push(sql`r.status = ${where.status}`);
  if (where.id) parts.push(sql`r.id = ${where.id}`);
  return rowsOf<RequestHeaderRow>(
    db,
    sql`SELECT r.id, r.uid, r.number, r.status, r.note, r.decision_reason AS "decisionReason",
          r.cancel_reason AS "cancelReason", a.uid AS "locationUid", a.name AS "locationName",
          f.uid AS "fromLocationUid", f.name AS "fromLocationName",
          u1.name AS "requestedBy", r.requested_at AS "requestedAt", u2.name AS "decidedBy", r.decided_at AS "decidedAt"
        FROM stock_requests r
        JOIN stock_locations a ON a.id = r.location_id
        JOIN stock_locations f ON f.id = r.from_location_id
        LEFT JOIN users u1 ON u1.id = r.requested_by
        LEFT JOIN users u2 ON u2.id = r.decided_by
        WHERE ${sql.join(parts, sql` AND `)}
        ORDER BY r.id DESC LIMIT 200`,
  );
}

/** The usable (not expired) stock of an item at a location. */
export async function usableStock(db: Executor, locationId: number, itemId: number, today: string) {
  const [row] = await rowsOf<{ q: number }>(
    db,
    sql`SELECT coalesce(sum(l.quantity), 0)::float8 AS q FROM stock_levels l
        JOIN stock_batches b ON b.id = l.batch_id
        WHERE l.location_id = ${locationId} AND l.item_id = ${itemId} AND b.expiry_date >= ${today}`,
  );
  return Number(row.q);
}
