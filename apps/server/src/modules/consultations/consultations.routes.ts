import * as contract from '@klinikita/domain/consultations/consultations.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { answer, route } from '../../shared/route.ts';
import {
  addAddendum,
  finishEncounter,
  openEncounter,
  readEncounter,
  saveEncounter,
} from './consultations.service.ts';
import { listRecordPatients, patientTimeline, readRecord, readRecordPatient } from './records.service.ts';
import { listTemplates, removeTemplate, saveTemplate } from './templates.service.ts';

/** The doctor's examination note, the record (EMR) and the doctor's templates. */
export async function consultationsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, contract.openEncounter, (req) =>
    openEncounter(db, requireSession(req), req.body.registrationId, req.ip),
  );
  route(app, contract.readEncounter, (req) => readEncounter(db, requireSession(req), req.params.uid, req.ip));
  route(app, contract.saveEncounter, (req) =>
    saveEncounter(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, contract.finishEncounter, async (req) => {
    const data = await finishEncounter(db, requireSession(req), req.params.uid, req.body.version, req.ip);
    return answer(data, 'consultations.finished', { next: req.t(`consultations.next.${data.nextStatus}`) });
  });
  route(app, contract.addAddendum, (req) =>
    addAddendum(db, requireSession(req), req.params.uid, req.body.text, req.ip),
  );

  route(app, contract.listRecordPatients, (req) =>
    listRecordPatients(db, requireSession(req), req.query, req.ip),
  );
  route(app, contract.readRecordPatient, (req) =>
    readRecordPatient(db, requireSession(req), req.params.uid, req.ip),
  );
  route(app, contract.readRecord, (req) =>
    readRecord(db, requireSession(req), req.params.uid, req.query, req.ip),
  );
  route(app, contract.patientTimeline, (req) =>
    patientTimeline(db, requireSession(req), req.params.uid, req.query, req.ip),
  );

  route(app, contract.listTemplates, (req) => listTemplates(db, requireSession(req)));
  route(app, contract.createTemplate, (req) => saveTemplate(db, requireSession(req), req.body));
  route(app, contract.updateTemplate, (req) =>
    saveTemplate(db, requireSession(req), req.body, req.params.uid),
  );
  route(app, contract.deleteTemplate, async (req) => {
    await removeTemplate(db, requireSession(req), req.params.uid);
    return null;
  });
}
