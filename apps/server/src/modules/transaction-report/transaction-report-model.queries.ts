import { REPORT_CATEGORY_OF, REPORT_METHODS } from '@klinikita/domain/billing/transaction-report.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../shared/sql.ts';
import { REPORT_MONEY } from './transaction-report.queries.ts';

/**
 * The transaction report's read model against its source: each posted bill's row as the server
 * computes it from the money rows (lines, payments, parts; the categories and methods of
 * transaction-report.rules), compared with the row the database keeps (migration 0035's
 * `klinikita_transaction_report_refresh`). The billing consistency check reports any difference.
 */

const sum = (expr: SQL) => sql`coalesce(${expr}, 0)::bigint`;

/** Each report column of a bill from its money rows, in the read model's column order. */
function sourceColumns(): SQL[] {
  const byColumn = new Map<string, SQL>();
  for (const [category, column] of Object.entries(REPORT_CATEGORY_OF)) {
    const key = `cat_${column}`;
    const filter = sql`bl.category = ${category}`;
    const prev = byColumn.get(key);
    byColumn.set(key, prev ? sql`${prev} OR ${filter}` : filter);
  }
  return REPORT_MONEY.map(({ column }) => {
    if (byColumn.has(column))
      return sql`(SELECT ${sum(sql`sum(bl.gross) FILTER (WHERE ${byColumn.get(column)})`)} FROM bill_lines bl WHERE bl.bill_id = b.id)`;
    if (['gross', 'discount', 'dpp', 'ppn', 'net'].includes(column))
      return sql`(SELECT ${sum(sql`sum(bl.${sql.identifier(column)})`)} FROM bill_lines bl WHERE bl.bill_id = b.id)`;
    const method = REPORT_METHODS.find((m) => `m_${m.toLowerCase()}` === column);
    const filter = method ? sql`FILTER (WHERE pp.method = ${method})` : sql``;
    return sql`(SELECT ${sum(sql`sum(pp.amount) ${filter}`)} FROM payments p
      JOIN payment_parts pp ON pp.payment_id = p.id WHERE p.bill_id = b.id)`;
  });
}

/** The posted bills of the clinics whose kept row is missing, stale or left over (bill ids, ascending). */
export async function reportModelDrift(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
): Promise<number[]> {
  if (!clinicIds.length) return [];
  const clinics = sql.join(
    clinicIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const money = sql.join(
    REPORT_MONEY.map((m) => sql`t.${sql.identifier(m.column)}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH source AS (
      SELECT b.id, b.corp_id, b.clinic_id, b.registration_id, b.patient_id, b.service_day, b.posted_at,
        CASE WHEN b.status = 'paid' THEN 'LUNAS'
          WHEN x.reversals > 0 AND x.reversals = x.originals THEN 'DIBATALKAN' ELSE 'BELUM_LUNAS' END,
        b.payer_type, b.company_id, x.cashier_ids, ${sql.join(sourceColumns(), sql`, `)}
      FROM bills b CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE p.reverses_payment_id IS NOT NULL) AS reversals,
          count(*) FILTER (WHERE p.reverses_payment_id IS NULL) AS originals,
          coalesce(array_agg(DISTINCT p.cashier_id ORDER BY p.cashier_id), '{}') AS cashier_ids
        FROM payments p WHERE p.bill_id = b.id) x
      WHERE b.corp_id = ${corpId} AND b.clinic_id IN (${clinics}) AND b.status <> 'draft'
    ),
    kept AS (
      SELECT t.bill_id, t.corp_id, t.clinic_id, t.registration_id, t.patient_id, t.service_day, t.posted_at,
        t.status, t.payer_type, t.company_id, t.cashier_ids, ${money}
      FROM transaction_report_bills t WHERE t.corp_id = ${corpId} AND t.clinic_id IN (${clinics})
    )
    SELECT DISTINCT id FROM ((SELECT * FROM source EXCEPT SELECT * FROM kept)
      UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM source)) d
    ORDER BY id
  `);
  return (result.rows as { id: number }[]).map((r) => Number(r.id));
}
