import * as c from '@klinikita/domain/accounting/accounting.contract';
import { journalFileName } from '@klinikita/domain/accounting/accounting.rules';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import { XLSX_MIME } from '../transaction-report/transaction-report.xlsx.ts';
import { journalCsv, journalXlsx } from './accounting.export.ts';
import * as accounting from './accounting.service.ts';

/** The accounting hand-off: the clinic's account mapping, its journal, the trial balance and the files. */
export async function accountingRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, c.getAccountMapping, (req) =>
    accounting.accountMapping(db, requireSession(req), req.query.clinicId),
  );
  route(app, c.saveAccountMapping, (req) =>
    accounting.saveMapping(db, requireSession(req), req.body, req.ip),
  );
  route(app, c.getJournal, (req) => accounting.journal(db, requireSession(req), req.query));
  route(app, c.getAccountTotals, (req) => accounting.totals(db, requireSession(req), req.query));
  route(app, c.exportJournalXlsx, async (req, reply) => {
    const q = req.query;
    const lines = await accounting.journalLinesForExport(db, requireSession(req), q);
    return reply
      .type(XLSX_MIME)
      .header(
        'content-disposition',
        `attachment; filename="${journalFileName(q.clinicId, q.from, q.to, 'xlsx')}"`,
      )
      .header('cache-control', 'no-store')
      .send(await journalXlsx(lines, q, req.locale));
  });
  route(app, c.exportJournalCsv, async (req, reply) => {
    const q = req.query;
    const lines = await accounting.journalLinesForExport(db, requireSession(req), q);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${journalFileName(q.clinicId, q.from, q.to, 'csv')}"`,
      )
      .header('cache-control', 'no-store')
      .send(journalCsv(lines, req.locale));
  });
}
