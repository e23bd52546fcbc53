import {
  addSlotSchema,
  deleteSlotSchema,
  doctorScheduleSchema,
  scheduleLimitSchema,
  updateSlotSchema,
} from '@klinikita/domain/schedules/schedule.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import { addSlot, deleteSlot, doctorSchedule, setLimit, updateSlot } from './schedules.service.ts';

const writeErrors = { ...standardErrors, 409: errorResponse };
const doctorParams = z.object({ doctorId: z.coerce.number().int().positive('validation.invalid') });
const dayAnswer = ok(z.array(z.string()));

/**
 * Doctor schedules (spec 2.5 Pengaturan Jadwal). Reading needs a session and the clinic in scope;
 * changing needs the doctor's own session, or /MasterDokter or /Schedule (checked in the service).
 */
export async function schedulesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/reservation/doctor-schedule/:doctorId',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['schedules'],
        summary: 'A doctor’s week at a clinic: slots and daily limit per weekday (1 = Sunday)',
        params: doctorParams,
        querystring: z.object({
          clinicId: z.coerce.number().int().positive('validation.invalid').optional(),
        }),
        response: { 200: ok(doctorScheduleSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await doctorSchedule(
        db,
        requireSession(request),
        request.params.doctorId,
        request.query.clinicId,
      ),
    }),
  );

  r.put(
    '/assesments/doctors/:doctorId',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['schedules'],
        summary: 'Set a weekday’s patient limit',
        params: doctorParams,
        body: scheduleLimitSchema,
        response: { 200: ok(z.undefined()), ...writeErrors },
      },
    },
    async (request) => {
      const { weekday } = await setLimit(
        db,
        requireSession(request),
        request.params.doctorId,
        request.body,
        request.ip,
      );
      return {
        status: true,
        message: request.t('staffApi.limitSaved', { day: request.t(`staffApi.weekdays.${weekday}`) }),
      };
    },
  );

  r.post(
    '/assesments/doctors/add-schedule',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['schedules'],
        summary: 'Add a slot; answers the day’s slots',
        body: addSlotSchema,
        response: { 200: dayAnswer, ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('staffApi.slotAdded'),
      data: await addSlot(db, requireSession(request), request.body, request.ip),
    }),
  );

  r.put(
    '/assesments/doctors/update-time-schedule',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['schedules'],
        summary: 'Change the slot at indexToChange (bookingTime is what the client saw there)',
        body: updateSlotSchema,
        response: { 200: dayAnswer, ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('staffApi.slotUpdated'),
      data: await updateSlot(db, requireSession(request), request.body, request.ip),
    }),
  );

  r.delete(
    '/assesments/doctors/delete-schedule',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['schedules'],
        summary: 'Delete the slot at indexToChange (JSON body)',
        body: deleteSlotSchema,
        response: { 200: dayAnswer, ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('staffApi.slotDeleted'),
      data: await deleteSlot(db, requireSession(request), request.body, request.ip),
    }),
  );
}
