import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { formatLetterNumber, type LetterKind } from '@klinikita/domain/consultations/consultation.rules';
import type { ReferralDraft } from '@klinikita/domain/consultations/encounter.schema';
import type {
  Letter,
  LetterCreateInput,
  LetterListQuery,
} from '@klinikita/domain/consultations/letter.schema';
import { ageParts } from '@klinikita/domain/patients/patient.rules';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinical } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { type Executor, pageOf } from '../../shared/sql.ts';
import { encounterByUid } from '../consultations/consultations.service.ts';
import { buildSnapshot, calendarDate, legacyReferral, titleOf, toLetter } from './letters.mapper.ts';
import { renderLetterPdf } from './letters.pdf.ts';
import {
  type EncounterContext,
  findEncounterContext,
  findLetter,
  findPatientId,
  insertLetter,
  type LetterExtras,
  type LetterSnapshot,
  nextLetterValue,
  pageLetters,
} from './letters.queries.ts';
import { renderEncounterPdf } from './visit.pdf.ts';

const NO_EXTRAS: LetterExtras = {
  purpose: null,
  healthy: null,
  notes: null,
  restFrom: null,
  restDays: null,
  restUntil: null,
  referral: null,
};

const refuse = (status: number, key: string, fields: { path: string; key: string }[] = []) =>
  new AppError(status, `letters.${key}`, {}, fields);

async function audit(
  db: Executor,
  entry: { userId: number; corpId: number; clinicId: number | null; patientId: number; ip: string | null },
  action: string,
  entity: string,
  entityId: string,
  detail?: unknown,
) {
  await writeAudit(db as Db, { ...entry, action, entity, entityId, detail });
}

/** The visit if the session may write or print from it: same corporate, one of the user's clinics. */
async function scopedEncounter(db: Executor, session: AuthSession, uid: string) {
  assertClinical(session);
  const ctx = await findEncounterContext(db, { uid });
  if (!ctx || ctx.corpId !== session.corpId) throw refuse(404, 'encounterNotFound');
  if (!session.clinicIds.includes(ctx.clinicId)) throw forbidden('api.clinicForbidden');
  return ctx;
}

/** A real calendar day 'YYYY-MM-DD' (the schema checks only the shape). */
const isDay = (day: string) => {
  const date = calendarDate(day);
  return (
    date.getFullYear() === Number(day.slice(0, 4)) &&
    date.getMonth() + 1 === Number(day.slice(5, 7)) &&
    date.getDate() === Number(day.slice(8, 10))
  );
};

/** Numbers the letter (per clinic, kind and the clinic's year) and stores it with its snapshot. */
async function writeLetter(
  tx: Executor,
  ctx: EncounterContext,
  kind: LetterKind,
  extras: LetterExtras,
  userId: number,
  ip: string | null,
): Promise<Letter> {
  const today = clinicDay(ctx.clinic.timeZone);
  const year = Number(today.slice(0, 4));
  const number = formatLetterNumber(
    kind,
    ctx.clinicId,
    year,
    await nextLetterValue(tx, ctx.clinicId, kind, year),
  );
  const uid = newUid();
  const id = await insertLetter(tx, {
    uid,
    corpId: ctx.corpId,
    clinicId: ctx.clinicId,
    patientId: ctx.patientId,
    encounterId: ctx.id,
    kind,
    number,
    data: buildSnapshot(ctx, today, extras),
    createdBy: userId,
  });
  await audit(
    tx,
    { userId, corpId: ctx.corpId, clinicId: ctx.clinicId, patientId: ctx.patientId, ip },
    'letter.create',
    'letter',
    uid,
    { kind, number, encounter: ctx.uid },
  );
  const row = await findLetter(tx, { id });
  return toLetter(row!);
}

/** A health certificate or a sick-leave letter written from a visit of the user's clinic. */
export async function createLetter(db: Db, session: AuthSession, input: LetterCreateInput, ip: string) {
  assertClinical(session);
  if (input.kind === 'referral')
    throw refuse(400, 'referralFromNote', [{ path: 'kind', key: 'letters.referralFromNote' }]);
  let extras: LetterExtras;
  if (input.kind === 'health') {
    extras = {
      ...NO_EXTRAS,
      purpose: input.purpose?.trim() || null,
      healthy: input.healthy ?? null,
      notes: input.notes?.trim() || null,
    };
  } else {
    const restFrom = input.restFrom ?? '';
    if (!isDay(restFrom))
      throw refuse(400, 'restFromInvalid', [{ path: 'restFrom', key: 'letters.restFromInvalid' }]);
    const restDays = input.restDays ?? 1;
    extras = {
      ...NO_EXTRAS,
      notes: input.notes?.trim() || null,
      restFrom,
      restDays,
      restUntil: addDays(restFrom, restDays - 1),
    };
  }
  return db.transaction(async (tx) => {
    const ctx = await scopedEncounter(tx, session, input.encounterId);
    return writeLetter(tx, ctx, input.kind, extras, session.userId, ip);
  });
}

