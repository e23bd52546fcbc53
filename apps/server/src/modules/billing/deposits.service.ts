import { createHash } from 'node:crypto';
import { BILLING_EVENTS, type DepositEvent } from '@klinikita/domain/billing/billing.events';
import type { DepositMethod } from '@klinikita/domain/billing/billing.rules';
import type {
  DepositAnswer,
  DepositEntry,
  PatientDeposit,
  ReceiveDepositInput,
  RefundDepositInput,
} from '@klinikita/domain/billing/deposits.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { answer } from '../../shared/route.ts';
import { type Executor, isUniqueViolation, type Tx } from '../../shared/sql.ts';
import { findCorporatePatient } from '../patients/patients.service.ts';
import { refuse } from './bill-read.service.ts';
import { nextBillingNumber } from './billing-numbers.ts';
import { refuseClosedDay, shiftForPayment } from './cashier-shifts.service.ts';
import {
  balanceOf,
  type DepositEntryRow,
  entriesOf,
  findEntry,
  findEntryByKey,
  insertEntry,
  lockBalance,
  patientById,
  refundedOf,
} from './deposits.queries.ts';

/**
 * Patient deposits (uang muka, issue 18 §2): an append-only ledger per patient within the
 * corporate with a balance row that every writer locks first (`FOR UPDATE`), so two payments
 * drawing the same balance at once are serialised and the second finds what is left. A receipt
 * needs the cashier's open shift and counts in its drawer; a refund gives back (part of) one
 * receipt, by a second person holding `bill.approve`, from their open shift or the cashier's.
 */

interface PatientRow {
  id: number;
  uid: string;
  corpId: number;
  name: string;
  deletedAt: Date | null;
}

async function scopedPatient(db: Executor, session: AuthSession, uid: string): Promise<PatientRow> {
  const patient = await findCorporatePatient(db, session.corpId, uid);
  if (!patient || patient.deletedAt) throw refuse(404, 'patientNotFound');
  return patient;
}

const requestHash = (patientUid: string, input: ReceiveDepositInput) =>
  createHash('sha256')
    .update(JSON.stringify([patientUid, input.clinicId, input.amount, input.method, input.reference ?? null]))
    .digest('hex');

async function toDeposit(db: Executor, patient: PatientRow): Promise<PatientDeposit> {
  const rows = await entriesOf(db, patient.corpId, patient.id);
  const refunded = await refundedOf(
    db,
    rows.filter((r) => r.entry.kind === 'receipt').map((r) => r.entry.id),
  );
  const entries = rows.map(
    (r): DepositEntry => ({
      uid: r.entry.uid,
      clinicId: r.entry.clinicId,
      kind: r.entry.kind as DepositEntry['kind'],
      amount: r.entry.amount,
      method: r.entry.method as DepositMethod | null,
      reference: r.entry.reference,
      receiptNumber: r.entry.receiptNumber,
      billNumber: r.billNumber,
      refundable: r.entry.kind === 'receipt' ? r.entry.amount + (refunded.get(r.entry.id) ?? 0) : 0,
      reason: r.entry.reason,
      cashier: r.cashier ?? '',
      createdAt: r.entry.createdAt.toISOString(),
    }),
  );
  return {
    patientUid: patient.uid,
    patientName: patient.name,
    balance: await balanceOf(db, patient.corpId, patient.id),
    entries,
  };
}

async function answerOf(db: Executor, patient: PatientRow, uid: string): Promise<DepositAnswer> {
  const deposit = await toDeposit(db, patient);
  return { deposit, entry: deposit.entries.find((e) => e.uid === uid)! };
}

const audit = (
  db: Executor,
  session: AuthSession,
  ip: string,
  row: DepositEntryRow,
  action: string,
  detail: unknown,
) =>
  writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: row.clinicId,
    action,
    entity: 'deposit',
    entityId: row.uid,
    ip,
    detail,
  });

const eventOf = (row: DepositEntryRow): DepositEvent => ({
  entryUid: row.uid,
  receiptNumber: row.receiptNumber,
  corpId: row.corpId,
  clinicId: row.clinicId,
  patientId: row.patientId,
  amount: row.amount,
  method: row.method ?? '',
  cashierId: row.cashierId,
  at: row.createdAt.toISOString(),
});

/** `GET /billing/patients/:patientUid/deposit`: the balance and the ledger, newest first. */
export async function getPatientDeposit(db: Db, session: AuthSession, patientUid: string) {
  return toDeposit(db, await scopedPatient(db, session, patientUid));
}

