import { LAB_RESULT_EVENTS, type LabResultReleased } from '@klinikita/domain/lab/lab-results.events';
import type {
  LabAmend,
  LabResultsSave,
  LabWork,
  PatientLabResult,
} from '@klinikita/domain/lab/lab-results.schema';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor, Tx } from '../../shared/sql.ts';
import { scopedPatient } from '../consultations/records.service.ts';
import { toPatientLabResult } from './lab-results.mapper.ts';
import {
  copyValues,
  insertReport,
  type LabReportRow,
  lockVisitReport,
  moveReport,
  releasedResultsOfPatient,
  replaceValues,
  serviceCodes,
} from './lab-results.queries.ts';
import {
  calculatedValues,
  checkValues,
  missingParameters,
  type ResultValue,
  resultRow,
  storedValue,
} from './lab-results.values.ts';
import {
  currentReport,
  type LabVisit,
  presentWork,
  scopedLabVisit,
  type VisitWork,
  workOf,
} from './lab-work.service.ts';

/**
 * Lab results of a visit (issue 16): the values of the whole order saved in one call, then
 * validated, released (`lab.result.released`) and, once released, amended as a new version. A
 * report's status never goes back; a released report is never edited in place.
 */

const conflict = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(409, `labResultsApi.${key}`, params);

async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  visit: LabVisit,
  reportUid: string,
  detail: unknown,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: visit.clinicId,
    action,
    entity: 'labReport',
    entityId: reportUid,
    patientId: visit.patientId,
    ip,
    detail,
  });
}

export async function getLabWork(db: Db, session: AuthSession, uid: string): Promise<LabWork> {
  const visit = await scopedLabVisit(db, session, uid);
  return presentWork(await workOf(db, visit));
}

/**
 * A write on the visit's report: scope, the report lock, the work as it stands. Inside a caller's
 * transaction (the lab worklist saving many visits at once) it is a savepoint of that transaction.
 */
function onVisit(
  db: Executor,
  session: AuthSession,
  uid: string,
  write: (tx: Tx, work: VisitWork, current: LabReportRow | null) => Promise<void>,
): Promise<LabWork> {
  return db.transaction(async (tx) => {
    const visit = await scopedLabVisit(tx, session, uid);
    await lockVisitReport(tx, visit.id);
    const work = await workOf(tx, visit);
    await write(tx, work, currentReport(work));
    return presentWork(await workOf(tx, visit));
  });
}

const valuesOf = (work: VisitWork, report: LabReportRow | null) =>
  new Map(
    (report ? work.values.filter((v) => v.reportId === report.id) : []).map((v) => [
      v.parameterId,
      storedValue(v),
    ]),
  );

/** Drafts only, and only the version the screen showed. */
function assertEditable(current: LabReportRow | null, version: number | null) {
  if ((current?.version ?? 0) !== (version ?? 0))
    throw conflict('staleVersion', { version: current?.version ?? 0 });
  if (current?.status === 'validated') throw conflict('validatedLocked');
  if (current?.status === 'released') throw conflict('releasedLocked');
}

/**
 * Saves the values of the order (a parameter not sent keeps its value; null clears it), computes
 * the calculated parameters and the flags, copies unit and range onto each changed row. The first
 * save with a value creates version 1; saving the same values again writes nothing.
 */
export function saveLabResults(
  db: Executor,
  session: AuthSession,
  uid: string,
  input: LabResultsSave,
  ip: string,
): Promise<LabWork> {
  return onVisit(db, session, uid, async (tx, work, current) => {
    assertEditable(current, input.version);
    const typed = checkValues(input.values, work.byUid);
    const values = valuesOf(work, current);
    const changed = new Map<number, ResultValue | null>();
    const put = (id: number, value: ResultValue | null) => {
      if ((values.get(id) ?? null) === value) return;
      changed.set(id, value);
      values.set(id, value);
    };
    for (const [id, value] of typed) put(id, value);
    for (const [id, value] of calculatedValues(work.tests, values)) put(id, value);
    if (!changed.size) return;

    const at = new Date();
    const reportUid = current?.uid ?? newUid();
    const reportId =
      current?.id ??
      (await insertReport(tx, {
        uid: reportUid,
        corpId: work.visit.corpId,
        clinicId: work.visit.clinicId,
        registrationId: work.visit.id,
        version: 1,
        status: 'draft',
        enteredBy: session.userId,
        enteredAt: at,
      }));
    if (current) await moveReport(tx, current.id, 'draft', { enteredBy: session.userId, enteredAt: at });
    const params = [...work.byUid.values()];
    const rows = [...changed]
      .filter((entry): entry is [number, ResultValue] => entry[1] !== null)
      .map(([id, value]) =>
        resultRow(params.find((p) => p.row.id === id)!, value, { reportId, userId: session.userId, at }),
      );
    await replaceValues(tx, reportId, [...changed.keys()], rows);
    // the parameters, never the values: results are clinical data, the audit log says who changed what
    await audit(tx, session, ip, 'labResult.save', work.visit, reportUid, {
      version: current?.version ?? 1,
      changed: params.filter((p) => changed.has(p.row.id)).map((p) => p.row.code),
    });
  });
}

/** The names of the first missing parameters, for the message. */
function missingMessage(names: string[]): [string, Record<string, string | number>] {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3
    ? ['missingValuesMore', { names: shown, more: names.length - 3 }]
    : ['missingValues', { names: shown }];
}

