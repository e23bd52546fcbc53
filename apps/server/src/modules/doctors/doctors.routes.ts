import {
  doctorCreateSchema,
  doctorListQuerySchema,
  doctorUpdateSchema,
} from '@klinikita/domain/employees/profile.schema';
import { pagedSchema } from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import { doctorProfileSchema, doctorSummarySchema, specialistSchema } from './doctors.mapper.ts';
import { listSpecialists } from './doctors.queries.ts';
import { createDoctor, doctorProfile, listDoctors, updateDoctor } from './doctors.service.ts';

const writeErrors = { ...standardErrors, 409: errorResponse };
const doctorIdQuery = z.object({ id: z.coerce.number().int().positive('validation.invalid') });

/** Specialists, the own doctor profile and the /MasterDokter master data. */
export async function doctorsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/doctors/specialists',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['doctors'],
        summary: 'Specialists to choose from',
        response: { 200: ok(z.object({ specialists: z.array(specialistSchema) })), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: { specialists: await listSpecialists(db) },
    }),
  );

  r.get(
    '/settings/myprofile/doctors/edit/profile',
    {
      // the own doctor profile; any doctor in scope for /MasterDokter holders (checked in the service)
      config: { access: { session: true } },
      schema: {
        tags: ['doctors'],
        summary: 'A doctor profile (spec 3) by DoctorId',
        querystring: doctorIdQuery,
        response: { 200: ok(doctorProfileSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await doctorProfile(db, requireSession(request), request.query.id),
    }),
  );

  r.get(
    '/settings/master/doctors/where',
    {
      config: { access: { permission: 'doctor.manage' } },
      schema: {
        tags: ['doctors'],
        summary: 'One doctor by `id`, or a page of doctors (search, clinicId, enabled)',
        querystring: doctorListQuerySchema,
        response: {
          200: ok(z.union([doctorProfileSchema, pagedSchema(doctorSummarySchema)])),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const data =
        request.query.id !== undefined
          ? await doctorProfile(db, session, request.query.id)
          : await listDoctors(db, session, request.query);
      return { status: true, message: request.t('api.ok'), data };
    },
  );

  r.post(
    '/settings/doctors',
    {
      config: { access: { permission: 'doctor.manage' } },
      schema: {
        tags: ['doctors'],
        summary: 'Add a doctor: employee, doctor record, clinics and a Doctor login',
        body: doctorCreateSchema,
        response: {
          200: ok(z.object({ doctorId: z.number().int(), uidEmployee: z.string(), userId: z.string() })),
          ...writeErrors,
        },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('staffApi.doctorCreated'),
      data: await createDoctor(db, requireSession(request), request.body, request.ip),
    }),
  );

  r.patch(
    '/settings/doctors',
    {
      config: { access: { permission: 'doctor.manage' } },
      schema: {
        tags: ['doctors'],
        summary: 'Change a doctor (only the fields sent)',
        body: doctorUpdateSchema,
        response: { 200: ok(z.undefined()), ...writeErrors },
      },
    },
    async (request) => {
      await updateDoctor(db, requireSession(request), request.body, request.ip);
      return { status: true, message: request.t('staffApi.doctorSaved') };
    },
  );
}
