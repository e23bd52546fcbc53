import { sql } from 'drizzle-orm';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/**
 * The stock ledger's reads: a location's items and batches, the stock card, the consistency
 * check and the alerts. Numbers come back as float8 and days as text on both drivers.
 */

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as unknown as T[];

const baseUnit = sql.raw('coalesce(d.base_unit, d.unit)');

export interface LocationStockRow {
  itemUid: string;
  name: string;
  strength: string | null;
  kind: 'drug' | 'consumable';
  drugClass: 'narcotic' | 'psychotropic' | 'hard' | 'otc' | null;
  baseUnit: string;
  minStock: number;
  onHand: number;
  averageCost: number;
  batches: { batchNumber: string; expiryDate: string; quantity: number }[] | null;
}

/** The items a location holds or held (searched by name), each with its batches in stock, paged. */
export async function pageLocationStock(
  db: Executor,
  location: { id: number; clinicId: number },
  q: { search?: string; kind?: string; page: number; limit: number },
): Promise<{ rows: LocationStockRow[]; total: number }> {
  const search = sql`${
    q.search
      ? sql`AND lower(d.name || ' ' || coalesce(d.generic_name, '')) LIKE ${containsPattern(q.search.toLowerCase())}`
      : sql``
  } ${q.kind ? sql`AND d.kind = ${q.kind}` : sql``}`;
  // the page's items first (by name, each with a level at the location: one index probe each),
  // then their batches: a location of 200,000 batches is never scanned whole for 20 items
  const held = sql`EXISTS (SELECT 1 FROM stock_levels h WHERE h.location_id = ${location.id} AND h.item_id = d.id)`;
  const [{ total }] = await rowsOf<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM drugs d WHERE ${held} ${search}`,
  );
  const rows = await rowsOf<LocationStockRow>(
    db,
    sql`WITH page AS (
          SELECT d.id FROM drugs d WHERE ${held} ${search}
           ORDER BY lower(d.name), d.id
           LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit})
        SELECT d.uid AS "itemUid", d.name, d.strength, d.kind, d.drug_class AS "drugClass",
          ${baseUnit} AS "baseUnit", d.min_stock::float8 AS "minStock",
          sum(l.quantity)::float8 AS "onHand", coalesce(c.average_cost, 0)::float8 AS "averageCost",
          json_agg(json_build_object('batchNumber', b.batch_number, 'expiryDate', b.expiry_date::text,
            'quantity', l.quantity::float8) ORDER BY b.expiry_date, b.id) FILTER (WHERE l.quantity > 0) AS batches
        FROM page
        JOIN drugs d ON d.id = page.id
        JOIN stock_levels l ON l.location_id = ${location.id} AND l.item_id = d.id
        JOIN stock_batches b ON b.id = l.batch_id
        LEFT JOIN item_costs c ON c.item_id = d.id AND c.clinic_id = ${location.clinicId}
        GROUP BY d.id, c.average_cost
        ORDER BY lower(d.name), d.id`,
  );
  return { rows, total };
}

export interface CardRow {
  uid: string;
  at: string | Date;
  kind: string;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
  batchBalance: number;
  balance: number;
  unitCost: number;
  referenceType: string;
  referenceUid: string;
  referenceNumber: string | null;
  counterpart: string | null;
  reason: string | null;
  by: string | null;
}

/**
 * The stock card, newest first (by id: the order the item's writes held its lock in). The running
 * balance of a line is the ledger's total less every newer line, so the index on (location, item,
 * id) is read backwards and no further than the page.
 */
export async function stockCard(
  db: Executor,
  locationId: number,
  itemId: number,
  q: { page: number; limit: number },
): Promise<{ rows: CardRow[]; total: number }> {
  const [{ total, sum }] = await rowsOf<{ total: number; sum: string }>(
    db,
    sql`SELECT count(*)::int AS total, coalesce(sum(quantity), 0)::text AS sum
        FROM stock_movements WHERE location_id = ${locationId} AND item_id = ${itemId}`,
  );
  const rows = await rowsOf<CardRow>(
    db,
    sql`SELECT m.uid, m.created_at AS at, m.kind, b.batch_number AS "batchNumber",
          b.expiry_date::text AS "expiryDate", m.quantity::float8 AS quantity,
          m.balance_after::float8 AS "batchBalance",
          (${sum}::numeric - coalesce(sum(m.quantity) OVER (ORDER BY m.id DESC
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))::float8 AS balance,
          m.unit_cost::float8 AS "unitCost", m.reference_type AS "referenceType",
          m.reference_uid AS "referenceUid", m.reason, u.name AS by,
          CASE m.reference_type
            WHEN 'opname' THEN (SELECT o.number FROM stock_opnames o WHERE o.uid = m.reference_uid)
            WHEN 'request' THEN (SELECT r.number FROM stock_requests r WHERE r.uid = m.reference_uid)
            WHEN 'purchase_receipt' THEN (SELECT r.number FROM purchase_receipts r WHERE r.uid = m.reference_uid)
            WHEN 'supplier_return' THEN (SELECT r.number FROM supplier_returns r WHERE r.uid = m.reference_uid)
            WHEN 'prescription' THEN (SELECT g.queue_number FROM prescriptions p
              JOIN registrations g ON g.id = p.registration_id WHERE p.uid = m.reference_uid)
          END AS "referenceNumber",
          CASE WHEN m.kind IN ('transfer_in', 'transfer_out') THEN (
            SELECT s.name FROM stock_movements o JOIN stock_locations s ON s.id = o.location_id
            WHERE o.reference_type = m.reference_type AND o.reference_uid = m.reference_uid
              AND o.batch_id = m.batch_id AND o.kind <> m.kind LIMIT 1)
          END AS counterpart
        FROM stock_movements m
        JOIN stock_batches b ON b.id = m.batch_id
        LEFT JOIN users u ON u.id = m.created_by
        WHERE m.location_id = ${locationId} AND m.item_id = ${itemId}
        ORDER BY m.id DESC
        LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return { rows, total };
}

