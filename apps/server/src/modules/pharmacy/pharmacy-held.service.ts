import { PHARMACY_LIVE } from '@klinikita/domain/pharmacy/pharmacy.events';
import type { AnswerInput, HeldPrescription } from '@klinikita/domain/pharmacy/pharmacy-held';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { insertEvent, lockOrder } from './pharmacy.queries.ts';
import { audit, refuse, scopedOrder } from './pharmacy.service.ts';
import { type HeldRow, heldOrders } from './pharmacy-held.queries.ts';

/**
 * "On hold: the doctor is asked" (issue 17 §1). A doctor reads the held prescriptions of their own
 * patients at their clinics (another user with the examination's rights, e.g. a clinic's head,
 * reads all of the clinics') and answers; the answer is an event of the prescription, shown in its
 * history at the pharmacy, which refetches live. The status stays on hold: the pharmacist resumes.
 */

const toHeld = (r: HeldRow): HeldPrescription => ({
  uid: r.uid,
  queueNumber: r.queueNumber,
  patient: { uid: r.patientUid, name: r.patientName, mrn: r.mrn },
  reason: r.reason,
  heldBy: r.heldBy,
  heldAt: r.heldAt,
  answer: r.answer,
  answeredBy: r.answeredBy,
  answeredAt: r.answeredAt,
});

export async function listHeld(db: Db, session: AuthSession): Promise<HeldPrescription[]> {
  const rows = await heldOrders(db, { clinicIds: session.clinicIds, doctorId: session.doctorId });
  return rows.map(toHeld);
}

export async function answerHeld(
  db: Db,
  session: AuthSession,
  uid: string,
  input: AnswerInput,
  ip: string,
): Promise<HeldPrescription> {
  return db.transaction(async (tx) => {
    const { row } = await scopedOrder(tx, session, uid);
    const from = await lockOrder(tx, row.id);
    if (from !== 'on_hold') throw refuse(409, 'notOnHold', { from });
    await insertEvent(tx, {
      prescriptionId: row.id,
      action: 'answer',
      fromStatus: from,
      toStatus: from,
      reason: input.text,
      userId: session.userId,
    });
    await audit(tx, session, ip, row, 'prescription.answer', { text: input.text });
    await publishEvent(tx, { clinicId: row.clinicId, type: PHARMACY_LIVE.updated, id: row.uid });
    const [held] = await heldOrders(tx, { clinicIds: [row.clinicId], doctorId: null, uid: row.uid });
    return toHeld(held);
  });
}
