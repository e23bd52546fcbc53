import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Paged } from '@klinikita/domain/common/paged';
import { PHARMACY_LIVE } from '@klinikita/domain/pharmacy/pharmacy.events';
import {
  allergyMatches,
  duplicatedTherapy,
  isHandled,
  MOVES,
  mayMove,
  type PharmacyAction,
  type PharmacyStatus,
  type ReviewEntry,
} from '@klinikita/domain/pharmacy/pharmacy.rules';
import type {
  MoveInput,
  PharmacyPrescription,
  QueueQuery,
  QueueRow,
  ReviewInput,
} from '@klinikita/domain/pharmacy/pharmacy.schema';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import { type Executor, pageOf, type Tx } from '../../shared/sql.ts';
import { prescriptionHandled } from '../registrations/visit-steps.service.ts';
import { drugUidsOf, toPrescription, toQueueRow } from './pharmacy.mapper.ts';
import {
  batchesAt,
  dispensedPerLine,
  drugsOf,
  eventsOf,
  findOrder,
  insertEvent,
  lockOrder,
  type OrderRow,
  pageQueue,
  pharmacyLocation,
  racikanGiven,
  reviewOf,
  saveReview,
  setStatus,
} from './pharmacy.queries.ts';
import { clinicFees, substitutionsOf } from './pharmacy-extras.queries.ts';
import { returnStock } from './pharmacy-return.ts';

/**
 * The pharmacy queue (issue 17 §1–3): the queue of a clinic day, one prescription, its moves and
 * its review. The handover is in pharmacy-dispense.service.ts. Every call starts with the scope:
 * a prescription outside the caller's clinics is 404, whatever its uid.
 */

/** A refusal with the `pharmacy.*` message; `field` marks the form field. */
export const refuse = (
  status: number,
  key: string,
  params: Record<string, string | number> = {},
  field?: string,
) => new AppError(status, `pharmacy.${key}`, params, field ? [{ path: field, key: `pharmacy.${key}` }] : []);

export async function scopedOrder(db: Executor, session: AuthSession, uid: string) {
  const row = await findScoped(db, session, uid);
  if (!row) throw refuse(404, 'notFound');
  return { row, clinic: clinicOf(session, row.clinicId) };
}

export async function findScoped(db: Executor, session: AuthSession, uid: string) {
  const row = await findOrder(db, session.corpId, uid);
  return row && session.clinicIds.includes(row.clinicId) ? row : null;
}

export async function listQueue(db: Db, session: AuthSession, q: QueueQuery): Promise<Paged<QueueRow>> {
  const clinic = clinicOf(session, q.clinicId);
  const day = q.date ?? clinicDay(clinic.timeZone);
  const { rows, total } = await pageQueue(db, clinic.id, day, {
    ...q,
    racikan: q.racikan === undefined ? undefined : q.racikan === 'true',
  });
  const now = new Date();
  return pageOf(
    rows.map((r) => toQueueRow(r, now)),
    total,
    q,
  );
}

/** The prescription as the pharmacist sees it: lines with stock at the pharmacy, flags, moves. */
export async function present(db: Executor, row: OrderRow, timeZone: string): Promise<PharmacyPrescription> {
  const substitutions = await substitutionsOf(db, row.id);
  const uids = drugUidsOf(row.items, substitutions);
  const [drugs, location, given, compounded, events, review, fees] = await Promise.all([
    drugsOf(db, row.corpId, uids),
    pharmacyLocation(db, row.clinicId, row.pharmacyLocationId),
    dispensedPerLine(db, row.id),
    racikanGiven(db, row.id),
    eventsOf(db, row.id),
    reviewOf(db, row.id),
    clinicFees(db, row.clinicId),
  ]);
  const batches = location
    ? await batchesAt(
        db,
        location.id,
        drugs.map((d) => d.id),
        clinicDay(timeZone),
      )
    : [];
  return toPrescription(
    row,
    {
      drugs: new Map(drugs.map((d) => [d.uid, d])),
      location,
      batches,
      given,
      racikanGiven: compounded,
      substitutions: new Map(substitutions.map((s) => [s.line, s])),
      events,
      review,
      fees,
    },
    new Date(),
  );
}

export async function getPrescription(db: Db, session: AuthSession, uid: string, ip: string) {
  const { row, clinic } = await scopedOrder(db, session, uid);
  // it shows the patient's allergies: a read of the record, audited
  await audit(db, session, ip, row, 'prescription.read');
  return present(db, row, clinic.timeZone);
}

