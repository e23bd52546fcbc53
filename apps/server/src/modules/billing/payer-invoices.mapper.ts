import { type ClaimMoney, openOf, pendingDenied } from '@klinikita/domain/billing/payer-claims.rules';
import type { PayerInvoiceStatus, PayerPaymentMethod } from '@klinikita/domain/billing/payer-invoices.rules';
import type { PayerInvoice, PayerInvoiceSummary } from '@klinikita/domain/billing/payer-invoices.schema';
import type { itemsOf, PayerInvoiceRow, paymentsOf } from './payer-invoices.queries.ts';

/** Rows of the payer invoices into the API's shapes (no raw row leaves the server). */

export type ItemRow = Awaited<ReturnType<typeof itemsOf>>[number];
type PaymentRow = Awaited<ReturnType<typeof paymentsOf>>[number];

/** What the payer is still expected to pay on the item (an insurer's denials are not). */
export const openOfItem = (i: ItemRow) => openOf(i);

type InvoiceMoney = Omit<ClaimMoney, 'amount'> & { total: number };

export function toSummary(row: PayerInvoiceRow, payer: string, money: InvoiceMoney): PayerInvoiceSummary {
  const claim = { ...money, amount: money.total };
  return {
    uid: row.uid,
    clinicId: row.clinicId,
    number: row.number,
    payer,
    payerKind: row.payerKind as 'company' | 'insurer',
    payerName: row.payerName,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    status: row.status as PayerInvoiceStatus,
    total: money.total,
    paid: money.paid,
    writtenOff: money.writtenOff,
    denied: pendingDenied(claim),
    reclaimed: money.reclaimed,
    open: openOf(claim),
  };
}

const person = (id: number | null, at: Date | null, names: Map<number, string>) =>
  id !== null && at ? { id, name: names.get(id) ?? '', at: at.toISOString() } : null;

export function toPayerInvoice(
  row: PayerInvoiceRow,
  payer: string,
  items: ItemRow[],
  payments: PaymentRow[],
  names: Map<number, string>,
): PayerInvoice {
  const sum = (f: (i: ItemRow) => number) => items.reduce((s, i) => s + f(i), 0);
  return {
    ...toSummary(row, payer, {
      total: sum((i) => i.amount),
      paid: sum((i) => i.paid),
      writtenOff: sum((i) => i.writtenOff),
      denied: sum((i) => i.denied),
      reclaimed: sum((i) => i.reclaimed),
      deniedWrittenOff: sum((i) => i.deniedWrittenOff),
    }),
    termDays: row.termDays,
    note: row.note,
    disputeReason: row.disputeReason,
    writeOffReason: row.writeOffReason,
    writeOffRequestedBy: row.writeOffRequestedBy,
    cancelReason: row.cancelReason,
    preparedBy: person(row.preparedBy, row.preparedAt, names),
    approvedBy: person(row.approvedBy, row.approvedAt, names),
    sentBy: person(row.sentBy, row.sentAt, names),
    items: items.map((i) => ({
      receivableUid: i.receivableUid,
      billNumber: i.billNumber,
      visitDay: i.visitDay,
      patientName: i.patientName,
      mrn: i.mrn,
      amount: i.amount,
      paid: i.paid,
      writtenOff: i.writtenOff,
      denied: pendingDenied(i),
      reclaimed: i.reclaimed,
      open: openOfItem(i),
    })),
    payments: payments.map((p) => ({
      uid: p.uid,
      paidOn: p.paidOn,
      method: p.method as PayerPaymentMethod,
      reference: p.reference,
      amount: p.amount,
      note: p.note,
    })),
  };
}
