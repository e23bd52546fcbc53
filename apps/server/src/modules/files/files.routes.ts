import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import { getFile, uploadDoctorFile, uploadUserPhoto } from '@klinikita/domain/files/files.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { openStoredFile, storeImage, UPLOAD_MAX_BYTES, UPLOAD_MAX_TEXT } from './files.service.ts';

/**
 * The one image of a multipart request in `field`: at most one file, at most 2 MB. Other form
 * fields are ignored.
 */
async function readSingleImage(request: FastifyRequest, field: string) {
  if (!request.isMultipart()) throw new AppError(400, 'staffApi.fileMissing', { field });
  let found: { content: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (found || part.fieldname !== field) {
        part.file.resume();
        if (found) throw new AppError(400, 'staffApi.oneFile');
        continue;
      }
      found = { content: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'staffApi.fileTooLarge', { max: UPLOAD_MAX_TEXT });
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, 'staffApi.oneFile');
    // the multipart parser's own complaints (no boundary, data cut short) are the client's
    if (!(error instanceof AppError) && !(error as { statusCode?: number }).statusCode)
      throw new AppError(400, 'api.validation');
    throw error;
  }
  if (!found || found.content.length === 0) throw new AppError(400, 'staffApi.fileMissing', { field });
  return found;
}

/** Uploads (doctor attachments, the user's photo) and serving them to the same corporate. */
export async function filesRoutes(app: FastifyInstance, opts: { db: Db; uploadsDir: string }) {
  const { db, uploadsDir } = opts;
  // multipart only for these routes; one file, within the limit
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, parts: 25, fieldSize: 1024 },
  });

  route(app, uploadDoctorFile, async (req) => {
    const session = requireSession(req);
    const file = await readSingleImage(req, 'files');
    const t = req.query.date;
    const day = t
      ? new Date(Number(t.slice(4)), Number(t.slice(0, 2)) - 1, Number(t.slice(2, 4)))
      : new Date();
    const stored = await storeImage(
      db,
      uploadsDir,
      session,
      { ...file, kind: 'doctor-upload', day, setUserImage: false },
      req.ip,
    );
    return { url: stored.url };
  });

  route(app, uploadUserPhoto, async (req) => {
    const session = requireSession(req);
    const file = await readSingleImage(req, 'image');
    const stored = await storeImage(
      db,
      uploadsDir,
      session,
      { ...file, kind: 'user-image', day: new Date(), setUserImage: true },
      req.ip,
    );
    return { url: stored.url };
  });

  route(app, getFile, async (req, reply) => {
    const { row, absolute } = await openStoredFile(db, uploadsDir, requireSession(req), req.params.uid);
    const info = await stat(absolute).catch(() => null);
    if (!info?.isFile()) throw notFound();
    return reply
      .header('content-type', row.mimeType)
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400')
      .header('content-disposition', `inline; filename="${row.uid}.${row.storagePath.split('.').pop()}"`)
      .send(createReadStream(absolute));
  });
}
