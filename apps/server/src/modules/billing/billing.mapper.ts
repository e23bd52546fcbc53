import {
  type BillCategory,
  type BillingSettings,
  type BillStatus,
  type BillTotals,
  isReceivable,
  type PayerType,
  type PaymentMethod,
  type PricedLine,
  type TaxCode,
  totalsOf,
  withKeys,
} from '@klinikita/domain/billing/billing.rules';
import type { Bill, BillAdjustment, BillLine, PaymentAnswer } from '@klinikita/domain/billing/billing.schema';
import type { AdjustmentRow, BillLineRow, BillRow, PartRow, PaymentRow } from './billing.queries.ts';

/** Rows to the API's shapes: no raw row leaves the server. */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A posted bill's frozen lines as priced lines (keys made as the draft made them). */
export function frozenLines(rows: readonly BillLineRow[]): (PricedLine & { adjustmentId: number | null })[] {
  const keyed = withKeys(
    rows.map((r) => ({
      category: r.category as BillCategory,
      sourceType: r.sourceType,
      sourceUid: r.sourceUid,
      code: r.code,
      description: r.description,
      quantity: Number(r.quantity),
      unitPrice: r.unitPrice,
      taxCode: r.taxCode as TaxCode,
    })),
  );
  return rows.map((r, i) => ({
    ...keyed[i],
    gross: r.gross,
    discount: r.discount,
    dpp: r.dpp,
    ppn: r.ppn,
    net: r.net,
    payerPortion: r.payerPortion,
    patientPortion: r.patientPortion,
    adjustmentId: r.adjustmentId,
  }));
}

export function toLine(l: PricedLine, adjustmentUid: string | null): BillLine {
  return {
    key: l.key,
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
    adjustmentUid,
  };
}

export function toAdjustment(a: AdjustmentRow): BillAdjustment {
  return {
    uid: a.uid,
    kind: a.kind as BillAdjustment['kind'],
    lineKey: a.lineKey,
    discountType: (a.discountType as BillAdjustment['discountType']) ?? null,
    value: a.value,
    amount: a.amount,
    description: a.description,
    reason: a.reason,
    status: a.status as BillAdjustment['status'],
    requestedBy: a.requestedBy,
    decidedBy: a.decidedBy,
    createdAt: iso(a.createdAt)!,
  };
}

export function toPayment(
  p: PaymentRow,
  parts: readonly PartRow[],
  billUid: string,
  uidOf: (id: number | null) => string | null,
  reversedBy: string | null,
): PaymentAnswer {
  return {
    uid: p.uid,
    billUid,
    receiptNumber: p.receiptNumber,
    amount: p.amount,
    parts: parts.map((x) => ({
      method: x.method as PaymentMethod,
      amount: x.amount,
      tendered: x.tendered,
      change: x.change,
      reference: x.reference,
    })),
    reversesUid: uidOf(p.reversesPaymentId),
    reversedBy,
    reason: p.reason,
    cashierId: p.cashierId,
    createdAt: iso(p.createdAt)!,
  };
}

/** Money received and owed by payers, from the payments' parts (reversals are negative). */
export function settledOf(parts: readonly PartRow[]): { paid: number; receivable: number } {
  let paid = 0;
  let receivable = 0;
  for (const p of parts) {
    if (isReceivable(p.method as PaymentMethod)) receivable += p.amount;
    else paid += p.amount;
  }
  return { paid, receivable };
}

export interface BillParts {
  bill: BillRow;
  visitUid: string;
  settings: BillingSettings;
  lines: readonly (PricedLine & { adjustmentUid: string | null })[];
  adjustments: readonly AdjustmentRow[];
  payments: readonly PaymentRow[];
  parts: readonly PartRow[];
}

export function toBill(b: BillParts): Bill {
  const totals: BillTotals = totalsOf(b.lines);
  const { paid, receivable } = settledOf(b.parts);
  const uidById = new Map(b.payments.map((p) => [p.id, p.uid]));
  const reverser = new Map(
    b.payments.filter((p) => p.reversesPaymentId !== null).map((p) => [p.reversesPaymentId!, p.uid]),
  );
  return {
    uid: b.bill.uid,
    visitUid: b.visitUid,
    clinicId: b.bill.clinicId,
    number: b.bill.number,
    status: b.bill.status as BillStatus,
    payerType: b.bill.payerType as PayerType,
    payerName: b.bill.payerName,
    serviceDay: b.bill.serviceDay,
    settings: b.settings,
    lines: b.lines.map((l) => toLine(l, l.adjustmentUid)),
    adjustments: b.adjustments.map(toAdjustment),
    totals,
    paid,
    receivable,
    outstanding: totals.net - paid - receivable,
    payments: b.payments.map((p) =>
      toPayment(
        p,
        b.parts.filter((x) => x.paymentId === p.id),
        b.bill.uid,
        (id) => (id === null ? null : (uidById.get(id) ?? null)),
        reverser.get(p.id) ?? null,
      ),
    ),
    postedAt: iso(b.bill.postedAt),
  };
}
