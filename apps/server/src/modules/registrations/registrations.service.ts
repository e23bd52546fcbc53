import { mayMoveVisit, performPermission } from '@klinikita/domain/access/permissions';
import { addDays, clinicDay, dmyToDay, weekdayOf } from '@klinikita/domain/common/clinic-day';
import type { EncounterFinished } from '@klinikita/domain/consultations/consultation.events';
import { id as catalogId } from '@klinikita/domain/i18n/id';
import {
  canMove,
  DEFAULT_QUEUE_PREFIXES,
  EXAMINATION_GROUP,
  formatQueueNumber,
  type QueuePrefixes,
  queuePrefixFor,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  type ServiceType,
} from '@klinikita/domain/registrations/registration.rules';
import {
  type AvailableDoctor,
  type LabListQuery,
  REGISTRATION_EVENTS,
  type Registration,
  type RegistrationCreateInput,
  type RegistrationListQuery,
  type RegistrationPatchInput,
} from '@klinikita/domain/registrations/registration.schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerCompanies, registrations } from '../../db/schema/index.ts';
import { publishEvent } from '../../events/live-events.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { can, clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newSessionToken, newUid } from '../../shared/crypto.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { type Executor, pageOf, type Tx } from '../../shared/sql.ts';
import { findPatient } from '../patients/patients.queries.ts';
import { toRegistration } from './registrations.mapper.ts';
import {
  clinicByDisplayToken,
  countByStatus,
  displayState,
  displayTokenOf,
  doctorsOnDay,
  findClinicZone,
  findDoctor,
  findRegistration,
  findRegistrationById,
  findRegistrationByOrder,
  lockDoctorDay,
  moveStatus,
  nextQueueValue,
  pageRegistrations,
  queuePrefixesOf,
  setDisplayToken,
  setFlags,
  setQueuePrefixes,
} from './registrations.queries.ts';

/** The event that ends the open display streams of a clinic whose link was renewed. */
export const DISPLAY_RENEWED = 'display.renewed';

const ROOMS = catalogId.registrations.rooms;

/** A refusal whose message is i18n key + params (translated by the route). */
const refuse = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(status, `registrations.${key}`, params);

/** The rows of a list: start and end (exclusive) as the clinic's calendar days; default today. */
function dayRange(timeZone: string, startDate?: string, endDate?: string) {
  const from = startDate ? dmyToDay(startDate) : clinicDay(timeZone);
  if (!from) throw refuse(400, 'dateFormat');
  let to = endDate ? dmyToDay(endDate) : addDays(from, 1);
  if (!to) throw refuse(400, 'dateFormat');
  // a client that sends the same day twice means that day
  if (to <= from) to = addDays(from, 1);
  return { from, to };
}

const roomOfDoctor = (doctor: { room: string | null; specialist: string | null }) =>
  doctor.room ??
  (doctor.specialist && doctor.specialist !== 'Dokter Umum' ? `Poli ${doctor.specialist}` : ROOMS.general);

async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  row: { uid: string; clinicId: number; patientId: number },
  detail?: unknown,
) {
  await writeAudit(db as Db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: row.clinicId,
    action,
    entity: 'registration',
    entityId: row.uid,
    patientId: row.patientId,
    ip,
    detail,
  });
}

/**
 * Registers a visit for today in the clinic's time zone. A doctor visit needs the doctor to have
 * a slot today and a free place under the day's limit; the doctor's day row is locked so two
 * clerks cannot both take the last place. The queue number comes from the counter row.
 */
