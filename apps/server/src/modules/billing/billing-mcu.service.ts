import { BILLING_EVENTS, type PaymentReceived } from '@klinikita/domain/billing/billing.events';
import { statusAfterPayments, totalsOf } from '@klinikita/domain/billing/billing.rules';
import type { McuConclusionApproved } from '@klinikita/domain/mcu/mcu.events';
import { emit } from '../../events/outbox.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Tx } from '../../shared/sql.ts';
import { visitRowByUid } from '../registrations/registrations.service.ts';
import { mcuVisitSettled } from '../registrations/visit-steps.service.ts';
import { auditBill, billOfVisit } from './bill-read.service.ts';
import { frozenLines, settledOf } from './billing.mapper.ts';
import {
  insertPart,
  insertPayment,
  insertReceivable,
  linesOf,
  partsOf,
  paymentsOf,
  receivableTotal,
  updateBill,
} from './billing.queries.ts';
import { postAs } from './billing.service.ts';
import { clinicZone } from './billing-mcu.queries.ts';
import { nextBillingNumber } from './billing-numbers.ts';

/**
 * An MCU participant's visit is billed to the company without a cashier (issue 20 §7): the
 * participant pays nothing at a counter. When the doctor's conclusion is approved
 * (`mcu.conclusion.approved`), the visit's bill is posted — the package at the company's contract
 * price, its lab and radiology items not again, add-ons charged (bill-assembly.ts) — and its payer
 * portion becomes the company's receivable (a PERUSAHAAN part, recorded as the approver, outside
 * any cashier shift). From there the company's payer invoice takes it like any company bill.
 * Idempotent: an amendment's approval, or the event replayed, finds the bill posted and the
 * receivable recorded, and changes nothing. A visit not paid by a company is left to the cashier.
 */
export async function billMcuVisitToCompany(tx: Tx, approved: McuConclusionApproved): Promise<void> {
  if (!approved.registrationId) return;
  const visit = await visitRowByUid(tx, approved.registrationId);
  if (
    !visit ||
    visit.corpId !== approved.corpId ||
    visit.status === 'Cancelled' ||
    visit.payerType !== 'company' ||
    !visit.companyId
  )
    return;
  let bill = await billOfVisit(tx, visit, true);
  const timeZone = await clinicZone(tx, bill.clinicId);
  const poster = { userId: approved.approvedBy, corpId: bill.corpId, timeZone };
  if (bill.status === 'draft') {
    bill = await postAs(tx, poster, bill, visit, '');
  }
  if (!bill.companyId || !bill.payerName) return;
  const totals = totalsOf(frozenLines(await linesOf(tx, bill.id)));
  const payments = await paymentsOf(tx, bill.id);
  const settled = settledOf(
    await partsOf(
      tx,
      payments.map((p) => p.id),
    ),
  );
  const outstanding = totals.net - settled.paid - settled.receivable;
  const amount = Math.min(outstanding, totals.payerPortion - (await receivableTotal(tx, bill.id)));
  if (amount <= 0) return;

  const receiptNumber = await nextBillingNumber(tx, 'receipt', bill.clinicId, timeZone);
  const payment = await insertPayment(tx, {
    uid: newUid(),
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    billId: bill.id,
    idempotencyKey: `mcu:${approved.conclusionUid}`,
    receiptNumber,
    amount,
    cashierId: approved.approvedBy,
    shiftId: null,
  });
  const part = await insertPart(tx, {
    paymentId: payment.id,
    seq: 1,
    method: 'PERUSAHAAN',
    amount,
    tendered: null,
    change: 0,
    reference: approved.participantUid,
  });
  await insertReceivable(tx, {
    uid: newUid(),
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    billId: bill.id,
    paymentPartId: part.id,
    payerKind: 'company',
    companyId: bill.companyId,
    payerName: bill.payerName,
    amount,
  });
  const status = statusAfterPayments(totals.net, settled.paid + settled.receivable + amount);
  if (status !== bill.status) await updateBill(tx, bill.id, { status });
  const paidInFull = status === 'paid';
  // the participant's visit leaves the lab's waiting list: Paid, or Payment for the patient's share
  await mcuVisitSettled(tx, visit, paidInFull, approved.approvedBy);
  const payload: PaymentReceived = {
    paymentUid: payment.uid,
    billUid: bill.uid,
    billNumber: bill.number ?? '',
    receiptNumber,
    registrationUid: visit.uid,
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    amount,
    parts: [{ method: 'PERUSAHAAN', amount }],
    paidInFull,
    cashierId: approved.approvedBy,
    at: payment.createdAt.toISOString(),
  };
  await emit(tx, {
    type: BILLING_EVENTS.paymentReceived,
    aggregateType: 'payment',
    aggregateId: payment.uid,
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    payload,
  });
  await auditBill(tx, poster, '', bill, 'bill.mcu.receivable', {
    payment: payment.uid,
    receiptNumber,
    amount,
    participant: approved.participantUid,
    conclusion: approved.conclusionUid,
  });
}
