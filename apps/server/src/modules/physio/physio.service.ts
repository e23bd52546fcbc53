import type {
  PhysioProgramme,
  PhysioProgrammeClosed,
  PhysioProgrammeCreated,
  PhysioRemaining,
  PhysioSessionNoted,
  PhysioVisit,
} from '@klinikita/domain/physio/physio.schema';
import { SERVICE_EVENTS, type ServicePerformed } from '@klinikita/domain/services/service-performed.events';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor, Tx } from '../../shared/sql.ts';
import { orderForDesk } from '../consultations/consultations.service.ts';
import { scopedPatient } from '../consultations/records.service.ts';
import { itemsOfText } from '../lab-results/lab-results.order.ts';
import { scopedRegistration } from '../registrations/registrations.service.ts';
import { markLabDone } from '../registrations/visit-steps.service.ts';
import { toPhysioProgramme, toPhysioRemaining } from './physio.mapper.ts';
import {
  activeProgrammeOf,
  insertProgramme,
  insertSession,
  latestProgrammeOf,
  lockPatient,
  type ProgrammeRow,
  patientOfCorporate,
  physioServiceCodes,
  programmeById,
  programmeOpenedOn,
  programmesOfPatient,
  sessionOfVisit,
  sessionsOf,
  sessionsOfProgrammes,
  updateProgramme,
} from './physio.queries.ts';

/**
 * Physiotherapy of a PHYSIO visit (issue 16 §3). Access first: the visit is of the caller's
 * corporate (404) and clinics (403) and is a physiotherapy visit (409). Writes on one patient's
 * programme are serialised on the patient row, so a double submit waits and then finds the first.
 */

type PhysioVisitRow = Awaited<ReturnType<typeof scopedRegistration>>;

const refuse = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(status, `physio.api.${key}`, params);

async function scopedPhysioVisit(db: Executor, session: AuthSession, uid: string): Promise<PhysioVisitRow> {
  const visit = await scopedRegistration(db, session, uid);
  if (visit.orderType !== 'service' || visit.serviceType !== 'PHYSIO')
    throw refuse(409, 'notPhysioVisit', { queueNumber: visit.queueNumber });
  return visit;
}

async function orderOf(db: Executor, visit: PhysioVisitRow) {
  const order = visit.serviceOrderUid ? await orderForDesk(db, visit.serviceOrderUid) : null;
  return {
    doctorName: order?.doctorName ?? (order ? null : visit.referrer),
    clinicName: order?.clinicName ?? null,
    diagnosis: order?.diagnosis ?? null,
    note: order?.note ?? null,
    items: order ? [...order.items] : itemsOfText(visit.complaint),
  };
}

/** The clinics whose open screens hear of the visit's work: its own and the one that ordered it. */
async function liveClinicsOf(db: Executor, visit: PhysioVisitRow) {
  const order = visit.serviceOrderUid ? await orderForDesk(db, visit.serviceOrderUid) : null;
  return new Set([visit.clinicId, order?.clinicId ?? visit.clinicId]);
}

async function programmeView(db: Executor, row: ProgrammeRow | null): Promise<PhysioProgramme | null> {
  return row ? toPhysioProgramme(row, await sessionsOf(db, row.id)) : null;
}

/**
 * The programme this visit shows: the one its session belongs to, the one it opened, or the
 * patient's newest (the active one; a closed one lets the screen offer a new assessment).
 */
async function programmeForVisit(db: Executor, visit: PhysioVisitRow) {
  const noted = await sessionOfVisit(db, visit.id);
  if (noted) return programmeById(db, noted.programmeId);
  return (
    (await programmeOpenedOn(db, visit.id)) ?? (await latestProgrammeOf(db, visit.corpId, visit.patientId))
  );
}

