import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { API_PREFIX } from '../../shared/http.ts';
import type { Executor } from '../../shared/sql.ts';
import { findFile, insertFile, isPhotoInUse, setUserPhoto } from './files.queries.ts';

/** Spec 9 states 20000/2000 without a unit; a photo never needs more than 2 MB. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MAX_TEXT = '2 MB';

/** The images spec 5 accepts (jpeg, jpg, png, gif), recognised by their first bytes, never by name. */
const SIGNATURES: { mime: string; ext: string; bytes: number[] }[] = [
  { mime: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/gif', ext: 'gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { mime: 'image/gif', ext: 'gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
];

export function sniffImage(content: Buffer): { mime: string; ext: string } | null {
  const found = SIGNATURES.find((s) => s.bytes.every((b, i) => content[i] === b));
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/**
 * Records a file another module stored under the uploads folder (radiology images): the row that
 * names it, in the caller's transaction.
 */
export async function recordStoredFile(tx: Executor, values: Parameters<typeof insertFile>[1]) {
  await insertFile(tx, values);
}

export const fileUrl = (uid: string) => `${API_PREFIX}/files/${uid}`;

/** The file's own name, reduced to something safe to keep and to show. */
const cleanName = (name: string) =>
  path
    .basename(name.replaceAll('\\', '/'))
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .slice(0, 120) || null;

/**
 * Stores an uploaded image under `uploadsDir/<corp>/<yyyy>/<mm>/<uid>.<ext>` and records it;
 * `setUserImage` also makes it the caller's photo (header and doctor profile). The file is
 * written first and removed again if the database refuses the record.
 */
export async function storeImage(
  db: Db,
  uploadsDir: string,
  session: AuthSession,
  upload: { content: Buffer; filename: string; kind: string; day: Date; setUserImage: boolean },
  ip: string,
) {
  const type = sniffImage(upload.content);
  if (!type) throw new AppError(400, 'staffApi.fileType');
  const uid = newUid();
  const yyyy = String(upload.day.getFullYear());
  const mm = String(upload.day.getMonth() + 1).padStart(2, '0');
  const storagePath = path.posix.join(String(session.corpId), yyyy, mm, `${uid}.${type.ext}`);
  const target = path.join(uploadsDir, storagePath);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(`${target}.part`, upload.content, { flag: 'wx' });
  await rename(`${target}.part`, target);
  const url = fileUrl(uid);
  try {
    await db.transaction(async (tx) => {
      await insertFile(tx, {
        uid,
        corpId: session.corpId,
        clinicId: session.clinicId,
        uploadedBy: session.userId,
        kind: upload.kind,
        storagePath,
        originalName: cleanName(upload.filename),
        mimeType: type.mime,
        sizeBytes: upload.content.length,
      });
      if (upload.setUserImage) {
        await setUserPhoto(tx, session.userId, session.doctorId, url);
      }
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: session.clinicId,
        action: upload.setUserImage ? 'user.image' : 'file.upload',
        entity: 'file',
        entityId: uid,
        ip,
        detail: { kind: upload.kind, mimeType: type.mime, sizeBytes: upload.content.length },
      });
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return { url, uid, mimeType: type.mime };
}

/** Whether the corporate holds this uploaded file (a photo must be one of its uploads). */
export async function isStoredFile(db: Db, corpId: number, uid: string) {
  return (await findFile(db, corpId, uid)) !== null;
}

/**
 * The kinds of file the server stores and who may open each. Both are staff photos (the profile
 * dialog's upload and the login's own image): once a login or a doctor shows one as its photo, it
 * is part of a staff record every signed-in user of the corporate sees (header, doctor lists), so
 * they all may open it. Before that (or after it was replaced) only its uploader may. A kind
 * without a rule here (e.g. a patient's document, should one come) is served to its uploader only
 * until it gets one: the patient's rule is record.read in a clinic where the patient has a visit.
 */
const STAFF_PHOTO_KINDS = ['doctor-upload', 'user-image'];

async function mayOpen(
  db: Db,
  session: AuthSession,
  row: { uid: string; kind: string; uploadedBy: number | null },
) {
  if (row.uploadedBy === session.userId) return true;
  if (STAFF_PHOTO_KINDS.includes(row.kind)) return isPhotoInUse(db, session.corpId, fileUrl(row.uid));
  return false;
}

/**
 * A stored file the caller may open (see `STAFF_PHOTO_KINDS`), with where it lies on disk; any
 * other file, of this corporate or another, does not exist for the caller (404).
 */
export async function openStoredFile(db: Db, uploadsDir: string, session: AuthSession, uid: string) {
  const row = await findFile(db, session.corpId, uid);
  if (!row || !(await mayOpen(db, session, row))) throw notFound();
  const root = path.resolve(uploadsDir);
  const absolute = path.resolve(root, row.storagePath);
  // the stored path is ours, but a file outside the uploads folder is never served
  if (!absolute.startsWith(root + path.sep)) throw notFound();
  return { row, absolute };
}