/**
 * The referral letter of a note with a referral, written inside the transaction that finishes
 * the examination (the caller has checked access; the letter snapshots the note as it is signed).
 */
export async function createReferralLetter(
  tx: Executor,
  input: {
    corpId: number;
    clinicId: number;
    patientId: number;
    encounterId: number;
    userId: number;
    referral: ReferralDraft;
    ip?: string | null;
  },
): Promise<Letter> {
  const ctx = await findEncounterContext(tx, { id: input.encounterId });
  if (
    !ctx ||
    ctx.corpId !== input.corpId ||
    ctx.clinicId !== input.clinicId ||
    ctx.patientId !== input.patientId
  )
    throw refuse(404, 'encounterNotFound');
  return writeLetter(
    tx,
    ctx,
    'referral',
    { ...NO_EXTRAS, referral: input.referral },
    input.userId,
    input.ip ?? null,
  );
}

/** Letters of a patient or a visit (or all of the user's clinics), newest first. */
export async function listLetters(db: Db, session: AuthSession, q: LetterListQuery, ip: string) {
  assertClinical(session);
  let patientId: number | undefined;
  let encounterId: number | undefined;
  if (q.patientId) {
    const patient = await findPatientId(db, q.patientId);
    if (!patient || patient.corpId !== session.corpId) throw refuse(404, 'patientNotFound');
    patientId = patient.id;
  }
  if (q.encounterId) {
    const ctx = await scopedEncounter(db, session, q.encounterId);
    encounterId = ctx.id;
    patientId ??= ctx.patientId;
  }
  const { rows, total } = await pageLetters(db, {
    corpId: session.corpId,
    clinicIds: session.clinicIds,
    patientId,
    encounterId,
    page: q.page,
    limit: q.limit,
  });
  if (patientId)
    await audit(
      db,
      { userId: session.userId, corpId: session.corpId, clinicId: null, patientId, ip },
      'record.read',
      'letters',
      q.encounterId ?? q.patientId ?? '',
      { letters: rows.map((r) => r.uid) },
    );
  return pageOf(rows.map(toLetter), total, q);
}

const fileName = (text: string) => `${text.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '')}.pdf`;

/** A letter as printed; every print is audited. */
export async function letterPdf(db: Db, session: AuthSession, uid: string, ip: string) {
  assertClinical(session);
  const row = await findLetter(db, { uid });
  if (!row || row.corpId !== session.corpId) throw refuse(404, 'notFound');
  if (!session.clinicIds.includes(row.clinicId)) throw forbidden('api.clinicForbidden');
  let data = row.data as LetterSnapshot;
  if (!data.patient) {
    // a referral written before letters kept their snapshot ({ facility, specialty, reason, ... })
    const ctx = await findEncounterContext(db, { uid: row.encounterUid ?? '' });
    if (!ctx) throw refuse(404, 'notFound');
    data = buildSnapshot(ctx, clinicDay(ctx.clinic.timeZone, row.createdAt), {
      ...NO_EXTRAS,
      referral: legacyReferral(row.data),
    });
  }
  const pdf = await renderLetterPdf({ kind: row.kind as LetterKind, number: row.number, data });
  await audit(
    db,
    { userId: session.userId, corpId: session.corpId, clinicId: row.clinicId, patientId: row.patientId, ip },
    'letter.print',
    'letter',
    row.uid,
    { number: row.number },
  );
  return { pdf, fileName: fileName(row.number) };
}

/** One visit printed for the record or the patient; every print is audited. */
export async function encounterPdf(db: Db, session: AuthSession, uid: string, ip: string) {
  const ctx = await scopedEncounter(db, session, uid);
  const encounter = await encounterByUid(db, uid);
  if (!encounter) throw refuse(404, 'encounterNotFound');
  const p = ctx.patient;
  const pdf = await renderEncounterPdf({
    encounter,
    patient: {
      name: p.name,
      title: titleOf(p, ctx.queueDate),
      mrn: p.mrn,
      sex: p.sex,
      dob: p.dob,
      age: ageParts(calendarDate(p.dob), calendarDate(ctx.queueDate)),
      nik: p.nik,
      allergies: p.allergies,
    },
    head: ctx.clinic,
    timeZone: ctx.clinic.timeZone,
    printedBy: session.name,
  });
  await audit(
    db,
    { userId: session.userId, corpId: session.corpId, clinicId: ctx.clinicId, patientId: ctx.patientId, ip },
    'encounter.print',
    'encounter',
    ctx.uid,
  );
  return { pdf, fileName: fileName(`kunjungan-${p.mrn}-${ctx.queueDate}`) };
}
