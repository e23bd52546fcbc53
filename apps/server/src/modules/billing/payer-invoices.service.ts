import {
  AGING_BUCKETS,
  type AgingBucket,
  agingBucket,
  DEFAULT_INSURER_TERM_DAYS,
  dueDateOf,
  type PayerInvoiceStatus,
  parsePayerKey,
  payerInvoiceNumber,
} from '@klinikita/domain/billing/payer-invoices.rules';
import type {
  AgingRow,
  PayerInvoiceCreate,
  PayerInvoiceListQuery,
  PayerInvoiceSummary,
} from '@klinikita/domain/billing/payer-invoices.schema';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { periodOf } from '@klinikita/domain/common/document-number';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import { answer } from '../../shared/route.ts';
import { type Executor, isUniqueViolation, pageOf } from '../../shared/sql.ts';
import { userNames } from './billing-documents.queries.ts';
import { toPayerInvoice, toSummary } from './payer-invoices.mapper.ts';
import type { PayerInvoicePrint } from './payer-invoices.pdf.ts';
import {
  clinicHeaderOf,
  companiesById,
  findCompany,
  findInvoice,
  findSettings,
  insertInvoice,
  insertItems,
  invoicesOwed,
  itemsOf,
  listInvoices,
  lockClaims,
  nextInvoiceSequence,
  openReceivablesOf,
  type PayerInvoiceRow,
  type PayerWhere,
  paymentsOf,
  uninvoicedByPayer,
  upsertSettings,
} from './payer-invoices.queries.ts';
import { companyInvoiceRows } from './payer-invoices-portal.queries.ts';

/**
 * Invoices to partner companies and insurers (issue 18 §5–6): the payers with receivables still
 * to bill, the preview of a period, the draft made from it (number TG/<clinic>/<yyyymm>/<nnnn>,
 * due on the issue day plus the company's term — an insurer's 30 days), the list, one invoice,
 * the aging and the bank account printed on the paper. The actions are in payer-invoices.money.service.ts.
 */

export const refuse = (
  status: number,
  key: string,
  params: Record<string, string | number> = {},
  field?: string,
  fieldKey = key,
) =>
  new AppError(
    status,
    `payerInvoices.${key}`,
    params,
    field ? [{ path: field, key: `payerInvoices.${fieldKey}` }] : [],
  );

/** The payer a key names, within the caller's corporate; 400 on the field when unknown. */
async function resolvePayer(db: Executor, session: AuthSession, key: string, field = 'payer') {
  const payer = parsePayerKey(key);
  if (!payer) throw refuse(400, 'payerNotFound', {}, field);
  if (payer.kind === 'insurer')
    return {
      where: { insurerName: payer.name } as PayerWhere,
      kind: 'insurer' as const,
      companyId: null,
      name: payer.name,
      termDays: DEFAULT_INSURER_TERM_DAYS,
    };
  const company = await findCompany(db, session.corpId, { uid: payer.companyUid });
  if (!company) throw refuse(400, 'payerNotFound', {}, field);
  return {
    where: { companyId: company.id } as PayerWhere,
    kind: 'company' as const,
    companyId: company.id,
    name: company.name,
    termDays: company.paymentTermDays,
  };
}

/** The wire key of an invoice's or a receivable's payer. */
async function payerKeys(db: Executor, rows: { companyId: number | null; payerName: string }[]) {
  const ids = [...new Set(rows.map((r) => r.companyId).filter((id): id is number => id !== null))];
  const companies = new Map((await companiesById(db, ids)).map((c) => [c.id, c]));
  return {
    keyOf: (r: { companyId: number | null; payerName: string }) =>
      r.companyId !== null ? `company:${companies.get(r.companyId)?.uid ?? ''}` : `insurer:${r.payerName}`,
    companies,
  };
}

export async function composeInvoice(db: Executor, row: PayerInvoiceRow) {
  const [items, payments, keys] = await Promise.all([
    itemsOf(db, row.id),
    paymentsOf(db, row.id),
    payerKeys(db, [row]),
  ]);
  const ids = [row.preparedBy, row.approvedBy, row.sentBy].filter((id): id is number => id !== null);
  return toPayerInvoice(row, keys.keyOf(row), items, payments, await userNames(db, ids));
}

export async function scopedInvoice(db: Executor, session: AuthSession, uid: string, lock = false) {
  const row = await findInvoice(db, session.corpId, session.clinicIds, uid, lock);
  if (!row) throw refuse(404, 'notFound');
  return row;
}

export const auditInvoice = (
  db: Executor,
  session: AuthSession,
  ip: string,
  row: PayerInvoiceRow,
  action: string,
  detail: unknown,
) =>
  writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: row.clinicId,
    action: `payerInvoice.${action}`,
    entity: 'payerInvoice',
    entityId: row.uid,
    ip,
    detail,
  });

