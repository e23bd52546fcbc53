import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { formatLetterNumber, type LetterKind } from '@klinikita/domain/consultations/consultation.rules';
import type { ReferralDraft } from '@klinikita/domain/consultations/encounter.schema';
import { restFromProblem, restUntil } from '@klinikita/domain/consultations/letter.rules';
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
import {
  type EncounterContext,
  findEncounterContext,
  findIssuingDoctor,
  findLetter,
  findPatientId,
  insertLetter,
  type LetterExtras,
  type LetterSnapshot,
  nextLetterValue,
  pageLetters,
} from './letters.queries.ts';
import type { PdfJob } from './pdf.worker.ts';

/** Lays a PDF out (on the PDF pool's worker threads; the data is read here, on the main thread). */
export type RenderPdf = (job: PdfJob) => Promise<Buffer>;

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

/** Numbers the letter (per clinic, kind and the clinic's year) and stores it with its snapshot. */
async function writeLetter(
  tx: Executor,
  ctx: EncounterContext,
  kind: LetterKind,
  extras: LetterExtras,
  userId: number,
  ip: string | null,
  doctor?: LetterSnapshot['doctor'],
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
    data: buildSnapshot(ctx, today, extras, doctor),
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

/**
 * A health certificate or a sick-leave letter, issued by a doctor from a signed visit of one of
 * their clinics and signed in the issuing doctor's own name (issue 13 item 7): the letter is dated
 * today (the visit day or later), a sick leave starts on the visit day or the day after.
 */
export async function createLetter(db: Db, session: AuthSession, input: LetterCreateInput, ip: string) {
  assertClinical(session);
  // the route's letter.issue already needs a doctor profile; the name on the letter comes from it
  const doctorId = session.doctorId;
  if (doctorId === null) throw forbidden('consultations.doctorOnly');
  if (input.kind === 'referral')
    throw refuse(400, 'referralFromNote', [{ path: 'kind', key: 'letters.referralFromNote' }]);
  return db.transaction(async (tx) => {
    const ctx = await scopedEncounter(tx, session, input.encounterId);
    if (ctx.status !== 'signed')
      throw refuse(409, 'visitNotSigned', [{ path: 'encounterId', key: 'letters.visitNotSigned' }]);
    const visitDay = ctx.queueDate.slice(0, 10);
    if (visitDay > clinicDay(ctx.clinic.timeZone))
      throw refuse(409, 'visitInFuture', [{ path: 'encounterId', key: 'letters.visitInFuture' }]);
    const doctor = await findIssuingDoctor(tx, doctorId, ctx.clinicId, ctx.doctorId);
    if (!doctor) throw forbidden('letters.notClinicDoctor');
    const notes = input.notes?.trim() || null;
    let extras: LetterExtras;
    if (input.kind === 'health') {
      extras = {
        ...NO_EXTRAS,
        purpose: input.purpose?.trim() || null,
        healthy: input.healthy ?? null,
        notes,
      };
    } else {
      const restFrom = input.restFrom!;
      const problem = restFromProblem(visitDay, restFrom);
      if (problem) throw new AppError(400, problem, {}, [{ path: 'restFrom', key: problem }]);
      const restDays = input.restDays ?? 1;
      extras = { ...NO_EXTRAS, notes, restFrom, restDays, restUntil: restUntil(restFrom, restDays) };
    }
    return writeLetter(tx, ctx, input.kind, extras, session.userId, ip, { name: doctor.name, sip: null });
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
export async function letterPdf(db: Db, session: AuthSession, uid: string, ip: string, render: RenderPdf) {
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
  const pdf = await render({
    kind: 'letter',
    letter: { kind: row.kind as LetterKind, number: row.number, data },
  });
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
export async function encounterPdf(db: Db, session: AuthSession, uid: string, ip: string, render: RenderPdf) {
  const ctx = await scopedEncounter(db, session, uid);
  const encounter = await encounterByUid(db, uid);
  if (!encounter) throw refuse(404, 'encounterNotFound');
  const p = ctx.patient;
  const pdf = await render({
    kind: 'visit',
    visit: {
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
    },
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