export async function createRegistration(
  db: Db,
  session: AuthSession,
  input: RegistrationCreateInput,
  ip: string,
): Promise<Registration> {
  return db.transaction(async (tx) => {
    const clinic = clinicOf(session, input.clinicId);
    const patient = await findPatient(tx, input.patientId);
    if (!patient || patient.corpId !== session.corpId) throw refuse(404, 'patientNotFound');

    let companyId: number | null = null;
    if (input.payerType === 'company') {
      const [company] = await tx
        .select({ id: partnerCompanies.id })
        .from(partnerCompanies)
        .where(
          and(
            eq(partnerCompanies.id, input.companyId ?? 0),
            eq(partnerCompanies.corpId, session.corpId),
            eq(partnerCompanies.active, true),
          ),
        );
      if (!company) throw refuse(404, 'companyNotFound');
      companyId = company.id;
    }

    const day = clinicDay(clinic.timeZone);
    const weekday = weekdayOf(day);
    let room: string;
    let doctorId: number | null = null;
    if (input.orderType === 'doctor') {
      doctorId = input.doctorId ?? 0;
      await lockDoctorDay(tx, doctorId, clinic.id, weekday);
      const [doctor] = await doctorsOnDay(tx, session.corpId, clinic.id, weekday, day, doctorId);
      if (!doctor) {
        const known = await findDoctor(tx, doctorId);
        if (!known || known.corpId !== session.corpId || !known.enabled) throw refuse(404, 'doctorNotFound');
        throw refuse(409, 'doctorNotPractising', { name: known.name });
      }
      // read after the lock: no other clerk's registration for this doctor and day is in flight
      if (doctor.limit > 0 && doctor.booked >= doctor.limit)
        throw refuse(409, 'doctorFull', { name: doctor.name, limit: doctor.limit });
      room = roomOfDoctor(doctor);
    } else {
      room = ROOMS[input.serviceType ?? 'LAB'];
    }

    return insertVisit(tx, { corpId: session.corpId, userId: session.userId, ip }, clinic, {
      patientId: patient.id,
      orderType: input.orderType,
      serviceType: input.orderType === 'service' ? (input.serviceType ?? null) : null,
      doctorId,
      room,
      payerType: input.payerType,
      companyId,
      insuranceName: input.insuranceName || null,
      insuranceNumber: input.insuranceNumber || null,
      referrer: input.referrer || null,
      complaint: input.complaint || null,
      serviceOrderUid: null,
    });
  });
}

type VisitValues = Pick<
  typeof registrations.$inferInsert,
  | 'patientId'
  | 'orderType'
  | 'serviceType'
  | 'doctorId'
  | 'room'
  | 'payerType'
  | 'companyId'
  | 'insuranceName'
  | 'insuranceNumber'
  | 'referrer'
  | 'complaint'
  | 'serviceOrderUid'
>;

/**
 * Writes a visit into today's queue of the clinic (its time zone): the queue number from the
 * counter row, the audit row and the live event, in the caller's transaction.
 */
async function insertVisit(
  tx: Tx,
  actor: { corpId: number; userId: number; ip: string | null },
  clinic: { id: number; timeZone: string },
  visit: VisitValues,
): Promise<Registration> {
  const day = clinicDay(clinic.timeZone);
  const prefixes = {
    ...DEFAULT_QUEUE_PREFIXES,
    ...((await queuePrefixesOf(tx, clinic.id)) ?? {}),
  } as QueuePrefixes;
  const prefix = queuePrefixFor(prefixes, visit);
  const seq = await nextQueueValue(tx, clinic.id, prefix, day);
  const uid = newUid();
  const insured = visit.payerType === 'insurance' || visit.payerType === 'bpjs';
  const [inserted] = await tx
    .insert(registrations)
    .values({
      ...visit,
      uid,
      corpId: actor.corpId,
      clinicId: clinic.id,
      status: 'Waiting',
      queueDate: day,
      queuePrefix: prefix,
      queueSeq: seq,
      queueNumber: formatQueueNumber(prefix, seq),
      insuranceName: insured ? visit.insuranceName : null,
      insuranceNumber: insured ? visit.insuranceNumber : null,
      createdBy: actor.userId,
    })
    .returning({ id: registrations.id });
  await writeAudit(tx, {
    userId: actor.userId,
    corpId: actor.corpId,
    clinicId: clinic.id,
    action: 'registration.create',
    entity: 'registration',
    entityId: uid,
    patientId: visit.patientId,
    ip: actor.ip,
    detail: visit.serviceOrderUid ? { serviceOrder: visit.serviceOrderUid } : undefined,
  });
  await publishEvent(tx, { clinicId: clinic.id, type: REGISTRATION_EVENTS.created, id: uid });
  const row = await findRegistrationById(tx, inserted.id);
  return toRegistration(row!);
}

