// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';

/** Weekday index 1 to 7 starting Sunday (spec 3, 9). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekdaySchema = z.coerce
  .number()
  .int()
  .min(1, 'validation.invalid')
  .max(7, 'validation.invalid');

const SCHEDULE_INCOMPLETE = 'All field must be filled';

/** 'HH:mm - HH:mm' (spec 9). */
export const SLOT_PATTERN = /^([01]\d|2[0-3]):[0-5]\d - ([01]\d|2[0-3]):[0-5]\d$/;
export const slotSchema = z
  .string({ error: (issue) => (issue.input == null ? SCHEDULE_INCOMPLETE : undefined) })
  // a start or an end left empty is the spec's 'All field must be filled' (spec 5)
  .refine((slot) => slot.split('-').every((part) => part.trim() !== ''), {
    message: SCHEDULE_INCOMPLETE,
    abort: true,
  })
  .regex(SLOT_PATTERN, { message: 'validation.slotFormat', abort: true })
  .refine((slot) => {
    const [start, end] = slot.split(' - ');
    return end > start;
  }, 'validation.slotOrder');

export const formatSlot = (start: string, end: string) => `${start} - ${end}`;
export const parseSlot = (slot: string) => {
  const [start, end] = slot.split(' - ');
  return { start, end };
};

/** Two slots overlap when each starts before the other ends. */
export const slotsOverlap = (a: string, b: string) => {
  const x = parseSlot(a);
  const y = parseSlot(b);
  return x.start < y.end && y.start < x.end;
};

/** `GET /reservation/doctor-schedule/{doctorId}`: data keyed by weekday. */
export const scheduleDaySchema = z.object({ booking: z.array(z.string()), limit: z.number().int() });
export const doctorScheduleSchema = z.record(z.string(), scheduleDaySchema);
export type DoctorSchedule = z.infer<typeof doctorScheduleSchema>;

/** `PUT /assesments/doctors/{doctorId}`: the daily limit, a whole number from 0. */
export const scheduleLimitSchema = z.object({
  dayToChange: weekdaySchema,
  // a number or its digits; '' and null are not 0
  limit: z
    .union([z.number(), z.string().trim().min(1, 'validation.wholeNumber')], {
      error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.wholeNumber'),
    })
    .pipe(
      z.coerce
        .number<string | number>({ error: 'validation.wholeNumber' })
        .int('validation.wholeNumber')
        .min(0, 'validation.wholeNumber')
        .max(1000, 'validation.tooLong'),
    ),
  clinicId: z.coerce.number().int().positive().optional(),
});

/** `POST /assesments/doctors/add-schedule`. */
export const addSlotSchema = z.object({
  clinicIdWeb: z.coerce.number().int().positive(),
  dokterIdWeb: z.coerce.number().int().positive(),
  newBookingTime: slotSchema,
  bookingDay: weekdaySchema,
});

/** `PUT /assesments/doctors/update-time-schedule`. */
export const updateSlotSchema = z.object({
  clinicIDWeb: z.coerce.number().int().positive(),
  dokterIdWeb: z.coerce.number().int().positive(),
  newBookingTime: slotSchema,
  bookingDay: weekdaySchema,
  indexToChange: z.coerce.number().int().min(0),
  bookingTime: z.string().regex(SLOT_PATTERN, 'validation.slotFormat'),
});

/** `DELETE /assesments/doctors/delete-schedule`. */
export const deleteSlotSchema = z.object({
  clinicIDWeb: z.coerce.number().int().positive(),
  dokterIdWeb: z.coerce.number().int().positive(),
  indexToChange: z.coerce.number().int().min(0),
  bookingDay: weekdaySchema,
  bookingTime: z.string().regex(SLOT_PATTERN, 'validation.slotFormat'),
});
