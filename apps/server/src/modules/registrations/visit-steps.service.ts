import type { RegistrationStatus } from '@klinikita/domain/registrations/registration.rules';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import { publishEvent } from '../../events/live-events.ts';
import type { Executor } from '../../shared/sql.ts';
import { moveStatus, setFlags } from './registrations.queries.ts';

/*
 * The visit's steps that other modules take in their own transaction: the lab's and radiology's
 * flags, the pharmacy's hand-over to the cashier, billing's Paid (the only way there) and the MCU
 * visit settled by the company. Each tells the clinic's open lists to refetch.
 */

/**
 * The lab released the visit's results: its lab flag (`dataLabPreAss.isDone`) is set in the
 * caller's transaction and the clinic's open lists refetch. The caller checked scope and right.
 */
export async function markLabDone(tx: Executor, visit: { id: number; uid: string; clinicId: number }) {
  await setFlags(tx, visit.id, { labDone: true });
  await publishEvent(tx, { clinicId: visit.clinicId, type: REGISTRATION_EVENTS.updated, id: visit.uid });
}

/**
 * A service desk's step flag on the visit (`flaggingSamplingDone`, `dataLabPreAss.radDone`), set or
 * cleared in the caller's transaction; the clinic's open lists refetch. The caller checked scope.
 */
export async function setVisitStep(
  tx: Executor,
  visit: { id: number; uid: string; clinicId: number },
  step: { samplingDone: boolean } | { radDone: boolean },
) {
  await setFlags(tx, visit.id, step);
  await publishEvent(tx, { clinicId: visit.clinicId, type: REGISTRATION_EVENTS.updated, id: visit.uid });
}

/**
 * The pharmacy is done with the visit's prescription: Prescription Waiting → Payment in the
 * caller's transaction (false when the visit was not waiting for it); the open lists refetch.
 */
export async function prescriptionHandled(
  tx: Executor,
  visit: { id: number; uid: string; clinicId: number },
  userId: number,
) {
  const moved = await moveStatus(tx, visit.id, 'Prescription Waiting', 'Payment', userId);
  if (moved)
    await publishEvent(tx, { clinicId: visit.clinicId, type: REGISTRATION_EVENTS.updated, id: visit.uid });
  return moved !== null;
}

/**
 * Billing's move: the visit's bill is paid in full, Payment → Paid in the caller's transaction (the
 * only way to Paid; the status route refuses it). False when the visit was not at Payment.
 */
export async function visitPaid(
  tx: Executor,
  visit: { id: number; uid: string; clinicId: number },
  userId: number,
) {
  const moved = await moveStatus(tx, visit.id, 'Payment', 'Paid', userId);
  if (moved)
    await publishEvent(tx, { clinicId: visit.clinicId, type: REGISTRATION_EVENTS.updated, id: visit.uid });
  return moved !== null;
}

/**
 * Billing's move for an MCU visit billed to the company when its conclusion is approved: the
 * participant's day is over wherever the visit stood (the stations have no queue call of their own).
 * Settled in full by the company: to Paid; a share left for the patient (add-ons the company does
 * not cover): to Payment, where the cashier collects it. False when the visit had already moved on
 * (Paid, Cancelled) or changed meanwhile.
 */
export async function mcuVisitSettled(
  tx: Executor,
  visit: { id: number; uid: string; clinicId: number; status: string },
  paidInFull: boolean,
  userId: number,
) {
  const from = visit.status as RegistrationStatus;
  if (from === 'Paid' || from === 'Cancelled' || (from === 'Payment' && !paidInFull)) return false;
  const moved = await moveStatus(tx, visit.id, from, paidInFull ? 'Paid' : 'Payment', userId);
  if (moved)
    await publishEvent(tx, { clinicId: visit.clinicId, type: REGISTRATION_EVENTS.updated, id: visit.uid });
  return moved !== null;
}
