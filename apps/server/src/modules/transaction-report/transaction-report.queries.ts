import {
  REPORT_CATEGORIES,
  REPORT_CATEGORY_OF,
  REPORT_METHODS,
  type ReportBasis,
  type ReportStatus,
} from '@klinikita/domain/billing/transaction-report.rules';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/**
 * The transaction report's statements (read-only). Every statement starts from `picked`: the
 * posted bills of the clinics and days asked, found through the clinic indexes (service day:
 * `bills_clinic_status_idx`; payment day: `payments_clinic_created_idx`), then narrowed by the
 * other filters. Sums are computed by the database per bill (lines and payment parts through their
 * bill indexes), never in the server; money comes back as float8 (exact for whole rupiah).
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
  [column: string]: unknown;
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every payment of the bill reversed (and at least one reversal): the bill was cancelled. A payment
 * is reversed at most once and a reversal never is, so equal counts mean none stands. Counted per
 * bill through `payments_bill_idx`.
 */
const cancelled = sql`(b.status = 'posted' AND (SELECT count(*) FILTER (WHERE x.reverses_payment_id IS NOT NULL) > 0
    AND count(*) FILTER (WHERE x.reverses_payment_id IS NOT NULL) = count(*) FILTER (WHERE x.reverses_payment_id IS NULL)
  FROM payments x WHERE x.bill_id = b.id))`;

const statusOf = sql`CASE WHEN b.status = 'paid' THEN 'LUNAS' WHEN ${cancelled} THEN 'DIBATALKAN' ELSE 'BELUM_LUNAS' END`;

function statusWhere(status: ReportStatus): SQL {
  if (status === 'LUNAS') return sql`b.status = 'paid'`;
  if (status === 'DIBATALKAN') return cancelled;
  return sql`(b.status = 'posted' AND NOT ${cancelled})`;
}

/** The clinics asked as a VALUES list (id, time zone). */
const scopeValues = (s: ReportScope) =>
  sql`(VALUES ${sql.join(
    s.clinics.map((c) => sql`(${c.id}::int, ${c.timeZone}::text)`),
    sql`, `,
  )}) AS s(clinic_id, tz)`;

/** The bills of the scope and filters (ids and their posting keys); `after` starts past a cursor. */
function picked(s: ReportScope, after?: ReportCursor): SQL {
  const where: SQL[] = [sql`b.corp_id = ${s.corpId}`];
  let from: SQL;
  if (s.basis === 'service') {
    from = sql`bills b JOIN ${scopeValues(s)} ON b.clinic_id = s.clinic_id`;
    where.push(
      sql`b.status IN ('posted', 'paid')`,
      sql`b.service_day BETWEEN ${s.from}::date AND ${s.to}::date`,
    );
  } else {
    // from the days' payments of each clinic (payments_clinic_created_idx) to their bills by id: the
    // fence (OFFSET 0) keeps the planner from hashing the whole bills table when it is small
    from = sql`(SELECT DISTINCT p.bill_id FROM payments p JOIN ${scopeValues(s)} ON p.clinic_id = s.clinic_id
        WHERE p.created_at >= (${s.from}::date::timestamp AT TIME ZONE s.tz)
          AND p.created_at < ((${s.to}::date + 1)::timestamp AT TIME ZONE s.tz)) pb
      CROSS JOIN LATERAL (SELECT * FROM bills b1 WHERE b1.id = pb.bill_id OFFSET 0) b`;
    where.push(
      sql`b.status <> 'draft'`,
      sql`b.clinic_id IN (${sql.join(
        s.clinics.map((c) => sql`${c.id}`),
        sql`, `,
      )})`,
    );
  }
  if (s.cashierId)
    where.push(
      sql`EXISTS (SELECT 1 FROM payments c WHERE c.bill_id = b.id AND c.cashier_id = ${s.cashierId})`,
    );
  if (s.doctorId) where.push(sql`r.doctor_id = ${s.doctorId}`);
  if (s.payerType) where.push(sql`b.payer_type = ${s.payerType}`);
  if (s.companyId) where.push(sql`b.company_id = ${s.companyId}`);
  if (s.status) where.push(statusWhere(s.status));
  if (s.q) {
    const like = containsPattern(s.q.toLowerCase());
    where.push(sql`(lower(pt.name) LIKE ${like} OR lower(pt.mrn) LIKE ${like} OR lower(b.number) LIKE ${like}
      OR EXISTS (SELECT 1 FROM payments k WHERE k.bill_id = b.id AND lower(k.receipt_number) LIKE ${like}))`);
  }
  if (after) where.push(sql`(b.posted_at, b.id) > (${after.postedKey}::timestamptz, ${after.id})`);
  return sql`SELECT b.id, b.uid, b.posted_at, b.service_day, b.number, b.clinic_id, b.registration_id,
      b.patient_id, b.payer_type, b.payer_name, b.status
    FROM ${from}
    ${s.doctorId ? sql`JOIN registrations r ON r.id = b.registration_id` : sql``}
    ${s.q ? sql`JOIN patients pt ON pt.id = b.patient_id` : sql``}
    WHERE ${sql.join(where, sql` AND `)}`;
}

