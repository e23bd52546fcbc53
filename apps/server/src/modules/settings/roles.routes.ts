import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { ok, standardErrors } from '../../shared/http.ts';
import { listRoles } from './roles.queries.ts';

export const roleSchema = z.object({ _id: z.string(), role: z.string() });

export async function rolesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/settings/roles/findAll',
    {
      // the role list feeds the employee and role screens
      config: { access: { menu: ['/Setting/roles', '/Setting/employee', '/MasterDokter'] } },
      schema: {
        tags: ['settings'],
        summary: 'Roles the caller’s corporate can assign',
        response: { 200: ok(z.array(roleSchema)), ...standardErrors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const rows = await listRoles(opts.db, session.corpId);
      return {
        status: true,
        message: request.t('api.ok'),
        data: rows.map((x) => ({ _id: x.uid, role: x.name })),
      };
    },
  );
}