/** The draft is complete (every typed parameter of the order has a value): validated. */
export function validateLabResults(db: Db, session: AuthSession, uid: string, ip: string): Promise<LabWork> {
  return onVisit(db, session, uid, async (tx, work, current) => {
    if (!current) throw conflict('nothingSaved');
    if (current.status === 'validated') throw conflict('alreadyValidated');
    if (current.status !== 'draft') throw conflict('releasedLocked');
    const missing = missingParameters(work.tests, valuesOf(work, current));
    if (missing.length) {
      const [key, params] = missingMessage(missing.map((p) => p.row.nameId));
      throw conflict(key, params);
    }
    const moved = await moveReport(tx, current.id, 'draft', {
      status: 'validated',
      validatedBy: session.userId,
      validatedAt: new Date(),
    });
    if (!moved) throw conflict('staleVersion', { version: current.version });
    await audit(tx, session, ip, 'labResult.validate', work.visit, current.uid, { version: current.version });
  });
}

/**
 * Releases a validated report: `lab.result.released` goes out through the outbox with the critical
 * results (registrations sets the visit's lab flag from it), and the lab's and the ordering
 * clinic's screens refetch.
 */
export function releaseLabResults(db: Db, session: AuthSession, uid: string, ip: string): Promise<LabWork> {
  return onVisit(db, session, uid, async (tx, work, current) => {
    if (!current) throw conflict('nothingSaved');
    if (current.status === 'draft') throw conflict('notValidated');
    if (current.status !== 'validated') throw conflict('alreadyReleased');
    const moved = await moveReport(tx, current.id, 'validated', {
      status: 'released',
      releasedBy: session.userId,
      releasedAt: new Date(),
    });
    if (!moved) throw conflict('staleVersion', { version: current.version });
    // the visit's "lab done" flag follows from the event (registrations.lab-done)
    const { visit } = work;
    const values = work.values.filter((v) => v.reportId === current.id);
    const codes = await serviceCodes(tx, [...new Set(values.map((v) => v.serviceId))]);
    const critical = values
      .filter((v) => v.flag === 'LL' || v.flag === 'HH')
      .map((v) => ({ parameterCode: v.parameterCode, value: storedValue(v)!, flag: v.flag as 'LL' | 'HH' }));
    const payload: LabResultReleased = {
      registrationId: visit.uid,
      reportUid: current.uid,
      version: current.version,
      clinicId: visit.clinicId,
      corpId: visit.corpId,
      patientId: visit.patientId,
      ...(work.orderingClinicId ? { orderingClinicId: work.orderingClinicId } : {}),
      critical,
      services: [...codes.values()],
    };
    await emit(tx, {
      type: LAB_RESULT_EVENTS.released,
      aggregateType: 'labReport',
      aggregateId: current.uid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      payload,
    });
    for (const clinicId of new Set([visit.clinicId, work.orderingClinicId ?? visit.clinicId]))
      await publishEvent(tx, { clinicId, type: LAB_RESULT_EVENTS.released, id: visit.uid });
    await audit(tx, session, ip, 'labResult.release', visit, current.uid, {
      version: current.version,
      critical: critical.map((c) => c.parameterCode),
    });
  });
}

/**
 * Opens a correction of a released report: it is kept as replaced, and version n + 1 starts as a
 * draft holding its values (only what changes needs typing), with the reason.
 */
export function amendLabResults(
  db: Db,
  session: AuthSession,
  uid: string,
  input: LabAmend,
  ip: string,
): Promise<LabWork> {
  return onVisit(db, session, uid, async (tx, work, current) => {
    if (!current) throw conflict('nothingSaved');
    if (current.status !== 'released') throw conflict('notReleased');
    const moved = await moveReport(tx, current.id, 'released', {
      status: 'replaced',
      replacedAt: new Date(),
    });
    if (!moved) throw conflict('staleVersion', { version: current.version });
    const version = current.version + 1;
    const reportUid = newUid();
    const reportId = await insertReport(tx, {
      uid: reportUid,
      corpId: current.corpId,
      clinicId: current.clinicId,
      registrationId: current.registrationId,
      version,
      status: 'draft',
      amendmentReason: input.reason,
      enteredBy: current.enteredBy,
      enteredAt: current.enteredAt,
    });
    await copyValues(tx, current.id, reportId);
    await audit(tx, session, ip, 'labResult.amend', work.visit, reportUid, {
      version,
      replaced: current.uid,
      reason: input.reason,
    });
  });
}

/**
 * A patient's released results for the record and the doctor's screen, newest first (one
 * parameter's trend with `parameter`): the record's reader rule (a clinical role, the same
 * corporate), results of the reader's clinics' labs or ordered from them. A read of the record,
 * audited.
 */
export async function listPatientLabResults(
  db: Db,
  session: AuthSession,
  uid: string,
  q: { parameter?: string; limit: number },
  ip: string,
): Promise<PatientLabResult[]> {
  const patient = await scopedPatient(db, session, uid);
  const rows = await releasedResultsOfPatient(db, {
    patientId: patient.id,
    corpId: session.corpId,
    clinicIds: session.clinicIds,
    parameter: q.parameter || undefined,
    limit: q.limit,
  });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action: 'record.read',
    entity: 'patient',
    entityId: uid,
    patientId: patient.id,
    ip,
    detail: { labResults: [...new Set(rows.map((r) => r.reportUid))], parameter: q.parameter ?? null },
  });
  return rows.map(toPatientLabResult);
}