const money = (expr: SQL) => sql`coalesce(${expr}, 0)::float8`;
const categoryColumns = REPORT_CATEGORIES.map((c) => {
  const lineCategories = Object.entries(REPORT_CATEGORY_OF)
    .filter(([, to]) => to === c)
    .map(([from]) => from);
  return sql`${money(
    sql`sum(bl.gross) FILTER (WHERE bl.category IN (${sql.join(
      lineCategories.map((x) => sql`${x}`),
      sql`, `,
    )}))`,
  )} AS ${sql.identifier(`cat_${c}`)}`;
});
const lineSums = sql`${sql.join(categoryColumns, sql`, `)},
  ${money(sql`sum(bl.gross)`)} AS gross, ${money(sql`sum(bl.discount)`)} AS discount,
  ${money(sql`sum(bl.dpp)`)} AS dpp, ${money(sql`sum(bl.ppn)`)} AS ppn, ${money(sql`sum(bl.net)`)} AS net`;
const methodSums = sql`${sql.join(
  REPORT_METHODS.map(
    (m) => sql`${money(sql`sum(pp.amount) FILTER (WHERE pp.method = ${m})`)} AS ${sql.identifier(`m_${m}`)}`,
  ),
  sql`, `,
)}, ${money(sql`sum(pp.amount)`)} AS "paidTotal"`;

/** One page (or export batch) of rows in posting order, with their sums: one statement. */
type RowWindow = { limit: number; offset?: number; after?: ReportCursor };

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
      b.payer_type AS "payerType", b.payer_name AS "payerName", ${statusOf} AS status,
      l.*, pay.*
    FROM (
      ${picked(s, window.after)}
      ORDER BY b.posted_at, b.id
      LIMIT ${window.limit} OFFSET ${window.offset ?? 0}
    ) b
    JOIN registrations r ON r.id = b.registration_id
    JOIN patients pt ON pt.id = b.patient_id
    JOIN clinics c ON c.id = b.clinic_id
    LEFT JOIN doctors d ON d.id = r.doctor_id
    LEFT JOIN employees e ON e.id = d.employee_id
    CROSS JOIN LATERAL (SELECT ${lineSums} FROM bill_lines bl WHERE bl.bill_id = b.id) l
    CROSS JOIN LATERAL (
      SELECT ${methodSums},
        array_agg(DISTINCT p.receipt_number) FILTER (WHERE p.receipt_number IS NOT NULL) AS "receiptNumbers",
        array_agg(DISTINCT u.name) FILTER (WHERE u.name IS NOT NULL) AS cashiers,
        ${iso(sql`max(p.created_at)`)} AS "lastPaidAt"
      FROM payments p JOIN payment_parts pp ON pp.payment_id = p.id
      LEFT JOIN users u ON u.id = p.cashier_id
      WHERE p.bill_id = b.id
    ) pay
    ORDER BY b.posted_at, b.id
  `;

/** The count and sums of the whole filtered set: one statement. */
export async function reportTotals(db: Executor, s: ReportScope): Promise<ReportTotalsRecord> {
  const result = await db.execute(totalsStatement(s));
  return result.rows[0] as unknown as ReportTotalsRecord;
}

const SUMMED = [
  ...REPORT_CATEGORIES.map((c) => `cat_${c}`),
  'gross',
  'discount',
  'dpp',
  'ppn',
  'net',
  ...REPORT_METHODS.map((m) => `m_${m}`),
  'paidTotal',
];

// per bill through the bill indexes (a lateral join), then summed: never a whole-table hash
const totalsStatement = (s: ReportScope) => sql`
    WITH picked AS (${picked(s)}),
    per_bill AS (
      SELECT l.*, pay.* FROM picked
      CROSS JOIN LATERAL (SELECT ${lineSums} FROM bill_lines bl WHERE bl.bill_id = picked.id) l
      CROSS JOIN LATERAL (SELECT ${methodSums} FROM payments p JOIN payment_parts pp ON pp.payment_id = p.id
        WHERE p.bill_id = picked.id) pay
    )
    SELECT count(*)::int AS bills, ${sql.join(
      SUMMED.map((c) => sql`coalesce(sum(${sql.identifier(c)}), 0)::float8 AS ${sql.identifier(c)}`),
      sql`, `,
    )}
    FROM per_bill
  `;

/** The plans of a page's two statements and of an export batch (the tests check them for whole-table scans). */
export async function reportPlans(db: Executor, s: ReportScope): Promise<string[]> {
  const plans: string[] = [];
  const batch = rowsStatement(s, { limit: 1_000, after: { postedKey: '2000-01-01 00:00:00+00', id: 0 } });
  for (const statement of [totalsStatement(s), rowsStatement(s, { limit: 25 }), batch]) {
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
    WITH picked AS (${picked(base)})
    SELECT 'cashier' AS kind, u.id, u.name FROM users u
      WHERE u.id IN (SELECT p.cashier_id FROM payments p WHERE p.bill_id IN (SELECT id FROM picked))
    UNION ALL
    SELECT 'doctor', d.id, e.name FROM doctors d JOIN employees e ON e.id = d.employee_id
      WHERE d.id IN (SELECT r.doctor_id FROM bills b JOIN registrations r ON r.id = b.registration_id
        WHERE b.id IN (SELECT id FROM picked))
    UNION ALL
    SELECT 'company', pc.id, pc.name FROM partner_companies pc
      WHERE pc.id IN (SELECT b.company_id FROM bills b WHERE b.id IN (SELECT id FROM picked))
    ORDER BY 1, 3
  `);
  return result.rows as unknown as NamedRecord[];
}
