import { type BillCategory, type PaymentMethod, type TaxCode, taxSplit } from '../billing/billing.rules.ts';

/**
 * The accounting hand-off (`/ERP/integrasi`, issue 18 item 8): each business event of billing
 * becomes one balanced journal entry on the clinic's chart of accounts, for an accounting system
 * to take by API, xlsx or CSV. The rules, chosen once:
 * - a posted bill: Dr patient receivable (the bill's clearing account) its net; Cr revenue per
 *   category at the DPP before discount; Dr discounts the discount (without PPN); Cr PPN out;
 * - a payment: Dr cash / bank per method (deposit for DEPOSIT), Dr the company or insurer
 *   receivable for PERUSAHAAN / ASURANSI parts (the debt moves to the payer); Cr patient receivable;
 * - a reversal: the same lines with debit and credit swapped;
 * - a payer's payment of an invoice: Dr cash / bank, Cr the payer's receivable;
 * - a patient's deposit received: Dr cash / bank, Cr the deposit (a liability); its refund the
 *   mirror. A payment's DEPOSIT part debits the deposit (above).
 * A difference of at most Rp1 (rounding) goes to the rounding account; any other is refused.
 */

export const BANK_METHODS = ['DEBIT', 'KREDIT', 'QRIS', 'TRANSFER'] as const;
export const RECEIVABLE_KINDS = ['patient', 'company', 'insurer'] as const;
export type ReceivableKind = (typeof RECEIVABLE_KINDS)[number];
export const REVENUE_CATEGORIES = [
  'registration',
  'consultation',
  'procedure',
  'lab',
  'radiology',
  'physio',
  'mcu',
  'drug',
  'compounding',
  'consumable',
  'extra',
] as const;
export type RevenueCategory = (typeof REVENUE_CATEGORIES)[number];

/** Where a bill line's category is booked: packaging with compounding, other lines and adjustments with the extra charges. */
export const REVENUE_OF: Readonly<Record<BillCategory, RevenueCategory>> = {
  registration: 'registration',
  consultation: 'consultation',
  procedure: 'procedure',
  lab: 'lab',
  radiology: 'radiology',
  physio: 'physio',
  mcu: 'mcu',
  drug: 'drug',
  compounding: 'compounding',
  packaging: 'compounding',
  consumable: 'consumable',
  other: 'extra',
  extra: 'extra',
  adjustment: 'extra',
};

export const ACCOUNT_KEYS = [
  'cash',
  ...BANK_METHODS.map((m) => `bank.${m}` as const),
  'deposit',
  ...RECEIVABLE_KINDS.map((k) => `receivable.${k}` as const),
  ...REVENUE_CATEGORIES.map((c) => `revenue.${c}` as const),
  'discount',
  'ppnOut',
  'rounding',
] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];

export interface Account {
  code: string;
  name: string;
}

/** The chart a clinic starts with (a common Indonesian small-clinic chart; each clinic may change it). */
export const DEFAULT_ACCOUNTS: Readonly<Record<AccountKey, Account>> = {
  cash: { code: '1101', name: 'Kas' },
  'bank.DEBIT': { code: '1102', name: 'Bank - Kartu Debit' },
  'bank.KREDIT': { code: '1103', name: 'Bank - Kartu Kredit' },
  'bank.QRIS': { code: '1104', name: 'Bank - QRIS' },
  'bank.TRANSFER': { code: '1105', name: 'Bank - Transfer' },
  deposit: { code: '2102', name: 'Uang Muka Pasien' },
  'receivable.patient': { code: '1121', name: 'Piutang Pasien' },
  'receivable.company': { code: '1122', name: 'Piutang Perusahaan' },
  'receivable.insurer': { code: '1123', name: 'Piutang Asuransi' },
  'revenue.registration': { code: '4101', name: 'Pendapatan Pendaftaran' },
  'revenue.consultation': { code: '4102', name: 'Pendapatan Jasa Dokter' },
  'revenue.procedure': { code: '4103', name: 'Pendapatan Tindakan' },
  'revenue.lab': { code: '4104', name: 'Pendapatan Laboratorium' },
  'revenue.radiology': { code: '4105', name: 'Pendapatan Radiologi' },
  'revenue.physio': { code: '4106', name: 'Pendapatan Fisioterapi' },
  'revenue.mcu': { code: '4107', name: 'Pendapatan Medical Check Up' },
  'revenue.drug': { code: '4201', name: 'Pendapatan Obat' },
  'revenue.compounding': { code: '4202', name: 'Pendapatan Racikan dan Kemasan' },
  'revenue.consumable': { code: '4203', name: 'Pendapatan Bahan Habis Pakai' },
  'revenue.extra': { code: '4901', name: 'Pendapatan Lain-lain' },
  discount: { code: '4902', name: 'Potongan Penjualan' },
  ppnOut: { code: '2105', name: 'PPN Keluaran' },
  rounding: { code: '7101', name: 'Selisih Pembulatan' },
};

/** The clinic's chart: its own accounts over the defaults. */
export function chartOf(own: readonly ({ key: string } & Account)[]): Record<AccountKey, Account> {
  const chart = { ...DEFAULT_ACCOUNTS };
  for (const a of own)
    if ((ACCOUNT_KEYS as readonly string[]).includes(a.key))
      chart[a.key as AccountKey] = { code: a.code, name: a.name };
  return chart;
}

export const JOURNAL_SOURCES = [
  'bill',
  'adjustment',
  'payment',
  'reversal',
  'payerPayment',
  'deposit',
  'depositRefund',
] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];

