import { auditEntrySchema, auditQuerySchema } from '@klinikita/domain/consultations/consultation.schema';
import { pagedSchema } from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { ok, standardErrors } from '../../shared/http.ts';
import { listAudit } from './audit.service.ts';

/** The audit log: who read or wrote what, when and from where (Super Admin). */
export async function auditRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/audit/logs',
    {
      // the screen that shows it; the service admits only the all-access roles
      config: { access: { permission: 'audit.read' } },
      schema: {
        tags: ['audit'],
        summary: 'Audit entries of the corporate, newest first, by patient and action',
        querystring: auditQuerySchema,
        response: { 200: ok(pagedSchema(auditEntrySchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listAudit(opts.db, requireSession(request), request.query),
    }),
  );
}
