import { addDays, clinicDay, weekdayOf } from '@klinikita/domain/common/clinic-day';
import { dmyToDay } from '@klinikita/domain/common/dates';
import type { EncounterFinished } from '@klinikita/domain/consultations/consultation.events';
import { id as catalogId } from '@klinikita/domain/i18n/id';
import {
  DEFAULT_QUEUE_PREFIXES,
  formatQueueNumber,
  type QueuePrefixes,
  queuePrefixFor,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  type ServiceType,
} from '@klinikita/domain/registrations/registration.rules';
import {
  type AvailableDoctor,
  REGISTRATION_EVENTS,
  type Registration,
  type RegistrationCreateInput,
  type RegistrationListQuery,
} from '@klinikita/domain/registrations/registration.schema';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { type Executor, pageOf, type Tx } from '../../shared/sql.ts';
import { findCorporatePatient, isActiveCompany } from '../patients/patients.service.ts';
import { toRegistration } from './registrations.mapper.ts';
import {
  countByStatus,
  doctorsOnDay,
  findClinicZone,
  findDoctor,
  findRegistration,
  findRegistrationById,
  findRegistrationByOrder,
  insertRegistration,
  lockDoctorDay,
  type NewRegistration,
  nextQueueValue,
  pageRegistrations,
  queuePrefixesOf,
} from './registrations.queries.ts';

const ROOMS = catalogId.registrations.rooms;

/** A refusal whose message is i18n key + params (translated by the route). */
export const refuse = (status: number, key: string, params: Record<string, string | number> = {}) =>
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

export async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  row: { uid: string; clinicId: number; patientId: number },
  detail?: unknown,
) {
  await writeAudit(db, {
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
    const patient = await findCorporatePatient(tx, session.corpId, input.patientId);
    if (!patient) throw refuse(404, 'patientNotFound');

    let companyId: number | null = null;
    if (input.payerType === 'company') {
      companyId = input.companyId ?? 0;
      if (!(await isActiveCompany(tx, session.corpId, companyId))) throw refuse(404, 'companyNotFound');
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
  NewRegistration,
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
  const inserted = await insertRegistration(tx, {
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
  });
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

export function listRegistrations(db: Db, session: AuthSession, q: RegistrationListQuery) {
  return listVisits(db, session, q);
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

/**
 * Visits of the clinic between two D_M_Y days under a filter; the service desks' list (lab, MCU,
 * physio) reads it with spec 4's visibility rule.
 */
export async function listVisits(
  db: Db,
  session: AuthSession,
  q: {
    clinicId: number;
    startDate?: string;
    endDate?: string;
    orderType?: 'doctor' | 'service';
    serviceType?: ServiceType[];
    status?: RegistrationStatus[];
    'doctor.doctorId'?: number;
    search?: string;
    labVisibility?: boolean;
    order: string;
    page: number;
    limit: number;
  },
) {
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
    labVisibility: q.labVisibility,
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

export async function scopedRegistration(db: Executor, session: AuthSession, uid: string) {
  const row = await findRegistration(db, uid);
  if (!row || row.corpId !== session.corpId) throw refuse(404, 'notFound');
  if (!session.clinicIds.includes(row.clinicId)) throw forbidden('api.clinicForbidden');
  return row;
}

export async function readRegistration(db: Db, session: AuthSession, uid: string) {
  return toRegistration(await scopedRegistration(db, session, uid));
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
