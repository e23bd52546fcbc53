import { PassThrough } from 'node:stream';
import * as c from '@klinikita/domain/billing/transaction-report.contract';
import { exportFileName } from '@klinikita/domain/billing/transaction-report.rules';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as report from './transaction-report.service.ts';
import { writeReportXlsx, XLSX_MIME } from './transaction-report.xlsx.ts';

/** The transaction report: a page with the totals, the filter's lists, the streamed xlsx. */
export async function transactionReportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, c.getTransactionReport, (req) => report.transactionReport(db, requireSession(req), req.query));
  route(app, c.getTransactionOptions, (req) => report.transactionOptions(db, requireSession(req), req.query));
  route(app, c.exportTransactionReport, async (req, reply) => {
    const data = await report.transactionExport(db, requireSession(req), req.query);
    const body = new PassThrough();
    // the rows are written after the headers have gone: a failure then can only cut the download
    writeReportXlsx(body, data, req.locale).catch((error: unknown) => {
      req.log.warn({ err: error }, 'transaction report export failed');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', `attachment; filename="${exportFileName(data.from, data.to)}"`)
      .header('x-row-count', String(data.totals.bills))
      .header('cache-control', 'no-store')
      .send(body);
  });
}
