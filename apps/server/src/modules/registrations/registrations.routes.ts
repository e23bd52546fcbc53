import { REGISTRATION_STATUSES } from '@klinikita/domain/registrations/registration.rules';
import {
  availableDoctorSchema,
  availableDoctorsQuerySchema,
  displayBoardSchema,
  displayLinkSchema,
  partnerCompanySchema,
  queuePrefixesBodySchema,
  queuePrefixesSchema,
  REGISTRATION_EVENTS,
  registrationCreateSchema,
  registrationListQuerySchema,
  registrationPatchSchema,
  registrationSchema,
} from '@klinikita/domain/registrations/registration.schema';
import { pagedSchema } from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import { listCompanies } from '../patients/patients.service.ts';
import {
  DISPLAY_RENEWED,
  displayBoard,
  displayClinic,
  displayLink,
  queuePrefixes,
  renewDisplayLink,
  saveQueuePrefixes,
} from './queue-display.service.ts';
import {
  availableDoctors,
  createRegistration,
  listRegistrations,
  readRegistration,
  statusCounts,
} from './registrations.service.ts';
import { patchRegistration } from './visit-status.service.ts';

const idParams = z.object({ id: z.string().min(1, 'validation.required').max(60, 'validation.tooLong') });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const clinicQuery = z.object({ clinicId: z.coerce.number().int().positive('validation.invalid') });
const writeErrors = { ...standardErrors, 409: errorResponse };
// a display link lasts as long as it is not renewed; its stream is re-checked twice a day
const DISPLAY_STREAM_MS = 12 * 60 * 60 * 1000;

/** Registrations and queues (spec 2.7, 2.8, 4, 7) and the waiting-room display. */
export async function registrationsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.post(
    '/registrations/registrations',
    {
      config: { access: { permission: 'registration.create' } },
      schema: {
        tags: ['registrations'],
        summary: 'Register a visit for today; answers the registration with its queue number',
        body: registrationCreateSchema,
        response: { 200: ok(registrationSchema), ...writeErrors },
      },
    },
    async (request) => {
      const data = await createRegistration(db, requireSession(request), request.body, request.ip);
      return {
        status: true,
        message: request.t('registrations.created', { queueNumber: data.queueNumber }),
        data,
      };
    },
  );

  r.get(
    '/registrations/registrations',
    {
      config: { access: { permission: 'queue.read' } },
      schema: {
        tags: ['registrations'],
        summary: 'A clinic’s registrations of a day range (default today), filtered and paged',
        querystring: registrationListQuerySchema,
        response: { 200: ok(pagedSchema(registrationSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listRegistrations(db, requireSession(request), request.query),
    }),
  );

  r.get(
    '/registrations/registrations/counts',
    {
      config: { access: { permission: 'queue.read' } },
      schema: {
        tags: ['registrations'],
        summary: 'Every status with its count under the list’s other filters (the board’s status chips)',
        querystring: registrationListQuerySchema,
        response: { 200: ok(z.record(z.enum(REGISTRATION_STATUSES), z.number().int())), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await statusCounts(db, requireSession(request), request.query),
    }),
  );

  r.get(
    '/registrations/registrations/:id',
    {
      config: { access: { permission: 'queue.read' } },
      schema: {
        tags: ['registrations'],
        summary: 'One registration',
        params: idParams,
        response: { 200: ok(registrationSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await readRegistration(db, requireSession(request), request.params.id),
    }),
  );

  r.patch(
    '/registrations/registrations/:id',
    {
      config: { access: { permission: 'queue.read' } },
      schema: {
        tags: ['registrations'],
        summary: 'Call, skip or move a registration (status machine of spec 4) or set its lab flags',
        params: idParams,
        body: registrationPatchSchema,
        response: { 200: ok(registrationSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { registration, moved } = await patchRegistration(
        db,
        requireSession(request),
        request.params.id,
        request.body,
        request.ip,
      );
      const message = moved
        ? request.t('registrations.updated', { status: request.t(`registrations.statuses.${moved}`) })
        : request.t('registrations.flagsUpdated');
      return { status: true, message, data: registration };
    },
  );

  r.get(
    '/registrations/doctors/available',
    {
      config: { access: { permission: 'queue.read' } },
      schema: {
        tags: ['registrations'],
        summary: 'Doctors with a slot at the clinic on a day (default today) and their quota',
        querystring: availableDoctorsQuerySchema,
        response: { 200: ok(z.array(availableDoctorSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await availableDoctors(db, requireSession(request), request.query),
    }),
  );

  r.get(
    '/registrations/companies',
    {
      config: { access: { permission: 'company.read' } },
      schema: {
        tags: ['registrations'],
        summary: 'The corporate’s active partner companies (payers)',
        response: { 200: ok(z.array(partnerCompanySchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listCompanies(db, requireSession(request)),
    }),
  );

  r.get(
    '/registrations/queue-prefixes',
    {
      config: { access: { permission: 'queue.read' } },
      schema: {
        tags: ['registrations'],
        summary: 'The clinic’s queue-number prefixes per service (and for BPJS doctor visits)',
        querystring: clinicQuery,
        response: { 200: ok(queuePrefixesSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await queuePrefixes(db, requireSession(request), request.query.clinicId),
    }),
  );

  r.put(
    '/registrations/queue-prefixes',
    {
      config: { access: { permission: 'queue.configure' } },
      schema: {
        tags: ['registrations'],
        summary: 'Set the clinic’s queue-number prefixes; they apply to the next registrations',
        body: queuePrefixesBodySchema,
        response: { 200: ok(queuePrefixesSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('registrations.prefixesSaved'),
      data: await saveQueuePrefixes(
        db,
        requireSession(request),
        request.body.clinicId,
        request.body.prefixes,
        request.ip,
      ),
    }),
  );

  r.get(
    '/registrations/display-link',
    {
      config: { access: { permission: 'queue.configure' } },
      schema: {
        tags: ['registrations'],
        summary: 'The clinic’s waiting-room display link (null when none was made)',
        querystring: clinicQuery,
        response: { 200: ok(displayLinkSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await displayLink(db, requireSession(request), request.query.clinicId),
    }),
  );

  r.post(
    '/registrations/display-link',
    {
      config: { access: { permission: 'queue.configure' } },
      schema: {
        tags: ['registrations'],
        summary: 'Make a new display link for the clinic; the old one stops working',
        body: clinicQuery,
        response: { 200: ok(displayLinkSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('registrations.displayCreated'),
      data: await renewDisplayLink(db, requireSession(request), request.body.clinicId, request.ip),
    }),
  );

  r.get(
    '/display/:token',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['display'],
        summary: 'The waiting-room display of a clinic: latest calls and waiting counts (no names)',
        params: tokenParams,
        response: { 200: ok(displayBoardSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await displayBoard(db, request.params.token),
    }),
  );

  r.get(
    '/display/:token/events',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['display'],
        summary: 'Registration events of the display’s clinic as server-sent events',
        params: tokenParams,
        response: standardErrors,
      },
    },
    async (request, reply) => {
      const clinic = await displayClinic(db, request.params.token);
      app.liveEvents.stream(request, reply, {
        clinicId: clinic.id,
        until: Date.now() + DISPLAY_STREAM_MS,
        types: new Set(Object.values(REGISTRATION_EVENTS)),
        endOn: DISPLAY_RENEWED,
      });
    },
  );
}
