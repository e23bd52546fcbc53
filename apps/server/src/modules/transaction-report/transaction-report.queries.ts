import {
  REPORT_CATEGORIES,
  REPORT_METHODS,
  type ReportBasis,
  type ReportStatus,
} from '@klinikita/domain/billing/transaction-report.rules';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/**
 * The transaction report's statements (read-only), over its read model `transaction_report_bills`:
 * one narrow row per posted bill with its sums, kept by the database in the statement that writes
 * the bill, its lines, payments or parts (migration 0035). The totals sum the rows of the clinics'
 * days (`transaction_report_bills_clinic_day_idx`); a page or an export batch walks each clinic's
 * rows in posting order (`transaction_report_bills_clinic_posted_idx`), merged, from its cursor and
 * within the posting times the totals found, so a batch reads its own rows and never sorts the rest
 * of the set. By payment day the bills are found through their payments of those days
 * (`payments_clinic_created_idx`). Money comes back as float8 (exact for whole rupiah).
 */

export interface ReportScope {
  corpId: number;
  /** The clinics asked, each with its time zone (its days are local) */
  clinics: readonly { id: number; timeZone: string }[];
  basis: ReportBasis;
  from: string;
  to: string;
  cashierId?: number;
  doctorId?: number;
  payerType?: string;
  companyId?: number;
  status?: ReportStatus;
  q?: string;
}

/** Where a page or a batch starts: after this posting time (text, exact) and bill id. */
export interface ReportCursor {
  postedKey: string;
  id: number;
}

/** The first and last posting time of the set (its totals tell them): where a walk in posting order starts and stops. */
export interface ReportSpan {
  first: string;
  last: string;
}

export interface ReportRowRecord {
  id: number;
  uid: string;
  postedKey: string;
  postedAt: string;
  postedLocal: string;
  serviceDay: string;
  lastPaidAt: string | null;
  number: string;
  receiptNumbers: string[] | null;
  mrn: string;
  patientName: string;
  clinicId: number;
  clinicName: string;
  doctorName: string | null;
  payerType: string;
  payerName: string | null;
  cashiers: string[] | null;
  status: ReportStatus;
  gross: number;
  discount: number;
  dpp: number;
  ppn: number;
  net: number;
  paidTotal: number;
  [column: string]: unknown;
}

