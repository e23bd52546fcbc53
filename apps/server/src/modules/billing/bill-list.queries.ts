import type { BillListStatus } from '@klinikita/domain/billing/bill-list.rules';
import { RECEIVABLE_METHODS } from '@klinikita/domain/billing/billing.rules';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/**
 * The list of invoices' statements (read-only). Both start from `picked`: the posted bills of the
 * clinics and service days asked, found through `bills_clinic_status_idx` (clinic, status, service
 * day), then narrowed by the other filters; the page's sums are computed per bill through the bill
 * indexes of lines and payments, only for the page's rows.
 */

export interface BillListScope {
  corpId: number;
  clinicIds: readonly number[];
  from: string;
  to: string;
  status?: BillListStatus;
  payerType?: string;
  q?: string;
}

export interface BillListRecord {
  uid: string;
  number: string;
  serviceDay: string;
  postedAt: string;
  clinicId: number;
  clinicName: string;
  patientName: string;
  mrn: string;
  doctorName: string | null;
  payerType: string;
  payerName: string | null;
  status: 'posted' | 'paid';
  total: number;
  paid: number;
  receivable: number;
  hasReversal: boolean;
  receipts: { paymentUid: string; number: string; reversed: boolean }[] | null;
}

const hasReversal = sql`EXISTS (SELECT 1 FROM payments x WHERE x.bill_id = b.id AND x.reverses_payment_id IS NOT NULL)`;

function statusWhere(status: BillListStatus): SQL {
  if (status === 'reversed') return hasReversal;
  return sql`b.status = ${status}`;
}

/** The bills of the scope and filters (their ids, posting keys and row fields). */
function picked(s: BillListScope): SQL {
  const where: SQL[] = [
    sql`b.corp_id = ${s.corpId}`,
    sql`b.clinic_id IN (${sql.join(
      s.clinicIds.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
    sql`b.status IN ('posted', 'paid')`,
    sql`b.service_day BETWEEN ${s.from}::date AND ${s.to}::date`,
  ];
  if (s.status) where.push(statusWhere(s.status));
  if (s.payerType) where.push(sql`b.payer_type = ${s.payerType}`);
  if (s.q) {
    // the receipts per bill through payments_bill_idx: an aggregate, which the planner cannot turn
    // into one hashed pass over every payment
    const like = containsPattern(s.q.toLowerCase());
    where.push(sql`(lower(b.number) LIKE ${like} OR lower(pt.name) LIKE ${like} OR lower(pt.mrn) LIKE ${like}
      OR (SELECT bool_or(lower(k.receipt_number) LIKE ${like}) FROM payments k WHERE k.bill_id = b.id))`);
  }
  return sql`SELECT b.id, b.uid, b.number, b.service_day, b.posted_at, b.clinic_id, b.registration_id,
      b.patient_id, b.payer_type, b.payer_name, b.status
    FROM bills b
    ${s.q ? sql`JOIN patients pt ON pt.id = b.patient_id` : sql``}
    WHERE ${sql.join(where, sql` AND `)}`;
}

const receivableMethods = sql.join(
  RECEIVABLE_METHODS.map((m) => sql`${m}`),
  sql`, `,
);

const rowsStatement = (s: BillListScope, window: { limit: number; offset: number }) => sql`
    SELECT b.uid, b.number, b.service_day::text AS "serviceDay",
      to_char(b.posted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "postedAt",
      b.clinic_id AS "clinicId", c.name AS "clinicName", pt.name AS "patientName", pt.mrn,
      e.name AS "doctorName", b.payer_type AS "payerType", b.payer_name AS "payerName", b.status,
      l.total, pay.paid, pay.receivable, ${hasReversal} AS "hasReversal", rc.receipts
    FROM (
      ${picked(s)}
      ORDER BY b.posted_at DESC, b.id DESC
      LIMIT ${window.limit} OFFSET ${window.offset}
    ) b
    JOIN registrations r ON r.id = b.registration_id
    JOIN patients pt ON pt.id = b.patient_id
    JOIN clinics c ON c.id = b.clinic_id
    LEFT JOIN doctors d ON d.id = r.doctor_id
    LEFT JOIN employees e ON e.id = d.employee_id
    CROSS JOIN LATERAL (SELECT coalesce(sum(bl.net), 0)::float8 AS total FROM bill_lines bl WHERE bl.bill_id = b.id) l
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(pp.amount) FILTER (WHERE pp.method NOT IN (${receivableMethods})), 0)::float8 AS paid,
        coalesce(sum(pp.amount) FILTER (WHERE pp.method IN (${receivableMethods})), 0)::float8 AS receivable
      FROM payments p JOIN payment_parts pp ON pp.payment_id = p.id
      WHERE p.bill_id = b.id
    ) pay
    CROSS JOIN LATERAL (
      SELECT json_agg(json_build_object('paymentUid', p.uid, 'number', p.receipt_number,
          'reversed', EXISTS (SELECT 1 FROM payments v WHERE v.reverses_payment_id = p.id)) ORDER BY p.id) AS receipts
      FROM payments p WHERE p.bill_id = b.id AND p.receipt_number IS NOT NULL
    ) rc
    ORDER BY b.posted_at DESC, b.id DESC
  `;

const countStatement = (s: BillListScope) => sql`SELECT count(*)::int AS count FROM (${picked(s)}) b`;

/** One page of the list, newest posting first. */
export async function billListRows(
  db: Executor,
  s: BillListScope,
  window: { limit: number; offset: number },
): Promise<BillListRecord[]> {
  const result = await db.execute(rowsStatement(s, window));
  return result.rows as unknown as BillListRecord[];
}

/** How many bills the filters find. */
export async function billListCount(db: Executor, s: BillListScope): Promise<number> {
  const result = await db.execute(countStatement(s));
  return Number((result.rows[0] as { count: number }).count);
}

/** The plans of the page's two statements (the tests check them for whole-table scans). */
export async function billListPlans(db: Executor, s: BillListScope): Promise<string[]> {
  const plans: string[] = [];
  for (const statement of [countStatement(s), rowsStatement(s, { limit: 20, offset: 0 })]) {
    const result = await db.execute(sql`EXPLAIN ${statement}`);
    plans.push((result.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'));
  }
  return plans;
}
