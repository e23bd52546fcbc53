import * as labPrint from '@klinikita/domain/results/lab-print.contract';
import * as contract from '@klinikita/domain/results/visit-results.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { assertClinical } from '../../shared/access.ts';
import { AppError } from '../../shared/errors.ts';
import { PdfBusyError } from '../../shared/pdf-pool.ts';
import { route } from '../../shared/route.ts';
import type { LabSheet } from '../lab-results/lab-results.pdf.ts';
import { scopedLabVisit } from '../lab-results/lab-work.service.ts';
import { pdfPools } from '../letters/letters.routes.ts';
import type { RegistrationRow } from '../registrations/registrations.mapper.ts';
import {
  getVisitResults,
  listReleasedLabPatients,
  listResultVisits,
  printLabSheet,
  readableVisit,
} from './visit-results.service.ts';

/**
 * `/Layanan/previewHasilnonMcu`'s calls and the lab result sheet, printed from there, from the lab's
 * screen and from the doctor's (each with the permission of its screen). The sheet is laid out on
 * the letters' PDF worker pool, a user's print slots shared with the letters.
 */
export async function visitResultsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, contract.listResultVisits, (req) => listResultVisits(db, requireSession(req), req.query));
  route(app, labPrint.listReleasedLabPatients, (req) => listReleasedLabPatients(db, requireSession(req)));
  route(app, contract.getVisitResults, (req) =>
    getVisitResults(db, requireSession(req), req.params.registrationId, req.ip),
  );

  const print = async (
    reply: FastifyReply,
    req: { ip: string; session: ReturnType<typeof requireSession> },
    find: () => Promise<RegistrationRow>,
  ) => {
    const pool = pdfPools.get(app.server);
    if (!pool) throw new AppError(503, 'letters.pdfBusy');
    const { session } = req;
    try {
      const file = await pool.forUser(session.userId, async (render) => {
        const visit = await find();
        return printLabSheet(db, session, visit, req.ip, (sheet: LabSheet) => render({ kind: 'lab', sheet }));
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.pdf);
    } catch (error) {
      if (error instanceof PdfBusyError) reply.header('retry-after', String(error.retryAfter));
      throw error;
    }
  };

  route(app, contract.visitLabPdf, (req, reply) => {
    const session = requireSession(req);
    return print(reply, { ip: req.ip, session }, () => readableVisit(db, session, req.params.registrationId));
  });
  route(app, labPrint.labWorkPdf, (req, reply) => {
    const session = requireSession(req);
    return print(reply, { ip: req.ip, session }, () =>
      scopedLabVisit(db, session, req.params.registrationId),
    );
  });
  route(app, labPrint.recordLabPdf, (req, reply) => {
    const session = requireSession(req);
    return print(reply, { ip: req.ip, session }, () => {
      assertClinical(session);
      return readableVisit(db, session, req.params.registrationId);
    });
  });
}
