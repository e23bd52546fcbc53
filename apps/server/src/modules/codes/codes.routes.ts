import {
  codeSearchQuerySchema,
  codeSystemParamsSchema,
  codeUpdateSchema,
  medicalCodeSchema,
} from '@klinikita/domain/consultations/consultation.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { ok, standardErrors } from '../../shared/http.ts';
import { listCodes, updateCode } from './codes.service.ts';

const codeParams = codeSystemParamsSchema.extend({
  code: z.string().trim().min(1, 'validation.required').max(10, 'validation.tooLong'),
});

/** ICD-10 diagnoses and ICD-9-CM procedures: search as the doctor types, clinic favourites and titles. */
export async function codesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/codes/:system',
    {
      config: { access: { permission: 'code.read' } },
      schema: {
        tags: ['codes'],
        summary:
          'Search codes by code or by words in Indonesian or English; the clinic’s favourites first (empty search: the favourites)',
        params: codeSystemParamsSchema,
        querystring: codeSearchQuerySchema,
        response: { 200: ok(z.array(medicalCodeSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listCodes(db, requireSession(request), request.params.system, request.query),
    }),
  );

  r.put(
    '/codes/:system/:code',
    {
      config: { access: { permission: 'code.manage' } },
      schema: {
        tags: ['codes'],
        summary: 'Mark a code as a clinic favourite and/or correct its titles for the clinic',
        params: codeParams,
        body: codeUpdateSchema,
        response: { 200: ok(medicalCodeSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('codes.saved'),
      data: await updateCode(
        db,
        requireSession(request),
        request.params.system,
        request.params.code,
        request.body,
        request.ip,
      ),
    }),
  );
}
