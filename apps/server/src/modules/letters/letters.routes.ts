import { letterCreateSchema } from '@klinikita/domain/consultations/consultation.schema';
import { letterListQuerySchema, letterSchema } from '@klinikita/domain/consultations/letter.schema';
import { pagedSchema } from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { ok, standardErrors } from '../../shared/http.ts';
import { createLetter, encounterPdf, letterPdf, listLetters } from './letters.service.ts';

const uidParams = z.object({ uid: z.string().min(1, 'validation.required').max(60, 'validation.tooLong') });

const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);

/** Health certificates, sick-leave and referral letters, and the printed visit (A4 PDFs). */
export async function lettersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.post(
    '/consultations/letters',
    {
      config: { access: { permission: 'letter.issue' } },
      schema: {
        tags: ['letters'],
        summary: 'Write a health certificate or sick-leave letter from a visit; answers it with its number',
        body: letterCreateSchema,
        response: { 200: ok(letterSchema), ...standardErrors },
      },
    },
    async (request) => {
      const data = await createLetter(db, requireSession(request), request.body, request.ip);
      return { status: true, message: request.t('letters.created', { number: data.number }), data };
    },
  );

  r.get(
    '/consultations/letters',
    {
      config: { access: { permission: 'letter.read' } },
      schema: {
        tags: ['letters'],
        summary: 'Letters of a patient or a visit at the user’s clinics, newest first',
        querystring: letterListQuerySchema,
        response: { 200: ok(pagedSchema(letterSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listLetters(db, requireSession(request), request.query, request.ip),
    }),
  );

  r.get(
    '/consultations/letters/:uid/pdf',
    {
      config: { access: { permission: 'letter.read' } },
      schema: {
        tags: ['letters'],
        summary: 'The letter as printed (application/pdf, A4); audited',
        params: uidParams,
        response: standardErrors,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await letterPdf(db, requireSession(request), request.params.uid, request.ip)),
  );

  r.get(
    '/consultations/encounters/:uid/pdf',
    {
      config: { access: { permission: 'letter.read' } },
      schema: {
        tags: ['letters'],
        summary:
          'One visit printed: vitals, SOAP, diagnoses, prescription, orders, addenda (application/pdf); audited',
        params: uidParams,
        response: standardErrors,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await encounterPdf(db, requireSession(request), request.params.uid, request.ip)),
  );
}
