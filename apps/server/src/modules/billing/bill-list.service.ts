import { billListRange } from '@klinikita/domain/billing/bill-list.rules';
import type { BillListPage, BillListQuery, BillListRow } from '@klinikita/domain/billing/bill-list.schema';
import type { PayerType } from '@klinikita/domain/billing/billing.rules';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';
import { type BillListRecord, type BillListScope, billListCount, billListRows } from './bill-list.queries.ts';

/**
 * The invoices (`/Registration/invoice`, issue 18 §3): the posted bills of the caller's clinics —
 * of one of them when asked (another clinic's: 403) —, newest posting first, a page and its count.
 */
function scopeOf(session: AuthSession, q: BillListQuery): BillListScope {
  const clinics = q.clinicId
    ? [clinicOf(session, q.clinicId)]
    : session.clinics.filter((c) => c.corpId === session.corpId);
  if (!clinics.length) throw forbidden('api.clinicForbidden');
  const range = billListRange(clinicDay(clinics[0].timeZone), q.from, q.to);
  if ('error' in range) throw new AppError(400, range.error, {}, [{ path: 'to', key: range.error }]);
  return {
    corpId: session.corpId,
    clinicIds: clinics.map((c) => c.id),
    ...range,
    status: q.status,
    payerType: q.payerType,
    q: q.q || undefined,
  };
}

const toRow = (r: BillListRecord): BillListRow => ({
  billUid: r.uid,
  invoiceNumber: r.number,
  serviceDay: r.serviceDay,
  postedAt: r.postedAt,
  clinicId: r.clinicId,
  clinicName: r.clinicName,
  patientName: r.patientName,
  mrn: r.mrn,
  doctorName: r.doctorName,
  payerType: r.payerType as PayerType,
  payerName: r.payerName,
  total: Number(r.total),
  paid: Number(r.paid),
  receivable: Number(r.receivable),
  status: r.status,
  hasReversal: r.hasReversal,
  receipts: r.receipts ?? [],
});

export async function listBills(db: Db, session: AuthSession, q: BillListQuery): Promise<BillListPage> {
  const scope = scopeOf(session, q);
  const total = await billListCount(db, scope);
  const rows = total ? await billListRows(db, scope, { limit: q.limit, offset: (q.page - 1) * q.limit }) : [];
  return { ...pageOf(rows.map(toRow), total, q), from: scope.from, to: scope.to };
}
