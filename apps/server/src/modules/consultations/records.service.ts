import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinical } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { type Executor, pageOf } from '../../shared/sql.ts';
import { toEncounter, toRecordPatient } from './consultations.mapper.ts';
import { encountersOfPatientAfter, pageEncountersOfPatient } from './consultations.queries.ts';
import { audit, extrasOf, refuse } from './consultations.service.ts';
import { findPatientByUid, pageRecordPatients } from './records.queries.ts';

/** The record (EMR): the patients with a record in the user's clinics and each one's visits. */

/** Patients with a record in the user's clinics; `mine`: those the session's doctor has seen. */
export async function listRecordPatients(
  db: Db,
  session: AuthSession,
  q: { search?: string; mine?: boolean; page: number; limit: number },
  ip: string,
) {
  assertClinical(session);
  if (q.mine && !session.doctorId) return pageOf([], 0, q);
  const { rows, total } = await pageRecordPatients(db, {
    corpId: session.corpId,
    clinicIds: session.clinicIds,
    doctorId: q.mine ? (session.doctorId ?? undefined) : undefined,
    search: q.search,
    page: q.page,
    limit: q.limit,
  });
  // the list shows each patient's last diagnosis: a read of the record, audited once per page
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action: 'record.list',
    entity: 'patient',
    ip,
    detail: { search: q.search ?? null, mine: q.mine ?? false, patients: rows.map((r) => r.uid) },
  });
  const now = new Date();
  return pageOf(
    rows.map((r) => toRecordPatient(r, now)),
    total,
    q,
  );
}

/** The patient if the session may read the record: a clinical role, the same corporate (else 404). */
export async function scopedPatient(db: Executor, session: AuthSession, uid: string) {
  assertClinical(session);
  const patient = await findPatientByUid(db, uid);
  if (!patient || patient.corpId !== session.corpId) throw refuse(404, 'patientNotFound');
  return patient;
}

export async function readRecordPatient(db: Db, session: AuthSession, uid: string, ip: string) {
  const patient = await scopedPatient(db, session, uid);
  const { rows } = await pageRecordPatients(db, {
    corpId: session.corpId,
    clinicIds: session.clinicIds,
    patientId: patient.id,
    page: 1,
    limit: 1,
  });
  // no visit at the user's clinics: to this user there is no record
  if (!rows[0]) throw refuse(404, 'patientNotFound');
  await audit(db, session, ip, 'record.read', { uid, clinicId: null, patientId: patient.id }, 'patient');
  return toRecordPatient(rows[0]);
}

/**
 * The record page in one answer: without `after` the header and the newest visits at the user's
 * clinics, with `after` (the previous answer's `next`) the visits older than it. A page is one
 * read of the record, audited with the visits it showed.
 */
export async function readRecord(
  db: Db,
  session: AuthSession,
  uid: string,
  q: { after?: string; limit: number },
  ip: string,
) {
  const patient = await scopedPatient(db, session, uid);
  const after = q.after ? parseCursor(q.after) : null;
  const [header, rows] = await Promise.all([
    after
      ? null
      : pageRecordPatients(db, {
          corpId: session.corpId,
          clinicIds: session.clinicIds,
          patientId: patient.id,
          page: 1,
          limit: 1,
        }).then((r) => r.rows[0] ?? null),
    // one more than the page: whether a next page exists, without counting
    encountersOfPatientAfter(db, patient.id, session.clinicIds, after, q.limit + 1),
  ]);
  // no visit at the user's clinics: to this user there is no record
  if (!after && !header) throw refuse(404, 'patientNotFound');
  const page = rows.slice(0, q.limit);
  const extras = await extrasOf(
    db,
    page.map((r) => r.id),
  );
  await audit(db, session, ip, 'record.read', { uid, clinicId: null, patientId: patient.id }, 'patient', {
    after: q.after ?? null,
    encounters: page.map((r) => r.uid),
  });
  const last = page.at(-1);
  return {
    patient: header ? toRecordPatient(header) : null,
    visits: page.map((r) => toEncounter(r, extras)),
    next: rows.length > q.limit && last ? `${last.createdAtKey}_${last.id}` : null,
  };
}

/** `2026-11-23T02:00:00.123456Z_1234` (the contract checked its form) → the keyset. */
function parseCursor(cursor: string) {
  const cut = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, cut), id: Number(cursor.slice(cut + 1)) };
}

/** The record's visits at the user's clinics, newest first (by page number: the examination screen, letters). */
export async function patientTimeline(
  db: Db,
  session: AuthSession,
  uid: string,
  q: { page: number; limit: number },
  ip: string,
) {
  const patient = await scopedPatient(db, session, uid);
  const { rows, total } = await pageEncountersOfPatient(db, patient.id, session.clinicIds, q.page, q.limit);
  const extras = await extrasOf(
    db,
    rows.map((r) => r.id),
  );
  await audit(db, session, ip, 'record.read', { uid, clinicId: null, patientId: patient.id }, 'patient', {
    page: q.page,
    encounters: rows.map((r) => r.uid),
  });
  return pageOf(
    rows.map((r) => toEncounter(r, extras)),
    total,
    q,
  );
}