async function present(db: Executor, visit: PhysioVisitRow): Promise<PhysioVisit> {
  const programme = await programmeView(db, await programmeForVisit(db, visit));
  return {
    registrationId: visit.uid,
    clinicId: visit.clinicId,
    patient: { uid: visit.patient.uid, name: visit.patient.name, mrn: visit.patient.mrn },
    order: await orderOf(db, visit),
    programme,
    session: programme?.sessions.find((s) => s.registrationId === visit.uid) ?? null,
  };
}

export async function getPhysioVisit(db: Db, session: AuthSession, uid: string): Promise<PhysioVisit> {
  return present(db, await scopedPhysioVisit(db, session, uid));
}

function audit(
  tx: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  visit: PhysioVisitRow,
  entityId: string,
  detail: unknown,
) {
  return writeAudit(tx, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: visit.clinicId,
    action,
    entity: 'physioProgramme',
    entityId,
    patientId: visit.patientId,
    ip,
    detail,
  });
}

/** A write on the visit's patient's programme: scope, the patient lock, the visit as it now is. */
function onVisit(
  db: Db,
  session: AuthSession,
  uid: string,
  write: (tx: Tx, visit: PhysioVisitRow) => Promise<void>,
): Promise<PhysioVisit> {
  return db.transaction(async (tx) => {
    const visit = await scopedPhysioVisit(tx, session, uid);
    await lockPatient(tx, visit.patientId);
    await write(tx, visit);
    return present(tx, visit);
  });
}

/** Opens the programme from the first assessment; a retry on the same visit answers it again. */
export function createPhysioProgramme(
  db: Db,
  session: AuthSession,
  uid: string,
  input: PhysioProgrammeCreated,
  ip: string,
): Promise<PhysioVisit> {
  return onVisit(db, session, uid, async (tx, visit) => {
    const active = await activeProgrammeOf(tx, visit.corpId, visit.patientId);
    if (active?.registrationId === visit.id) return;
    if (active)
      throw refuse(409, 'activeExists', { clinic: active.clinicName, planned: active.plannedSessions });
    const order = await orderOf(tx, visit);
    const programmeUid = newUid();
    await insertProgramme(tx, {
      uid: programmeUid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      patientId: visit.patientId,
      registrationId: visit.id,
      referral: input.referral ?? ([order.items.join(', '), order.note].filter(Boolean).join(' — ') || null),
      diagnosis: input.diagnosis,
      assessment: input.assessment,
      goals: input.goals,
      plannedSessions: input.plannedSessions,
      createdBy: session.userId,
    });
    await audit(tx, session, ip, 'physio.programme.create', visit, programmeUid, {
      plannedSessions: input.plannedSessions,
    });
  });
}

/**
 * Notes this visit's session (numbered after the last) or re-evaluation: the visit's therapy is
 * marked done, `service.performed` goes out with the order's catalogue codes, open screens
 * refetch. A visit has one session: a retry changes nothing.
 */
