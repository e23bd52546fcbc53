import { reportRange } from '@klinikita/domain/billing/transaction-report.rules';
import type {
  TransactionFilter,
  TransactionOptions,
  TransactionQuery,
  TransactionReport,
  TransactionRow,
  TransactionTotals,
} from '@klinikita/domain/billing/transaction-report.schema';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf, corporateLevel } from '../../shared/access.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';
import { toTransactionRow, toTransactionTotals } from './transaction-report.mapper.ts';
import {
  type ReportCursor,
  type ReportScope,
  reportOptions,
  reportRows,
  reportTotals,
  spanOf,
} from './transaction-report.queries.ts';

/**
 * The transaction report (issue 18 item 7): the posted bills of one clinic of the caller's — or of
 * all of them, for corporate roles — over at most 92 clinic-local days, by service or payment day.
 * The database sums (its read model holds each bill's sums); a page and the totals of the whole set
 * are two statements, the totals first (they give the posting times the page walks between); the
 * export reads the same set in batches after a cursor (posting time, id), so neither its memory nor
 * a batch's work grows with the set.
 */

/** Rows read per statement while exporting. */
export const EXPORT_BATCH = 1_000;

function scopeOf(session: AuthSession, q: TransactionFilter): ReportScope {
  let clinics: ReportScope['clinics'];
  if (q.clinicId) clinics = [clinicOf(session, q.clinicId)];
  else if (corporateLevel(session)) clinics = session.clinics.filter((c) => c.corpId === session.corpId);
  else throw forbidden('transactionReport.allClinicsForbidden');
  if (!clinics.length) throw forbidden('api.clinicForbidden');
  const range = reportRange(clinicDay(clinics[0].timeZone), q.from, q.to);
  if ('error' in range) throw new AppError(400, range.error, {}, [{ path: 'to', key: range.error }]);
  return {
    corpId: session.corpId,
    clinics: clinics.map((c) => ({ id: c.id, timeZone: c.timeZone })),
    basis: q.basis,
    ...range,
    cashierId: q.cashierId,
    doctorId: q.doctorId,
    payerType: q.payerType,
    companyId: q.companyId,
    status: q.status,
    q: q.q || undefined,
  };
}

export async function transactionReport(
  db: Db,
  session: AuthSession,
  q: TransactionQuery,
): Promise<TransactionReport> {
  const scope = scopeOf(session, q);
  const sums = await reportTotals(db, scope);
  const totals = toTransactionTotals(sums);
  const span = spanOf(sums);
  const rows = span
    ? await reportRows(db, scope, { limit: q.limit, offset: (q.page - 1) * q.limit, span })
    : [];
  return {
    ...pageOf(rows.map(toTransactionRow), totals.bills, q),
    from: scope.from,
    to: scope.to,
    basis: scope.basis,
    totals,
  };
}

export async function transactionOptions(
  db: Db,
  session: AuthSession,
  q: TransactionFilter,
): Promise<TransactionOptions> {
  const named = await reportOptions(db, scopeOf(session, q));
  const of = (kind: string) => named.filter((n) => n.kind === kind).map(({ id, name }) => ({ id, name }));
  return { cashiers: of('cashier'), doctors: of('doctor'), companies: of('company') };
}

export interface ReportExport {
  from: string;
  to: string;
  totals: TransactionTotals;
  /** The rows in posting order, `EXPORT_BATCH` at a time */
  batches: AsyncIterable<TransactionRow[]>;
}

/** The export's count and totals first (the `X-Row-Count` header and the last row), then its rows in batches. */
export async function transactionExport(
  db: Db,
  session: AuthSession,
  q: TransactionFilter,
  batchSize = EXPORT_BATCH,
): Promise<ReportExport> {
  const scope = scopeOf(session, q);
  const sums = await reportTotals(db, scope);
  const totals = toTransactionTotals(sums);
  const span = spanOf(sums);
  async function* batches() {
    if (!span) return;
    let after: ReportCursor | undefined;
    for (;;) {
      const rows = await reportRows(db, scope, { limit: batchSize, after, span });
      if (rows.length) yield rows.map(toTransactionRow);
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      after = { postedKey: last.postedKey, id: last.id };
    }
  }
  return { from: scope.from, to: scope.to, totals, batches: batches() };
}
