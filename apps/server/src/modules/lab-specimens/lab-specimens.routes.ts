import {
  collectLabSpecimen,
  getLabSpecimens,
  labelLabSpecimens,
  labSpecimenLabels,
  receiveLabSpecimen,
  rejectLabSpecimen,
} from '@klinikita/domain/lab/lab-specimens.contract';
import {
  confirmLabImport,
  getLabWorklist,
  previewLabImport,
  saveLabWorklist,
} from '@klinikita/domain/lab/lab-worklist.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { answer, route } from '../../shared/route.ts';
import * as specimens from './lab-specimens.service.ts';
import * as worklist from './lab-worklist.service.ts';

/**
 * The containers of a lab visit's sample (label, collect, receive, reject, print the labels), and
 * the lab's worklist grid with the analyzer import.
 */
export async function labSpecimensRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getLabSpecimens, (req) =>
    specimens.getLabSpecimens(db, requireSession(req), req.params.registrationId),
  );
  route(app, labelLabSpecimens, (req) =>
    specimens.labelLabSpecimens(db, requireSession(req), req.params.registrationId, req.ip),
  );
  route(app, collectLabSpecimen, (req) =>
    specimens.collectLabSpecimen(db, requireSession(req), req.params.registrationId, req.params.uid, req.ip),
  );
  route(app, receiveLabSpecimen, (req) =>
    specimens.receiveLabSpecimen(db, requireSession(req), req.params.registrationId, req.params.uid, req.ip),
  );
  route(app, rejectLabSpecimen, (req) =>
    specimens.rejectLabSpecimen(
      db,
      requireSession(req),
      req.params.registrationId,
      req.params.uid,
      req.body,
      req.ip,
    ),
  );
  route(app, labSpecimenLabels, async (req, reply) => {
    const file = await specimens.labelsPdf(
      db,
      requireSession(req),
      req.params.registrationId,
      req.query.layout,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.pdf);
  });
  route(app, getLabWorklist, (req) => worklist.getLabWorklist(db, requireSession(req), req.query));
  route(app, saveLabWorklist, async (req) => {
    const data = await worklist.saveLabWorklist(db, requireSession(req), req.body, req.ip);
    return answer(data, 'labSpecimens.worklist.saved', { count: data.saved });
  });
  route(app, previewLabImport, (req) =>
    worklist.previewLabImport(db, requireSession(req), req.body, (key, params) => req.t(key, params)),
  );
  route(app, confirmLabImport, async (req) => {
    const data = await worklist.confirmLabImport(db, requireSession(req), req.body, req.ip, (key, params) =>
      req.t(key, params),
    );
    return answer(data, 'labSpecimens.import.imported', { count: data.saved });
  });
}
