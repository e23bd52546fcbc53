import { endpoint } from '../common/contract.ts';
import { turnaroundAnswerSchema, turnaroundQuerySchema } from './turnaround.schema.ts';

/**
 * The turnaround dashboard (`/DashboardAdvance/turnAroundTime`): aggregates only — n, median, P90,
 * within the standard, excluded — of one clinic of the caller's over at most 31 clinic-local days.
 */
export const getTurnaround = endpoint({
  method: 'GET',
  path: '/dashboard/turnaround',
  permission: 'dashboard.read',
  tags: ['turnaround'],
  summary:
    'Turnaround times of a clinic’s days: wait for the doctor, consultation, pharmacy (racikan or not), lab; by doctor, payer and hour',
  query: turnaroundQuerySchema,
  response: turnaroundAnswerSchema,
});
