import { getClinic, getCorporate, listClinics } from '@klinikita/domain/clinics/clinics.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import { clinicsInScope, readClinic, readCorporate } from './clinics.service.ts';

export async function clinicsRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, getCorporate, (req) => readCorporate(opts.db, requireSession(req), req.query.id));

  route(app, listClinics, (req) => clinicsInScope(opts.db, requireSession(req), req.query.CorpId));

  route(app, getClinic, (req) => readClinic(opts.db, requireSession(req), req.params.clinicId));
}
