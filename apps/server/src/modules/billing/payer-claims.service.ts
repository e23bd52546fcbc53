import { denialErrors } from '@klinikita/domain/billing/payer-claims.rules';
import type { PayerDenialsInput } from '@klinikita/domain/billing/payer-claims.schema';
import { type PayerInvoiceStatus, statusAfterMoney } from '@klinikita/domain/billing/payer-invoices.rules';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor, Tx } from '../../shared/sql.ts';
import { userNames } from './billing-documents.queries.ts';
import { toClaim } from './payer-claims.mapper.ts';
import {
  billLinesOf,
  denialsOf,
  dropWriteOffRequests,
  insertDenials,
  insertReclaim,
  itemBillsOf,
  saveWriteOffRequest,
} from './payer-claims.queries.ts';
import { openOfItem } from './payer-invoices.mapper.ts';
import { act, money } from './payer-invoices.money.service.ts';
import { insertWriteOffs, itemsOf, type PayerInvoiceRow } from './payer-invoices.queries.ts';
import { refuse, scopedInvoice } from './payer-invoices.service.ts';

/**
 * An insurer's claim batch (issue 18 §6): the insurer's answer per visit — a denial of all or part
 * of what is open, with its reason code — and each denial's resolution: a re-claim (claimable
 * again on a later batch) or a write-off asked by one person and approved by another. A partner
 * company's invoice takes no denials. Everything in the invoice's locked transaction (act).
 */

const statusNow = async (tx: Tx, row: PayerInvoiceRow) => ({
  status: statusAfterMoney(row.status as PayerInvoiceStatus, money(await itemsOf(tx, row.id))),
});

async function billLinesOfInvoice(db: Executor, invoiceId: number) {
  const bills = await itemBillsOf(db, invoiceId);
  return { bills, lines: await billLinesOf(db, [...new Set(bills.map((b) => b.billId))]) };
}

export async function listDenials(db: Db, session: AuthSession, uid: string) {
  const row = await scopedInvoice(db, session, uid);
  const [denials, { bills, lines }] = await Promise.all([
    denialsOf(db, row.id),
    billLinesOfInvoice(db, row.id),
  ]);
  return toClaim(
    denials,
    bills,
    lines,
    await userNames(
      db,
      denials.map((d) => d.recordedBy),
    ),
  );
}

export const recordDenials = (
  db: Db,
  session: AuthSession,
  uid: string,
  input: PayerDenialsInput,
  ip: string,
) =>
  act(db, session, uid, 'deny', ip, { ...input }, async (tx, row) => {
    if (row.payerKind !== 'insurer') throw refuse(409, 'claims.notClaimBatch', { number: row.number });
    const items = await itemsOf(tx, row.id);
    const rows = denialErrors(
      items.map((i) => ({ key: i.receivableUid, open: openOfItem(i) })),
      input.lines.map((l) => ({ key: l.receivableUid, amount: l.amount })),
    );
    const errors = [...rows].map(([i, key]) => ({
      path: key === 'itemNotOnInvoice' ? `lines.${i}.receivableUid` : `lines.${i}.amount`,
      key: `payerInvoices.${key}`,
    }));
    const { bills, lines } = await billLinesOfInvoice(tx, row.id);
    const billOf = new Map(bills.map((b) => [b.receivableUid, b.billId]));
    input.lines.forEach((l, i) => {
      const seqs = new Set(lines.filter((x) => x.billId === billOf.get(l.receivableUid)).map((x) => x.seq));
      if (!rows.has(i) && l.lineSeqs.some((s) => !seqs.has(s)))
        errors.push({ path: `lines.${i}.lineSeqs`, key: 'payerInvoices.claims.lineNotOnBill' });
    });
    if (errors.length) throw new AppError(400, 'payerInvoices.claims.denialInvalid', {}, errors);
    const itemId = new Map(items.map((i) => [i.receivableUid, i.id]));
    await insertDenials(
      tx,
      input.lines.map((l) => ({
        uid: newUid(),
        invoiceId: row.id,
        itemId: itemId.get(l.receivableUid)!,
        amount: l.amount,
        reasonCode: l.reasonCode,
        note: l.note,
        lineSeqs: [...new Set(l.lineSeqs)],
        recordedBy: session.userId,
      })),
    );
    return statusNow(tx, row);
  });

/** The denial of the batch, still to be resolved: 404 when not on it, 409 when resolved. */
async function pendingDenial(tx: Tx, row: PayerInvoiceRow, denialUid: string) {
  const [denial] = await denialsOf(tx, row.id, denialUid);
  if (!denial) throw refuse(404, 'claims.denialNotFound');
  if (denial.reclaimed || denial.writtenOff) throw refuse(409, 'claims.alreadyResolved');
  return denial;
}

export const reclaimDenial = (
  db: Db,
  session: AuthSession,
  p: { uid: string; denialUid: string },
  note: string | null,
  ip: string,
) =>
  act(db, session, p.uid, 'settleDenial', ip, { reclaim: p.denialUid, note }, async (tx, row) => {
    const denial = await pendingDenial(tx, row, p.denialUid);
    await insertReclaim(tx, { denialId: denial.id, note, recordedBy: session.userId });
    await dropWriteOffRequests(tx, [denial.id]);
    return statusNow(tx, row);
  });

export const requestDenialWriteOff = (
  db: Db,
  session: AuthSession,
  p: { uid: string; denialUid: string },
  reason: string,
  ip: string,
) =>
  act(db, session, p.uid, 'settleDenial', ip, { writeOff: p.denialUid, reason }, async (tx, row) => {
    const denial = await pendingDenial(tx, row, p.denialUid);
    await saveWriteOffRequest(tx, { denialId: denial.id, reason, requestedBy: session.userId });
    return undefined;
  });

export const approveDenialWriteOff = (
  db: Db,
  session: AuthSession,
  p: { uid: string; denialUid: string },
  ip: string,
) =>
  act(db, session, p.uid, 'settleDenial', ip, { writeOffApproved: p.denialUid }, async (tx, row) => {
    const denial = await pendingDenial(tx, row, p.denialUid);
    if (denial.writeOffRequestedBy === null || !denial.writeOffReason) throw refuse(409, 'noWriteOffRequest');
    if (denial.writeOffRequestedBy === session.userId) throw refuse(403, 'selfWriteOff');
    await insertWriteOffs(tx, [
      {
        invoiceId: row.id,
        itemId: denial.itemId,
        amount: denial.amount,
        reason: denial.writeOffReason,
        requestedBy: denial.writeOffRequestedBy,
        approvedBy: session.userId,
        denialId: denial.id,
      },
    ]);
    await dropWriteOffRequests(tx, [denial.id]);
    return statusNow(tx, row);
  });
