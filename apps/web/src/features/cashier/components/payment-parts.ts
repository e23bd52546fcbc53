import {
  changeOf,
  type PayerType,
  type PaymentMethod,
  REFERENCE_METHODS,
} from '@klinikita/domain/billing/billing.rules';
import type { Bill, PaymentInput } from '@klinikita/domain/billing/billing.schema';

/** One row of the payment form as typed: an empty number field is ''. */
export interface PartDraft {
  /** The row's React key (rows are added and removed). */
  id: number;
  method: PaymentMethod;
  amount: number | '';
  tendered: number | '';
  reference: string;
}

const MONEY_METHODS: readonly PaymentMethod[] = ['TUNAI', 'DEBIT', 'KREDIT', 'QRIS', 'TRANSFER'];

/**
 * The methods the cashier may pick for a visit: money always; the patient's deposit while it holds
 * something; the company's or the insurer's part (a receivable) only when the visit has that payer.
 */
export function methodsFor(payerType: PayerType, depositBalance = 0): PaymentMethod[] {
  const money: PaymentMethod[] = depositBalance > 0 ? [...MONEY_METHODS, 'DEPOSIT'] : [...MONEY_METHODS];
  if (payerType === 'company') return [...money, 'PERUSAHAAN'];
  if (payerType === 'insurance' || payerType === 'bpjs') return [...money, 'ASURANSI'];
  return money;
}

export const needsReference = (method: PaymentMethod) => REFERENCE_METHODS.includes(method);

let nextId = 1;
export const newPart = (method: PaymentMethod, amount: number | ''): PartDraft => ({
  id: nextId++,
  method,
  amount,
  tendered: '',
  reference: '',
});

/**
 * The rows the form opens with: nothing paid yet and a payer covering part of the bill → the
 * payer's part and the patient's in cash; else the outstanding amount in cash.
 */
export function initialParts(bill: Bill): PartDraft[] {
  if (bill.outstanding <= 0) return [newPart('TUNAI', '')];
  const payerMethod = methodsFor(bill.payerType).find((m) => m === 'PERUSAHAAN' || m === 'ASURANSI');
  const payer = bill.totals.payerPortion;
  if (payerMethod && payer > 0 && bill.paid + bill.receivable === 0 && payer <= bill.outstanding) {
    const patient = bill.outstanding - payer;
    return patient > 0
      ? [newPart(payerMethod, payer), newPart('TUNAI', patient)]
      : [newPart(payerMethod, payer)];
  }
  return [newPart('TUNAI', bill.outstanding)];
}

const amountOf = (p: PartDraft) => (p.amount === '' ? 0 : p.amount);

/**
 * A row switched to DEPOSIT takes what the deposit still holds (less the other DEPOSIT rows), at
 * most what is left to cover with this row: min(balance, outstanding) on a single row.
 */
export function depositPrefill(
  outstanding: number,
  balance: number,
  parts: readonly PartDraft[],
  id: number,
): number | '' {
  const others = parts.filter((p) => p.id !== id);
  const drawn = others.filter((p) => p.method === 'DEPOSIT').reduce((n, p) => n + amountOf(p), 0);
  const amount = Math.min(balance - drawn, remainingOf(outstanding, others));
  return amount > 0 ? amount : '';
}

/** What is left to cover: positive still to split, negative over the outstanding amount. */
export const remainingOf = (outstanding: number, parts: readonly PartDraft[]) =>
  outstanding - parts.reduce((n, p) => n + amountOf(p), 0);

/** The change of a cash row (0 until the cash received covers the amount). */
export const changeOfDraft = (p: PartDraft) =>
  p.method === 'TUNAI' && p.tendered !== '' && p.tendered >= amountOf(p)
    ? changeOf({ method: p.method, amount: amountOf(p), tendered: p.tendered })
    : 0;

/** The parts as the payment request sends them. */
export function toPaymentParts(parts: readonly PartDraft[]): PaymentInput['parts'] {
  return parts.map((p) => ({
    method: p.method,
    amount: amountOf(p),
    tendered: p.method === 'TUNAI' && p.tendered !== '' ? p.tendered : null,
    reference: needsReference(p.method) ? p.reference.trim() || null : null,
  }));
}
