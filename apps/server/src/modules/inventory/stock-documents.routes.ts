import * as c from '@klinikita/domain/inventory/stock-documents.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as report from './narcotics-report.service.ts';
import * as opname from './stock-opname.service.ts';
import * as requests from './stock-requests.service.ts';

/** Stock documents over the ledger: the stock opname, unit requests (amprahan), the narcotics report. */
export async function stockDocumentRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, c.listOpnames, (req) => opname.listOpnames(db, requireSession(req), req.params.uid));
  route(app, c.startOpname, (req) =>
    opname.startOpname(db, requireSession(req), req.params.uid, req.body.note, req.ip),
  );
  route(app, c.getOpname, (req) => opname.getOpname(db, requireSession(req), req.params.uid));
  route(app, c.countOpname, (req) =>
    opname.countOpname(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, c.submitOpname, (req) => opname.submitOpname(db, requireSession(req), req.params.uid, req.ip));
  route(app, c.approveOpname, (req) => opname.approveOpname(db, requireSession(req), req.params.uid, req.ip));
  route(app, c.cancelOpname, (req) =>
    opname.cancelOpname(db, requireSession(req), req.params.uid, req.body.reason, req.ip),
  );

  route(app, c.listStockRequests, (req) => requests.listRequests(db, requireSession(req), req.query));
  route(app, c.createStockRequest, (req) =>
    requests.createRequest(db, requireSession(req), req.body, req.ip),
  );
  route(app, c.approveStockRequest, (req) =>
    requests.approveRequest(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, c.rejectStockRequest, (req) =>
    requests.rejectRequest(db, requireSession(req), req.params.uid, req.body.reason, req.ip),
  );
  route(app, c.fulfilStockRequest, (req) =>
    requests.fulfilRequest(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, c.cancelStockRequest, (req) =>
    requests.cancelRequest(db, requireSession(req), req.params.uid, req.body.reason, req.ip),
  );

  route(app, c.getNarcoticsReport, (req) => report.narcoticsReport(db, requireSession(req), req.query));
  route(app, c.exportNarcoticsReport, async (req, reply) => {
    const data = await report.narcoticsReport(db, requireSession(req), req.query);
    const file = await report.narcoticsWorkbook(data, req.locale);
    return reply
      .type(report.XLSX_MIME)
      .header('content-disposition', `attachment; filename="narkotika-psikotropika-${req.query.month}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(file);
  });
}
