import type { PrescriptionItem } from '@klinikita/domain/consultations/encounter.schema';
import type {
  PharmacyStatus,
  Priority,
  ReviewCheck,
  ReviewEntry,
} from '@klinikita/domain/pharmacy/pharmacy.rules';
import { and, eq, sql } from 'drizzle-orm';
import {
  dispensedItems,
  pharmacyOrderEvents,
  prescriptionReviews,
  prescriptions,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor, type Tx } from '../../shared/sql.ts';

/**
 * The pharmacy queue's SQL. It reads the visit, the patient, the drug master and the stock levels
 * it shows beside a prescription; it writes only its own rows (the visit's status moves through
 * the registrations service, stock through the inventory service).
 */

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as unknown as T[];

export interface OrderRow {
  id: number;
  uid: string;
  corpId: number;
  clinicId: number;
  patientId: number;
  status: PharmacyStatus;
  priority: Priority;
  racikan: boolean;
  items: PrescriptionItem[];
  pharmacyLocationId: number | null;
  createdAt: string;
  dispensedAt: string | null;
  registrationId: number;
  registrationUid: string;
  queueNumber: string;
  payerType: string;
  patientUid: string;
  patientName: string;
  mrn: string;
  allergies: string | null;
  doctorName: string | null;
}

/** A timestamp as ISO text in UTC, the same on both drivers. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const ORDER_COLUMNS = sql`p.id, p.uid, p.corp_id AS "corpId", p.clinic_id AS "clinicId",
  p.patient_id AS "patientId", p.status, p.priority, p.racikan, p.items,
  p.pharmacy_location_id AS "pharmacyLocationId", ${iso('p.created_at')} AS "createdAt",
  ${iso('p.dispensed_at')} AS "dispensedAt", r.id AS "registrationId", r.uid AS "registrationUid",
  r.queue_number AS "queueNumber", r.payer_type AS "payerType", pt.uid AS "patientUid",
  pt.name AS "patientName", pt.mrn, pt.allergies, e.name AS "doctorName"`;

const ORDER_FROM = sql`FROM prescriptions p
  JOIN registrations r ON r.id = p.registration_id
  JOIN patients pt ON pt.id = p.patient_id
  LEFT JOIN doctors d ON d.id = p.doctor_id
  LEFT JOIN employees e ON e.id = d.employee_id`;

export interface QueueFilters {
  status?: PharmacyStatus;
  racikan?: boolean;
  payerType?: string;
  priority?: Priority;
  search?: string;
  page: number;
  limit: number;
}

/** A clinic day's prescriptions (by the visit's day): cito first, then the oldest; paged. */
export async function pageQueue(db: Executor, clinicId: number, day: string, f: QueueFilters) {
  const where = [sql`p.clinic_id = ${clinicId}`, sql`r.queue_date = ${day}`];
  if (f.status) where.push(sql`p.status = ${f.status}`);
  if (f.racikan !== undefined) where.push(sql`p.racikan = ${f.racikan}`);
  if (f.payerType) where.push(sql`r.payer_type = ${f.payerType}`);
  if (f.priority) where.push(sql`p.priority = ${f.priority}`);
  if (f.search) {
    const like = containsPattern(f.search.toLowerCase());
    where.push(
      sql`(lower(pt.name) LIKE ${like} OR lower(pt.mrn) LIKE ${like} OR lower(r.queue_number) LIKE ${like})`,
    );
  }
  const condition = sql.join(where, sql` AND `);
  const [{ total }] = await rowsOf<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total ${ORDER_FROM} WHERE ${condition}`,
  );
  const rows = await rowsOf<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} ${ORDER_FROM} WHERE ${condition}
        ORDER BY (p.priority = 'cito') DESC, p.created_at, p.id
        LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`,
  );
  return { rows, total };
}

