import type { PayerInvoiceStatus, PayerPaymentMethod } from '@klinikita/domain/billing/payer-invoices.rules';
import type { PayerInvoice, PayerInvoiceSummary } from '@klinikita/domain/billing/payer-invoices.schema';
import type { itemsOf, PayerInvoiceRow, paymentsOf } from './payer-invoices.queries.ts';

/** Rows of the payer invoices into the API's shapes (no raw row leaves the server). */

export type ItemRow = Awaited<ReturnType<typeof itemsOf>>[number];
type PaymentRow = Awaited<ReturnType<typeof paymentsOf>>[number];

export const openOfItem = (i: ItemRow) => i.amount - i.paid - i.writtenOff;

export function toSummary(
  row: PayerInvoiceRow,
  payer: string,
  money: { total: number; paid: number; writtenOff: number },
): PayerInvoiceSummary {
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
    open: money.total - money.paid - money.writtenOff,
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