export function notePhysioSession(
  db: Db,
  session: AuthSession,
  uid: string,
  input: PhysioSessionNoted,
  ip: string,
): Promise<PhysioVisit> {
  return onVisit(db, session, uid, async (tx, visit) => {
    if (await sessionOfVisit(tx, visit.id)) return;
    const programme = await activeProgrammeOf(tx, visit.corpId, visit.patientId);
    if (!programme) throw refuse(409, 'noProgramme');
    const done = await sessionsOf(tx, programme.id);
    if (done.length >= programme.plannedSessions)
      throw refuse(409, 'allDone', { planned: programme.plannedSessions });
    const sessionNumber = Math.max(0, ...done.map((s) => s.sessionNumber)) + 1;
    const sessionUid = newUid();
    const performedAt = new Date();
    const measures = {
      painBefore: input.painBefore,
      painAfter: input.painAfter,
      ...(input.kind === 'reevaluation' && input.measures ? input.measures : {}),
    };
    await insertSession(tx, {
      uid: sessionUid,
      programmeId: programme.id,
      registrationId: visit.id,
      sessionNumber,
      kind: input.kind,
      measures,
      interventions: input.interventions,
      note: input.note,
      performedBy: session.userId,
      performedAt,
    });
    await updateProgramme(tx, programme.id, { updatedAt: performedAt });
    await markLabDone(tx, visit);
    const order = await orderOf(tx, visit);
    const payload: ServicePerformed = {
      registrationId: visit.uid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      patientId: visit.patientId,
      serviceType: 'PHYSIO',
      serviceCodes: await physioServiceCodes(tx, visit.corpId, order.items),
      icd9Codes: [],
      sourceUid: sessionUid,
      performedBy: session.userId,
      performedAt: performedAt.toISOString(),
    };
    await emit(tx, {
      type: SERVICE_EVENTS.performed,
      aggregateType: 'physioSession',
      aggregateId: sessionUid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      payload,
    });
    for (const clinicId of await liveClinicsOf(tx, visit))
      await publishEvent(tx, { clinicId, type: SERVICE_EVENTS.performed, id: visit.uid });
    await audit(tx, session, ip, 'physio.session.note', visit, programme.uid, {
      session: sessionUid,
      sessionNumber,
      kind: input.kind,
    });
  });
}

/** Completes or stops the patient's active programme. */
export function closePhysioProgramme(
  db: Db,
  session: AuthSession,
  uid: string,
  input: PhysioProgrammeClosed,
  ip: string,
): Promise<PhysioVisit> {
  return onVisit(db, session, uid, async (tx, visit) => {
    const programme = await activeProgrammeOf(tx, visit.corpId, visit.patientId);
    if (!programme) throw refuse(409, 'noProgramme');
    await updateProgramme(tx, programme.id, { status: input.status, updatedAt: new Date() });
    await audit(tx, session, ip, `physio.programme.${input.status}`, visit, programme.uid, {
      reason: input.reason,
    });
  });
}

async function scopedPatientId(db: Executor, session: AuthSession, uid: string) {
  const patient = await patientOfCorporate(db, session.corpId, uid);
  if (!patient) throw new AppError(404, 'api.notFound');
  return patient.id;
}

/** The patient's active programme with its sessions (null: none). */
export async function getPatientPhysioProgramme(db: Db, session: AuthSession, uid: string) {
  const patientId = await scopedPatientId(db, session, uid);
  return programmeView(db, await activeProgrammeOf(db, session.corpId, patientId));
}

/** For the front office: how many sessions the active programme has left (null: none). */
export async function getPhysioRemaining(
  db: Db,
  session: AuthSession,
  uid: string,
): Promise<PhysioRemaining> {
  const patientId = await scopedPatientId(db, session, uid);
  const programme = await activeProgrammeOf(db, session.corpId, patientId);
  return programme ? toPhysioRemaining(programme, (await sessionsOf(db, programme.id)).length) : null;
}

/**
 * A patient's programmes for the doctor's screen and the record, newest first: the record's reader
 * rule (a clinical role, the same corporate), programmes of the reader's clinics or ordered from
 * them. A read of the record, audited.
 */
export async function listPatientPhysioProgrammes(
  db: Db,
  session: AuthSession,
  uid: string,
  ip: string,
): Promise<PhysioProgramme[]> {
  const patient = await scopedPatient(db, session, uid);
  const rows = await programmesOfPatient(db, {
    corpId: session.corpId,
    patientId: patient.id,
    clinicIds: session.clinicIds,
    limit: 20,
  });
  const sessions = await sessionsOfProgrammes(
    db,
    rows.map((r) => r.id),
  );
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action: 'record.read',
    entity: 'patient',
    entityId: uid,
    patientId: patient.id,
    ip,
    detail: { physioProgrammes: rows.map((r) => r.uid) },
  });
  return rows.map((r) =>
    toPhysioProgramme(
      r,
      sessions.filter((s) => s.programmeId === r.id),
    ),
  );
}
