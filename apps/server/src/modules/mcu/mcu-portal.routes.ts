import { PassThrough } from 'node:stream';
import {
  getMcuPortalEvents,
  getMcuPortalInvoices,
  getMcuPortalParticipants,
  getMcuPortalRecap,
} from '@klinikita/domain/mcu/mcu-portal.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as portal from './mcu-portal.service.ts';
import { writeRecapXlsx, XLSX_MIME } from './mcu-recap.xlsx.ts';

/** The company portal (issue 20 §8): the HR user's own company's events, participants, recap and invoices. */
export async function mcuPortalRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getMcuPortalEvents, (req) => portal.portalEventList(db, requireSession(req), req.ip));
  route(app, getMcuPortalParticipants, (req) =>
    portal.portalParticipantList(db, requireSession(req), req.params.uid, req.query, req.ip),
  );
  route(app, getMcuPortalInvoices, (req) => portal.portalInvoiceList(db, requireSession(req), req.ip));
  route(app, getMcuPortalRecap, async (req, reply) => {
    const recap = await portal.portalRecap(db, requireSession(req), req.params.uid, req.ip);
    const body = new PassThrough();
    // the rows are written after the headers have gone: a failure then can only cut the download
    writeRecapXlsx(body, recap, recap.today).catch((error: unknown) => {
      req.log.warn({ err: error }, 'MCU portal recap export failed');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', `attachment; filename="${recap.fileName}"`)
      .header('x-row-count', String(recap.total))
      .header('cache-control', 'no-store')
      .send(body);
  });
}
