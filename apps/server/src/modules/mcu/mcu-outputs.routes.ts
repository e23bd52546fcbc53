import { PassThrough } from 'node:stream';
import * as c from '@klinikita/domain/mcu/mcu-outputs.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { PdfBusyError, PdfPool, type PdfPoolOptions } from '../../shared/pdf-pool.ts';
import { route } from '../../shared/route.ts';
import * as outputs from './mcu-outputs.service.ts';
import type { McuPdfJob } from './mcu-outputs.worker.ts';
import { recapExport } from './mcu-recap.service.ts';
import { writeRecapXlsx, XLSX_MIME } from './mcu-recap.xlsx.ts';

/**
 * Where the report's QR code points: `MCU_VERIFY_ORIGIN` when the public address differs from the
 * one the request came in by (a proxy that does not forward it), else the request's own origin.
 */
const originOf = (req: FastifyRequest) =>
  process.env.MCU_VERIFY_ORIGIN?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;

/** MCU outputs (issue 20 §6): results list, report, certificates, checklist, recap, verification. */
export async function mcuOutputsRoutes(
  app: FastifyInstance,
  opts: { db: Db; uploadsDir: string; pdf?: PdfPoolOptions },
) {
  const { db } = opts;
  // the papers are laid out on their own worker threads, like the letters (started on first print)
  const pdfs = new PdfPool(new URL('./mcu-outputs.worker.ts', import.meta.url), opts.pdf);
  app.addHook('onClose', () => pdfs.close());

  const sendPdf = async (
    req: FastifyRequest,
    reply: FastifyReply,
    fileName: string,
    job: (userId: number) => Promise<McuPdfJob>,
  ) => {
    const session = requireSession(req);
    try {
      const pdf = await pdfs.forUser(session.userId, async (render) => render(await job(session.userId)));
      // the results screen shows the report in a frame of the app's own (preview and Print)
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string')
        reply.header(
          'content-security-policy',
          policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        );
      return reply
        .header('x-frame-options', 'SAMEORIGIN')
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    } catch (error) {
      if (error instanceof PdfBusyError) reply.header('retry-after', String(error.retryAfter));
      throw error;
    }
  };

  route(app, c.listMcuResults, (req) => outputs.mcuResults(db, requireSession(req), req.query));
  route(app, c.mcuReportPdf, (req, reply) =>
    sendPdf(req, reply, `mcu-${req.params.uid}.pdf`, async () => ({
      kind: 'report',
      print: await outputs.reportPrint(db, requireSession(req), req.params.uid, originOf(req), req.ip),
    })),
  );
  route(app, c.mcuCertificatePdf, (req, reply) =>
    sendPdf(req, reply, `mcu-${req.query.kind}-${req.params.uid}.pdf`, async () => ({
      kind: 'certificate',
      print: await outputs.certificatePrint(
        db,
        requireSession(req),
        req.params.uid,
        req.query.kind,
        originOf(req),
        req.ip,
      ),
    })),
  );
  route(app, c.mcuChecklistPdf, (req, reply) =>
    sendPdf(req, reply, `mcu-checklist-${req.params.uid}.pdf`, async () => ({
      kind: 'checklist',
      print: await outputs.checklistPrint(db, requireSession(req), req.params.uid),
    })),
  );
  route(app, c.mcuRecapXlsx, async (req, reply) => {
    const recap = await recapExport(db, requireSession(req), req.params.uid, req.ip);
    const body = new PassThrough();
    // the rows are written after the headers have gone: a failure then can only cut the download
    writeRecapXlsx(body, recap, recap.today).catch((error: unknown) => {
      req.log.warn({ err: error }, 'MCU recap export failed');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', `attachment; filename="${recap.fileName}"`)
      .header('x-row-count', String(recap.total))
      .header('cache-control', 'no-store')
      .send(body);
  });
  route(app, c.verifyMcuReport, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return outputs.verifyReport(db, req.params.token);
  });
}
