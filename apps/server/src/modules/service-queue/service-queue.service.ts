import type { LabListQuery, LabPreAss } from '@klinikita/domain/registrations/registration.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { readRegistration } from '../registrations/registrations.service.ts';
import { listVisits } from '../registrations/visit-list.service.ts';
import { toLabPreAss } from './service-queue.mapper.ts';

/** The lab / MCU / physio list (spec 7): service visits, with spec 4's visibility rule applied in the query. */
export function listLab(db: Db, session: AuthSession, q: LabListQuery, ip: string) {
  return listVisits(db, session, { ...q, orderType: 'service', labVisibility: true }, ip);
}

/** The lab pre-assessment of a visit: its lab and radiology results done, its sample taken. */
export async function labPreAss(db: Db, session: AuthSession, uid: string): Promise<LabPreAss> {
  return toLabPreAss(await readRegistration(db, session, uid));
}
