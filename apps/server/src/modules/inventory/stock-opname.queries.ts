import { and, eq, sql } from 'drizzle-orm';
import { stockDocumentCounters, stockOpnameLines, stockOpnames } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../shared/sql.ts';

/** The stock opname's rows: the count and its sheet; numbers per clinic from a counter row. */

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as unknown as T[];

export type OpnameRow = typeof stockOpnames.$inferSelect;

/** The clinic's next number of a document kind (the counter row serialises concurrent starts). */
export async function nextDocumentSeq(tx: Tx, clinicId: number, kind: 'opname' | 'request'): Promise<number> {
  const [row] = await tx
    .insert(stockDocumentCounters)
    .values({ clinicId, kind, lastValue: 1 })
    .onConflictDoUpdate({
      target: [stockDocumentCounters.clinicId, stockDocumentCounters.kind],
      set: { lastValue: sql`${stockDocumentCounters.lastValue} + 1` },
    })
    .returning({ value: stockDocumentCounters.lastValue });
  return row.value;
}

export async function insertOpname(
  tx: Tx,
  row: Pick<
    OpnameRow,
    'uid' | 'corpId' | 'clinicId' | 'locationId' | 'seq' | 'number' | 'status' | 'note' | 'startedBy'
  >,
): Promise<OpnameRow> {
  const [inserted] = await tx.insert(stockOpnames).values(row).returning();
  return inserted;
}

/** The sheet: every batch with stock at the location, its on-hand now as the system quantity. */
export async function snapshotLines(tx: Tx, opnameId: number, locationId: number): Promise<void> {
  await tx.execute(
    sql`INSERT INTO stock_opname_lines (opname_id, item_id, batch_id, system_quantity)
        SELECT ${opnameId}, l.item_id, l.batch_id, l.quantity FROM stock_levels l
        WHERE l.location_id = ${locationId} AND l.quantity > 0`,
  );
}

/** The opname within the caller's clinics (another's is null), locked for a change when asked. */
export async function findOpname(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
  uid: string,
  lock = false,
): Promise<OpnameRow | null> {
  if (!clinicIds.length) return null;
  const query = db
    .select()
    .from(stockOpnames)
    .where(
      and(
        eq(stockOpnames.uid, uid),
        eq(stockOpnames.corpId, corpId),
        sql`${stockOpnames.clinicId} IN (${sql.join(
          clinicIds.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setOpname(tx: Tx, id: number, change: Partial<OpnameRow>): Promise<void> {
  await tx.update(stockOpnames).set(change).where(eq(stockOpnames.id, id));
}

export async function setCount(tx: Tx, opnameId: number, lineId: number, counted: number | null) {
  const rows = await tx
    .update(stockOpnameLines)
    .set({ countedQuantity: counted })
    .where(and(eq(stockOpnameLines.id, lineId), eq(stockOpnameLines.opnameId, opnameId)))
    .returning({ id: stockOpnameLines.id });
  return rows.length > 0;
}

export async function setLineCost(tx: Tx, lineId: number, unitCost: number): Promise<void> {
  await tx.update(stockOpnameLines).set({ unitCost }).where(eq(stockOpnameLines.id, lineId));
}

export interface OpnameLineRow {
  id: number;
  itemId: number;
  batchId: number;
  itemUid: string;
  itemName: string;
  kind: 'drug' | 'consumable';
  baseUnit: string;
  batchNumber: string;
  expiryDate: string;
  systemQuantity: number;
  counted: number | null;
  /** The booked cost when approved, else the moving average now. */
  unitCost: number;
}

/** The sheet by item name and expiry, with the cost its differences are (or would be) valued at. */
export function opnameLines(db: Executor, opname: OpnameRow): Promise<OpnameLineRow[]> {
  return rowsOf<OpnameLineRow>(
    db,
    sql`SELECT o.id, o.item_id AS "itemId", o.batch_id AS "batchId", d.uid AS "itemUid", d.name AS "itemName",
          d.kind, coalesce(d.base_unit, d.unit) AS "baseUnit", b.batch_number AS "batchNumber",
          b.expiry_date::text AS "expiryDate", o.system_quantity::float8 AS "systemQuantity",
          o.counted_quantity::float8 AS counted,
          coalesce(o.unit_cost, round(c.average_cost), 0)::float8 AS "unitCost"
        FROM stock_opname_lines o
        JOIN drugs d ON d.id = o.item_id
        JOIN stock_batches b ON b.id = o.batch_id
        LEFT JOIN item_costs c ON c.item_id = o.item_id AND c.clinic_id = ${opname.clinicId}
        WHERE o.opname_id = ${opname.id}
        ORDER BY lower(d.name), d.id, b.expiry_date, b.id`,
  );
}

export interface OpnameListRow {
  id: number;
  uid: string;
  number: string;
  status: string;
  note: string | null;
  cancelReason: string | null;
  locationUid: string;
  locationName: string;
  startedBy: string | null;
  startedAt: string | Date;
  submittedBy: string | null;
  submittedAt: string | Date | null;
  approvedBy: string | null;
  approvedAt: string | Date | null;
  cancelledBy: string | null;
  cancelledAt: string | Date | null;
  submittedById: number | null;
}

const HEADER = sql`SELECT p.id, p.uid, p.number, p.status, p.note, p.cancel_reason AS "cancelReason",
    s.uid AS "locationUid", s.name AS "locationName",
    u1.name AS "startedBy", p.started_at AS "startedAt", u2.name AS "submittedBy", p.submitted_at AS "submittedAt",
    u3.name AS "approvedBy", p.approved_at AS "approvedAt", u4.name AS "cancelledBy", p.cancelled_at AS "cancelledAt",
    p.submitted_by AS "submittedById"
  FROM stock_opnames p
  JOIN stock_locations s ON s.id = p.location_id
  LEFT JOIN users u1 ON u1.id = p.started_by
  LEFT JOIN users u2 ON u2.id = p.submitted_by
  LEFT JOIN users u3 ON u3.id = p.approved_by
  LEFT JOIN users u4 ON u4.id = p.cancelled_by`;

export async function opnameHeader(db: Executor, id: number): Promise<OpnameListRow> {
  const [row] = await rowsOf<OpnameListRow>(db, sql`${HEADER} WHERE p.id = ${id}`);
  return row;
}

export function locationOpnames(db: Executor, locationId: number): Promise<OpnameListRow[]> {
  return rowsOf<OpnameListRow>(
    db,
    sql`${HEADER} WHERE p.location_id = ${locationId} ORDER BY p.id DESC LIMIT 200`,
  );
}

export interface OpnameTotals {
  lines: number;
  counted: number;
  differing: number;
  value: number;
}

/** Each opname's lines, counted and differing lines and Σ difference × cost, in one read. */
export async function opnameTotals(db: Executor, ids: number[]): Promise<Map<number, OpnameTotals>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<OpnameTotals & { id: number }>(
    db,
    sql`SELECT o.opname_id AS id, count(*)::int AS lines, count(o.counted_quantity)::int AS counted,
          count(*) FILTER (WHERE o.counted_quantity <> o.system_quantity)::int AS differing,
          coalesce(sum(round((o.counted_quantity - o.system_quantity)
            * coalesce(o.unit_cost, round(c.average_cost), 0))), 0)::float8 AS value
        FROM stock_opname_lines o
        JOIN stock_opnames p ON p.id = o.opname_id
        LEFT JOIN item_costs c ON c.item_id = o.item_id AND c.clinic_id = p.clinic_id
        WHERE o.opname_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        GROUP BY o.opname_id`,
  );
  return new Map(rows.map(({ id, ...t }) => [id, t]));
}
