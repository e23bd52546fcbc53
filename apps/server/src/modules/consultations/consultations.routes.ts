import {
  addendumCreateSchema,
  encounterFinishResultSchema,
  encounterFinishSchema,
  encounterOpenSchema,
  encounterSaveSchema,
  encounterSchema,
  recordPatientSchema,
  recordPatientsQuerySchema,
  templateSaveSchema,
  templateSchema,
  timelineQuerySchema,
} from '@klinikita/domain/consultations/consultation.schema';
import { pagedSchema } from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import {
  addAddendum,
  finishEncounter,
  listRecordPatients,
  listTemplates,
  openEncounter,
  patientTimeline,
  readEncounter,
  readRecordPatient,
  removeTemplate,
  saveEncounter,
  saveTemplate,
} from './consultations.service.ts';

const uidParams = z.object({ uid: z.string().min(1, 'validation.required').max(60, 'validation.tooLong') });
const writeErrors = { ...standardErrors, 409: errorResponse };
const TAGS = ['consultations'];

/** The doctor's examination note, the record (EMR) and the doctor's templates. */
export async function consultationsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.post(
    '/consultations/encounters',
    {
      config: { access: { permission: 'encounter.write' } },
      schema: {
        tags: TAGS,
        summary: 'Open the note of a called doctor visit (made the first time, the same note after)',
        body: encounterOpenSchema,
        response: { 200: ok(encounterSchema), ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await openEncounter(db, requireSession(request), request.body.registrationId, request.ip),
    }),
  );

  r.get(
    '/consultations/encounters/:uid',
    {
      config: { access: { permission: 'record.read' } },
      schema: {
        tags: TAGS,
        summary: 'One visit’s note (audited)',
        params: uidParams,
        response: { 200: ok(encounterSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await readEncounter(db, requireSession(request), request.params.uid, request.ip),
    }),
  );

  r.put(
    '/consultations/encounters/:uid',
    {
      config: { access: { permission: 'encounter.write' } },
      schema: {
        tags: TAGS,
        summary: 'Save the draft (whole) at the version it was read; 409 when signed or saved elsewhere',
        params: uidParams,
        body: encounterSaveSchema,
        response: { 200: ok(encounterSchema), ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('consultations.saved'),
      data: await saveEncounter(db, requireSession(request), request.params.uid, request.body, request.ip),
    }),
  );

  r.post(
    '/consultations/encounters/:uid/finish',
    {
      config: { access: { permission: 'encounter.sign' } },
      schema: {
        tags: TAGS,
        summary:
          'Sign the note, send prescription and orders on and move the visit to Prescription Waiting or Payment',
        params: uidParams,
        body: encounterFinishSchema,
        response: { 200: ok(encounterFinishResultSchema), ...writeErrors },
      },
    },
    async (request) => {
      const data = await finishEncounter(
        db,
        requireSession(request),
        request.params.uid,
        request.body.version,
        request.ip,
      );
      const next = request.t(`consultations.next.${data.nextStatus}`);
      return { status: true, message: request.t('consultations.finished', { next }), data };
    },
  );

  r.post(
    '/consultations/encounters/:uid/addenda',
    {
      config: { access: { permission: 'encounter.addendum' } },
      schema: {
        tags: TAGS,
        summary: 'Add an addendum to a signed note (doctors)',
        params: uidParams,
        body: addendumCreateSchema,
        response: { 200: ok(encounterSchema), ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('consultations.addendumAdded'),
      data: await addAddendum(db, requireSession(request), request.params.uid, request.body.text, request.ip),
    }),
  );

  r.get(
    '/consultations/patients',
    {
      config: { access: { permission: 'record.list' } },
      schema: {
        tags: TAGS,
        summary: 'Patients with a record at the user’s clinics (mine=true: seen by the session’s doctor)',
        querystring: recordPatientsQuerySchema,
        response: { 200: ok(pagedSchema(recordPatientSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listRecordPatients(db, requireSession(request), request.query, request.ip),
    }),
  );

  r.get(
    '/consultations/patients/:uid',
    {
      config: { access: { permission: 'record.list' } },
      schema: {
        tags: TAGS,
        summary: 'A patient’s record header (audited)',
        params: uidParams,
        response: { 200: ok(recordPatientSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await readRecordPatient(db, requireSession(request), request.params.uid, request.ip),
    }),
  );

  r.get(
    '/consultations/patients/:uid/encounters',
    {
      config: { access: { permission: 'record.read' } },
      schema: {
        tags: TAGS,
        summary: 'The record’s visits at the user’s clinics, newest first (audited)',
        params: uidParams,
        querystring: timelineQuerySchema,
        response: { 200: ok(pagedSchema(encounterSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await patientTimeline(db, requireSession(request), request.params.uid, request.query, request.ip),
    }),
  );

  r.get(
    '/consultations/templates',
    {
      config: { access: { permission: 'template.manage' } },
      schema: {
        tags: TAGS,
        summary: 'The session user’s note templates',
        response: { 200: ok(z.array(templateSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listTemplates(db, requireSession(request)),
    }),
  );

  r.post(
    '/consultations/templates',
    {
      config: { access: { permission: 'template.manage' } },
      schema: {
        tags: TAGS,
        summary: 'Save a note template',
        body: templateSaveSchema,
        response: { 200: ok(templateSchema), ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('consultations.templateSaved'),
      data: await saveTemplate(db, requireSession(request), request.body),
    }),
  );

  r.put(
    '/consultations/templates/:uid',
    {
      config: { access: { permission: 'template.manage' } },
      schema: {
        tags: TAGS,
        summary: 'Change a note template',
        params: uidParams,
        body: templateSaveSchema,
        response: { 200: ok(templateSchema), ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('consultations.templateSaved'),
      data: await saveTemplate(db, requireSession(request), request.body, request.params.uid),
    }),
  );

  r.delete(
    '/consultations/templates/:uid',
    {
      config: { access: { permission: 'template.manage' } },
      schema: {
        tags: TAGS,
        summary: 'Delete a note template',
        params: uidParams,
        response: { 200: ok(z.null()), ...standardErrors },
      },
    },
    async (request) => {
      await removeTemplate(db, requireSession(request), request.params.uid);
      return { status: true, message: request.t('consultations.templateDeleted'), data: null };
    },
  );
}
