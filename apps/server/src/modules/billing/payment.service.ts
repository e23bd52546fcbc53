import { createHash } from 'node:crypto';
import {
  BILLING_EVENTS,
  type PaymentReceived,
  type PaymentReversed,
} from '@klinikita/domain/billing/billing.events';
import {
  changeOf,
  isReceivable,
  type PaymentMethod,
  partsTotal,
  statusAfterPayments,
  totalsOf,
} from '@klinikita/domain/billing/billing.rules';
import type {
  Bill,
  PaymentAnswer,
  PaymentInput,
  ReverseInput,
} from '@klinikita/domain/billing/billing.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { newUid } from '../../shared/crypto.ts';
import { answer } from '../../shared/route.ts';
import { isUniqueViolation, type Tx } from '../../shared/sql.ts';
import { visitPaid } from '../registrations/visit-steps.service.ts';
import { auditBill, composeBill, refuse, type VisitRow, visitOfBill } from './bill-read.service.ts';
import { frozenLines, settledOf } from './billing.mapper.ts';
import {
  type BillRow,
  findBill,
  findPayment,
  findPaymentByKey,
  insertPart,
  insertPayment,
  insertReceivable,
  linesOf,
  type PaymentRow,
  partsOf,
  paymentsOf,
  receivableTotal,
  updateBill,
} from './billing.queries.ts';
import { postLocked } from './billing.service.ts';
import { nextBillingNumber } from './billing-numbers.ts';
import { refuseClosedDay, shiftForPayment } from './cashier-shifts.service.ts';
import { assertDepositCovers, moveDeposit } from './deposits.service.ts';

/**
 * Taking a payment and reversing one (issue 18 §2, research §3.3–3.4). The bill row is locked
 * first (`SELECT … FOR UPDATE`), so of two cashiers paying one bill the second waits and then
 * finds nothing outstanding (409). A payment is kept once per idempotency key: the same key with
 * the same body answers the same payment, with another body 409. Money rows are only inserted.
 */

/** The request's fingerprint: the bill and its parts as sent (key order fixed). */
const requestHash = (billUid: string, input: PaymentInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        billUid,
        input.parts.map((p) => [p.method, p.amount, p.tendered ?? null, p.reference ?? null]),
      ]),
    )
    .digest('hex');

interface PaymentResult {
  bill: Bill;
  payment: PaymentAnswer;
}

async function answerOf(tx: Tx, bill: BillRow, visit: VisitRow, paymentUid: string): Promise<PaymentResult> {
  const result = await composeBill(tx, bill, visit);
  return { bill: result, payment: result.payments.find((p) => p.uid === paymentUid)! };
}

async function moneyOf(tx: Tx, bill: BillRow) {
  const totals = totalsOf(frozenLines(await linesOf(tx, bill.id)));
  const total = totals.net;
  const payments = await paymentsOf(tx, bill.id);
  const settled = settledOf(
    await partsOf(
      tx,
      payments.map((p) => p.id),
    ),
  );
  return { total, payerPortion: totals.payerPortion, settled: settled.paid + settled.receivable, payments };
}

/**
 * The company's or insurer's parts together never exceed the bill's payer portion less what the
 * payer owes already (400 on the part that goes over, with the ceiling in rupiah).
 */
async function assertPayerCeiling(
  tx: Tx,
  bill: BillRow,
  payerPortion: number,
  parts: readonly { method: PaymentMethod; amount: number }[],
) {
  if (!parts.some((p) => isReceivable(p.method))) return;
  let left = Math.max(0, payerPortion - (await receivableTotal(tx, bill.id)));
  for (const [i, p] of parts.entries()) {
    if (!isReceivable(p.method)) continue;
    if (p.amount > left)
      throw refuse(400, 'payerAboveCover', { ceiling: formatRupiah(left) }, `parts.${i}.amount`);
    left -= p.amount;
  }
}

/** Who a company or insurer part is owed by: the visit's payer, else the part is refused. */
function receivablePayer(bill: BillRow, method: PaymentMethod, i: number) {
  if (method === 'PERUSAHAAN') {
    if (bill.payerType !== 'company' || !bill.companyId || !bill.payerName)
      throw refuse(400, 'noCompany', {}, `parts.${i}.method`);
    return { payerKind: 'company', companyId: bill.companyId, payerName: bill.payerName };
  }
  if ((bill.payerType !== 'insurance' && bill.payerType !== 'bpjs') || !bill.payerName)
    throw refuse(400, 'noInsurer', {}, `parts.${i}.method`);
  return { payerKind: 'insurer', companyId: null, payerName: bill.payerName };
}