/**
 * `encounter.finished` → each order of the signed note becomes a visit in its service's queue
 * today (idempotent: an order that already has its visit is passed by).
 */
export async function takeInOrders(tx: Tx, finished: EncounterFinished): Promise<void> {
  const clinic = await findClinicZone(tx, finished.clinicId);
  if (!clinic) throw new Error(`clinic ${finished.clinicId} not found`);
  for (const order of finished.orders) {
    if (await findRegistrationByOrder(tx, order.uid)) continue;
    await insertVisit(
      tx,
      { corpId: finished.corpId, userId: finished.actor.userId, ip: finished.actor.ip },
      clinic,
      {
        patientId: finished.patientId,
        orderType: 'service',
        serviceType: order.serviceType,
        doctorId: null,
        room: ROOMS[order.serviceType],
        payerType: finished.payer.payerType as VisitValues['payerType'],
        companyId: finished.payer.companyId,
        insuranceName: finished.payer.insuranceName,
        insuranceNumber: finished.payer.insuranceNumber,
        referrer: finished.doctorName,
        complaint: order.items.join(', ').slice(0, 500) || null,
        serviceOrderUid: order.uid,
      },
    );
  }
}

export async function listRegistrations(db: Db, session: AuthSession, q: RegistrationListQuery) {
  const clinic = clinicOf(session, q.clinicId);
  const { from, to } = dayRange(clinic.timeZone, q.startDate, q.endDate);
  const { rows, total } = await pageRegistrations(db, {
    clinicId: clinic.id,
    from,
    to,
    orderType: q.orderType,
    serviceTypes: q.serviceType,
    statuses: q.status,
    doctorId: q['doctor.doctorId'],
    search: q.search,
    order: q.order,
    page: q.page,
    limit: q.limit,
  });
  const now = new Date();
  return pageOf(
    rows.map((r) => toRegistration(r, now)),
    total,
    q,
  );
}

/** The board's status chips: every status with its count under the list's other filters, in one query. */
export async function statusCounts(db: Db, session: AuthSession, q: RegistrationListQuery) {
  const clinic = clinicOf(session, q.clinicId);
  const { from, to } = dayRange(clinic.timeZone, q.startDate, q.endDate);
  const counts = await countByStatus(db, {
    clinicId: clinic.id,
    from,
    to,
    orderType: q.orderType,
    serviceTypes: q.serviceType,
    doctorId: q['doctor.doctorId'],
    search: q.search,
  });
  return Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
    RegistrationStatus,
    number
  >;
}

/** The lab / MCU / physio list (spec 7), with spec 4's visibility rule applied in the query. */
export async function listLab(db: Db, session: AuthSession, q: LabListQuery) {
  const clinic = clinicOf(session, q.clinicId);
  const { from, to } = dayRange(clinic.timeZone, q.startDate, q.endDate);
  const { rows, total } = await pageRegistrations(db, {
    clinicId: clinic.id,
    from,
    to,
    orderType: 'service',
    serviceTypes: q.serviceType,
    search: q.search,
    labVisibility: true,
    order: q.order,
    page: q.page,
    limit: q.limit,
  });
  const now = new Date();
  return pageOf(
    rows.map((r) => toRegistration(r, now)),
    total,
    q,
  );
}