/** `POST /billing/patients/:patientUid/deposit/receipts`: money into the patient's deposit. */
export async function receiveDeposit(
  db: Db,
  session: AuthSession,
  patientUid: string,
  input: ReceiveDepositInput,
  ip: string,
) {
  const clinic = clinicOf(session, input.clinicId);
  const hash = requestHash(patientUid, input);
  try {
    const result = await db.transaction(async (tx) => {
      const patient = await scopedPatient(tx, session, patientUid);
      const replay = await findEntryByKey(tx, session.corpId, input.idempotencyKey);
      if (replay) {
        if (replay.requestHash !== hash || replay.patientId !== patient.id)
          throw refuse(409, 'idempotencyConflict');
        return answerOf(tx, patient, replay.uid);
      }
      await refuseClosedDay(tx, clinic);
      const shift = await shiftForPayment(tx, [session.userId], clinic.id);
      await lockBalance(tx, session.corpId, patient.id);
      const receiptNumber = await nextBillingNumber(tx, 'deposit', clinic.id, clinic.timeZone);
      const row = await insertEntry(tx, {
        uid: newUid(),
        corpId: session.corpId,
        clinicId: clinic.id,
        patientId: patient.id,
        kind: 'receipt',
        amount: input.amount,
        method: input.method,
        reference: input.reference ?? null,
        receiptNumber,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        cashierId: session.userId,
        shiftId: shift.id,
      });
      await emit(tx, {
        type: BILLING_EVENTS.depositReceived,
        aggregateType: 'deposit',
        aggregateId: row.uid,
        corpId: row.corpId,
        clinicId: row.clinicId,
        payload: eventOf(row),
      });
      await audit(tx, session, ip, row, 'deposit.receive', { patient: patient.uid, receiptNumber, ...input });
      return answerOf(tx, patient, row.uid);
    });
    return answer(result, 'billing.depositReceived', { number: result.entry.receiptNumber ?? '' });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, 'idempotencyConflict');
    throw error;
  }
}

/** `POST /billing/deposits/:uid/refund`: (part of) a receipt given back, by a second person. */
export function refundDeposit(
  db: Db,
  session: AuthSession,
  uid: string,
  input: RefundDepositInput,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const receipt = await findEntry(tx, session.corpId, session.clinicIds, uid);
    if (receipt?.kind !== 'receipt') throw refuse(404, 'depositNotFound');
    const clinic = clinicOf(session, receipt.clinicId);
    if (receipt.cashierId === session.userId) throw refuse(403, 'selfRefund');
    await refuseClosedDay(tx, clinic);
    // the money leaves a drawer: the caller's open shift, else the receiving cashier's
    const shift = await shiftForPayment(tx, [session.userId, receipt.cashierId], clinic.id);
    const balance = await lockBalance(tx, receipt.corpId, receipt.patientId);
    const refundable = receipt.amount + ((await refundedOf(tx, [receipt.id])).get(receipt.id) ?? 0);
    const ceiling = Math.min(balance, refundable);
    if (input.amount > ceiling)
      throw refuse(409, 'refundAboveBalance', { ceiling: formatRupiah(ceiling) }, 'amount');
    const row = await insertEntry(tx, {
      uid: newUid(),
      corpId: receipt.corpId,
      clinicId: receipt.clinicId,
      patientId: receipt.patientId,
      kind: 'refund',
      amount: -input.amount,
      method: receipt.method,
      reference: receipt.reference,
      refundsEntryId: receipt.id,
      reason: input.reason,
      cashierId: session.userId,
      approvedBy: session.userId,
      shiftId: shift.id,
    });
    await emit(tx, {
      type: BILLING_EVENTS.depositRefunded,
      aggregateType: 'deposit',
      aggregateId: row.uid,
      corpId: row.corpId,
      clinicId: row.clinicId,
      payload: eventOf(row),
    });
    await audit(tx, session, ip, row, 'deposit.refund', { receipt: receipt.uid, ...input });
    return answerOf(tx, (await patientById(tx, receipt.patientId))!, row.uid);
  });
}

// drawn by payments

interface DepositOwner {
  corpId: number;
  clinicId: number;
  patientId: number;
}

/**
 * Locks the patient's balance and refuses a payment whose DEPOSIT parts draw more than it holds
 * (400 on the part that goes over, naming what is left). Called after the bill's lock.
 */
export async function assertDepositCovers(
  tx: Tx,
  owner: DepositOwner,
  parts: readonly { method: string; amount: number }[],
) {
  if (!parts.some((p) => p.method === 'DEPOSIT')) return;
  let left = await lockBalance(tx, owner.corpId, owner.patientId);
  for (const [i, p] of parts.entries()) {
    if (p.method !== 'DEPOSIT') continue;
    if (p.amount > left)
      throw refuse(400, 'depositShort', { balance: formatRupiah(left) }, `parts.${i}.amount`);
    left -= p.amount;
  }
}

/** A DEPOSIT part's move on the ledger: a draw (a payment's part, positive) or a return (its reversal's, negative). */
export async function moveDeposit(
  tx: Tx,
  owner: DepositOwner,
  part: { id: number; amount: number },
  who: { cashierId: number; shiftId: number; reason?: string | null },
) {
  await lockBalance(tx, owner.corpId, owner.patientId);
  await insertEntry(tx, {
    uid: newUid(),
    corpId: owner.corpId,
    clinicId: owner.clinicId,
    patientId: owner.patientId,
    kind: part.amount > 0 ? 'draw' : 'return',
    amount: -part.amount,
    paymentPartId: part.id,
    reason: who.reason ?? null,
    cashierId: who.cashierId,
    shiftId: who.shiftId,
  });
}
