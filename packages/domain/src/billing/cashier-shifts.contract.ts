import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import {
  closeShiftSchema,
  currentShiftQuerySchema,
  currentShiftSchema,
  dayCloseAnswerSchema,
  dayCloseSchema,
  openShiftSchema,
  shiftListQuerySchema,
  shiftParamsSchema,
  shiftReportSchema,
  shiftSchema,
} from './cashier-shifts.schema.ts';

/**
 * Cashier shifts (issue 18 §4, research/operations.md §3.7): a cashier opens a shift at a clinic
 * with a float; payments and reversals are taken within it; closing counts the cash against the
 * expected (float + cash received − cash given back); a non-zero variance needs a reason and a
 * second person's approval. The clinic's day closes only with no open bill, visit or shift.
 */
const tags = ['billing'] as const;

export const getCurrentShift = endpoint({
  method: 'GET',
  path: '/billing/shifts/current',
  permission: 'payment.take',
  tags,
  summary: 'The caller’s open shift at a clinic with its running totals (null when none is open)',
  query: currentShiftQuerySchema,
  response: currentShiftSchema,
});

export const openShift = endpoint({
  method: 'POST',
  path: '/billing/shifts',
  permission: 'payment.take',
  tags,
  summary: 'Open the caller’s shift at a clinic with an opening float (409 when one is open already)',
  body: openShiftSchema,
  response: shiftSchema,
  errors: conflictErrors,
  message: 'cashierShifts.opened',
});

export const closeShift = endpoint({
  method: 'POST',
  path: '/billing/shifts/:uid/close',
  permission: 'payment.take',
  tags,
  summary: 'Close the caller’s shift with the counted cash; a variance needs a reason and waits for approval',
  params: shiftParamsSchema,
  body: closeShiftSchema,
  response: shiftSchema,
  errors: conflictErrors,
  message: 'cashierShifts.closed',
});

export const approveShift = endpoint({
  method: 'POST',
  path: '/billing/shifts/:uid/approve',
  permission: 'bill.approve',
  tags,
  summary: 'Approve a shift’s variance (a second person: not the shift’s cashier)',
  params: shiftParamsSchema,
  response: shiftSchema,
  errors: conflictErrors,
  message: 'cashierShifts.approved',
});

export const listShifts = endpoint({
  method: 'GET',
  path: '/billing/shifts',
  permission: 'payment.take',
  tags,
  summary: 'A clinic’s shifts, newest first, by day and status',
  query: shiftListQuerySchema,
  response: pagedSchema(shiftSchema),
});

export const getShiftReport = endpoint({
  method: 'GET',
  path: '/billing/shifts/:uid/report',
  permission: 'payment.take',
  tags,
  summary: 'A shift’s report: its totals and every payment and reversal taken in it',
  params: shiftParamsSchema,
  response: shiftReportSchema,
});

export const closeDay = endpoint({
  method: 'POST',
  path: '/billing/days/close',
  permission: 'payment.take',
  tags,
  summary: 'Close a clinic’s day (409 naming the bills, visits at the cashier and shifts still open)',
  body: dayCloseSchema,
  response: dayCloseAnswerSchema,
  errors: conflictErrors,
  message: 'cashierShifts.dayClosed',
});