async function scopedRegistration(db: Executor, session: AuthSession, uid: string) {
  const row = await findRegistration(db, uid);
  if (!row || row.corpId !== session.corpId) throw refuse(404, 'notFound');
  if (!session.clinicIds.includes(row.clinicId)) throw forbidden('api.clinicForbidden');
  return row;
}

export async function readRegistration(db: Db, session: AuthSession, uid: string) {
  return toRegistration(await scopedRegistration(db, session, uid));
}

export async function labPreAss(db: Db, session: AuthSession, uid: string) {
  const registration = toRegistration(await scopedRegistration(db, session, uid));
  return {
    registration,
    isDone: registration.dataLabPreAss.isDone,
    radDone: registration.dataLabPreAss.radDone,
    flaggingSamplingDone: registration.flaggingSamplingDone,
  };
}

/**
 * Changes a registration: a status move by the machine of spec 4 and/or the lab flags. The move is
 * an UPDATE conditional on the status read, so of two clerks calling the same patient one wins and
 * the other is told who got there first (409).
 */
export async function patchRegistration(
  db: Db,
  session: AuthSession,
  uid: string,
  input: RegistrationPatchInput,
  ip: string,
): Promise<{ registration: Registration; moved: RegistrationStatus | null }> {
  return db.transaction(async (tx) => {
    const row = await scopedRegistration(tx, session, uid);
    if (row.clinicId !== input.clinicId) throw refuse(404, 'notFound');
    if (input.doctorId && row.doctorId !== input.doctorId) throw refuse(409, 'doctorMismatch');
    const to = input.updateField.status;
    if (to !== undefined) {
      const from = row.status;
      const params = { queueNumber: row.queueNumber, status: from, from, to };
      if (input.fromStatus && input.fromStatus !== from) {
        throw refuse(
          409,
          to === 'Examination' && from === 'Examination' ? 'alreadyCalled' : 'staleStatus',
          params,
        );
      }
      if (!canMove(from, to)) {
        const called = to === 'Examination' && (from === 'Examination' || EXAMINATION_GROUP.includes(from));
        throw refuse(409, called ? 'alreadyCalled' : 'illegalMove', params);
      }
      // who may make this move on this kind of visit: the permission catalogue (spec 4 + DESIGN 4)
      if (!mayMoveVisit(session.permissions, row, from, to)) throw refuse(403, 'moveForbidden', params);
      if (to === 'Examination') {
        if (row.queueDate !== clinicDay(clinicOf(session, row.clinicId).timeZone))
          throw refuse(409, 'notToday');
      }
      const moved = await moveStatus(tx, row.id, from, to, session.userId);
      if (!moved) {
        const now = await findRegistrationById(tx, row.id);
        const status = now?.status ?? from;
        throw refuse(
          409,
          to === 'Examination' && status === 'Examination' ? 'alreadyCalled' : 'staleStatus',
          {
            ...params,
            status,
          },
        );
      }
    }
    const flags = {
      samplingDone: input.updateField.flaggingSamplingDone,
      labDone: input.updateField.dataLabPreAss?.isDone,
      radDone: input.updateField.dataLabPreAss?.radDone,
    };
    if (Object.values(flags).some((v) => v !== undefined)) {
      // the lab's steps are the service desk's own: its service, and the permission to mark work done
      const perform = performPermission(row);
      if (!perform || !can(session, perform))
        throw refuse(403, 'stepForbidden', { queueNumber: row.queueNumber });
      await setFlags(tx, row.id, flags);
    }

    await audit(tx, session, ip, to ? 'registration.status' : 'registration.flags', row, {
      from: row.status,
      to,
      ...input.updateField.dataLabPreAss,
      flaggingSamplingDone: input.updateField.flaggingSamplingDone,
    });
    await publishEvent(tx, { clinicId: row.clinicId, type: REGISTRATION_EVENTS.updated, id: row.uid });
    if (to === 'Examination')
      await publishEvent(tx, { clinicId: row.clinicId, type: REGISTRATION_EVENTS.called, id: row.uid });
    const after = await findRegistrationById(tx, row.id);
    return { registration: toRegistration(after!), moved: to ?? null };
  });
}