/** A prescription of the corporate by its uid (the caller checks the clinic). */
export async function findOrder(db: Executor, corpId: number, uid: string): Promise<OrderRow | null> {
  const [row] = await rowsOf<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} ${ORDER_FROM} WHERE p.uid = ${uid} AND p.corp_id = ${corpId}`,
  );
  return row ?? null;
}

/** Locks the prescription row: its moves and dispenses take turns. */
export async function lockOrder(tx: Tx, id: number): Promise<PharmacyStatus> {
  const [row] = await rowsOf<{ status: PharmacyStatus }>(
    tx,
    sql`SELECT status FROM prescriptions WHERE id = ${id} FOR UPDATE`,
  );
  return row.status;
}

const STAMPS: Partial<Record<PharmacyStatus, 'reviewStartedAt' | 'readyAt' | 'dispensedAt'>> = {
  in_review: 'reviewStartedAt',
  ready: 'readyAt',
  dispensed: 'dispensedAt',
};

/** The new status and, the first time it is reached, its timestamp. */
export async function setStatus(tx: Tx, id: number, to: PharmacyStatus, locationId?: number) {
  const stamp = STAMPS[to];
  await tx
    .update(prescriptions)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(stamp ? { [stamp]: sql`coalesce(${prescriptions[stamp]}, now())` } : {}),
      ...(locationId ? { pharmacyLocationId: locationId } : {}),
    })
    .where(eq(prescriptions.id, id));
}

export async function insertEvent(tx: Tx, values: typeof pharmacyOrderEvents.$inferInsert) {
  const [row] = await tx.insert(pharmacyOrderEvents).values(values).returning({ id: pharmacyOrderEvents.id });
  return row.id;
}

export async function eventByKey(tx: Tx, prescriptionId: number, requestKey: string) {
  const [row] = await tx
    .select({ id: pharmacyOrderEvents.id })
    .from(pharmacyOrderEvents)
    .where(
      and(
        eq(pharmacyOrderEvents.prescriptionId, prescriptionId),
        eq(pharmacyOrderEvents.requestKey, requestKey),
      ),
    );
  return row ?? null;
}

export interface EventRow {
  action: string;
  from: string;
  to: string;
  reason: string | null;
  userName: string | null;
  at: string;
}

export function eventsOf(db: Executor, prescriptionId: number) {
  return rowsOf<EventRow>(
    db,
    sql`SELECT ev.action, ev.from_status AS "from", ev.to_status AS "to", ev.reason, u.name AS "userName",
          ${iso('ev.at')} AS at
        FROM pharmacy_order_events ev LEFT JOIN users u ON u.id = ev.user_id
        WHERE ev.prescription_id = ${prescriptionId} ORDER BY ev.id`,
  );
}

export interface DrugRow {
  id: number;
  uid: string;
  name: string;
  genericName: string | null;
  strength: string | null;
  baseUnit: string;
  price: number;
}

/** The corporate's drugs of these public ids. */
export function drugsOf(db: Executor, corpId: number, uids: string[]) {
  if (!uids.length) return Promise.resolve([] as DrugRow[]);
  return rowsOf<DrugRow>(
    db,
    sql`SELECT id, uid, name, generic_name AS "genericName", strength,
          coalesce(base_unit, unit) AS "baseUnit",
          price::float8 AS price
        FROM drugs WHERE corp_id = ${corpId}
          AND uid IN (${sql.join(
            uids.map((u) => sql`${u}`),
            sql`, `,
          )})`,
  );
}

export interface LocationRow {
  id: number;
  uid: string;
  name: string;
}

/** The stock location the clinic dispenses from: its (first) active location of type pharmacy. */
export async function pharmacyLocation(db: Executor, clinicId: number, id?: number | null) {
  const [row] = await rowsOf<LocationRow>(
    db,
    sql`SELECT id, uid, name FROM stock_locations
        WHERE clinic_id = ${clinicId} AND ${id ? sql`id = ${id}` : sql`type = 'pharmacy' AND active`}
        ORDER BY id LIMIT 1`,
  );
  return row ?? null;
}

export interface BatchRow {
  itemId: number;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
}

/** The unexpired batches of these items on hand at the location, first expiry first. */
export function batchesAt(db: Executor, locationId: number, itemIds: number[], today: string) {
  if (!itemIds.length) return Promise.resolve([] as BatchRow[]);
  return rowsOf<BatchRow>(
    db,
    sql`SELECT l.item_id AS "itemId", b.batch_number AS "batchNumber", b.expiry_date::text AS "expiryDate",
          l.quantity::float8 AS quantity
        FROM stock_levels l JOIN stock_batches b ON b.id = l.batch_id
        WHERE l.location_id = ${locationId} AND l.quantity > 0 AND b.expiry_date > ${today}
          AND l.item_id IN (${sql.join(
            itemIds.map((i) => sql`${i}`),
            sql`, `,
          )})
        ORDER BY b.expiry_date, b.id`,
  );
}

/** The quantity handed over per plain line so far (a racikan's ingredient rows are not counted). */
export async function dispensedPerLine(db: Executor, prescriptionId: number) {
  const rows = await rowsOf<{ line: number; quantity: number }>(
    db,
    sql`SELECT line, sum(quantity)::float8 AS quantity FROM dispensed_items
        WHERE prescription_id = ${prescriptionId} AND ingredient IS NULL GROUP BY line`,
  );
  return new Map(rows.map((r) => [r.line, r.quantity]));
}

/** The racikan lines whose ingredients left stock (a racikan is handed over whole). */
export async function racikanGiven(db: Executor, prescriptionId: number) {
  const rows = await rowsOf<{ line: number }>(
    db,
    sql`SELECT DISTINCT line FROM dispensed_items
        WHERE prescription_id = ${prescriptionId} AND ingredient IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.line));
}

