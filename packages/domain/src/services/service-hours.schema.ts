// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { SERVICE_TYPES } from '../registrations/registration.rules.ts';
import { slotSchema, weekdaySchema } from '../schedules/schedule.schema.ts';

/**
 * Service desks' opening hours and daily capacity (`/Layanan/jadwalLayanan`): per clinic, desk
 * and weekday (1 = Sunday, as doctor schedules), periods 'HH:mm - HH:mm' that never overlap.
 */

/** The desks a visit goes to (registrations.service_type). */
export const SERVICE_DESKS = SERVICE_TYPES;
export type ServiceDesk = (typeof SERVICE_DESKS)[number];
export const serviceDeskSchema = z.enum(SERVICE_DESKS, { error: 'validation.invalid' });

/** Opening periods one day may hold (a split shift and a little more). */
export const MAX_DAY_SLOTS = 6;
export const MAX_CAPACITY = 1000;

const clinicIdSchema = z.coerce.number().int('validation.invalid').positive('validation.invalid');

/** A desk's weekday: capacity (0: no limit) and its periods, sorted by start (none: closed). */
export const serviceDaySchema = z.object({
  weekday: z.number().int(),
  capacity: z.number().int(),
  slots: z.array(z.string()),
});
export type ServiceDay = z.infer<typeof serviceDaySchema>;

/** One desk's seven weekdays, Sunday first. */
export const serviceDeskWeekSchema = z.object({
  serviceType: serviceDeskSchema,
  days: z.array(serviceDaySchema),
});
export type ServiceDeskWeek = z.infer<typeof serviceDeskWeekSchema>;

/** `GET /service-hours`: every desk of the clinic × weekday. */
export const serviceHoursSchema = z.object({
  clinicId: z.number().int(),
  desks: z.array(serviceDeskWeekSchema),
});
export type ServiceHours = z.infer<typeof serviceHoursSchema>;

export const serviceHoursQuerySchema = z.object({ clinicId: clinicIdSchema });

export const serviceDayParamsSchema = z.object({
  serviceType: serviceDeskSchema,
  weekday: weekdaySchema,
});

/** `PUT /service-hours/{serviceType}/{weekday}`: the day as a whole (the doctor schedule's slot messages). */
export const serviceDaySaveSchema = z.object({
  clinicId: clinicIdSchema,
  capacity: z
    .number({ error: (issue) => (issue.input == null ? 'validation.required' : 'validation.wholeNumber') })
    .int('validation.wholeNumber')
    .min(0, 'validation.wholeNumber')
    .max(MAX_CAPACITY, 'validation.tooLong'),
  slots: z.array(slotSchema).max(MAX_DAY_SLOTS, 'serviceHours.tooManySlots'),
});
export type ServiceDaySaveInput = z.infer<typeof serviceDaySaveSchema>;

/** `POST /service-hours/{serviceType}/{weekday}/copy`: the saved day onto other weekdays. */
export const serviceDayCopySchema = z.object({
  clinicId: clinicIdSchema,
  toWeekdays: z.array(weekdaySchema).min(1, 'serviceHours.copyNone').max(6, 'validation.tooLong'),
});
export type ServiceDayCopyInput = z.infer<typeof serviceDayCopySchema>;

/** What the front office is warned of (never a refusal). */
export const SCHEDULE_WARNINGS = [
  'doctorNotPractising',
  'doctorOutsideHours',
  'deskClosed',
  'deskOutsideHours',
  'quotaReached',
] as const;
export type ScheduleWarningCode = (typeof SCHEDULE_WARNINGS)[number];

export const scheduleWarningSchema = z.object({
  code: z.enum(SCHEDULE_WARNINGS),
  /** The sentence in the caller's language. */
  message: z.string(),
  /** What the sentence names (the web words it itself, so a language switch applies). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ScheduleWarning = z.infer<typeof scheduleWarningSchema>;

/** `GET /service-hours/check`: the clinic-local day and time looked at, and the warnings. */
export const scheduleCheckSchema = z.object({
  day: z.string(),
  time: z.string(),
  warnings: z.array(scheduleWarningSchema),
});
export type ScheduleCheck = z.infer<typeof scheduleCheckSchema>;

export const scheduleCheckQuerySchema = z
  .object({
    clinicId: clinicIdSchema,
    doctorId: z.coerce.number().int('validation.invalid').positive('validation.invalid').optional(),
    serviceType: serviceDeskSchema.optional(),
    /** The moment (ISO with offset); now when absent. */
    at: z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional(),
  })
  .refine((q) => (q.doctorId === undefined) !== (q.serviceType === undefined), {
    message: 'serviceHours.checkTarget',
    path: ['doctorId'],
  });