export interface JournalLineDraft {
  key: AccountKey;
  debit: number;
  credit: number;
}

const dr = (key: AccountKey, amount: number): JournalLineDraft =>
  amount >= 0 ? { key, debit: amount, credit: 0 } : { key, debit: 0, credit: -amount };
const cr = (key: AccountKey, amount: number): JournalLineDraft => {
  const line = dr(key, amount);
  return { key, debit: line.credit, credit: line.debit };
};

/** Sums the lines per account and side (one debit and one credit line per account at most), zeros left out. */
function merged(lines: readonly JournalLineDraft[]): JournalLineDraft[] {
  const by = new Map<AccountKey, JournalLineDraft>();
  for (const l of lines) {
    const m = by.get(l.key) ?? { key: l.key, debit: 0, credit: 0 };
    m.debit += l.debit;
    m.credit += l.credit;
    by.set(l.key, m);
  }
  return [...by.values()]
    .flatMap((m) => [
      { key: m.key, debit: m.debit, credit: 0 },
      { key: m.key, debit: 0, credit: m.credit },
    ])
    .filter((l) => l.debit !== 0 || l.credit !== 0)
    .sort((a, b) => Number(b.debit > 0) - Number(a.debit > 0));
}

export const totalsOfLines = (lines: readonly Pick<JournalLineDraft, 'debit' | 'credit'>[]) => ({
  debit: lines.reduce((n, l) => n + l.debit, 0),
  credit: lines.reduce((n, l) => n + l.credit, 0),
});

export const isBalanced = (lines: readonly Pick<JournalLineDraft, 'debit' | 'credit'>[]) => {
  const t = totalsOfLines(lines);
  return t.debit === t.credit;
};

/** Balances a Rp1 rounding difference on the rounding account; refuses anything larger (a bug, not a rounding). */
export function balanced(lines: readonly JournalLineDraft[]): JournalLineDraft[] {
  const t = totalsOfLines(lines);
  const diff = t.debit - t.credit;
  if (Math.abs(diff) > 1) throw new Error(`unbalanced journal entry: debit ${t.debit}, credit ${t.credit}`);
  const out = merged(diff ? [...lines, cr('rounding', diff)] : lines);
  if (!out.every((l) => Number.isInteger(l.debit) && Number.isInteger(l.credit)))
    throw new Error('journal amounts must be whole rupiah');
  return out;
}

export interface PostedLine {
  category: BillCategory;
  taxCode: TaxCode;
  gross: number;
  discount: number;
  dpp: number;
  ppn: number;
  net: number;
}

/** A posted bill: receivable of its net, revenue before discount, the discount, PPN out. */
export function billEntryLines(lines: readonly PostedLine[], pricesIncludePpn: boolean): JournalLineDraft[] {
  const out: JournalLineDraft[] = [];
  for (const l of lines) {
    // the line's DPP had it no discount (its tax split of the gross); the discount without PPN is the rest
    const beforeDiscount = l.discount > 0 ? taxSplit(l.gross, l.taxCode, { pricesIncludePpn }).dpp : l.dpp;
    out.push(
      dr('receivable.patient', l.net),
      cr(`revenue.${REVENUE_OF[l.category]}`, beforeDiscount),
      dr('discount', beforeDiscount - l.dpp),
      cr('ppnOut', l.ppn),
    );
  }
  return balanced(out);
}

/** Where money of a method lands: cash, a bank account, the deposit, or the payer's receivable. */
export function accountOfMethod(method: PaymentMethod | 'GIRO' | 'CEK'): AccountKey {
  switch (method) {
    case 'TUNAI':
      return 'cash';
    case 'DEPOSIT':
      return 'deposit';
    case 'PERUSAHAAN':
      return 'receivable.company';
    case 'ASURANSI':
      return 'receivable.insurer';
    case 'GIRO':
    case 'CEK':
      return 'bank.TRANSFER';
    default:
      return `bank.${method}`;
  }
}

/** A payment (positive parts) or its reversal (negative parts: the mirror). */
export function paymentEntryLines(
  parts: readonly { method: PaymentMethod; amount: number }[],
): JournalLineDraft[] {
  const out: JournalLineDraft[] = [];
  for (const p of parts)
    out.push(dr(accountOfMethod(p.method), p.amount), cr('receivable.patient', p.amount));
  return balanced(out);
}

/** A company's or insurer's payment of its invoice. */
export function payerPaymentEntryLines(
  method: 'TRANSFER' | 'GIRO' | 'CEK' | 'TUNAI',
  payerKind: 'company' | 'insurer',
  amount: number,
): JournalLineDraft[] {
  return balanced([dr(accountOfMethod(method), amount), cr(`receivable.${payerKind}`, amount)]);
}

/** A deposit received (positive) or refunded (negative): cash or bank against the deposit liability. */
export function depositEntryLines(method: PaymentMethod, amount: number): JournalLineDraft[] {
  return balanced([dr(accountOfMethod(method), amount), cr('deposit', amount)]);
}

/** A day range of the journal: at most 92 days, like the transaction report. */
export const JOURNAL_MAX_DAYS = 92;

/** File names of the exports: `jurnal-<clinic>-<from>_<to>.xlsx|csv`. */
export const journalFileName = (clinicId: number, from: string, to: string, ext: 'xlsx' | 'csv') =>
  `jurnal-${clinicId}-${from}_${to}.${ext}`;

/** CSV with a comma separator (RFC 4180): fields with a comma, quote or line break are quoted. */
export function csvField(value: string | number | null): string {
  const s = value === null ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
