import {
  getTreatmentOptions,
  getTreatmentVisit,
  listPatientTreatmentProcedures,
  listTreatmentVisits,
  recordTreatmentProcedure,
  voidTreatmentProcedure,
} from '@klinikita/domain/treatment/treatment.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as treatment from './treatment.service.ts';
import * as reads from './treatment-reads.service.ts';

/** The treatment room: worklist, a visit's procedures, recording and voiding one; a patient's procedures. */
export async function treatmentRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listTreatmentVisits, (req) => treatment.listTreatmentVisits(db, requireSession(req), req.query));
  route(app, getTreatmentOptions, (req) => treatment.getTreatmentOptions(db, requireSession(req), req.query));
  route(app, getTreatmentVisit, (req) =>
    treatment.getTreatmentVisit(db, requireSession(req), req.params.registrationId),
  );
  route(app, listPatientTreatmentProcedures, (req) =>
    reads.listPatientTreatmentProcedures(db, requireSession(req), req.params.uid, req.ip),
  );
  route(app, recordTreatmentProcedure, (req) =>
    treatment.recordTreatmentProcedure(db, requireSession(req), req.params.registrationId, req.body, req.ip),
  );
  route(app, voidTreatmentProcedure, (req) =>
    treatment.voidTreatmentProcedure(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
}
