import {
  allocateOldestFirst,
  allocationErrors,
  mayDo,
  type PayerInvoiceAction,
  type PayerInvoiceStatus,
  statusAfterMoney,
} from '@klinikita/domain/billing/payer-invoices.rules';
import type { PayerPaymentInput } from '@klinikita/domain/billing/payer-invoices.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/sql.ts';
import { denialsOf, dropWriteOffRequests } from './payer-claims.queries.ts';
import { type ItemRow, openOfItem } from './payer-invoices.mapper.ts';
import {
  insertPayment,
  insertWriteOffs,
  itemsOf,
  type PayerInvoiceRow,
  releaseClaims,
  updateInvoice,
} from './payer-invoices.queries.ts';
import { auditInvoice, composeInvoice, refuse, scopedInvoice } from './payer-invoices.service.ts';

/**
 * What happens to an invoice to a payer after it is made (issue 18 §5): approval by a second
 * person, sending, the payer's payments allocated to its visits (never more than is open on an
 * item), a dispute and its end, a write-off asked by one person and approved by another, and the
 * cancellation of a draft (its receivables free again). The invoice row is locked first.
 */

type Step = (tx: Tx, row: PayerInvoiceRow) => Promise<Partial<PayerInvoiceRow> | undefined>;

export function act(
  db: Db,
  session: AuthSession,
  uid: string,
  action: PayerInvoiceAction,
  ip: string,
  detail: unknown,
  step: Step,
) {
  return db.transaction(async (tx) => {
    const row = await scopedInvoice(tx, session, uid, true);
    if (!mayDo(row.status as PayerInvoiceStatus, action))
      throw refuse(409, 'wrongStatus', { number: row.number, status: row.status });
    const set = await step(tx, row);
    if (set) await updateInvoice(tx, row.id, set);
    await auditInvoice(tx, session, ip, row, action, detail);
    return composeInvoice(tx, { ...row, ...set });
  });
}

export const money = (items: ItemRow[]) => ({
  total: items.reduce((s, i) => s + i.amount, 0),
  paid: items.reduce((s, i) => s + i.paid, 0),
  writtenOff: items.reduce((s, i) => s + i.writtenOff, 0),
  reclaimed: items.reduce((s, i) => s + i.reclaimed, 0),
});

export const approveInvoice = (db: Db, session: AuthSession, uid: string, ip: string) =>
  act(db, session, uid, 'approve', ip, {}, async (_tx, row) => {
    if (row.preparedBy === session.userId) throw refuse(403, 'selfApproval');
    return { status: 'APPROVED', approvedBy: session.userId, approvedAt: new Date() };
  });

export const sendInvoice = (db: Db, session: AuthSession, uid: string, ip: string) =>
  act(db, session, uid, 'send', ip, {}, async () => ({
    status: 'SENT',
    sentBy: session.userId,
    sentAt: new Date(),
  }));

export const cancelInvoice = (db: Db, session: AuthSession, uid: string, reason: string, ip: string) =>
  act(db, session, uid, 'cancel', ip, { reason }, async (tx, row) => {
    await releaseClaims(tx, row.id);
    return { status: 'CANCELLED', cancelReason: reason };
  });

export const disputeInvoice = (db: Db, session: AuthSession, uid: string, reason: string, ip: string) =>
  act(db, session, uid, 'dispute', ip, { reason }, async () => ({
    status: 'DISPUTED',
    disputeReason: reason,
  }));

export const resolveInvoice = (db: Db, session: AuthSession, uid: string, note: string | null, ip: string) =>
  act(db, session, uid, 'resolve', ip, { note }, async (tx, row) => ({
    status: statusAfterMoney('SENT', money(await itemsOf(tx, row.id))),
    disputeReason: null,
  }));

export const requestWriteOff = (db: Db, session: AuthSession, uid: string, reason: string, ip: string) =>
  act(db, session, uid, 'writeOff', ip, { reason }, async () => ({
    writeOffReason: reason,
    writeOffRequestedBy: session.userId,
  }));

export const approveWriteOff = (db: Db, session: AuthSession, uid: string, ip: string) =>
  act(db, session, uid, 'writeOff', ip, {}, async (tx, row) => {
    if (row.writeOffRequestedBy === null || !row.writeOffReason) throw refuse(409, 'noWriteOffRequest');
    if (row.writeOffRequestedBy === session.userId) throw refuse(403, 'selfWriteOff');
    const items = (await itemsOf(tx, row.id)).filter((i) => openOfItem(i) > 0);
    // an insurer's denials not yet resolved go with the rest, each its own row
    const denials = (await denialsOf(tx, row.id)).filter((d) => !d.reclaimed && !d.writtenOff);
    const common = {
      invoiceId: row.id,
      reason: row.writeOffReason!,
      requestedBy: row.writeOffRequestedBy!,
      approvedBy: session.userId,
    };
    const rows = [
      ...items.map((i) => ({ ...common, itemId: i.id, amount: openOfItem(i) })),
      ...denials.map((d) => ({ ...common, itemId: d.itemId, amount: d.amount, denialId: d.id })),
    ];
    if (rows.length) await insertWriteOffs(tx, rows);
    await dropWriteOffRequests(
      tx,
      denials.map((d) => d.id),
    );
    return { status: 'WRITTEN_OFF' };
  });

/** The allocation of a payment: as given (each row checked against its item), else oldest first. */
function allocationOf(items: ItemRow[], input: PayerPaymentInput) {
  const open = items.map((i) => ({ key: i.receivableUid, day: i.visitDay, open: openOfItem(i) }));
  const totalOpen = open.reduce((s, i) => s + i.open, 0);
  if (input.amount > totalOpen)
    throw refuse(400, 'overOpen', { open: formatRupiah(totalOpen) }, 'amount', 'overOpenField');
  if (!input.allocations?.length) return allocateOldestFirst(open, input.amount)!;
  const given = input.allocations.map((a) => ({ key: a.receivableUid, amount: a.amount }));
  const { rows, sumMismatch } = allocationErrors(open, given, input.amount);
  const errors = [...rows].map(([i, key]) => ({
    path: key === 'overAllocated' ? `allocations.${i}.amount` : `allocations.${i}.receivableUid`,
    key: `payerInvoices.${key}`,
  }));
  if (sumMismatch) errors.push({ path: 'amount', key: 'payerInvoices.allocationSum' });
  if (errors.length) throw new AppError(400, 'payerInvoices.allocationInvalid', {}, errors);
  return given;
}

export const recordPayment = (
  db: Db,
  session: AuthSession,
  uid: string,
  input: PayerPaymentInput,
  ip: string,
) =>
  act(db, session, uid, 'pay', ip, { ...input }, async (tx, row) => {
    const items = await itemsOf(tx, row.id);
    const allocation = allocationOf(items, input);
    const itemId = new Map(items.map((i) => [i.receivableUid, i.id]));
    await insertPayment(
      tx,
      {
        uid: newUid(),
        invoiceId: row.id,
        paidOn: input.paidOn,
        method: input.method,
        reference: input.reference,
        amount: input.amount,
        note: input.note,
        recordedBy: session.userId,
      },
      allocation.map((a) => ({ itemId: itemId.get(a.key)!, amount: a.amount })),
    );
    return { status: statusAfterMoney(row.status as PayerInvoiceStatus, money(await itemsOf(tx, row.id))) };
  });
