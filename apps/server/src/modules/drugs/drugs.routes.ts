import {
  drugListQuerySchema,
  drugSaveSchema,
  drugSchema,
} from '@klinikita/domain/consultations/consultation.schema';
import { pagedSchema } from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import { createDrug, listDrugs, updateDrug } from './drugs.service.ts';

const uidParams = z.object({
  uid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});
const writeErrors = { ...standardErrors, 409: errorResponse };

/** The corporate's drug master (`/Setting/Pharmacy/drug`), read where drugs are prescribed. */
export async function drugsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/settings/pharmacy/drugs',
    {
      config: { access: { permission: 'drug.read' } },
      schema: {
        tags: ['drugs'],
        summary: 'The corporate’s drugs, searched by name, generic name or KFA code, paged',
        querystring: drugListQuerySchema,
        response: { 200: ok(pagedSchema(drugSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listDrugs(db, requireSession(request), request.query),
    }),
  );

  r.post(
    '/settings/pharmacy/drugs',
    {
      config: { access: { permission: 'drug.write' } },
      schema: {
        tags: ['drugs'],
        summary: 'Add a drug to the master (409 when the same name, strength and form exist)',
        body: drugSaveSchema,
        response: { 200: ok(drugSchema), ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('drugs.saved'),
      data: await createDrug(db, requireSession(request), request.body, request.ip),
    }),
  );

  r.put(
    '/settings/pharmacy/drugs/:uid',
    {
      config: { access: { permission: 'drug.write' } },
      schema: {
        tags: ['drugs'],
        summary: 'Change a drug (also activates or deactivates it)',
        params: uidParams,
        body: drugSaveSchema,
        response: { 200: ok(drugSchema), ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('drugs.saved'),
      data: await updateDrug(db, requireSession(request), request.params.uid, request.body, request.ip),
    }),
  );
}
