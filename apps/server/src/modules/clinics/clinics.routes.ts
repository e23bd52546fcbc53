import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { assertClinicInScope, assertCorporate } from '../../shared/access.ts';
import { notFound } from '../../shared/errors.ts';
import { ok, standardErrors } from '../../shared/http.ts';
import { findClinic, findCorporate, listClinics } from './clinics.queries.ts';
import {
  clinicIdParamsSchema,
  clinicSchema,
  corpIdQuerySchema,
  corporateSchema,
  idQuerySchema,
} from './clinics.schema.ts';

export async function clinicsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/pharmacies/corps/where',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['clinics'],
        summary: 'Corporate profile (its name heads the page for Super Admin and Admin)',
        querystring: idQuerySchema,
        response: { 200: ok(corporateSchema), ...standardErrors },
      },
    },
    async (request) => {
      assertCorporate(requireSession(request), request.query.id);
      const corporate = await findCorporate(opts.db, request.query.id);
      if (!corporate) throw notFound();
      return { status: true, message: request.t('api.ok'), data: corporate };
    },
  );

  r.get(
    '/registrations/clinics/',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['clinics'],
        summary: 'Clinics of a corporate that the caller may touch',
        querystring: corpIdQuerySchema,
        response: { 200: ok(z.array(clinicSchema)), ...standardErrors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      if (request.query.CorpId !== undefined) assertCorporate(requireSession(request), request.query.CorpId);
      return {
        status: true,
        message: request.t('api.ok'),
        data: await listClinics(opts.db, session.clinicIds),
      };
    },
  );

  r.get(
    '/clinics/:clinicId',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['clinics'],
        summary: 'One clinic in the caller’s scope',
        params: clinicIdParamsSchema,
        response: { 200: ok(clinicSchema), ...standardErrors },
      },
    },
    async (request) => {
      assertClinicInScope(requireSession(request), request.params.clinicId);
      const clinic = await findClinic(opts.db, request.params.clinicId);
      if (!clinic) throw notFound();
      return { status: true, message: request.t('api.ok'), data: clinic };
    },
  );
}
