import * as contract from '@klinikita/domain/insurers/insurers.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as insurers from './insurers.service.ts';

/** The insurer master and the eligibility noted on an insurance visit. */
export async function insurersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, contract.listInsurers, (req) => insurers.listInsurers(db, requireSession(req), req.query));
  route(app, contract.getInsurer, (req) => insurers.getInsurer(db, requireSession(req), req.params.uid));
  route(app, contract.createInsurer, (req) =>
    insurers.createInsurer(db, requireSession(req), req.body, req.ip),
  );
  route(app, contract.updateInsurer, (req) =>
    insurers.updateInsurer(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, contract.deactivateInsurer, (req) =>
    insurers.deactivateInsurer(db, requireSession(req), req.params.uid, req.ip),
  );
  route(app, contract.recordEligibility, (req) =>
    insurers.recordEligibility(db, requireSession(req), req.params.visitUid, req.body, req.ip),
  );
}
