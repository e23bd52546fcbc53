import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RadiologyWork } from '@klinikita/domain/radiology/radiology.schema';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { recordStoredFile, sniffImage } from '../files/files.service.ts';
import {
  fileIdOf,
  imageOfVisit,
  insertImage,
  removeImage,
  sameSizeImagesOfVisit,
} from './radiology.queries.ts';
import { onVisit, scopedRadVisit } from './radiology.service.ts';

/**
 * The images of a radiology visit (JPEG, PNG, PDF; DICOM stored as it is): kept in the files
 * module's store (`files` rows, `uploadsDir/<corp>/<yyyy>/<mm>/<uid>.<ext>`, kind
 * `radiology-image`) and served only through the visit, to users of its clinic.
 */

export const RAD_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const RAD_UPLOAD_MAX_TEXT = '10 MB';

/** What the desk accepts, recognised by the first bytes, never by the name. */
export function sniffRadiologyFile(content: Buffer): { mime: string; ext: string } | null {
  const image = sniffImage(content);
  if (image && image.mime !== 'image/gif') return image;
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  // DICOM Part 10: a 128-byte preamble, then "DICM"
  if (content.length > 132 && content.subarray(128, 132).toString('latin1') === 'DICM')
    return { mime: 'application/dicom', ext: 'dcm' };
  return null;
}

const cleanName = (name: string) =>
  path
    .basename(name.replaceAll('\\', '/'))
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .slice(0, 120) || null;

const refuse = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(status, `radiology.api.${key}`, params);

/** The one file of the multipart request (field "file") and its caption. */
export async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw refuse(400, 'fileMissing');
  let found: { content: Buffer; filename: string } | null = null;
  let caption: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (part.fieldname === 'caption' && typeof part.value === 'string')
          caption = part.value.trim().slice(0, 200) || null;
        continue;
      }
      if (found || part.fieldname !== 'file') {
        part.file.resume();
        if (found) throw refuse(400, 'oneFile');
        continue;
      }
      found = { content: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(413, 'fileTooLarge', { max: RAD_UPLOAD_MAX_TEXT });
    if (code === 'FST_FILES_LIMIT') throw refuse(400, 'oneFile');
    if (!(error instanceof AppError) && !(error as { statusCode?: number }).statusCode)
      throw new AppError(400, 'api.validation');
    throw error;
  }
  if (!found || found.content.length === 0) throw refuse(400, 'fileMissing');
  return { ...found, caption };
}

/** Whether the visit already shows an image with exactly these bytes (read under the report lock). */
async function alreadyAttached(tx: Executor, uploadsDir: string, registrationId: number, content: Buffer) {
  for (const { storagePath } of await sameSizeImagesOfVisit(tx, registrationId, content.length)) {
    const stored = await readFile(path.join(uploadsDir, storagePath)).catch(() => null);
    if (stored?.equals(content)) return true;
  }
  return false;
}

/**
 * Stores the file (written first, removed again if the database refuses) and attaches it to the
 * visit in one transaction with the audit row. The same file sent again (a double click, a
 * network retry) attaches nothing twice: the visit's work is answered as it is.
 */
export async function addRadiologyImage(
  db: Db,
  uploadsDir: string,
  session: AuthSession,
  uid: string,
  upload: { content: Buffer; filename: string; caption: string | null },
  ip: string,
): Promise<RadiologyWork> {
  const visit = await scopedRadVisit(db, session, uid);
  const type = sniffRadiologyFile(upload.content);
  if (!type) throw refuse(400, 'fileType');
  const fileUid = newUid();
  const now = new Date();
  const storagePath = path.posix.join(
    String(session.corpId),
    String(now.getFullYear()),
    String(now.getMonth() + 1).padStart(2, '0'),
    `${fileUid}.${type.ext}`,
  );
  const target = path.join(uploadsDir, storagePath);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(`${target}.part`, upload.content, { flag: 'wx' });
  await rename(`${target}.part`, target);
  let duplicate = false;
  try {
    const work = await onVisit(db, session, uid, async (tx) => {
      if (await alreadyAttached(tx, uploadsDir, visit.id, upload.content)) {
        duplicate = true;
        return;
      }
      await recordStoredFile(tx, {
        uid: fileUid,
        corpId: session.corpId,
        clinicId: visit.clinicId,
        uploadedBy: session.userId,
        kind: 'radiology-image',
        storagePath,
        originalName: cleanName(upload.filename),
        mimeType: type.mime,
        sizeBytes: upload.content.length,
      });
      const fileId = await fileIdOf(tx, fileUid);
      const imageUid = newUid();
      await insertImage(tx, {
        uid: imageUid,
        registrationId: visit.id,
        fileId: fileId!,
        caption: upload.caption,
        addedBy: session.userId,
      });
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: visit.clinicId,
        action: 'radiologyImage.add',
        entity: 'radiologyImage',
        entityId: imageUid,
        patientId: visit.patientId,
        ip,
        detail: { mimeType: type.mime, sizeBytes: upload.content.length },
      });
    });
    if (duplicate) await rm(target, { force: true });
    return work;
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

/** Hides an image from the visit (the row and the file are kept); refused once the report is signed. */
export function removeRadiologyImage(
  db: Db,
  session: AuthSession,
  uid: string,
  imageUid: string,
  ip: string,
) {
  return onVisit(db, session, uid, async (tx, visit, current) => {
    if (current.status === 'signed') throw refuse(409, 'signedLocked');
    const image = await imageOfVisit(tx, visit.id, imageUid);
    if (!image) throw refuse(404, 'imageNotFound');
    await removeImage(tx, image.id);
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId: visit.clinicId,
      action: 'radiologyImage.remove',
      entity: 'radiologyImage',
      entityId: imageUid,
      patientId: visit.patientId,
      ip,
      detail: null,
    });
  });
}

/** The image's file on disk, when the caller works in the visit's clinic; anything else is not found. */
export async function openRadiologyImage(
  db: Db,
  uploadsDir: string,
  session: AuthSession,
  uid: string,
  imageUid: string,
) {
  const visit = await scopedRadVisit(db, session, uid);
  const image = await imageOfVisit(db, visit.id, imageUid);
  if (!image) throw notFound();
  const root = path.resolve(uploadsDir);
  const absolute = path.resolve(root, image.storagePath);
  if (!absolute.startsWith(root + path.sep)) throw notFound();
  return { absolute, mimeType: image.mimeType, name: `${image.uid}.${image.storagePath.split('.').pop()}` };
}
