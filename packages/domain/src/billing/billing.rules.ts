/**
 * Billing's pure rules (issue 18, research/operations.md §3.1–3.6): a bill's lines priced with
 * their discounts and tax, the payer's and the patient's portions, the payment's parts, the
 * document numbers and the consistency check. Money is whole rupiah.
 *
 * Tax (§3.6): medical services are exempt (SERVICE_EXEMPT); drugs and other goods carry PPN
 * (GOODS_PPN) only when the clinic is a PKP, else they are GOODS_NON_PKP (no PPN). The effective
 * rate is 11% (12% on a DPP of 11/12 of the price, PMK 131/2024). When prices include PPN:
 * DPP = round(base × 100 / 111), PPN = base − DPP; else PPN = round(DPP × 11 / 100) on top.
 */

import { sequencedNumber } from '../common/document-number.ts';
import type { PayerType } from '../patients/patient.rules.ts';
import { applyCoverage, type CoverageTerms } from './coverage.rules.ts';

export const TAX_CODES = ['SERVICE_EXEMPT', 'GOODS_PPN', 'GOODS_NON_PKP'] as const;
export type TaxCode = (typeof TAX_CODES)[number];
export const PPN_EFFECTIVE_PERCENT = 11;

export const BILL_CATEGORIES = [
  'registration',
  'consultation',
  'procedure',
  'lab',
  'radiology',
  'physio',
  'mcu',
  'drug',
  'compounding',
  'packaging',
  'consumable',
  'other',
  'extra',
  'adjustment',
] as const;
export type BillCategory = (typeof BILL_CATEGORIES)[number];

export const BILL_STATUSES = ['draft', 'posted', 'paid'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const PAYMENT_METHODS = [
  'TUNAI',
  'DEBIT',
  'KREDIT',
  'QRIS',
  'TRANSFER',
  'DEPOSIT',
  'PERUSAHAAN',
  'ASURANSI',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Non-cash methods whose reference (EDC approval code, QRIS RRN, bank reference) is required. */
export const REFERENCE_METHODS: readonly PaymentMethod[] = ['DEBIT', 'KREDIT', 'QRIS', 'TRANSFER'];
/** Methods that are not money received but a receivable of the payer. */
export const RECEIVABLE_METHODS: readonly PaymentMethod[] = ['PERUSAHAAN', 'ASURANSI'];
export const isReceivable = (method: PaymentMethod) => RECEIVABLE_METHODS.includes(method);
/** How money comes into a patient's deposit and goes back out of it. */
export const DEPOSIT_METHODS = ['TUNAI', 'DEBIT', 'KREDIT', 'QRIS', 'TRANSFER'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

export { PAYER_TYPES, type PayerType } from '../patients/patient.rules.ts';

export const DISCOUNT_TYPES = ['fixed', 'percent'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export interface BillingSettings {
  isPkp: boolean;
  pricesIncludePpn: boolean;
  /** A discount above this many rupiah waits for a second person's approval. */
  discountApprovalThreshold: number;
}
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  isPkp: false,
  pricesIncludePpn: true,
  discountApprovalThreshold: 100_000,
};

/** The tax code of a line: services exempt; goods PPN only at a PKP clinic. */
export const taxCodeOf = (goods: boolean, settings: Pick<BillingSettings, 'isPkp'>): TaxCode =>
  goods ? (settings.isPkp ? 'GOODS_PPN' : 'GOODS_NON_PKP') : 'SERVICE_EXEMPT';

/** A line before pricing: what was done or given, its quantity and price per unit. */
export interface DraftLine {
  /** Unique within the bill (`sourceType:sourceUid:code`, `#n` added on a repeat): what a line discount names. */
  key: string;
  category: BillCategory;
  sourceType: string;
  sourceUid: string;
  /** The catalogue code (services.code) or the drug's uid; null for fees and extra charges. */
  code: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  taxCode: TaxCode;
}

/** Gives each line its key, in order: the same source and code a second time gets `#2`. */
export function withKeys(lines: readonly Omit<DraftLine, 'key'>[]): DraftLine[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const base = `${l.sourceType}:${l.sourceUid}:${l.code ?? ''}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { ...l, key: n === 1 ? base : `${base}#${n}` };
  });
}

/** A discount that counts (approved, or below the threshold): on one line or the whole bill. */
export interface AppliedDiscount {
  /** null: the whole bill. */
  lineKey: string | null;
  type: DiscountType;
  value: number;
}

export interface PricedLine extends DraftLine {
  gross: number;
  discount: number;
  dpp: number;
  ppn: number;
  net: number;
  payerPortion: number;
  patientPortion: number;
}

export interface BillTotals {
  gross: number;
  discount: number;
  dpp: number;
  ppn: number;
  net: number;
  payerPortion: number;
  patientPortion: number;
}

/** Half up, whole rupiah (negative amounts — reversals, credits — round away from zero alike). */
export const rupiah = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount));

