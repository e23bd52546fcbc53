import { BILLING_EVENTS, type BillPosted } from '@klinikita/domain/billing/billing.events';
import {
  discountAmount,
  needsApproval,
  type PayerType,
  priceBill,
  statusAfterPayments,
  totalsOf,
} from '@klinikita/domain/billing/billing.rules';
import type {
  AdjustmentInput,
  Bill,
  BillingSettingsAnswer,
  BillingSettingsInput,
  ChargeInput,
  DiscountInput,
} from '@klinikita/domain/billing/billing.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { answer } from '../../shared/route.ts';
import type { Tx } from '../../shared/sql.ts';
import { visitPaid } from '../registrations/visit-steps.service.ts';
import {
  auditBill,
  billOfVisit,
  billSettings,
  composeBill,
  draftOf,
  refuse,
  scopedVisit,
  settingsOf,
  type VisitRow,
  visitOfBill,
} from './bill-read.service.ts';
import { frozenLines, settledOf } from './billing.mapper.ts';
import {
  type BillRow,
  decideAdjustmentRow,
  findAdjustment,
  findBill,
  findSettings,
  insertAdjustment,
  insertLines,
  linesOf,
  partsOf,
  paymentsOf,
  updateBill,
  upsertSettings,
} from './billing.queries.ts';
import { nextBillingNumber } from './billing-numbers.ts';

/**
 * A bill's changes: extra charges and discounts on the draft (a discount above the clinic's
 * threshold waits for a second person), posting (invoice number, lines frozen), adjustments of a
 * posted bill, the clinic's settings. Every write locks the bill row first.
 */

/** The visit's draft bill, locked; a posted bill is changed only through an adjustment (409). */
async function lockedDraft(tx: Tx, session: AuthSession, visitUid: string) {
  const visit = await scopedVisit(tx, session, visitUid);
  const bill = await billOfVisit(tx, visit, true);
  if (bill.status !== 'draft') throw refuse(409, 'alreadyPosted', { number: bill.number ?? '' });
  return { visit, bill };
}

export function addCharge(db: Db, session: AuthSession, visitUid: string, input: ChargeInput, ip: string) {
  return db.transaction(async (tx) => {
    const { visit, bill } = await lockedDraft(tx, session, visitUid);
    const row = await insertAdjustment(tx, {
      uid: newUid(),
      billId: bill.id,
      kind: 'charge',
      value: input.amount,
      amount: input.amount,
      description: input.description,
      reason: input.reason,
      status: 'approved',
      requestedBy: session.userId,
    });
    await auditBill(tx, session, ip, bill, 'bill.charge', { adjustment: row.uid, ...input });
    return composeBill(tx, bill, visit);
  });
}

export function addDiscount(
  db: Db,
  session: AuthSession,
  visitUid: string,
  input: DiscountInput,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const { visit, bill } = await lockedDraft(tx, session, visitUid);
    const draft = await draftOf(tx, bill, visit);
    if (input.lineKey !== null && !draft.unpriced.some((l) => l.key === input.lineKey))
      throw refuse(404, 'lineNotFound', {}, 'lineKey');
    const amount = discountAmount(
      { lineKey: input.lineKey, type: input.type, value: input.value },
      draft.unpriced,
    );
    const pending = needsApproval(amount, draft.settings);
    const row = await insertAdjustment(tx, {
      uid: newUid(),
      billId: bill.id,
      kind: 'discount',
      lineKey: input.lineKey,
      discountType: input.type,
      value: input.value,
      amount,
      reason: input.reason,
      status: pending ? 'pending' : 'approved',
      requestedBy: session.userId,
    });
    await auditBill(tx, session, ip, bill, 'bill.discount', {
      adjustment: row.uid,
      amount,
      pending,
      ...input,
    });
    const result = await composeBill(tx, bill, visit);
    return pending ? answer(result, 'billing.discountPending', { amount: formatRupiah(amount) }) : result;
  });
}

