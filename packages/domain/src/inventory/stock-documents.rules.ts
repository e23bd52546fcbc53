import { fromMilli, type MovementKind, toMilli, wholeRupiah } from './inventory.rules.ts';

/**
 * The rules of the stock documents over the ledger (issue 17 §4–6, research/operations.md §2.3,
 * §2.5): the stock opname, unit requests (amprahan) and the narcotics and psychotropics report.
 */

/** A stock opname: counting (the sheet is open) → submitted → approved (the differences booked), or cancelled. */
export const OPNAME_STATUSES = ['counting', 'submitted', 'approved', 'cancelled'] as const;
export type OpnameStatus = (typeof OPNAME_STATUSES)[number];

/** A unit request: requested → approved → partially fulfilled → fulfilled; rejected; cancelled. */
export const REQUEST_STATUSES = [
  'requested',
  'approved',
  'partially_fulfilled',
  'fulfilled',
  'rejected',
  'cancelled',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Document numbers: SO-000012 for an opname, AM-000034 for an amprahan, per clinic. */
export const documentNumber = (kind: 'opname' | 'request', seq: number) =>
  `${kind === 'opname' ? 'SO' : 'AM'}-${String(seq).padStart(6, '0')}`;

/**
 * An opname line's difference and its value: counted − system, valued at the moving average
 * (whole rupiah). Not counted yet: no difference.
 */
export function opnameDifference(systemQuantity: number, counted: number | null, unitCost: number) {
  if (counted === null) return { difference: null, value: null };
  const difference = fromMilli(toMilli(counted) - toMilli(systemQuantity));
  return { difference, value: wholeRupiah(difference * unitCost) };
}

/** The report's columns: where each movement kind falls. */
export const REPORT_IN_KINDS: readonly MovementKind[] = [
  'receipt',
  'transfer_in',
  'return_patient',
  'initial',
];
export const REPORT_OUT_KINDS: readonly MovementKind[] = [
  'dispense',
  'transfer_out',
  'consumable_use',
  'return_supplier',
];
export const REPORT_ADJUST_KINDS: readonly MovementKind[] = ['adjustment', 'opname'];

export interface ReportLine {
  opening: number;
  in: number;
  out: number;
  adjust: number;
  closing: number;
}

/** opening + in − out ± adjustments = closing, to the thousandth. */
export const reconciles = (l: ReportLine) =>
  toMilli(l.opening) + toMilli(l.in) - toMilli(l.out) + toMilli(l.adjust) === toMilli(l.closing);

/** 'YYYY-MM' → the first day of it and of the next month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}