export interface ReportTotalsRecord {
  bills: number;
  gross: number;
  discount: number;
  dpp: number;
  ppn: number;
  net: number;
  paidTotal: number;
  firstPostedKey: string | null;
  lastPostedKey: string | null;
  [column: string]: unknown;
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The read model's money columns and the names the mapper reads them by. */
export const REPORT_MONEY: readonly { column: string; as: string }[] = [
  ...REPORT_CATEGORIES.map((c) => ({ column: `cat_${c}`, as: `cat_${c}` })),
  ...['gross', 'discount', 'dpp', 'ppn', 'net'].map((k) => ({ column: k, as: k })),
  ...REPORT_METHODS.map((m) => ({ column: `m_${m.toLowerCase()}`, as: `m_${m}` })),
  { column: 'paid_total', as: 'paidTotal' },
];

const clinicList = (s: ReportScope) =>
  sql.join(
    s.clinics.map((c) => sql`${c.id}`),
    sql`, `,
  );

/** The filters of the scope on the read model's row `t` (besides the clinics and days). */
function filtersOf(s: ReportScope, after?: ReportCursor): SQL[] {
  const where: SQL[] = [sql`t.corp_id = ${s.corpId}`];
  if (s.cashierId) where.push(sql`${s.cashierId}::int = ANY (t.cashier_ids)`);
  if (s.doctorId)
    where.push(
      sql`EXISTS (SELECT 1 FROM registrations r WHERE r.id = t.registration_id AND r.doctor_id = ${s.doctorId})`,
    );
  if (s.payerType) where.push(sql`t.payer_type = ${s.payerType}`);
  if (s.companyId) where.push(sql`t.company_id = ${s.companyId}`);
  if (s.status) where.push(sql`t.status = ${s.status}`);
  if (s.q) {
    const like = containsPattern(s.q.toLowerCase());
    where.push(sql`(EXISTS (SELECT 1 FROM patients pt WHERE pt.id = t.patient_id
        AND (lower(pt.name) LIKE ${like} OR lower(pt.mrn) LIKE ${like}))
      OR EXISTS (SELECT 1 FROM bills n WHERE n.id = t.bill_id AND lower(n.number) LIKE ${like})
      OR EXISTS (SELECT 1 FROM payments k WHERE k.bill_id = t.bill_id AND lower(k.receipt_number) LIKE ${like}))`);
  }
  if (after) where.push(sql`(t.posted_at, t.bill_id) > (${after.postedKey}::timestamptz, ${after.id})`);
  return where;
}

/** The rows `t` of the scope and filters (FROM … WHERE …). */
function picked(s: ReportScope, after?: ReportCursor): SQL {
  const where = filtersOf(s, after);
  if (s.basis === 'service')
    return sql`transaction_report_bills t
      WHERE t.clinic_id IN (${clinicList(s)}) AND t.service_day BETWEEN ${s.from}::date AND ${s.to}::date
        AND ${sql.join(where, sql` AND `)}`;
  const scope = sql`(VALUES ${sql.join(
    s.clinics.map((c) => sql`(${c.id}::int, ${c.timeZone}::text)`),
    sql`, `,
  )}) AS s(clinic_id, tz)`;
  // from the days' payments of each clinic (payments_clinic_created_idx) to their rows by bill id:
  // the fence (OFFSET 0) keeps the planner from hashing the whole read model when it is small
  return sql`(SELECT DISTINCT p.bill_id FROM payments p JOIN ${scope} ON p.clinic_id = s.clinic_id
        WHERE p.created_at >= (${s.from}::date::timestamp AT TIME ZONE s.tz)
          AND p.created_at < ((${s.to}::date + 1)::timestamp AT TIME ZONE s.tz)) pb
      CROSS JOIN LATERAL (SELECT * FROM transaction_report_bills t1 WHERE t1.bill_id = pb.bill_id OFFSET 0) t
      WHERE t.clinic_id IN (${clinicList(s)}) AND ${sql.join(where, sql` AND `)}`;
}

/** One page (or export batch) of rows in posting order: `span` from the set's totals (none: no rows). */
type RowWindow = { limit: number; offset?: number; after?: ReportCursor; span: ReportSpan };

/**
 * The window's bill ids in posting order. By service day each clinic's rows are walked in posting
 * order from the cursor within the span and merged (Merge Append: each clinic read only as far as
 * the window needs); by payment day the set is found through its payments and ordered.
 */
function windowKeys(s: ReportScope, w: RowWindow): SQL {
  const page = sql`ORDER BY posted_at, bill_id LIMIT ${w.limit} OFFSET ${w.offset ?? 0}`;
  if (s.basis === 'payment') return sql`SELECT t.bill_id, t.posted_at FROM ${picked(s, w.after)} ${page}`;
  const where = [
    sql`t.service_day BETWEEN ${s.from}::date AND ${s.to}::date`,
    sql`t.posted_at BETWEEN ${w.span.first}::timestamptz AND ${w.span.last}::timestamptz`,
    ...filtersOf(s, w.after),
  ];
  // each clinic's part ordered and cut itself: the planner merges ordered parts, never a filtered union
  const perClinic = s.clinics.map(
    (c) => sql`(SELECT t.bill_id, t.posted_at FROM transaction_report_bills t
      WHERE t.clinic_id = ${c.id} AND ${sql.join(where, sql` AND `)}
      ORDER BY t.posted_at, t.bill_id LIMIT ${w.limit + (w.offset ?? 0)})`,
  );
  return sql`SELECT * FROM (${sql.join(perClinic, sql` UNION ALL `)}) u ${page}`;
}

export async function reportRows(
  db: Executor,
  s: ReportScope,
  window: RowWindow,
): Promise<ReportRowRecord[]> {
  const result = await db.execute(rowsStatement(s, window));
  return result.rows as unknown as ReportRowRecord[];
}

const rowsStatement = (s: ReportScope, window: RowWindow) => sql`
    SELECT b.id, b.uid, b.posted_at::text AS "postedKey", ${iso(sql`b.posted_at`)} AS "postedAt",
      to_char(b.posted_at AT TIME ZONE c.time_zone, 'YYYY-MM-DD HH24:MI') AS "postedLocal",
      b.service_day::text AS "serviceDay", b.number, pt.mrn, pt.name AS "patientName",
      b.clinic_id AS "clinicId", c.name AS "clinicName", e.name AS "doctorName",
      b.payer_type AS "payerType", b.payer_name AS "payerName", t.status,
      ${sql.join(
        REPORT_MONEY.map((m) => sql`t.${sql.identifier(m.column)}::float8 AS ${sql.identifier(m.as)}`),
        sql`, `,
      )}, pay.*
    FROM (${windowKeys(s, window)}) k
    -- each row of the window by its keys (the fences keep a small table from being hashed whole)
    CROSS JOIN LATERAL (SELECT * FROM transaction_report_bills t1 WHERE t1.bill_id = k.bill_id OFFSET 0) t
    CROSS JOIN LATERAL (SELECT * FROM bills b1 WHERE b1.id = k.bill_id OFFSET 0) b
    JOIN registrations r ON r.id = b.registration_id
    JOIN patients pt ON pt.id = b.patient_id
    JOIN clinics c ON c.id = b.clinic_id
    LEFT JOIN doctors d ON d.id = r.doctor_id
    LEFT JOIN employees e ON e.id = d.employee_id
    CROSS JOIN LATERAL (
      SELECT array_agg(DISTINCT p.receipt_number) FILTER (WHERE p.receipt_number IS NOT NULL) AS "receiptNumbers",
        array_agg(DISTINCT u.name) FILTER (WHERE u.name IS NOT NULL) AS cashiers,
        ${iso(sql`max(p.created_at)`)} AS "lastPaidAt"
      FROM payments p JOIN payment_parts pp ON pp.payment_id = p.id
      LEFT JOIN users u ON u.id = p.cashier_id
      WHERE p.bill_id = b.id
    ) pay
    ORDER BY k.posted_at, k.bill_id
  `;

/** The count and sums of the whole filtered set, and the posting times it spans: one statement. */
export async function reportTotals(db: Executor, s: ReportScope): Promise<ReportTotalsRecord> {
  const result = await db.execute(totalsStatement(s));
  return result.rows[0] as unknown as ReportTotalsRecord;
}

/** Where the set's walk in posting order starts and stops; null: an empty set. */
export const spanOf = (totals: ReportTotalsRecord): ReportSpan | null =>
  totals.firstPostedKey && totals.lastPostedKey
    ? { first: totals.firstPostedKey, last: totals.lastPostedKey }
    : null;

const totalsStatement = (s: ReportScope) => sql`
    SELECT count(*)::int AS bills, ${sql.join(
      REPORT_MONEY.map(
        (m) => sql`coalesce(sum(t.${sql.identifier(m.column)}), 0)::float8 AS ${sql.identifier(m.as)}`,
      ),
      sql`, `,
    )}, min(t.posted_at)::text AS "firstPostedKey", max(t.posted_at)::text AS "lastPostedKey"
    FROM ${picked(s)}
  `;

/** The plans of a page's two statements and of an export batch (the tests check them for whole-table scans). */
export async function reportPlans(db: Executor, s: ReportScope): Promise<string[]> {
  const span = spanOf(await reportTotals(db, s)) ?? { first: '2000-01-01 00:00:00+00', last: 'infinity' };
  const plans: string[] = [];
  const batch = rowsStatement(s, {
    limit: 1_000,
    after: { postedKey: '2000-01-01 00:00:00+00', id: 0 },
    span,
  });
  for (const statement of [totalsStatement(s), rowsStatement(s, { limit: 25, span }), batch]) {
    const result = await db.execute(sql`EXPLAIN ${statement}`);
    plans.push((result.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'));
  }
  return plans;
}

export interface NamedRecord {
  kind: 'cashier' | 'doctor' | 'company';
  id: number;
  name: string;
}

/** Who took payments, the doctors and the companies of the scope's bills (the filter's lists). */
export async function reportOptions(db: Executor, s: ReportScope): Promise<NamedRecord[]> {
  const base: ReportScope = {
    ...s,
    cashierId: undefined,
    doctorId: undefined,
    companyId: undefined,
    q: undefined,
  };
  const result = await db.execute(sql`
    WITH picked AS (SELECT t.cashier_ids, t.registration_id, t.company_id FROM ${picked(base)})
    SELECT 'cashier' AS kind, u.id, u.name FROM users u
      WHERE u.id IN (SELECT unnest(cashier_ids) FROM picked)
    UNION ALL
    SELECT 'doctor', d.id, e.name FROM doctors d JOIN employees e ON e.id = d.employee_id
      WHERE d.id IN (SELECT r.doctor_id FROM registrations r WHERE r.id IN (SELECT registration_id FROM picked))
    UNION ALL
    SELECT 'company', pc.id, pc.name FROM partner_companies pc
      WHERE pc.id IN (SELECT company_id FROM picked)
    ORDER BY 1, 3
  `);
  return result.rows as unknown as NamedRecord[];
}