export interface GivenRow {
  line: number;
  ingredient: number | null;
  itemUid: string;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
  unitCost: number;
}

/** Every row handed over, per line, ingredient and batch (what a return puts back). */
export function givenRows(db: Executor, prescriptionId: number) {
  return rowsOf<GivenRow>(
    db,
    sql`SELECT di.line, di.ingredient, d.uid AS "itemUid", di.batch_number AS "batchNumber",
          di.expiry_date::text AS "expiryDate", sum(di.quantity)::float8 AS quantity,
          max(di.unit_cost)::float8 AS "unitCost"
        FROM dispensed_items di JOIN drugs d ON d.id = di.item_id
        WHERE di.prescription_id = ${prescriptionId}
        GROUP BY di.line, di.ingredient, d.uid, di.batch_number, di.expiry_date
        ORDER BY di.line, di.ingredient NULLS FIRST, di.expiry_date`,
  );
}

export async function insertDispensed(tx: Tx, rows: (typeof dispensedItems.$inferInsert)[]) {
  if (rows.length) await tx.insert(dispensedItems).values(rows);
}

export async function reviewOf(db: Executor, prescriptionId: number) {
  const [row] = await rowsOf<{
    checks: Partial<Record<ReviewCheck, ReviewEntry>>;
    reviewedBy: string | null;
    reviewedAt: string;
  }>(
    db,
    sql`SELECT rv.checks, u.name AS "reviewedBy", ${iso('rv.reviewed_at')} AS "reviewedAt"
        FROM prescription_reviews rv LEFT JOIN users u ON u.id = rv.reviewed_by
        WHERE rv.prescription_id = ${prescriptionId}`,
  );
  return row ?? null;
}

export async function saveReview(
  tx: Tx,
  prescriptionId: number,
  checks: Partial<Record<ReviewCheck, ReviewEntry>>,
  userId: number,
) {
  await tx
    .insert(prescriptionReviews)
    .values({ prescriptionId, checks, reviewedBy: userId })
    .onConflictDoUpdate({
      target: prescriptionReviews.prescriptionId,
      set: { checks, reviewedBy: userId, reviewedAt: sql`now()` },
    });
}
