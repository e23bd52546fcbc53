import { clinicDay, weekdayOf } from '@klinikita/domain/common/clinic-day';
import { dmyToDay } from '@klinikita/domain/common/dates';
import type { EncounterFinished } from '@klinikita/domain/consultations/consultation.events';
import { id as catalogId } from '@klinikita/domain/i18n/id';
import { translate } from '@klinikita/domain/i18n/translate';
import {
  DEFAULT_QUEUE_PREFIXES,
  formatQueueNumber,
  isActiveVisit,
  type QueuePrefixes,
  queuePrefixFor,
  REGISTRATION_STATUSES,
} from '@klinikita/domain/registrations/registration.rules';
import {
  type AvailableDoctor,
  REGISTRATION_EVENTS,
  type Registration,
  type RegistrationCreateInput,
} from '@klinikita/domain/registrations/registration.schema';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import type { Executor, Tx } from '../../shared/sql.ts';
import { performingClinic } from '../clinic-services/clinic-services.service.ts';
import { findCorporatePatient, isActiveCompany } from '../patients/patients.service.ts';
import { toRegistration } from './registrations.mapper.ts';
import { insurerOfRegistration, notePayerOfVisit } from './registrations.payer.service.ts';
import {
  doctorsOnDay,
  findActiveVisit,
  findDoctor,
  findRegistration,
  findRegistrationById,
  findRegistrationByOrder,
  findRegistrationsByIds,
  insertRegistration,
  insuredPayerOf,
  lockDoctorDay,
  lockPatientVisitDay,
  type NewRegistration,
  nextQueueValue,
  queuePrefixesOf,
} from './registrations.queries.ts';

const ROOMS = catalogId.registrations.rooms;

/** A refusal whose message is i18n key + params (translated by the route). */
export const refuse = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(status, `registrations.${key}`, params);

/** A refusal that carries a machine `code` and `data` for the web app beside its message. */
export class RegistrationRefusal extends AppError {
  constructor(
    statusCode: number,
    key: string,
    params: Record<string, string | number>,
    readonly extra: { code: string; data: unknown },
  ) {
    super(statusCode, `registrations.${key}`, params);
  }
}

const ACTIVE_STATUSES = REGISTRATION_STATUSES.filter(isActiveVisit);

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
 * clerks cannot both take the last place. A second active visit of the patient today with the
 * same doctor (or at the same service) of the clinic is refused unless the clerk confirmed it;
 * an advisory lock on patient, doctor or service and day makes the check hold under concurrency.
 * The queue number comes from the counter row.
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
    const insurer = await insurerOfRegistration(tx, session, input);

    const day = clinicDay(clinic.timeZone);
    const weekday = weekdayOf(day);
    const target = {
      clinicId: clinic.id,
      patientId: patient.id,
      day,
      doctorId: input.orderType === 'doctor' ? (input.doctorId ?? 0) : null,
      serviceType: input.orderType === 'service' ? (input.serviceType ?? 'LAB') : null,
    };
    await lockPatientVisitDay(tx, target);
    if (!input.confirmDuplicate) {
      const existing = await findActiveVisit(tx, { ...target, activeStatuses: ACTIVE_STATUSES });
      if (existing)
        throw new RegistrationRefusal(
          409,
          'duplicateVisit',
          {
            target: existing.doctorName ?? existing.room,
            queueNumber: existing.queueNumber,
            status: existing.status,
          },
          {
            code: 'duplicateVisit',
            data: {
              existing: { _id: existing.uid, queueNumber: existing.queueNumber, status: existing.status },
            },
          },
        );
    }
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

    const visit = await insertVisit(tx, { corpId: session.corpId, userId: session.userId, ip }, clinic, {
      patientId: patient.id,
      orderType: input.orderType,
      serviceType: input.orderType === 'service' ? (input.serviceType ?? null) : null,
      doctorId,
      room,
      payerType: input.payerType,
      companyId,
      insuranceName: insurer?.name ?? (input.insuranceName || null),
      insuranceNumber: input.insuranceNumber || null,
      referrer: input.referrer || null,
      complaint: input.complaint || null,
      serviceOrderUid: null,
    });
    return insurer ? notePayerOfVisit(tx, session, ip, visit, insurer, input) : visit;
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
> &
  Partial<NonNullable<Awaited<ReturnType<typeof insuredPayerOf>>>>;