/** DPP, PPN and net of a line's amount after discount, by its tax code. */
export function taxSplit(
  base: number,
  taxCode: TaxCode,
  settings: Pick<BillingSettings, 'pricesIncludePpn'>,
): { dpp: number; ppn: number; net: number } {
  if (taxCode !== 'GOODS_PPN') return { dpp: base, ppn: 0, net: base };
  if (settings.pricesIncludePpn) {
    const dpp = rupiah((base * 100) / (100 + PPN_EFFECTIVE_PERCENT));
    return { dpp, ppn: base - dpp, net: base };
  }
  const ppn = rupiah((base * PPN_EFFECTIVE_PERCENT) / 100);
  return { dpp: base, ppn, net: base + ppn };
}

/** A discount's rupiah on an amount: a percentage (rounded) or a fixed sum, never above the amount. */
export const discountOn = (amount: number, d: Pick<AppliedDiscount, 'type' | 'value'>) =>
  Math.max(0, Math.min(amount, d.type === 'percent' ? rupiah((amount * d.value) / 100) : d.value));

/**
 * Spreads `total` over `weights` in proportion, whole rupiah, the remainders to the largest
 * fractions (ties: the earlier line), so the shares sum exactly to `total`.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((n, s) => n + s, 0);
  const order = exact
    .map((e, i) => ({ i, frac: e - Math.floor(e) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Who pays a line's net without coverage terms: a patient paying themselves pays it all; a
 * company, insurer or BPJS visit puts it all on the payer. With the payer's terms the bill is
 * split by `applyCoverage` (coverage.rules.ts) in `priceBill`.
 */
export function splitPortion(
  net: number,
  payerType: PayerType,
): { payerPortion: number; patientPortion: number } {
  return payerType === 'self'
    ? { payerPortion: 0, patientPortion: net }
    : { payerPortion: net, patientPortion: 0 };
}

/** The payer's coverage of a visit: its terms, what it covered this year, the lines it excludes. */
export interface BillCoverage {
  terms: CoverageTerms;
  usedThisYear: number;
  excludedKeys: readonly string[];
}

/**
 * Prices a bill: gross = quantity × unit price (rounded); line discounts first, then the bill's
 * discounts spread over the lines in proportion to what is left of each (so each line's DPP/PPN
 * stays right); then the tax split and the portions (with `coverage`, for a payer other than the
 * patient: split by the payer's terms). Discounts never take a line below zero.
 */
export function priceBill(
  lines: readonly DraftLine[],
  discounts: readonly AppliedDiscount[],
  settings: Pick<BillingSettings, 'pricesIncludePpn'>,
  payerType: PayerType,
  coverage: BillCoverage | null = null,
): { lines: PricedLine[]; totals: BillTotals } {
  const gross = lines.map((l) => rupiah(l.quantity * l.unitPrice));
  const lineDiscount = lines.map((l, i) => {
    const key = l.key;
    let left = Math.max(0, gross[i]);
    for (const d of discounts.filter((x) => x.lineKey === key)) left -= discountOn(left, d);
    return Math.max(0, gross[i]) - left;
  });
  let remaining = gross.map((g, i) => Math.max(0, g) - lineDiscount[i]);
  for (const d of discounts.filter((x) => x.lineKey === null)) {
    const pool = remaining.reduce((n, r) => n + r, 0);
    const shares = apportion(discountOn(pool, d), remaining);
    remaining = remaining.map((r, i) => r - shares[i]);
  }
  const priced = lines.map((l, i): PricedLine => {
    // a negative line (a credit adjustment) takes no discount
    const discount = gross[i] < 0 ? 0 : gross[i] - remaining[i];
    const base = gross[i] - discount;
    const tax = taxSplit(base, l.taxCode, settings);
    return { ...l, gross: gross[i], discount, ...tax, ...splitPortion(tax.net, payerType) };
  });
  if (payerType !== 'self' && coverage) {
    const { portions } = applyCoverage(
      priced.map((l) => ({ net: l.net, excluded: coverage.excludedKeys.includes(l.key) })),
      coverage.terms,
      coverage.usedThisYear,
    );
    for (const [i, l] of priced.entries()) Object.assign(l, portions[i]);
  }
  return { lines: priced, totals: totalsOf(priced) };
}

