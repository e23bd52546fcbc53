import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  addSlotSchema,
  deleteSlotSchema,
  doctorScheduleSchema,
  scheduleLimitSchema,
  updateSlotSchema,
} from './schedule.schema.ts';

/**
 * Doctor schedules (spec 2.5 Pengaturan Jadwal). Reading needs a session and the clinic in scope;
 * changing needs the doctor's own session, or /MasterDokter or /Schedule (checked in the service).
 */
const tags = ['schedules'] as const;
const doctorParams = z.object({ doctorId: z.coerce.number().int().positive('validation.invalid') });
/** The day's slots after a change. */
const daySlots = z.array(z.string());

export const getDoctorSchedule = endpoint({
  method: 'GET',
  path: '/reservation/doctor-schedule/:doctorId',
  session: true,
  tags,
  summary: 'A doctor’s week at a clinic: slots and daily limit per weekday (1 = Sunday)',
  params: doctorParams,
  query: z.object({ clinicId: z.coerce.number().int().positive('validation.invalid').optional() }),
  response: doctorScheduleSchema,
});

/** Answers `staffApi.limitSaved` naming the weekday. */
export const setScheduleLimit = endpoint({
  method: 'PUT',
  path: '/assesments/doctors/:doctorId',
  session: true,
  tags,
  summary: 'Set a weekday’s patient limit',
  params: doctorParams,
  body: scheduleLimitSchema,
  response: z.undefined(),
  errors: conflictErrors,
});

export const addScheduleSlot = endpoint({
  method: 'POST',
  path: '/assesments/doctors/add-schedule',
  session: true,
  tags,
  summary: 'Add a slot; answers the day’s slots',
  body: addSlotSchema,
  response: daySlots,
  errors: conflictErrors,
  message: 'staffApi.slotAdded',
});

export const updateScheduleSlot = endpoint({
  method: 'PUT',
  path: '/assesments/doctors/update-time-schedule',
  session: true,
  tags,
  summary: 'Change the slot at indexToChange (bookingTime is what the client saw there)',
  body: updateSlotSchema,
  response: daySlots,
  errors: conflictErrors,
  message: 'staffApi.slotUpdated',
});

export const deleteScheduleSlot = endpoint({
  method: 'DELETE',
  path: '/assesments/doctors/delete-schedule',
  session: true,
  tags,
  summary: 'Delete the slot at indexToChange (JSON body)',
  body: deleteSlotSchema,
  response: daySlots,
  errors: conflictErrors,
  message: 'staffApi.slotDeleted',
});
