import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { McuCheckIn } from '@klinikita/domain/mcu/mcu-events.schema';
import { registrationCreateSchema } from '@klinikita/domain/registrations/registration.schema';
import { SERVICE_EVENTS, type ServicePerformed } from '@klinikita/domain/services/service-performed.events';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import {
  createRegistration,
  readRegistration,
  scopedRegistration,
} from '../registrations/registrations.service.ts';
import { toParticipant } from './mcu-events.mapper.ts';
import { findEventById } from './mcu-events.queries.ts';
import { refuse } from './mcu-events.service.ts';
import { findParticipant, updateParticipant } from './mcu-participants.queries.ts';
import { scopedParticipant } from './mcu-participants.service.ts';

/**
 * The check-in (issue 20 §2): the participant's MCU service visit at the event's site, the
 * company paying, created by the front office's registration service; in the same transaction
 * the participant is in progress and `service.performed` (MCU, the package's code) goes out, so
 * billing charges the package once. A second check-in answers the same visit.
 */
export async function checkIn(db: Db, session: AuthSession, uid: string, ip: string): Promise<McuCheckIn> {
  const done = await db.transaction(async (tx) => {
    // the participant row is locked: two clerks checking the same person in make one visit
    const p = await scopedParticipant(tx, session, uid, true);
    if (p.registrationId && p.registrationUid)
      return { participantUid: p.uid, registrationUid: p.registrationUid };
    const event = await findEventById(tx, p.eventId);
    if (!event) throw refuse(404, 'eventNotFound');
    if (event.status === 'closed') throw refuse(409, 'eventClosed');
    const clinic = clinicOf(session, event.clinicId);
    const today = clinicDay(clinic.timeZone);
    if (today < event.startDate || today > event.endDate)
      throw refuse(409, 'outsideEventDays', { from: event.startDate, to: event.endDate });
    const input = registrationCreateSchema.parse({
      clinicId: event.clinicId,
      patientId: p.patientUid,
      orderType: 'service',
      serviceType: 'MCU',
      payerType: 'company',
      companyId: event.companyId,
      referrer: event.companyName.slice(0, 100),
      complaint: `MCU ${p.mcuNumber} — ${event.name}`.slice(0, 500),
      // the participant's lock makes the visit once; another MCU visit of the day is another event's
      confirmDuplicate: true,
    });
    // createRegistration opens its own transaction: inside ours it is a savepoint, committed with ours
    const visit = await createRegistration(tx as unknown as Db, session, input, ip);
    const registration = await scopedRegistration(tx, session, visit._id);
    const now = new Date();
    await updateParticipant(tx, p.id, {
      registrationId: registration.id,
      status: 'inProgress',
      checkedInAt: now,
    });
    const payload: ServicePerformed = {
      registrationId: visit._id,
      corpId: session.corpId,
      clinicId: event.clinicId,
      patientId: p.patientId,
      serviceType: 'MCU',
      serviceCodes: [p.packageCode],
      icd9Codes: [],
      sourceUid: p.uid,
      performedBy: session.userId,
      performedAt: now.toISOString(),
    };
    await emit(tx, {
      type: SERVICE_EVENTS.performed,
      aggregateType: 'mcuParticipant',
      aggregateId: p.uid,
      corpId: session.corpId,
      clinicId: event.clinicId,
      payload,
    });
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId: event.clinicId,
      action: 'mcu.participant.checkIn',
      entity: 'mcu_participant',
      entityId: p.uid,
      patientId: p.patientId,
      ip,
      detail: { registration: visit._id, package: p.packageCode },
    });
    return { participantUid: p.uid, registrationUid: visit._id };
  });
  const participant = await findParticipant(db, session.corpId, done.participantUid);
  const visit = await readRegistration(db, session, done.registrationUid);
  return {
    participant: toParticipant(participant!),
    registration: { uid: visit._id, queueNumber: visit.queueNumber, clinicId: visit.clinicId },
  };
}
