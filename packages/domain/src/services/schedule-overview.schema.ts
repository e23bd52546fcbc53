import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { serviceDeskSchema } from './service-hours.schema.ts';

/**
 * The week overview (`/Schedule`): who practises where and when across the corporate's clinics,
 * every doctor's and service desk's hours per day with that day's bookings against its limit.
 */

const idSchema = z.coerce.number().int('validation.invalid').positive('validation.invalid');

export const scheduleWeekQuerySchema = z.object({
  /** The first day of the week 'YYYY-MM-DD'; this week's Monday when absent. */
  start: dateSchema('iso').optional(),
  clinicId: idSchema.optional(),
  specialistId: idSchema.optional(),
});

/** One day of a row: its periods, its limit (0: none) and the visits booked (not cancelled). */
export const scheduleCellSchema = z.object({
  day: z.string(),
  slots: z.array(z.string()),
  limit: z.number().int(),
  booked: z.number().int(),
});
export type ScheduleCell = z.infer<typeof scheduleCellSchema>;

export const scheduleDoctorRowSchema = z.object({
  doctorId: z.number().int(),
  name: z.string(),
  specialist: z.string().nullable(),
  cells: z.array(scheduleCellSchema),
});
export type ScheduleDoctorRow = z.infer<typeof scheduleDoctorRowSchema>;

export const scheduleDeskRowSchema = z.object({
  serviceType: serviceDeskSchema,
  cells: z.array(scheduleCellSchema),
});
export type ScheduleDeskRow = z.infer<typeof scheduleDeskRowSchema>;

export const scheduleClinicSchema = z.object({
  clinicId: z.number().int(),
  name: z.string(),
  /** The clinic's own today (its time zone). */
  today: z.string(),
  doctors: z.array(scheduleDoctorRowSchema),
  desks: z.array(scheduleDeskRowSchema),
});
export type ScheduleClinic = z.infer<typeof scheduleClinicSchema>;

export const scheduleWeekSchema = z.object({
  start: z.string(),
  /** The seven days from `start`. */
  days: z.array(z.string()),
  /** The specialties of the doctors practising at the clinics shown (the filter's choices). */
  specialists: z.array(z.object({ id: z.number().int(), name: z.string() })),
  clinics: z.array(scheduleClinicSchema),
});
export type ScheduleWeek = z.infer<typeof scheduleWeekSchema>;