export function decideAdjustment(db: Db, session: AuthSession, uid: string, approve: boolean, ip: string) {
  return db.transaction(async (tx) => {
    const found = await findAdjustment(tx, uid);
    const bill = found && (await findBill(tx, session.corpId, session.clinicIds, { id: found.billId }, true));
    if (!found || !bill || found.kind !== 'discount') throw refuse(404, 'adjustmentNotFound');
    if (bill.status !== 'draft') throw refuse(409, 'alreadyPosted', { number: bill.number ?? '' });
    if (found.requestedBy === session.userId) throw refuse(403, 'selfApproval');
    if (!(await decideAdjustmentRow(tx, found.id, approve ? 'approved' : 'rejected', session.userId)))
      throw refuse(409, 'notPending');
    await auditBill(tx, session, ip, bill, approve ? 'bill.discount.approve' : 'bill.discount.reject', {
      adjustment: uid,
    });
    return composeBill(tx, bill, await visitOfBill(tx, bill));
  });
}

/**
 * Posts a locked draft in the caller's transaction: the draft's lines frozen, the invoice number
 * of the clinic's month, the settings of this moment kept with the bill, `bill.posted`. Refused
 * while a discount waits for approval or when the bill has nothing on it.
 */
export function postLocked(tx: Tx, session: AuthSession, bill: BillRow, visit: VisitRow, ip: string) {
  const clinic = clinicOf(session, bill.clinicId);
  return postAs(
    tx,
    { userId: session.userId, corpId: session.corpId, timeZone: clinic.timeZone },
    bill,
    visit,
    ip,
  );
}

/** Who posts a bill: a user at the bill's clinic, or a consumer acting for one (the MCU approver). */
export interface Poster {
  userId: number;
  corpId: number;
  /** The bill's clinic's time zone (the invoice number's month). */
  timeZone: string;
}

/** `postLocked` for a caller without a session (an event consumer). */
export async function postAs(tx: Tx, session: Poster, bill: BillRow, visit: VisitRow, ip: string) {
  const draft = await draftOf(tx, bill, visit);
  if (draft.adjustments.some((a) => a.status === 'pending')) throw refuse(409, 'discountAwaiting');
  if (!draft.lines.length) throw refuse(409, 'emptyBill');
  const number = await nextBillingNumber(tx, 'invoice', bill.clinicId, session.timeZone);
  await insertLines(
    tx,
    draft.lines.map((l, i) => ({
      billId: bill.id,
      seq: i + 1,
      category: l.category,
      sourceType: l.sourceType,
      sourceUid: l.sourceUid,
      code: l.code,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      gross: l.gross,
      discount: l.discount,
      taxCode: l.taxCode,
      dpp: l.dpp,
      ppn: l.ppn,
      net: l.net,
      payerPortion: l.payerPortion,
      patientPortion: l.patientPortion,
    })),
  );
  const postedAt = new Date();
  const totals = totalsOf(draft.lines);
  // nothing to pay (everything discounted): settled at posting, the visit Paid without a receipt
  const status = totals.net === 0 ? 'paid' : 'posted';
  await updateBill(tx, bill.id, {
    status,
    number,
    postedAt,
    postedBy: session.userId,
    isPkp: draft.settings.isPkp,
    pricesIncludePpn: draft.settings.pricesIncludePpn,
  });
  if (status === 'paid') await visitPaid(tx, visit, session.userId);
  const payload: BillPosted = {
    billUid: bill.uid,
    number,
    registrationUid: visit.uid,
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    patientId: bill.patientId,
    payerType: bill.payerType,
    total: totals.net,
    ppn: totals.ppn,
    lines: draft.lines.length,
    postedBy: session.userId,
    postedAt: postedAt.toISOString(),
  };
  await emit(tx, {
    type: BILLING_EVENTS.posted,
    aggregateType: 'bill',
    aggregateId: bill.uid,
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    payload,
  });
  await auditBill(tx, session, ip, bill, 'bill.post', { number, total: totals.net });
  return { ...bill, status, number, postedAt, postedBy: session.userId } satisfies BillRow;
}

/** Posts the visit's bill; a posted bill answers as it is (posting twice changes nothing). */
export function postBill(db: Db, session: AuthSession, visitUid: string, ip: string) {
  return db.transaction(async (tx) => {
    const visit = await scopedVisit(tx, session, visitUid);
    let bill = await billOfVisit(tx, visit, true);
    if (bill.status === 'draft') bill = await postLocked(tx, session, bill, visit, ip);
    const result = await composeBill(tx, bill, visit);
    return answer(result, 'billing.posted', { number: bill.number ?? '' });
  });
}