export async function listPayers(db: Db, session: AuthSession, clinicId: number) {
  const clinic = clinicOf(session, clinicId);
  const rows = await uninvoicedByPayer(db, session.corpId, [clinic.id]);
  const { keyOf, companies } = await payerKeys(db, rows);
  return rows
    .map((r) => {
      const company = r.companyId !== null ? companies.get(r.companyId) : undefined;
      return {
        payer: keyOf(r),
        payerKind: r.payerKind as 'company' | 'insurer',
        payerName: company?.name ?? r.payerName,
        npwp: company?.npwp ?? null,
        termDays: company?.paymentTermDays ?? DEFAULT_INSURER_TERM_DAYS,
        openCount: r.count,
        openAmount: r.amount,
      };
    })
    .sort((a, b) => a.payerName.localeCompare(b.payerName));
}

export async function previewOpen(
  db: Db,
  session: AuthSession,
  q: { clinicId: number; payer: string; from: string; to: string },
) {
  const clinic = clinicOf(session, q.clinicId);
  const payer = await resolvePayer(db, session, q.payer);
  const rows = await openReceivablesOf(db, session.corpId, clinic.id, payer.where, q);
  return {
    items: rows.map(({ id: _, claimed: __, ...r }) => r),
    total: rows.reduce((s, r) => s + r.amount, 0),
  };
}

export async function createInvoice(db: Db, session: AuthSession, input: PayerInvoiceCreate, ip: string) {
  const clinic = clinicOf(session, input.clinicId);
  try {
    const invoice = await db.transaction(async (tx) => {
      const payer = await resolvePayer(tx, session, input.payer);
      let open = await openReceivablesOf(tx, session.corpId, clinic.id, payer.where, input);
      const reclaims = open.filter((r) => r.claimed).map((r) => r.id);
      if (reclaims.length) {
        // the rest of a re-claim: read again once its claim row is ours
        await lockClaims(tx, reclaims);
        open = await openReceivablesOf(tx, session.corpId, clinic.id, payer.where, input);
      }
      if (!open.length) throw refuse(400, 'nothingToInvoice', {}, 'payer', 'nothingToInvoiceField');
      const issueDate = clinicDay(clinic.timeZone);
      const period = periodOf(issueDate);
      const seq = await nextInvoiceSequence(tx, clinic.id, period);
      const row = await insertInvoice(tx, {
        uid: newUid(),
        corpId: session.corpId,
        clinicId: clinic.id,
        number: payerInvoiceNumber(clinic.id, period, seq),
        payerKind: payer.kind,
        companyId: payer.companyId,
        payerName: payer.name,
        periodFrom: input.from,
        periodTo: input.to,
        issueDate,
        dueDate: dueDateOf(issueDate, payer.termDays),
        termDays: payer.termDays,
        note: input.note,
        preparedBy: session.userId,
      });
      await insertItems(tx, row.id, open);
      await auditInvoice(tx, session, ip, row, 'create', { number: row.number, items: open.length });
      return composeInvoice(tx, row);
    });
    return answer(invoice, 'payerInvoices.created', { number: invoice.number });
  } catch (error) {
    // another invoice took one of these receivables at the same moment
    if (isUniqueViolation(error)) throw refuse(409, 'alreadyInvoiced');
    throw error;
  }
}

export async function getInvoice(db: Db, session: AuthSession, uid: string) {
  return composeInvoice(db, await scopedInvoice(db, session, uid));
}

const clinicsOf = (session: AuthSession, clinicId?: number) =>
  clinicId !== undefined ? [clinicOf(session, clinicId).id] : session.clinicIds;

export async function listPayerInvoices(db: Db, session: AuthSession, q: PayerInvoiceListQuery) {
  const payer = q.payer ? parsePayerKey(q.payer) : null;
  let companyId: number | undefined;
  if (payer?.kind === 'company')
    companyId = (await findCompany(db, session.corpId, { uid: payer.companyUid }))?.id ?? -1;
  const { rows, total } = await listInvoices(
    db,
    {
      corpId: session.corpId,
      clinicIds: clinicsOf(session, q.clinicId),
      status: q.status,
      companyId,
      insurerName: payer?.kind === 'insurer' ? payer.name : undefined,
      from: q.from,
      to: q.to,
      search: q.search,
    },
    q,
  );
  const { keyOf } = await payerKeys(
    db,
    rows.map((r) => r.invoice),
  );
  return pageOf(
    rows.map((r) => toSummary(r.invoice, keyOf(r.invoice), r)),
    total,
    q,
  );
}

/**
 * The invoices issued to one partner company (its portal, issue 20 §8: the company is the HR
 * user's, the caller's service has checked it): of the given statuses, at any clinic of the corporate.
 */
export async function invoicesOfCompany(
  db: Executor,
  corpId: number,
  companyId: number,
  statuses: readonly PayerInvoiceStatus[],
): Promise<PayerInvoiceSummary[]> {
  const rows = await companyInvoiceRows(db, corpId, companyId, statuses);
  const { keyOf } = await payerKeys(
    db,
    rows.map((r) => r.invoice),
  );
  return rows.map((r) => toSummary(r.invoice, keyOf(r.invoice), r));
}

