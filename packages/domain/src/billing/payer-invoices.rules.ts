import { addDays } from '../common/clinic-day.ts';
import { daysBetween } from '../common/dates.ts';
import { sequencedNumber } from '../common/document-number.ts';

/**
 * Bills to partner companies and insurers (issue 18 §5–6, research/operations.md §3.8): the
 * invoice's life, its number and due date, how a payer's payment is spread over the visits it
 * pays, and the aging buckets of what is still owed.
 */

export const PAYER_INVOICE_STATUSES = [
  'DRAFT',
  'APPROVED',
  'SENT',
  'PARTIALLY_PAID',
  'PAID',
  'DISPUTED',
  'WRITTEN_OFF',
  'CANCELLED',
] as const;
export type PayerInvoiceStatus = (typeof PAYER_INVOICE_STATUSES)[number];

export const PAYER_PAYMENT_METHODS = ['TRANSFER', 'GIRO', 'CEK', 'TUNAI'] as const;
export type PayerPaymentMethod = (typeof PAYER_PAYMENT_METHODS)[number];

/** An insurer has no credit terms in the partner-company master: 30 days. */
export const DEFAULT_INSURER_TERM_DAYS = 30;

export const payerInvoiceNumber = (clinic: number, period: string, seq: number) =>
  sequencedNumber('TG', clinic, period, seq);

/** The day payment is due: the issue day plus the payer's term. */
export const dueDateOf = (issueDay: string, termDays: number) => addDays(issueDay, termDays);

/** A payer on the wire: `company:<company uid>` or `insurer:<name>`. */
export type PayerKey = { kind: 'company'; companyUid: string } | { kind: 'insurer'; name: string };

export function parsePayerKey(key: string): PayerKey | null {
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  const rest = key.slice(at + 1).trim();
  if (at < 0 || !rest) return null;
  if (kind === 'company') return { kind, companyUid: rest };
  if (kind === 'insurer') return { kind, name: rest };
  return null;
}

export const payerKeyOf = (payer: PayerKey) =>
  payer.kind === 'company' ? `company:${payer.companyUid}` : `insurer:${payer.name}`;

/** What each action needs the invoice to be. */
const ACTIONS = {
  approve: ['DRAFT'],
  send: ['APPROVED'],
  cancel: ['DRAFT'],
  pay: ['SENT', 'PARTIALLY_PAID', 'DISPUTED'],
  dispute: ['SENT', 'PARTIALLY_PAID'],
  resolve: ['DISPUTED'],
  writeOff: ['SENT', 'PARTIALLY_PAID', 'DISPUTED'],
  /** An insurer's answer on a claim batch, and the resolution of a denial. */
  deny: ['SENT', 'PARTIALLY_PAID', 'DISPUTED'],
  settleDenial: ['SENT', 'PARTIALLY_PAID', 'DISPUTED'],
} as const satisfies Record<string, readonly PayerInvoiceStatus[]>;
export type PayerInvoiceAction = keyof typeof ACTIONS;

export const mayDo = (status: PayerInvoiceStatus, action: PayerInvoiceAction) =>
  (ACTIONS[action] as readonly PayerInvoiceStatus[]).includes(status);

/**
 * The status the money says, once the invoice has been sent (a dispute stays until resolved). An
 * insurer's denial keeps the batch open until it is resolved; what is re-claimed moves to a later
 * batch, so the batch is PAID when the rest is paid (WRITTEN_OFF when anything was written off).
 */
export function statusAfterMoney(
  current: PayerInvoiceStatus,
  money: { total: number; paid: number; writtenOff: number; reclaimed?: number },
): PayerInvoiceStatus {
  if (money.paid + money.writtenOff + (money.reclaimed ?? 0) >= money.total)
    return money.writtenOff > 0 ? 'WRITTEN_OFF' : 'PAID';
  if (current === 'DISPUTED') return 'DISPUTED';
  return money.paid > 0 ? 'PARTIALLY_PAID' : 'SENT';
}

export interface OpenItem {
  key: string;
  /** The visit's day: the oldest is paid first. */
  day: string;
  open: number;
}
export interface Allocation {
  key: string;
  amount: number;
}

/**
 * A payment spread over the items oldest visit first (the payer's remittance names no visits);
 * null when the amount is more than what is open.
 */
export function allocateOldestFirst(items: readonly OpenItem[], amount: number): Allocation[] | null {
  const open = items.reduce((s, i) => s + i.open, 0);
  if (amount > open) return null;
  const out: Allocation[] = [];
  let rest = amount;
  // a stable sort: items of one day keep their order on the invoice
  const sorted = [...items].sort((a, b) => a.day.localeCompare(b.day));
  for (const item of sorted) {
    if (rest <= 0) break;
    const take = Math.min(item.open, rest);
    if (take > 0) out.push({ key: item.key, amount: take });
    rest -= take;
  }
  return out;
}

/**
 * What is wrong with an allocation given by hand, per row (index → message key): an item not on
 * the invoice, an item twice, more than what is open on the item; and the sum against the amount.
 */
export function allocationErrors(
  items: readonly OpenItem[],
  allocations: readonly Allocation[],
  amount: number,
): { rows: Map<number, string>; sumMismatch: boolean } {
  const byKey = new Map(items.map((i) => [i.key, i]));
  const seen = new Set<string>();
  const rows = new Map<number, string>();
  allocations.forEach((a, i) => {
    const item = byKey.get(a.key);
    if (!item) rows.set(i, 'itemNotOnInvoice');
    else if (seen.has(a.key)) rows.set(i, 'itemTwice');
    else if (a.amount > item.open) rows.set(i, 'overAllocated');
    seen.add(a.key);
  });
  const sum = allocations.reduce((s, a) => s + a.amount, 0);
  return { rows, sumMismatch: sum !== amount };
}

export const AGING_BUCKETS = ['notDue', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Days past due = the report day − the due day; not yet due at 0 or fewer. */
export function agingBucket(asOf: string, dueDate: string): AgingBucket {
  const days = daysBetween(dueDate, asOf);
  if (days <= 0) return 'notDue';
  if (days <= 30) return 'd1to30';
  if (days <= 60) return 'd31to60';
  if (days <= 90) return 'd61to90';
  return 'over90';
}
