import type { McuParticipantQuery, McuParticipantUpdateInput } from '@klinikita/domain/mcu/mcu-events.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { type Executor, pageOf } from '../../shared/sql.ts';
import { toParticipant } from './mcu-events.mapper.ts';
import { eventPackages } from './mcu-events.queries.ts';
import { refuse, scopedEvent } from './mcu-events.service.ts';
import { findParticipant, pageParticipants, updateParticipant } from './mcu-participants.queries.ts';

/** An event's participants: the list, one participant fixed by the clerk. */

/** The caller's participant (locked when asked): 404 for another corporate's, 403 outside the caller's sites. */
export async function scopedParticipant(db: Executor, session: AuthSession, uid: string, lock = false) {
  const row = await findParticipant(db, session.corpId, uid, lock);
  if (!row) throw refuse(404, 'participantNotFound');
  assertClinicInScope(session, row.clinicId);
  return row;
}

export async function listParticipants(db: Db, session: AuthSession, uid: string, q: McuParticipantQuery) {
  const event = await scopedEvent(db, session, uid);
  const { rows, total } = await pageParticipants(db, { eventId: event.id, ...q });
  return pageOf(rows.map(toParticipant), total, q);
}

export async function editParticipant(
  db: Db,
  session: AuthSession,
  uid: string,
  input: McuParticipantUpdateInput,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const p = await scopedParticipant(tx, session, uid, true);
    const set: Parameters<typeof updateParticipant>[2] = {};
    if (input.department !== undefined) set.department = input.department || null;
    if (input.job !== undefined) set.job = input.job || null;
    if (input.consentToShare !== undefined) set.consentToShare = input.consentToShare;
    if (input.jobGroup !== undefined) {
      const wanted = input.jobGroup.toLowerCase();
      const packages = await eventPackages(tx, [p.eventId]);
      const match =
        packages.find((g) => g.jobGroup.toLowerCase() === wanted) ??
        packages.find((g) => g.code.toLowerCase() === wanted || g.name.toLowerCase() === wanted);
      if (!match) throw refuse(400, 'packageUnknown', { value: input.jobGroup }, 'jobGroup');
      if (match.packageId !== p.packageId && p.status !== 'registered')
        throw refuse(409, 'packageAfterCheckIn', {}, 'jobGroup');
      set.jobGroup = match.jobGroup;
      set.packageId = match.packageId;
    }
    await updateParticipant(tx, p.id, set);
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId: p.clinicId,
      action: 'mcu.participant.update',
      entity: 'mcu_participant',
      entityId: p.uid,
      patientId: p.patientId,
      ip,
      detail: input,
    });
    return toParticipant((await findParticipant(tx, session.corpId, uid))!);
  });
}
