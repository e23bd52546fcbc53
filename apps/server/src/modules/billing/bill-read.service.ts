import {
  type AppliedDiscount,
  type BillingSettings,
  DEFAULT_BILLING_SETTINGS,
  type DraftLine,
  type PayerType,
  type PricedLine,
  priceBill,
} from '@klinikita/domain/billing/billing.rules';
import type { Bill } from '@klinikita/domain/billing/billing.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { visitRowById, visitRowByUid } from '../registrations/registrations.service.ts';
import { type AssemblyVisit, assembleDraft } from './bill-assembly.ts';
import { visitContext } from './bill-sources.queries.ts';
import { frozenLines, toBill } from './billing.mapper.ts';
import {
  type AdjustmentRow,
  adjustmentsOf,
  type BillRow,
  ensureBill,
  findBillOfVisit,
  findSettings,
  linesOf,
  partsOf,
  paymentsOf,
  updateBill,
} from './billing.queries.ts';

/**
 * What every billing call shares: its refusals (`billing.*`, with the field named by its path),
 * the visit and its bill within the caller's clinics (another clinic's: 404), the clinic's
 * settings, the draft as it stands now and the bill's answer.
 */

export const refuse = (
  status: number,
  key: string,
  params: Record<string, string | number> = {},
  field?: string,
  fieldKey = `${key}Field`,
) =>
  new AppError(status, `billing.${key}`, params, field ? [{ path: field, key: `billing.${fieldKey}` }] : []);

export type VisitRow = NonNullable<Awaited<ReturnType<typeof visitRowByUid>>>;

export const assemblyVisit = (v: VisitRow): AssemblyVisit => ({
  id: v.id,
  uid: v.uid,
  corpId: v.corpId,
  clinicId: v.clinicId,
  patientId: v.patientId,
  orderType: v.orderType,
  doctorId: v.doctorId,
  companyId: v.companyId,
  payerType: v.payerType,
  serviceOrderUid: v.serviceOrderUid,
  queueDate: v.queueDate,
});

/** The visit within the caller's corporate and clinics, else 404 (another clinic's visit is not shown to exist). */
export async function scopedVisit(db: Executor, session: AuthSession, visitUid: string): Promise<VisitRow> {
  const visit = await visitRowByUid(db, visitUid);
  if (!visit || visit.corpId !== session.corpId || !session.clinicIds.includes(visit.clinicId))
    throw refuse(404, 'visitNotFound');
  return visit;
}

export async function visitOfBill(db: Executor, bill: BillRow): Promise<VisitRow> {
  const visit = await visitRowById(db, bill.registrationId);
  if (!visit) throw refuse(404, 'billNotFound');
  return visit;
}

export async function settingsOf(db: Executor, clinicId: number): Promise<BillingSettings> {
  const row = await findSettings(db, clinicId);
  return row
    ? {
        isPkp: row.isPkp,
        pricesIncludePpn: row.pricesIncludePpn,
        discountApprovalThreshold: row.discountApprovalThreshold,
      }
    : DEFAULT_BILLING_SETTINGS;
}

/** The settings a bill is priced with: frozen at posting, else the clinic's now. */
export async function billSettings(db: Executor, bill: BillRow): Promise<BillingSettings> {
  const now = await settingsOf(db, bill.clinicId);
  return bill.isPkp === null || bill.pricesIncludePpn === null
    ? now
    : { ...now, isPkp: bill.isPkp, pricesIncludePpn: bill.pricesIncludePpn };
}

/** The visit's bill row, made as a draft the first time (`lock`: taken for update). */
export async function billOfVisit(db: Executor, visit: VisitRow, lock = false): Promise<BillRow> {
  if (visit.status === 'Cancelled') throw refuse(409, 'visitCancelled', { queueNumber: visit.queueNumber });
  const known = await findBillOfVisit(db, visit.id, lock);
  const { companyName } = await visitContext(db, visit);
  if (known) {
    // a draft follows the visit's payer (the front office may correct it until the bill is posted)
    const payer = {
      payerType: visit.payerType,
      companyId: visit.companyId,
      payerName: payerNameOf(visit, companyName),
    };
    if (
      known.status !== 'draft' ||
      (known.payerType === payer.payerType &&
        known.companyId === payer.companyId &&
        known.payerName === payer.payerName)
    )
      return known;
    await updateBill(db, known.id, payer);
    return { ...known, ...payer };
  }
  await ensureBill(db, {
    uid: newUid(),
    corpId: visit.corpId,
    clinicId: visit.clinicId,
    registrationId: visit.id,
    patientId: visit.patientId,
    payerType: visit.payerType,
    companyId: visit.companyId,
    payerName: payerNameOf(visit, companyName),
    serviceDay: visit.queueDate,
  });
  return (await findBillOfVisit(db, visit.id, lock))!;
}