export async function payBill(
  db: Db,
  session: AuthSession,
  billUid: string,
  input: PaymentInput,
  ip: string,
) {
  const hash = requestHash(billUid, input);
  try {
    const result = await db.transaction((tx) => pay(tx, session, billUid, input, hash, ip));
    return answer(result, 'billing.paid', { number: result.payment.receiptNumber ?? '' });
  } catch (error) {
    // the same key used at the same moment on another bill: one of them wins the unique index
    if (isUniqueViolation(error)) throw refuse(409, 'idempotencyConflict');
    throw error;
  }
}

async function pay(
  tx: Tx,
  session: AuthSession,
  billUid: string,
  input: PaymentInput,
  hash: string,
  ip: string,
): Promise<PaymentResult> {
  let bill = await findBill(tx, session.corpId, session.clinicIds, { uid: billUid }, true);
  if (!bill) throw refuse(404, 'billNotFound');
  const visit = await visitOfBill(tx, bill);
  const replay = await findPaymentByKey(tx, session.corpId, input.idempotencyKey);
  if (replay) {
    if (replay.requestHash !== hash || replay.billId !== bill.id) throw refuse(409, 'idempotencyConflict');
    return answerOf(tx, bill, visit, replay.uid);
  }
  const clinic = clinicOf(session, bill.clinicId);
  await refuseClosedDay(tx, clinic);
  // taken within the cashier's open shift at the bill's clinic, else 409
  const shift = await shiftForPayment(tx, [session.userId], bill.clinicId);
  if (bill.status === 'paid') throw refuse(409, 'alreadyPaid', { number: bill.number ?? '' });
  if (visit.status !== 'Payment' && visit.status !== 'Paid')
    throw refuse(409, 'visitNotAtPayment', { queueNumber: visit.queueNumber, status: visit.status });
  // one click for the cashier: a draft is posted in the same transaction
  if (bill.status === 'draft') bill = await postLocked(tx, session, bill, visit, ip);
  const money = await moneyOf(tx, bill);
  const outstanding = money.total - money.settled;
  if (outstanding <= 0) throw refuse(409, 'alreadyPaid', { number: bill.number ?? '' });
  const sum = partsTotal(input.parts);
  if (sum !== outstanding)
    throw refuse(
      400,
      'sumMismatch',
      { sum: formatRupiah(sum), outstanding: formatRupiah(outstanding) },
      'parts',
    );
  const payers = input.parts.map((p, i) =>
    isReceivable(p.method) ? receivablePayer(bill, p.method, i) : null,
  );
  await assertPayerCeiling(tx, bill, money.payerPortion, input.parts);
  // the patient's deposit balance is locked (after the bill) until the payment is written
  await assertDepositCovers(tx, bill, input.parts);

  const receiptNumber = await nextBillingNumber(tx, 'receipt', bill.clinicId, clinic.timeZone);
  const payment = await insertPayment(tx, {
    uid: newUid(),
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    billId: bill.id,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    receiptNumber,
    amount: sum,
    cashierId: session.userId,
    shiftId: shift.id,
  });
  for (const [i, p] of input.parts.entries()) {
    const part = await insertPart(tx, {
      paymentId: payment.id,
      seq: i + 1,
      method: p.method,
      amount: p.amount,
      tendered: p.method === 'TUNAI' ? (p.tendered ?? p.amount) : null,
      change: changeOf(p),
      reference: p.reference ?? null,
    });
    if (p.method === 'DEPOSIT')
      await moveDeposit(tx, bill, part, { cashierId: session.userId, shiftId: shift.id });
    const payer = payers[i];
    if (payer)
      await insertReceivable(tx, {
        uid: newUid(),
        corpId: bill.corpId,
        clinicId: bill.clinicId,
        billId: bill.id,
        paymentPartId: part.id,
        ...payer,
        amount: p.amount,
      });
  }
  const status = statusAfterPayments(money.total, money.settled + sum);
  if (status !== bill.status) await updateBill(tx, bill.id, { status });
  const paidInFull = status === 'paid';
  if (paidInFull) await visitPaid(tx, visit, session.userId);
  const payload: PaymentReceived = {
    paymentUid: payment.uid,
    billUid: bill.uid,
    billNumber: bill.number ?? '',
    receiptNumber,
    registrationUid: visit.uid,
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    amount: sum,
    parts: input.parts.map((p) => ({ method: p.method, amount: p.amount })),
    paidInFull,
    cashierId: session.userId,
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
  await auditBill(tx, session, ip, bill, 'payment.take', {
    payment: payment.uid,
    receiptNumber,
    parts: input.parts,
  });
  return answerOf(tx, { ...bill, status }, visit, payment.uid);
}

/**
 * A refund or void: a negative payment mirroring the original's parts (and its receivables),
 * made by a second person holding `bill.approve` — not the cashier who took it — with the
 * reason. The bill is owed again (paid → posted); the visit stays Paid: the patient has left
 * and the queue is done, the money is what changes.
 */
export function reversePayment(db: Db, session: AuthSession, uid: string, input: ReverseInput, ip: string) {
  return db.transaction(async (tx) => {
    const original = await findPayment(tx, session.corpId, session.clinicIds, { uid });
    if (!original) throw refuse(404, 'paymentNotFound');
    const bill = (await findBill(tx, session.corpId, session.clinicIds, { id: original.billId }, true))!;
    if (original.reversesPaymentId !== null) throw refuse(409, 'reversalOfReversal');
    if (await findPayment(tx, session.corpId, session.clinicIds, { reverses: original.id }))
      throw refuse(409, 'alreadyReversed');
    if (original.cashierId === session.userId) throw refuse(403, 'selfReversal');
    await refuseClosedDay(tx, clinicOf(session, bill.clinicId));
    // the money goes back from a drawer: the caller's open shift, else the original cashier's
    const shift = await shiftForPayment(tx, [session.userId, original.cashierId], bill.clinicId);
    const reversal = await reverse(tx, session, bill, original, input.reason, shift.id);
    const money = await moneyOf(tx, bill);
    const status = statusAfterPayments(money.total, money.settled);
    if (status !== bill.status) await updateBill(tx, bill.id, { status });
    await auditBill(tx, session, ip, bill, 'payment.reverse', {
      payment: uid,
      reversal: reversal.uid,
      ...input,
    });
    return answerOf(tx, { ...bill, status }, await visitOfBill(tx, bill), reversal.uid);
  });
}

async function reverse(
  tx: Tx,
  session: AuthSession,
  bill: BillRow,
  original: PaymentRow,
  reason: string,
  shiftId: number,
) {
  const parts = await partsOf(tx, [original.id]);
  const reversal = await insertPayment(tx, {
    uid: newUid(),
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    billId: bill.id,
    amount: -original.amount,
    reversesPaymentId: original.id,
    reason,
    cashierId: session.userId,
    approvedBy: session.userId,
    shiftId,
  });
  for (const p of parts) {
    const part = await insertPart(tx, {
      paymentId: reversal.id,
      seq: p.seq,
      method: p.method,
      amount: -p.amount,
      tendered: null,
      change: 0,
      reference: p.reference,
    });
    // a deposit drawn goes back to the patient's deposit
    if (p.method === 'DEPOSIT')
      await moveDeposit(tx, bill, part, { cashierId: session.userId, shiftId, reason });
    if (isReceivable(p.method as PaymentMethod))
      await insertReceivable(tx, {
        uid: newUid(),
        corpId: bill.corpId,
        clinicId: bill.clinicId,
        billId: bill.id,
        paymentPartId: part.id,
        payerKind: p.method === 'PERUSAHAAN' ? 'company' : 'insurer',
        companyId: p.method === 'PERUSAHAAN' ? bill.companyId : null,
        payerName: bill.payerName ?? '',
        amount: -p.amount,
      });
  }
  const payload: PaymentReversed = {
    paymentUid: reversal.uid,
    reversesUid: original.uid,
    billUid: bill.uid,
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    amount: -original.amount,
    parts: parts.map((p) => ({ method: p.method as PaymentMethod, amount: -p.amount })),
    reason,
    cashierId: original.cashierId,
    approvedBy: session.userId,
    at: reversal.createdAt.toISOString(),
  };
  await emit(tx, {
    type: BILLING_EVENTS.paymentReversed,
    aggregateType: 'payment',
    aggregateId: reversal.uid,
    corpId: bill.corpId,
    clinicId: bill.clinicId,
    payload,
  });
  return reversal;
}