/**
 * An adjustment of a posted bill: a line with its reason (negative: a credit), never a change
 * of the frozen lines. A credit may not take the total below what was already paid (reverse a
 * payment first). The bill's status follows: paid → posted when something is owed again, posted
 * → paid (and the visit to Paid) when a credit settles it.
 */
export function adjustBill(
  db: Db,
  session: AuthSession,
  billUid: string,
  input: AdjustmentInput,
  ip: string,
) {
  return db.transaction(async (tx): Promise<Bill> => {
    const bill = await findBill(tx, session.corpId, session.clinicIds, { uid: billUid }, true);
    if (!bill) throw refuse(404, 'billNotFound');
    if (bill.status === 'draft') throw refuse(409, 'notPosted');
    const visit = await visitOfBill(tx, bill);
    const settings = await billSettings(tx, bill);
    const existing = frozenLines(await linesOf(tx, bill.id));
    const adjustment = await insertAdjustment(tx, {
      uid: newUid(),
      billId: bill.id,
      kind: 'adjustment',
      value: input.amount,
      amount: input.amount,
      description: input.description,
      reason: input.reason,
      status: 'approved',
      requestedBy: session.userId,
      decidedBy: session.userId,
    });
    const [line] = priceBill(
      [
        {
          key: `adjustment:${adjustment.uid}:`,
          category: 'adjustment',
          sourceType: 'adjustment',
          sourceUid: adjustment.uid,
          code: null,
          description: input.description,
          quantity: 1,
          unitPrice: input.amount,
          taxCode: 'SERVICE_EXEMPT',
        },
      ],
      [],
      settings,
      bill.payerType as PayerType,
    ).lines;
    const payments = await paymentsOf(tx, bill.id);
    const settled = settledOf(
      await partsOf(
        tx,
        payments.map((p) => p.id),
      ),
    );
    const total = totalsOf(existing).net + line.net;
    if (total < settled.paid + settled.receivable) throw refuse(409, 'adjustmentBelowSettled');
    await insertLines(tx, [
      {
        billId: bill.id,
        seq: existing.length + 1,
        category: line.category,
        sourceType: line.sourceType,
        sourceUid: line.sourceUid,
        code: null,
        description: line.description,
        quantity: 1,
        unitPrice: line.unitPrice,
        gross: line.gross,
        discount: line.discount,
        taxCode: line.taxCode,
        dpp: line.dpp,
        ppn: line.ppn,
        net: line.net,
        payerPortion: line.payerPortion,
        patientPortion: line.patientPortion,
        adjustmentId: adjustment.id,
      },
    ]);
    const status = statusAfterPayments(total, settled.paid + settled.receivable);
    if (status !== bill.status) await updateBill(tx, bill.id, { status });
    if (status === 'paid') await visitPaid(tx, visit, session.userId);
    await auditBill(tx, session, ip, bill, 'bill.adjust', { adjustment: adjustment.uid, ...input });
    return composeBill(tx, { ...bill, status }, visit);
  });
}

// settings

export async function getBillingSettings(
  db: Db,
  session: AuthSession,
  clinicId: number,
): Promise<BillingSettingsAnswer> {
  clinicOf(session, clinicId);
  const row = await findSettings(db, clinicId);
  const settings = await settingsOf(db, clinicId);
  return { clinicId, ...settings, updatedAt: row ? row.updatedAt.toISOString() : null };
}

export function saveBillingSettings(db: Db, session: AuthSession, input: BillingSettingsInput, ip: string) {
  return db.transaction(async (tx): Promise<BillingSettingsAnswer> => {
    clinicOf(session, input.clinicId);
    const row = await upsertSettings(tx, { ...input, updatedBy: session.userId });
    await auditBillingSettings(tx, session, ip, input);
    return {
      clinicId: row.clinicId,
      isPkp: row.isPkp,
      pricesIncludePpn: row.pricesIncludePpn,
      discountApprovalThreshold: row.discountApprovalThreshold,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function auditBillingSettings(tx: Tx, session: AuthSession, ip: string, input: BillingSettingsInput) {
  await writeAudit(tx, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: input.clinicId,
    action: 'billing.settings',
    entity: 'clinic',
    entityId: String(input.clinicId),
    ip,
    detail: input,
  });
}
