import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import * as contract from '@klinikita/domain/radiology/radiology.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { notFound } from '../../shared/errors.ts';
import { PdfBusyError, PdfPool, type PdfPoolOptions } from '../../shared/pdf-pool.ts';
import { route } from '../../shared/route.ts';
import {
  addRadiologyImage,
  openRadiologyImage,
  RAD_UPLOAD_MAX_BYTES,
  readUpload,
  removeRadiologyImage,
} from './radiology.images.ts';
import * as rad from './radiology.service.ts';
import * as reads from './radiology-reads.service.ts';

/** Radiology: the worklist, the report of a visit (draft, sign, amend, PDF), its images, a patient's signed reports. */
export async function radiologyRoutes(
  app: FastifyInstance,
  opts: { db: Db; uploadsDir?: string; pdf?: PdfPoolOptions },
) {
  const { db } = opts;
  const uploadsDir = opts.uploadsDir ?? path.resolve('data/uploads');
  await app.register(fastifyMultipart, {
    limits: { fileSize: RAD_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 8, fieldSize: 1024 },
  });
  // the report PDF is laid out on its own worker threads, like the letters (started on first print)
  const pdfs = new PdfPool(new URL('./radiology-pdf.worker.ts', import.meta.url), opts.pdf);
  app.addHook('onClose', () => pdfs.close());

  route(app, contract.radiologyWorklist, (req) =>
    reads.radiologyWorklist(db, requireSession(req), req.query),
  );
  route(app, contract.getRadiologyWork, (req) =>
    rad.getRadiologyWork(db, requireSession(req), req.params.registrationId),
  );
  route(app, contract.saveRadiologyDraft, (req) =>
    rad.saveRadiologyDraft(db, requireSession(req), req.params.registrationId, req.body, req.ip),
  );
  route(app, contract.signRadiologyReport, (req) =>
    rad.signRadiologyReport(db, requireSession(req), req.params.registrationId, req.body, req.ip),
  );
  route(app, contract.amendRadiologyReport, (req) =>
    rad.amendRadiologyReport(db, requireSession(req), req.params.registrationId, req.body, req.ip),
  );
  route(app, contract.uploadRadiologyImage, async (req) => {
    const session = requireSession(req);
    // scope first: nobody's bytes are read for a visit they cannot see
    await rad.scopedRadVisit(db, session, req.params.registrationId);
    const upload = await readUpload(req);
    return addRadiologyImage(db, uploadsDir, session, req.params.registrationId, upload, req.ip);
  });
  route(app, contract.removeRadiologyImage, (req) =>
    removeRadiologyImage(db, requireSession(req), req.params.registrationId, req.params.imageUid, req.ip),
  );
  route(app, contract.radiologyImageFile, async (req, reply) => {
    const file = await openRadiologyImage(
      db,
      uploadsDir,
      requireSession(req),
      req.params.registrationId,
      req.params.imageUid,
    );
    const info = await stat(file.absolute).catch(() => null);
    if (!info?.isFile()) throw notFound();
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400')
      .header('content-disposition', `inline; filename="${file.name}"`)
      .send(createReadStream(file.absolute));
  });
  route(app, contract.radiologyReportPdf, async (req, reply) => {
    const session = requireSession(req);
    try {
      const file = await pdfs.forUser(session.userId, async (render) => {
        const { print, fileName } = await reads.radiologyPrint(
          db,
          session,
          req.params.registrationId,
          req.ip,
        );
        return { pdf: await render(print), fileName };
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
  });
  route(app, contract.listPatientRadiologyReports, (req) =>
    reads.listPatientRadiologyReports(db, requireSession(req), req.params.uid, req.ip),
  );
}