export interface MismatchRow {
  locationUid: string;
  locationName: string;
  itemUid: string;
  itemName: string;
  ledger: number;
  onHand: number;
}

/**
 * For every location × item of the clinic: the movements' sum against the on-hand of the levels.
 * Answers the pairs that differ and how many pairs were checked.
 */
export async function consistency(
  db: Executor,
  clinicId: number,
): Promise<{ mismatches: MismatchRow[]; checked: number }> {
  const rows = await rowsOf<MismatchRow & { matches: boolean }>(
    db,
    sql`WITH ledger AS (
          SELECT m.location_id, m.item_id, sum(m.quantity) AS q FROM stock_movements m
          JOIN stock_locations s ON s.id = m.location_id WHERE s.clinic_id = ${clinicId}
          GROUP BY m.location_id, m.item_id
        ), levels AS (
          SELECT l.location_id, l.item_id, sum(l.quantity) AS q FROM stock_levels l
          JOIN stock_locations s ON s.id = l.location_id WHERE s.clinic_id = ${clinicId}
          GROUP BY l.location_id, l.item_id
        )
        SELECT s.uid AS "locationUid", s.name AS "locationName", d.uid AS "itemUid", d.name AS "itemName",
          coalesce(a.q, 0)::float8 AS ledger, coalesce(b.q, 0)::float8 AS "onHand",
          coalesce(a.q, 0) = coalesce(b.q, 0) AS matches
        FROM ledger a FULL JOIN levels b ON b.location_id = a.location_id AND b.item_id = a.item_id
        JOIN stock_locations s ON s.id = coalesce(a.location_id, b.location_id)
        JOIN drugs d ON d.id = coalesce(a.item_id, b.item_id)
        ORDER BY s.name, d.name`,
  );
  return {
    mismatches: rows.filter((r) => !r.matches).map(({ matches: _, ...r }) => r),
    checked: rows.length,
  };
}

const ALERT_ROWS = 500;

export interface BelowMinimumRow {
  itemUid: string;
  name: string;
  baseUnit: string;
  onHand: number;
  minStock: number;
}