/** Who pays besides the patient: the company's name, the insurer's, BPJS; null for the patient. */
export function payerNameOf(visit: VisitRow, companyName: string | null): string | null {
  if (visit.payerType === 'company') return companyName;
  if (visit.payerType === 'bpjs') return 'BPJS Kesehatan';
  if (visit.payerType === 'insurance') return visit.insuranceName;
  return null;
}

/** The extra charges of a draft as lines (approved at once: a charge needs only its reason). */
const chargeLines = (adjustments: readonly AdjustmentRow[]): Omit<DraftLine, 'key'>[] =>
  adjustments
    .filter((a) => a.kind === 'charge' && a.status === 'approved')
    .map((a) => ({
      category: 'extra',
      sourceType: 'charge',
      sourceUid: a.uid,
      code: null,
      description: a.description ?? '',
      quantity: 1,
      unitPrice: a.value,
      taxCode: 'SERVICE_EXEMPT',
    }));

export interface Draft {
  lines: PricedLine[];
  /** The draft's lines before discounts (what a discount request is measured on). */
  unpriced: DraftLine[];
  adjustments: AdjustmentRow[];
  settings: BillingSettings;
}

/** The draft as it stands now: assembled lines and charges, priced with the discounts that count. */
export async function draftOf(db: Executor, bill: BillRow, visit: VisitRow): Promise<Draft> {
  const settings = await settingsOf(db, bill.clinicId);
  const assembled = await assembleDraft(db, assemblyVisit(visit), settings);
  const adjustments = await adjustmentsOf(db, bill.id);
  const charges = chargeLines(adjustments).map((l) => ({ ...l, key: `charge:${l.sourceUid}:` }));
  const unpriced = [...assembled.lines, ...charges];
  const discounts: AppliedDiscount[] = adjustments
    .filter((a) => a.kind === 'discount' && a.status === 'approved')
    .map((a) => ({
      lineKey: a.lineKey,
      type: a.discountType as AppliedDiscount['type'],
      value: a.value,
    }));
  const { lines } = priceBill(unpriced, discounts, settings, bill.payerType as PayerType, assembled.coverage);
  return { lines, unpriced, adjustments, settings };
}

/** The bill's answer: frozen when posted, else the draft now. */
export async function composeBill(db: Executor, bill: BillRow, visit: VisitRow): Promise<Bill> {
  const payments = await paymentsOf(db, bill.id);
  const parts = await partsOf(
    db,
    payments.map((p) => p.id),
  );
  if (bill.status === 'draft') {
    const draft = await draftOf(db, bill, visit);
    return toBill({
      bill,
      visitUid: visit.uid,
      settings: draft.settings,
      lines: draft.lines.map((l) => ({ ...l, adjustmentUid: null })),
      adjustments: draft.adjustments,
      payments,
      parts,
    });
  }
  const adjustments = await adjustmentsOf(db, bill.id);
  const uidOf = new Map(adjustments.map((a) => [a.id, a.uid]));
  const lines = frozenLines(await linesOf(db, bill.id)).map((l) => ({
    ...l,
    adjustmentUid: l.adjustmentId === null ? null : (uidOf.get(l.adjustmentId) ?? null),
  }));
  return toBill({
    bill,
    visitUid: visit.uid,
    settings: await billSettings(db, bill),
    lines,
    adjustments,
    payments,
    parts,
  });
}

/** `GET /billing/visits/:visitUid/bill`: the posted bill, or the draft assembled now. */
export function getVisitBill(db: Db, session: AuthSession, visitUid: string): Promise<Bill> {
  return db.transaction(async (tx) => {
    const visit = await scopedVisit(tx, session, visitUid);
    const bill = await billOfVisit(tx, visit);
    return composeBill(tx, bill, visit);
  });
}

export async function auditBill(
  db: Executor,
  session: Pick<AuthSession, 'userId' | 'corpId'>,
  ip: string,
  bill: BillRow,
  action: string,
  detail: unknown,
): Promise<void> {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: bill.clinicId,
    action,
    entity: 'bill',
    entityId: bill.uid,
    patientId: bill.patientId,
    ip,
    detail,
  });
}
