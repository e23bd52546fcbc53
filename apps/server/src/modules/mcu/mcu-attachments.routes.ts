import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import * as contract from '@klinikita/domain/mcu/mcu-attachments.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as attachments from './mcu-attachments.service.ts';

/** The attachment of an MCU station (ECG tracing, audiogram): upload and the audited read. */
export async function mcuAttachmentRoutes(app: FastifyInstance, opts: { db: Db; uploadsDir: string }) {
  const { db, uploadsDir } = opts;
  await app.register(fastifyMultipart, {
    limits: { fileSize: contract.MCU_ATTACHMENT_MAX_BYTES, files: 1, fields: 5, parts: 8, fieldSize: 1024 },
  });
  route(app, contract.uploadStationAttachment, async (req) => {
    const session = requireSession(req);
    const { uid, station } = req.params;
    // scope first: nobody's bytes are read for a participant they cannot see
    await attachments.checkAttachable(db, session, uid, station);
    const upload = await attachments.readAttachment(req);
    return attachments.attachStationFile(db, uploadsDir, session, uid, station, upload, req.ip);
  });
  route(app, contract.stationAttachmentFile, async (req, reply) => {
    const { uid, station } = req.params;
    const file = await attachments.openStationFile(db, uploadsDir, requireSession(req), uid, station, req.ip);
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${file.name}"`)
      .send(createReadStream(file.absolute));
  });
}