export function totalsOf(lines: readonly Omit<PricedLine, keyof DraftLine>[]): BillTotals {
  const sum = (k: keyof BillTotals) => lines.reduce((n, l) => n + l[k], 0);
  return {
    gross: sum('gross'),
    discount: sum('discount'),
    dpp: sum('dpp'),
    ppn: sum('ppn'),
    net: sum('net'),
    payerPortion: sum('payerPortion'),
    patientPortion: sum('patientPortion'),
  };
}

/** A discount request's rupiah against the bill as it stands (decides whether it needs approval). */
export function discountAmount(d: AppliedDiscount, lines: readonly DraftLine[]): number {
  const target = d.lineKey === null ? lines : lines.filter((l) => l.key === d.lineKey);
  const amount = target.reduce((n, l) => n + Math.max(0, rupiah(l.quantity * l.unitPrice)), 0);
  return discountOn(amount, d);
}

export const needsApproval = (amount: number, settings: Pick<BillingSettings, 'discountApprovalThreshold'>) =>
  amount > settings.discountApprovalThreshold;

// payments

export interface PaymentPartInput {
  method: PaymentMethod;
  amount: number;
  tendered?: number | null;
  reference?: string | null;
}

/** Cash change: tendered − amount for a cash part (tendered defaults to the amount), else 0. */
export const changeOf = (part: PaymentPartInput) =>
  part.method === 'TUNAI' ? Math.max(0, (part.tendered ?? part.amount) - part.amount) : 0;

export const partsTotal = (parts: readonly Pick<PaymentPartInput, 'amount'>[]) =>
  parts.reduce((n, p) => n + p.amount, 0);

/** A bill's status from what it is owed and what came in (payments and receivables). */
export function statusAfterPayments(total: number, settled: number): BillStatus {
  return settled >= total && total >= 0 ? 'paid' : 'posted';
}

// numbers

/** Deposit receipts have their own series (DP): the payments' KW series stays gapless on its own. */
export const BILLING_PREFIXES = { invoice: 'INV', receipt: 'KW', deposit: 'DP' } as const;
export type BillingDocument = keyof typeof BILLING_PREFIXES;

/** INV/10/202611/0001 (invoice), KW/10/202611/0001 (receipt), DP/10/202611/0001 (deposit): per clinic and month, no gaps. */
export const billingNumber = (kind: BillingDocument, clinicId: number, period: string, seq: number) =>
  sequencedNumber(BILLING_PREFIXES[kind], clinicId, period, seq);

// consistency

export interface BillBalance {
  number: string | null;
  status: BillStatus;
  total: number;
  paid: number;
  receivable: number;
}

/** A paid bill's payments and receivables sum to its total; a posted one's never exceed it. */
export function balanceProblem(b: BillBalance): string | null {
  const settled = b.paid + b.receivable;
  if (b.status === 'paid' && settled !== b.total) return 'paidMismatch';
  if (b.status !== 'paid' && settled > b.total) return 'overpaid';
  if (b.status === 'posted' && settled === b.total && b.total > 0) return 'paidNotMarked';
  if (b.status === 'draft' && (b.paid !== 0 || b.receivable !== 0)) return 'paymentOnDraft';
  return null;
}

/** The missing sequences of a counter: every 1..last must be used exactly once. */
export function sequenceGaps(
  used: readonly number[],
  last: number,
): { missing: number[]; duplicate: number[] } {
  const seen = new Map<number, number>();
  for (const n of used) seen.set(n, (seen.get(n) ?? 0) + 1);
  const missing: number[] = [];
  for (let n = 1; n <= last; n++) if (!seen.has(n)) missing.push(n);
  const duplicate = [...seen].filter(([n, c]) => c > 1 || n > last).map(([n]) => n);
  return { missing, duplicate };
}
