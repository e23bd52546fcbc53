import {
  closePhysioProgramme,
  createPhysioProgramme,
  getPatientPhysioProgramme,
  getPhysioRemaining,
  getPhysioVisit,
  listPatientPhysioProgrammes,
  notePhysioSession,
} from '@klinikita/domain/physio/physio.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as physio from './physio.service.ts';

/**
 * Physiotherapy: a visit's referral and programme, session notes, closing; the front office's count;
 * the patient's programmes for the doctor and the record.
 */
export async function physioRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getPhysioVisit, (req) =>
    physio.getPhysioVisit(db, requireSession(req), req.params.registrationId),
  );
  route(app, createPhysioProgramme, (req) =>
    physio.createPhysioProgramme(db, requireSession(req), req.params.registrationId, req.body, req.ip),
  );
  route(app, notePhysioSession, (req) =>
    physio.notePhysioSession(db, requireSession(req), req.params.registrationId, req.body, req.ip),
  );
  route(app, closePhysioProgramme, (req) =>
    physio.closePhysioProgramme(db, requireSession(req), req.params.registrationId, req.body, req.ip),
  );
  route(app, getPatientPhysioProgramme, (req) =>
    physio.getPatientPhysioProgramme(db, requireSession(req), req.params.uid),
  );
  route(app, listPatientPhysioProgrammes, (req) =>
    physio.listPatientPhysioProgrammes(db, requireSession(req), req.params.uid, req.ip),
  );
  route(app, getPhysioRemaining, (req) => physio.getPhysioRemaining(db, requireSession(req), req.params.uid));
}