type Buckets = Omit<AgingRow, 'payer' | 'payerKind' | 'payerName'>;
const emptyBuckets = (): Buckets => ({
  notInvoiced: 0,
  ...(Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>),
  total: 0,
});

/** What each payer owes on `asOf` by days past the invoice's due day, and what is not invoiced yet. */
export async function receivablesAging(
  db: Db,
  session: AuthSession,
  q: { clinicId?: number; asOf?: string },
) {
  const clinicIds = clinicsOf(session, q.clinicId);
  const zone = session.clinics.find((c) => c.id === clinicIds[0])?.timeZone ?? 'Asia/Jakarta';
  const asOf = q.asOf ?? clinicDay(zone);
  if (!clinicIds.length) return { asOf, rows: [], totals: emptyBuckets() };
  const [owed, uninvoiced] = await Promise.all([
    invoicesOwed(db, session.corpId, clinicIds, asOf),
    uninvoicedByPayer(db, session.corpId, clinicIds, asOf),
  ]);
  const { keyOf, companies } = await payerKeys(db, [...owed, ...uninvoiced]);
  const rows = new Map<string, AgingRow>();
  const rowOf = (r: { payerKind: string; companyId: number | null; payerName: string }) => {
    const key = keyOf(r);
    let row = rows.get(key);
    if (!row) {
      const name = r.companyId !== null ? (companies.get(r.companyId)?.name ?? r.payerName) : r.payerName;
      row = {
        payer: key,
        payerKind: r.payerKind as 'company' | 'insurer',
        payerName: name,
        ...emptyBuckets(),
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const inv of owed) {
    // an insurer's denial not yet resolved is still owed; what is re-claimed is on a later batch
    const open = inv.total - inv.paid - inv.writtenOff - inv.reclaimed;
    if (open <= 0) continue;
    rowOf(inv)[agingBucket(asOf, inv.dueDate)] += open;
  }
  for (const r of uninvoiced) rowOf(r).notInvoiced += r.amount;
  const totals = emptyBuckets();
  const list = [...rows.values()].sort((a, b) => a.payerName.localeCompare(b.payerName));
  for (const row of list) {
    row.total = row.notInvoiced + AGING_BUCKETS.reduce((s, b) => s + row[b], 0);
    for (const k of Object.keys(totals) as (keyof Buckets)[]) totals[k] += row[k];
  }
  return { asOf, rows: list, totals };
}

const settingsAnswer = (clinicId: number, row: Awaited<ReturnType<typeof findSettings>>) => ({
  clinicId,
  bankName: row?.bankName ?? null,
  accountNumber: row?.accountNumber ?? null,
  accountHolder: row?.accountHolder ?? null,
});

export async function getSettings(db: Executor, session: AuthSession, clinicId: number) {
  const clinic = clinicOf(session, clinicId);
  return settingsAnswer(clinic.id, await findSettings(db, clinic.id));
}

export async function saveSettings(
  db: Db,
  session: AuthSession,
  input: {
    clinicId: number;
    bankName: string | null;
    accountNumber: string | null;
    accountHolder: string | null;
  },
  ip: string,
) {
  const clinic = clinicOf(session, input.clinicId);
  return db.transaction(async (tx) => {
    const row = await upsertSettings(tx, { ...input, clinicId: clinic.id, updatedBy: session.userId });
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId: clinic.id,
      action: 'payerInvoice.settings',
      entity: 'clinic',
      entityId: String(clinic.id),
      ip,
      detail: input,
    });
    return settingsAnswer(clinic.id, row);
  });
}

/** `GET …/:uid/pdf`: what the paper prints (laid out on a PDF worker); each print is audited. */
export async function invoicePrint(db: Db, session: AuthSession, uid: string, ip: string) {
  const row = await scopedInvoice(db, session, uid);
  const [invoice, head, bank, company] = await Promise.all([
    composeInvoice(db, row),
    clinicHeaderOf(db, row.clinicId),
    findSettings(db, row.clinicId),
    row.companyId !== null ? findCompany(db, session.corpId, { id: row.companyId }) : null,
  ]);
  if (!head) throw refuse(404, 'notFound');
  await auditInvoice(db, session, ip, row, 'print', { number: row.number });
  const print: PayerInvoicePrint = {
    head: { name: head.name, address: head.address, phone: head.phone, corporate: head.corporate },
    timeZone: head.timeZone,
    invoice,
    payer: {
      name: company?.legalName || row.payerName,
      npwp: company?.npwp ?? null,
      address: company ? [company.address, company.city].filter(Boolean).join(', ') || null : null,
    },
    bank: settingsAnswer(row.clinicId, bank),
    printedAt: new Date().toISOString(),
  };
  return { print, fileName: `${row.number.replace(/\//g, '-')}.pdf` };
}