export async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  row: OrderRow,
  action: string,
  detail?: unknown,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: row.clinicId,
    action,
    entity: 'prescription',
    entityId: row.uid,
    patientId: row.patientId,
    ip,
    detail,
  });
}

/**
 * After a move in the caller's transaction: the visit goes on to the cashier when the pharmacy is
 * done with it, 'ready' calls the patient on the waiting-room display, open screens refetch.
 */
export async function afterMove(tx: Tx, session: AuthSession, row: OrderRow, to: PharmacyStatus) {
  if (isHandled(to) || to === 'returned')
    await prescriptionHandled(
      tx,
      { id: row.registrationId, uid: row.registrationUid, clinicId: row.clinicId },
      session.userId,
    );
  if (to === 'ready') {
    await publishEvent(tx, { clinicId: row.clinicId, type: PHARMACY_LIVE.ready, id: row.uid });
    // the waiting-room display calls the patient's number to the pharmacy like a doctor's call
    await publishEvent(tx, {
      clinicId: row.clinicId,
      type: REGISTRATION_EVENTS.called,
      id: row.registrationUid,
    });
  }
  await publishEvent(tx, { clinicId: row.clinicId, type: PHARMACY_LIVE.updated, id: row.uid });
}

/** Refuses a move the state machine does not allow from the locked status (409). */
export function assertMove(action: PharmacyAction, from: PharmacyStatus) {
  if (!mayMove(action, from)) throw refuse(409, 'illegalMove', { from, action });
}

export async function move(db: Db, session: AuthSession, uid: string, input: MoveInput, ip: string) {
  return db.transaction(async (tx) => {
    const { row, clinic } = await scopedOrder(tx, session, uid);
    const from = await lockOrder(tx, row.id);
    const rule = MOVES[input.action];
    if (rule.reason && !input.reason) throw refuse(400, 'reasonRequired', {}, 'reason');
    assertMove(input.action, from);
    await insertEvent(tx, {
      prescriptionId: row.id,
      action: input.action,
      fromStatus: from,
      toStatus: rule.to,
      reason: input.reason,
      userId: session.userId,
    });
    await setStatus(tx, row.id, rule.to);
    const returned =
      input.action === 'return' ? await returnStock(tx, session, row, input.reason!) : undefined;
    await afterMove(tx, session, row, rule.to);
    await audit(tx, session, ip, row, `prescription.${input.action}`, {
      from,
      to: rule.to,
      reason: input.reason,
      ...(returned ? { returned } : {}),
    });
    return present(tx, (await findScoped(tx, session, uid))!, clinic.timeZone);
  });
}

/**
 * Saves the review (telaah). An allergy or a duplicated therapy found in the lines marks its check
 * not ok unless the pharmacist answered it (with a note saying why it is acceptable).
 */
export async function review(db: Db, session: AuthSession, uid: string, input: ReviewInput, ip: string) {
  return db.transaction(async (tx) => {
    const { row, clinic } = await scopedOrder(tx, session, uid);
    const from = await lockOrder(tx, row.id);
    if (!['in_review', 'on_hold', 'preparing'].includes(from)) throw refuse(409, 'notInReview', { from });
    const shown = await present(tx, row, clinic.timeZone);
    const lines = shown.lines.map((l) => ({ name: l.item.name, genericName: l.genericName }));
    const auto: Partial<Record<string, ReviewEntry>> = {};
    const allergies = allergyMatches(lines, row.allergies);
    if (allergies.length)
      auto.allergy = {
        ok: false,
        note: allergies.map((a) => `${lines[a.index].name}: ${a.allergy}`).join('; '),
      };
    const duplicates = duplicatedTherapy(lines);
    if (duplicates.length)
      auto.duplication = { ok: false, note: duplicates.map((d) => d.genericName).join('; ') };
    if (shown.interactions.length)
      auto.interaction = {
        ok: false,
        note: shown.interactions.map((i) => `${i.drugs.join(' + ')}: ${i.effect}`).join('; '),
      };
    const given = Object.fromEntries(
      Object.entries(input.checks).map(([k, v]) => [k, { ok: v!.ok, note: v!.note ?? null }]),
    );
    const checks = { ...auto, ...given };
    await saveReview(tx, row.id, checks, session.userId);
    await audit(tx, session, ip, row, 'prescription.review', { checks });
    return present(tx, row, clinic.timeZone);
  });
}