/** Active items with a minimum whose on-hand over the clinic's active locations is below it. */
export function belowMinimum(db: Executor, corpId: number, clinicId: number): Promise<BelowMinimumRow[]> {
  return rowsOf<BelowMinimumRow>(
    db,
    sql`SELECT d.uid AS "itemUid", d.name, ${baseUnit} AS "baseUnit",
          coalesce(h.q, 0)::float8 AS "onHand", d.min_stock::float8 AS "minStock"
        FROM drugs d
        LEFT JOIN (
          SELECT l.item_id, sum(l.quantity) AS q FROM stock_levels l
          JOIN stock_locations s ON s.id = l.location_id
          WHERE s.clinic_id = ${clinicId} AND s.active GROUP BY l.item_id
        ) h ON h.item_id = d.id
        WHERE d.corp_id = ${corpId} AND d.deleted_at IS NULL AND d.active
          AND d.min_stock > 0 AND coalesce(h.q, 0) < d.min_stock
        ORDER BY lower(d.name), d.id
        LIMIT ${ALERT_ROWS}`,
  );
}

export interface NearExpiryRow {
  itemUid: string;
  name: string;
  baseUnit: string;
  batchNumber: string;
  expiryDate: string;
  locationUid: string;
  locationName: string;
  quantity: number;
}

/** Batches with stock at the clinic's active locations expiring by `until` (expired ones included). */
export function nearExpiry(db: Executor, clinicId: number, until: string): Promise<NearExpiryRow[]> {
  return rowsOf<NearExpiryRow>(
    db,
    sql`SELECT d.uid AS "itemUid", d.name, ${baseUnit} AS "baseUnit", b.batch_number AS "batchNumber",
          b.expiry_date::text AS "expiryDate", s.uid AS "locationUid", s.name AS "locationName",
          l.quantity::float8 AS quantity
        FROM stock_levels l
        JOIN stock_locations s ON s.id = l.location_id
        JOIN stock_batches b ON b.id = l.batch_id
        JOIN drugs d ON d.id = l.item_id
        WHERE s.clinic_id = ${clinicId} AND s.active AND l.quantity > 0 AND b.expiry_date <= ${until}
        ORDER BY b.expiry_date, lower(d.name), s.name
        LIMIT ${ALERT_ROWS}`,
  );
}

export interface DeadStockRow {
  itemUid: string;
  name: string;
  baseUnit: string;
  onHand: number;
  lastOutAt: string | Date | null;
}

/**
 * Items on hand at the clinic, held since before `since`, with nothing dispensed, used or
 * returned to the supplier since then.
 */
export function deadStock(
  db: Executor,
  clinicId: number,
  since: Date,
  outgoing: readonly string[],
): Promise<DeadStockRow[]> {
  const kinds = sql.join(
    outgoing.map((k) => sql`${k}`),
    sql`, `,
  );
  return rowsOf<DeadStockRow>(
    db,
    sql`SELECT d.uid AS "itemUid", d.name, ${baseUnit} AS "baseUnit", c.on_hand::float8 AS "onHand",
          (SELECT max(m.created_at) FROM stock_movements m
            WHERE m.clinic_id = c.clinic_id AND m.item_id = c.item_id AND m.kind IN (${kinds})) AS "lastOutAt"
        FROM item_costs c
        JOIN drugs d ON d.id = c.item_id
        WHERE c.clinic_id = ${clinicId} AND c.on_hand > 0
          AND EXISTS (SELECT 1 FROM stock_movements m
            WHERE m.clinic_id = c.clinic_id AND m.item_id = c.item_id AND m.created_at < ${since.toISOString()}::timestamptz)
          AND NOT EXISTS (SELECT 1 FROM stock_movements m
            WHERE m.clinic_id = c.clinic_id AND m.item_id = c.item_id AND m.kind IN (${kinds})
              AND m.created_at >= ${since.toISOString()}::timestamptz)
        ORDER BY lower(d.name), d.id
        LIMIT ${ALERT_ROWS}`,
  );
}
