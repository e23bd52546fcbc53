import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  MCU_ATTACHMENT_MAX_BYTES,
  MCU_ATTACHMENT_MAX_TEXT,
  MCU_ATTACHMENT_STATIONS,
} from '@klinikita/domain/mcu/mcu-attachments.contract';
import type { ExamAnswer } from '@klinikita/domain/mcu/mcu-exam.schema';
import type { McuStation } from '@klinikita/domain/mcu/mcu-stations';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { recordStoredFile, sniffImage } from '../files/files.service.ts';
import { setStationFile, stationAttachmentOf } from './mcu-attachments.queries.ts';
import { findParticipant, lockParticipant } from './mcu-exam.queries.ts';
import {
  inRecordLanguage,
  mcuError,
  type Participant,
  presentExam,
  scopedParticipant,
  stationsOf,
} from './mcu-exam.service.ts';

/**
 * The attachment of an MCU station (the ECG tracing, the audiogram): patient data, so not a staff
 * photo. Stored in the files module's store (`files` row of kind `mcu-attachment`,
 * `uploadsDir/<corp>/<yyyy>/<mm>/<uid>.<ext>`) like the radiology images, linked from the
 * station's result, and served only through the participant to users of its clinic, each read
 * audited. The rule: the station is saved first (its result row exists), then the file is
 * attached to it (409 `saveStationFirst` before); a new file replaces the old one; nothing
 * changes once the conclusion is approved.
 */

export const MCU_ATTACHMENT_KIND = 'mcu-attachment';

/** PDF, JPEG or PNG, recognised by the first bytes, never by the name. */
export function sniffAttachment(content: Buffer): { mime: string; ext: string } | null {
  const image = sniffImage(content);
  if (image && image.mime !== 'image/gif') return image;
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}

const cleanName = (name: string) =>
  path
    .basename(name.replaceAll('\\', '/'))
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .slice(0, 120) || null;

/** The one file of the multipart request (field "file"). */
export async function readAttachment(request: FastifyRequest) {
  if (!request.isMultipart()) throw mcuError(400, 'attachmentMissing');
  let found: { content: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (found || part.fieldname !== 'file') {
        part.file.resume();
        if (found) throw mcuError(400, 'attachmentOneFile');
        continue;
      }
      found = { content: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw mcuError(413, 'attachmentTooLarge', { max: MCU_ATTACHMENT_MAX_TEXT });
    if (code === 'FST_FILES_LIMIT') throw mcuError(400, 'attachmentOneFile');
    if (!(error instanceof AppError) && !(error as { statusCode?: number }).statusCode)
      throw new AppError(400, 'api.validation');
    throw error;
  }
  if (!found || found.content.length === 0) throw mcuError(400, 'attachmentMissing');
  return found;
}

function assertAttachable(p: Participant, station: McuStation) {
  if (!stationsOf(p).includes(station))
    throw mcuError(409, 'notInPackage', { station: inRecordLanguage(`mcuStations.station.${station}`) });
  if (!MCU_ATTACHMENT_STATIONS.includes(station)) throw mcuError(409, 'attachmentNotTaken');
}

/** Scope, package and lock checked before any byte of the upload is read. */
export async function checkAttachable(db: Executor, session: AuthSession, uid: string, station: McuStation) {
  const p = await scopedParticipant(db, session, uid);
  assertAttachable(p, station);
  if (p.status === 'approved') throw mcuError(409, 'approvedLocked');
}

/**
 * Stores the file (written first, removed again if the database refuses) and links it to the
 * station's result in one transaction with the audit row; answers the whole examination.
 */
export async function attachStationFile(
  db: Db,
  uploadsDir: string,
  session: AuthSession,
  uid: string,
  station: McuStation,
  upload: { content: Buffer; filename: string },
  ip: string,
): Promise<ExamAnswer> {
  const type = sniffAttachment(upload.content);
  if (!type) throw mcuError(415, 'attachmentType');
  if (upload.content.length > MCU_ATTACHMENT_MAX_BYTES)
    throw mcuError(413, 'attachmentTooLarge', { max: MCU_ATTACHMENT_MAX_TEXT });
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
  try {
    return await db.transaction(async (tx) => {
      const found = await scopedParticipant(tx, session, uid);
      await lockParticipant(tx, found.id);
      const p = (await findParticipant(tx, uid))!;
      assertAttachable(p, station);
      if (p.status === 'approved') throw mcuError(409, 'approvedLocked');
      const result = await stationAttachmentOf(tx, p.id, station);
      if (!result) throw mcuError(409, 'saveStationFirst');
      await recordStoredFile(tx, {
        uid: fileUid,
        corpId: session.corpId,
        clinicId: p.clinicId,
        uploadedBy: session.userId,
        kind: MCU_ATTACHMENT_KIND,
        storagePath,
        originalName: cleanName(upload.filename),
        mimeType: type.mime,
        sizeBytes: upload.content.length,
      });
      await setStationFile(tx, result.resultId, fileUid);
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: p.clinicId,
        action: 'mcu.attachment.add',
        entity: 'mcuParticipant',
        entityId: p.uid,
        patientId: p.patientId,
        ip,
        detail: {
          station,
          fileUid,
          replaced: result.fileUid,
          mimeType: type.mime,
          sizeBytes: upload.content.length,
        },
      });
      return presentExam(tx, session, p);
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

/**
 * The station's attachment on disk, when the caller works in the participant's clinic (403
 * otherwise, 404 for another corporate or no attachment); the read is audited as a read of the
 * patient's record.
 */
export async function openStationFile(
  db: Db,
  uploadsDir: string,
  session: AuthSession,
  uid: string,
  station: McuStation,
  ip: string,
) {
  const p = await scopedParticipant(db, session, uid);
  const row = await stationAttachmentOf(db, p.id, station);
  if (!row?.fileUid || !row.storagePath || !row.mimeType || row.corpId !== p.corpId) throw notFound();
  const root = path.resolve(uploadsDir);
  const absolute = path.resolve(root, row.storagePath);
  if (!absolute.startsWith(root + path.sep)) throw notFound();
  const info = await stat(absolute).catch(() => null);
  if (!info?.isFile()) throw notFound();
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: p.clinicId,
    action: 'record.read',
    entity: 'mcuParticipant',
    entityId: p.uid,
    patientId: p.patientId,
    ip,
    detail: { mcuAttachment: station, fileUid: row.fileUid },
  });
  return {
    absolute,
    size: info.size,
    mimeType: row.mimeType,
    name: `${row.fileUid}.${row.storagePath.split('.').pop()}`,
  };
}
