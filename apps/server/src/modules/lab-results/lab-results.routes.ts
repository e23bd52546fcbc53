import {
  amendLabResults,
  getLabWork,
  listPatientLabResults,
  releaseLabResults,
  saveLabResults,
  validateLabResults,
} from '@klinikita/domain/lab/lab-results.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as lab from './lab-results.service.ts';

/** Lab results of a lab visit (enter, validate, release, amend) and a patient's released results. */
export async function labResultsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getLabWork, (req) => lab.getLabWork(db, requireSession(req), req.params.registrationId));
  route(app, saveLabResults, (req) =>
    lab.saveLabResults(db, requireSession(req), req.params.registrationId, req.body, req.ip),
  );
  route(app, validateLabResults, (req) =>
    lab.validateLabResults(db, requireSession(req), req.params.registrationId, req.ip),
  );
  route(app, releaseLabResults, (req) =>
    lab.releaseLabResults(db, requireSession(req), req.params.registrationId, req.ip),
  );
  route(app, amendLabResults, (req) =>
    lab.amendLabResults(db, requireSession(req), req.params.registrationId, req.body, req.ip),
  );
  route(app, listPatientLabResults, (req) =>
    lab.listPatientLabResults(db, requireSession(req), req.params.uid, req.query, req.ip),
  );
}
