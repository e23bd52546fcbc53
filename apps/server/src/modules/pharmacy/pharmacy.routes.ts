import {
  dispensePrescription,
  getPharmacyPrescription,
  getPharmacySettings,
  listPharmacyQueue,
  movePrescription,
  prescriptionLabels,
  reviewPrescription,
  savePharmacySettings,
  substitutePrescriptionLine,
} from '@klinikita/domain/pharmacy/pharmacy.contract';
import { answerHeldPrescription, listHeldPrescriptions } from '@klinikita/domain/pharmacy/pharmacy-held';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as queue from './pharmacy.service.ts';
import { dispense } from './pharmacy-dispense.service.ts';
import { answerHeld, listHeld } from './pharmacy-held.service.ts';
import { labelsPdf } from './pharmacy-labels.ts';
import { getSettings, saveSettings } from './pharmacy-settings.service.ts';
import { substitute } from './pharmacy-substitute.service.ts';

/** The pharmacy queue: a clinic day's prescriptions, one prescription, its moves, review and handover. */
export async function pharmacyRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listPharmacyQueue, (req) => queue.listQueue(db, requireSession(req), req.query));
  route(app, getPharmacyPrescription, (req) =>
    queue.getPrescription(db, requireSession(req), req.params.uid, req.ip),
  );
  route(app, movePrescription, (req) =>
    queue.move(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, reviewPrescription, (req) =>
    queue.review(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, dispensePrescription, (req) =>
    dispense(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, substitutePrescriptionLine, (req) =>
    substitute(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, prescriptionLabels, async (req, reply) => {
    const file = await labelsPdf(db, requireSession(req), req.params.uid, req.query.paper, req.ip);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.pdf);
  });
  route(app, listHeldPrescriptions, (req) => listHeld(db, requireSession(req)));
  route(app, answerHeldPrescription, (req) =>
    answerHeld(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, getPharmacySettings, (req) => getSettings(db, requireSession(req), req.query.clinicId));
  route(app, savePharmacySettings, (req) => saveSettings(db, requireSession(req), req.body, req.ip));
}
