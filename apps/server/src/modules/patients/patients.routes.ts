import {
  patientCreateSchema,
  patientEditSchema,
  patientListQuerySchema,
  patientSchema,
  patientSummarySchema,
} from '@klinikita/domain/patients/patient.schema';
import { pagedSchema } from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import {
  createPatient,
  deletePatient,
  editPatient,
  listPatients,
  PatientError,
  readPatient,
} from './patients.service.ts';

/** A refusal with a machine code and the patients it collided with (`nikTaken`, `likelyDuplicate`). */
const conflictResponse = errorResponse.extend({
  code: z.string().optional(),
  data: z.object({ candidates: z.array(patientSummarySchema) }).optional(),
});
const writeErrors = { ...standardErrors, 400: conflictResponse, 409: conflictResponse };
const uidParams = z.object({ uid: z.string().min(1, 'validation.required').max(60, 'validation.tooLong') });

/** Runs a write; a PatientError answers with its code, candidates or field errors beside the message. */
async function answering<T>(request: FastifyRequest, reply: FastifyReply, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof PatientError)) throw error;
    const { code, data, errors } = error.extra;
    return reply.code(error.statusCode).send({
      status: false,
      message: request.t(error.key, error.params),
      ...(code && { code }),
      ...(data !== undefined && { data }),
      ...(errors && { errors: errors.map((e) => ({ path: e.path, message: request.t(e.message) })) }),
    });
  }
}

/** The patient master (`/MasterPasien`, `/patient`) and the front office's patient search. */
export async function patientsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/patients',
    {
      config: { access: { permission: 'patient.read' } },
      schema: {
        tags: ['patients'],
        summary: 'One page of the corporate’s patients; search by name, NIK, record number or phone',
        querystring: patientListQuerySchema,
        response: { 200: ok(pagedSchema(patientSummarySchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listPatients(db, requireSession(request), request.query),
    }),
  );

  r.get(
    '/patients/:uid',
    {
      config: { access: { permission: 'patient.read' } },
      schema: {
        tags: ['patients'],
        summary: 'One patient (audited)',
        params: uidParams,
        response: { 200: ok(patientSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await readPatient(db, requireSession(request), request.params.uid, request.ip),
    }),
  );

  r.post(
    '/patients',
    {
      config: { access: { permission: 'patient.write' } },
      schema: {
        tags: ['patients'],
        summary: 'Register a patient; the record number is allocated per clinic',
        body: patientCreateSchema,
        response: { 200: ok(patientSchema), ...writeErrors },
      },
    },
    (request, reply) =>
      answering(request, reply, async () => {
        const data = await createPatient(db, requireSession(request), request.body, request.ip);
        return { status: true, message: request.t('patients.created', { mrn: data.mrn }), data };
      }),
  );

  r.patch(
    '/patients/:uid',
    {
      config: { access: { permission: 'patient.write' } },
      schema: {
        tags: ['patients'],
        summary: 'Change a patient: only the fields sent',
        params: uidParams,
        body: patientEditSchema,
        response: { 200: ok(patientSchema), ...writeErrors },
      },
    },
    (request, reply) =>
      answering(request, reply, async () => ({
        status: true,
        message: request.t('patients.saved'),
        data: await editPatient(db, requireSession(request), request.params.uid, request.body, request.ip),
      })),
  );

  r.delete(
    '/patients/:uid',
    {
      config: { access: { permission: 'patient.delete' } },
      schema: {
        tags: ['patients'],
        summary: 'Remove a patient (soft delete; restorable from the trash)',
        params: uidParams,
        response: { 200: ok(z.undefined()), ...standardErrors },
      },
    },
    async (request) => {
      await deletePatient(db, requireSession(request), request.params.uid, request.ip);
      return { status: true, message: request.t('patients.deleted') };
    },
  );
}
