import * as contract from '@klinikita/domain/mcu/mcu-exam.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import { mcuAttachmentRoutes } from './mcu-attachments.routes.ts';
import * as conclusions from './mcu-conclusions.service.ts';
import * as exam from './mcu-exam.service.ts';
import { getWorklist } from './mcu-worklist.service.ts';

/** The MCU examination (issue 20 §3–5): worklist, stations, exposures, conclusion, company categories. */
export async function mcuExamRoutes(app: FastifyInstance, opts: { db: Db; uploadsDir: string }) {
  const { db } = opts;
  await app.register(mcuAttachmentRoutes, opts);
  route(app, contract.getWorklist, (req) => getWorklist(db, requireSession(req), req.query));
  route(app, contract.getExam, (req) => exam.getExam(db, requireSession(req), req.params.uid));
  route(app, contract.saveStation, (req) =>
    exam.saveStation(db, requireSession(req), req.params.uid, req.params.station, req.body, req.ip),
  );
  route(app, contract.saveExposures, (req) =>
    exam.saveExposures(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, contract.saveConclusion, (req) =>
    conclusions.saveConclusion(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, contract.approveConclusion, (req) =>
    conclusions.approveConclusion(db, requireSession(req), req.params.uid, req.ip),
  );
  route(app, contract.getCompanyCategories, (req) =>
    conclusions.getCompanyCategories(db, requireSession(req), req.params.uid),
  );
  route(app, contract.saveCompanyCategories, (req) =>
    conclusions.saveCompanyCategories(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
}