/**
 * Writes a visit into today's queue of the clinic (its time zone): the queue number from the
 * counter row (under the service's own prefix when the clinic gave it one), the audit row and the
 * live event, in the caller's transaction.
 */
async function insertVisit(
  tx: Tx,
  actor: { corpId: number; userId: number; ip: string | null },
  clinic: { id: number; timeZone: string; queuePrefix?: string | null },
  visit: VisitValues,
): Promise<Registration> {
  const day = clinicDay(clinic.timeZone);
  const prefixes = {
    ...DEFAULT_QUEUE_PREFIXES,
    ...((await queuePrefixesOf(tx, clinic.id)) ?? {}),
  } as QueuePrefixes;
  const prefix = clinic.queuePrefix || queuePrefixFor(prefixes, visit);
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
 * `encounter.finished` → each order of the signed note becomes a visit in today's queue of the
 * clinic that performs its desk for the ordering clinic (services per clinic): a sister clinic's
 * lab takes Menteng's orders in its own day, room and queue prefix, the referrer naming the
 * doctor and the ordering clinic; an order for an external partner stays at the ordering clinic,
 * its text saying where the sample goes. The payer — the insurer and eligibility too — is the
 * doctor's visit's. Idempotent: an order that already has its visit is passed by. The
 * duplicate-visit rule of the front office does not apply: a doctor ordering the lab twice in a
 * day means it.
 */
export async function takeInOrders(tx: Tx, finished: EncounterFinished): Promise<void> {
  for (const order of finished.orders) {
    if (await findRegistrationByOrder(tx, order.uid)) continue;
    const place = await performingClinic(tx, {
      clinicId: finished.clinicId,
      serviceType: order.serviceType,
      items: order.items,
    });
    const elsewhere = place.clinicId !== place.orderedAt.id;
    const items = order.items.join(', ');
    const sentTo = place.partnerName
      ? translate('id', 'clinicServices.sentTo', { partner: place.partnerName })
      : null;
    await insertVisit(
      tx,
      { corpId: finished.corpId, userId: finished.actor.userId, ip: finished.actor.ip },
      { id: place.clinicId, timeZone: place.timeZone, queuePrefix: place.queuePrefix },
      {
        patientId: finished.patientId,
        orderType: 'service',
        serviceType: order.serviceType,
        doctorId: null,
        room: place.room ?? ROOMS[order.serviceType],
        payerType: finished.payer.payerType as VisitValues['payerType'],
        companyId: finished.payer.companyId,
        insuranceName: finished.payer.insuranceName,
        insuranceNumber: finished.payer.insuranceNumber,
        referrer: !elsewhere
          ? finished.doctorName
          : finished.doctorName
            ? translate('id', 'clinicServices.orderedBy', {
                doctor: finished.doctorName,
                clinic: place.orderedAt.name,
              })
            : place.orderedAt.name,
        complaint: [items, sentTo].filter(Boolean).join(' — ').slice(0, 500) || null,
        serviceOrderUid: order.uid,
        ...(await insuredPayerOf(tx, finished.registrationUid)),
      },
    );
  }
}

export async function scopedRegistration(db: Executor, session: AuthSession, uid: string) {
  const row = await findRegistration(db, uid);
  if (!row || row.corpId !== session.corpId) throw refuse(404, 'notFound');
  if (!session.clinicIds.includes(row.clinicId)) throw forbidden('api.clinicForbidden');
  return row;
}

/** A visit row by its uid or id, for the modules that work on visits (no scope: the caller's). */
export const visitRowByUid = (db: Executor, uid: string) => findRegistration(db, uid);
export const visitRowById = (db: Executor, id: number) => findRegistrationById(db, id);
export const visitRowsByIds = (db: Executor, ids: readonly number[]) => findRegistrationsByIds(db, ids);

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
