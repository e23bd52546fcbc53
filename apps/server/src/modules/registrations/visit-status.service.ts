import { mayMoveVisit, performPermission } from '@klinikita/domain/access/permissions';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import {
  canMove,
  EXAMINATION_GROUP,
  type RegistrationStatus,
} from '@klinikita/domain/registrations/registration.rules';
import {
  REGISTRATION_EVENTS,
  type Registration,
  type RegistrationPatchInput,
} from '@klinikita/domain/registrations/registration.schema';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { can, clinicOf } from '../../shared/access.ts';
import { toRegistration } from './registrations.mapper.ts';
import { findRegistrationById, moveStatus, setFlags } from './registrations.queries.ts';
import { audit, refuse, scopedRegistration } from './registrations.service.ts';

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
