import { endpoint } from '../common/contract.ts';
import { scheduleWeekQuerySchema, scheduleWeekSchema } from './schedule-overview.schema.ts';

/** The week overview (`/Schedule`): doctors' practice and desks' hours with bookings per day. */
export const getScheduleWeek = endpoint({
  method: 'GET',
  path: '/schedule/week',
  permission: 'schedule.read',
  tags: ['serviceHours'],
  summary:
    'One week across the caller’s clinics (filtered by clinic and specialty): every doctor’s and desk’s periods per day, bookings against the day’s limit',
  query: scheduleWeekQuerySchema,
  response: scheduleWeekSchema,
});
