import { ALL_ACCESS_ROLES, ROLES } from '@klinikita/domain/access/roles';
import type { MedicalCode } from '@klinikita/domain/codes/code.schema';
import type { CodeSystem } from '@klinikita/domain/consultations/consultation.rules';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';
import { toClinicCode, toMedicalCode } from './codes.mapper.ts';
import { findCode, pageClinicCodes, saveClinicCode, searchCodes } from './codes.queries.ts';

const MAX_WORDS = 8;

/** Titles are corrected by doctors (the role, or any user with a doctor profile) and administrators. */
const mayCorrect = (session: AuthSession) =>
  ALL_ACCESS_ROLES.includes(session.roleName) ||
  session.roleName === ROLES.admin ||
  session.roleName === ROLES.doctor ||
  session.doctorId !== null;

export async function listCodes(
  db: Db,
  session: AuthSession,
  system: CodeSystem,
  q: { clinicId: number; search?: string; favourites?: boolean; limit: number },
): Promise<MedicalCode[]> {
  assertClinicInScope(session, q.clinicId);
  const text = (q.search ?? '').trim();
  const rows = await searchCodes(db, {
    system,
    clinicId: q.clinicId,
    words: text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS),
    code: text.replace(/\s+/g, '').toUpperCase(),
    favouritesOnly: q.favourites === true,
    limit: q.limit,
  });
  return rows.map(toMedicalCode);
}

/** A title equal to the shipped one (or empty) is no correction. */
const correction = (value: string | null | undefined, shipped: string, current: string | null) => {
  if (value === undefined) return current;
  const text = value?.trim() ?? '';
  return text === '' || text === shipped ? null : text;
};

/**
 * Marks a code as one of the clinic's favourites and/or corrects its titles for the clinic
 * (other clinics keep the shipped title). A correction is audited.
 */
export async function updateCode(
  db: Db,
  session: AuthSession,
  system: CodeSystem,
  code: string,
  input: { clinicId: number; titleId?: string | null; titleEn?: string | null; favourite?: boolean },
  ip: string,
): Promise<MedicalCode> {
  assertClinicInScope(session, input.clinicId);
  const correcting = input.titleId !== undefined || input.titleEn !== undefined;
  if (correcting && !mayCorrect(session)) throw forbidden('codes.correctForbidden');
  return db.transaction(async (tx) => {
    const row = await findCode(tx, system, code, input.clinicId);
    if (!row) throw new AppError(404, 'codes.notFound', { code });
    const titleId = correction(input.titleId, row.titleId, row.clinicTitleId);
    const titleEn = correction(input.titleEn, row.titleEn, row.clinicTitleEn);
    const favourite = input.favourite ?? row.favourite === true;
    const key = { clinicId: input.clinicId, system, code: row.code };
    await saveClinicCode(tx, key, { titleId, titleEn, favourite, updatedBy: session.userId });
    if (titleId !== row.clinicTitleId || titleEn !== row.clinicTitleEn) {
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: input.clinicId,
        action: 'code.correct',
        entity: 'medical_code',
        entityId: `${system}:${row.code}`,
        ip,
        detail: {
          before: { titleId: row.clinicTitleId, titleEn: row.clinicTitleEn },
          after: { titleId, titleEn },
        },
      });
    }
    if (favourite !== (row.favourite === true)) {
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: input.clinicId,
        action: 'code.favourite',
        entity: 'medical_code',
        entityId: `${system}:${row.code}`,
        ip,
        detail: { favourite },
      });
    }
    return toMedicalCode({ ...row, clinicTitleId: titleId, clinicTitleEn: titleEn, favourite });
  });
}

/**
 * The title corrections and favourites of one clinic in scope, or of every clinic in the caller's
 * scope, with the shipped titles beside the clinic's (Daftar Kode → Koreksi & favorit ICD).
 */
export async function listClinicCodes(
  db: Db,
  session: AuthSession,
  q: {
    clinicId?: number;
    system?: CodeSystem;
    kind?: 'corrected' | 'favourite';
    search?: string;
    page: number;
    limit: number;
  },
) {
  if (q.clinicId !== undefined) assertClinicInScope(session, q.clinicId);
  const { rows, total } = await pageClinicCodes(db, {
    clinicIds: q.clinicId !== undefined ? [q.clinicId] : session.clinicIds,
    system: q.system,
    kind: q.kind,
    words: (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS),
    page: q.page,
    limit: q.limit,
  });
  return pageOf(rows.map(toClinicCode), total, q);
}
