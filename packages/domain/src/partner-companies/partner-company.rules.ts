import { isValidNpwp, npwpDigits } from '../purchasing/purchasing.rules.ts';

/**
 * The partner-company master's pure rules (issue 18 §5, research/operations.md §3.8): credit
 * terms, coverage and the employee numbers of an import.
 */

export { isValidNpwp, npwpDigits };

/** How a company's visits are billed: one invoice per month, closed on the cut-off day. */
export const BILLING_CYCLES = ['monthly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** The cut-off day is one every month has (1–28). */
export const CUTOFF_DAY_MIN = 1;
export const CUTOFF_DAY_MAX = 28;
export const isValidCutoffDay = (day: number) =>
  Number.isInteger(day) && day >= CUTOFF_DAY_MIN && day <= CUTOFF_DAY_MAX;

/** What the employee pays of a covered visit: nothing, a percentage or a fixed amount. */
export const COPAY_TYPES = ['none', 'percent', 'fixed'] as const;
export type CopayType = (typeof COPAY_TYPES)[number];

/** Whether a co-pay is well formed: none is 0, a percentage a whole 0–100, a fixed amount whole rupiah. */
export function copayProblem(type: CopayType, value: number): 'percentRange' | 'noneValue' | null {
  if (type === 'none') return value === 0 ? null : 'noneValue';
  if (type === 'percent')
    return Number.isInteger(value) && value >= 0 && value <= 100 ? null : 'percentRange';
  return null;
}

/** The employee's share of a covered amount (whole rupiah, never more than the amount). */
export function copayOf(type: CopayType, value: number, amount: number): number {
  if (type === 'percent') return Math.min(amount, Math.round((amount * value) / 100));
  if (type === 'fixed') return Math.min(amount, value);
  return 0;
}

/** Employee numbers compare without case and surrounding spaces ("emp-01 " is EMP-01). */
export const employeeNumberKey = (employeeNumber: string) => employeeNumber.trim().toLowerCase();