/** Doctors practising at the clinic on a day (default today) with the day's quota. */
export async function availableDoctors(
  db: Db,
  session: AuthSession,
  q: { clinicId: number; date?: string },
): Promise<AvailableDoctor[]> {
  const clinic = clinicOf(session, q.clinicId);
  const day = q.date ? dmyToDay(q.date) : clinicDay(clinic.timeZone);
  if (!day) throw refuse(400, 'dateFormat');
  const doctors = await doctorsOnDay(db, session.corpId, clinic.id, weekdayOf(day), day);
  return doctors.map((d) => ({
    doctorId: d.doctorId,
    name: d.name,
    title: d.title,
    specialist: d.specialist,
    room: roomOfDoctor(d),
    slots: d.slots,
    limit: d.limit,
    booked: d.booked,
    full: d.limit > 0 && d.booked >= d.limit,
  }));
}

export async function listCompanies(db: Db, session: AuthSession) {
  return db
    .select({ id: partnerCompanies.id, name: partnerCompanies.name, code: partnerCompanies.code })
    .from(partnerCompanies)
    .where(and(eq(partnerCompanies.corpId, session.corpId), eq(partnerCompanies.active, true)))
    .orderBy(asc(partnerCompanies.name));
}

/** The clinic's queue prefixes: its own where set, the defaults elsewhere. */
export async function queuePrefixes(db: Db, session: AuthSession, clinicId: number): Promise<QueuePrefixes> {
  clinicOf(session, clinicId);
  return { ...DEFAULT_QUEUE_PREFIXES, ...((await queuePrefixesOf(db, clinicId)) ?? {}) } as QueuePrefixes;
}

/** New prefixes apply to the next numbers; today's counters of the old prefixes stay as they are. */
export async function saveQueuePrefixes(
  db: Db,
  session: AuthSession,
  clinicId: number,
  prefixes: QueuePrefixes,
  ip: string,
): Promise<QueuePrefixes> {
  clinicOf(session, clinicId);
  await setQueuePrefixes(db, clinicId, { ...prefixes });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId,
    action: 'queue.prefixes',
    entity: 'clinic',
    entityId: String(clinicId),
    ip,
    detail: prefixes,
  });
  return prefixes;
}

const displayPath = (token: string | null) => (token ? `/display/${token}` : null);

export async function displayLink(db: Db, session: AuthSession, clinicId: number) {
  clinicOf(session, clinicId);
  const token = await displayTokenOf(db, clinicId);
  return { token, path: displayPath(token) };
}

/** A new display link for the clinic; the old one stops working. */
export async function renewDisplayLink(db: Db, session: AuthSession, clinicId: number, ip: string) {
  clinicOf(session, clinicId);
  const token = newSessionToken();
  await setDisplayToken(db, clinicId, token);
  // the TVs on the old link lose their stream now, on every instance, and show that it is gone
  await publishEvent(db, { clinicId, type: DISPLAY_RENEWED });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId,
    action: 'queue.display-link',
    entity: 'clinic',
    entityId: String(clinicId),
    ip,
  });
  return { token, path: displayPath(token) };
}

export async function displayClinic(db: Db, token: string) {
  const clinic = /^[\w-]{20,100}$/.test(token) ? await clinicByDisplayToken(db, token) : null;
  if (!clinic) throw refuse(404, 'displayNotFound');
  return clinic;
}

/** What the TV shows: only queue numbers and rooms, never names. */
export async function displayBoard(db: Db, token: string) {
  const clinic = await displayClinic(db, token);
  const state = await displayState(db, clinic.id, clinicDay(clinic.timeZone));
  return {
    clinicName: clinic.name,
    timeZone: clinic.timeZone,
    ...state,
    serverTime: new Date().toISOString(),
  };
}
