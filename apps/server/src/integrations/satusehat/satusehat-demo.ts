import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { enqueueDelivery } from './delivery/delivery.queries.ts';
import { type SatusehatConfig, SatusehatService } from './satusehat.service.ts';
import { clinicsOnSimulator, findDemoAdmin, signedDoctorVisits } from './satusehat-demo.queries.ts';
import { SatusehatLocationsService } from './satusehat-locations.service.ts';

/**
 * Demo (issue 19): the demo clinics onboarded to the bundled simulator at every start, once the
 * app runs (its delivery worker sends what is queued here within seconds):
 *  - the rooms and poli of Menteng (the doctors' visits) and Cikarang (the lab) registered as
 *    Locations, as their admin would from `/Setting/satuSehat` (only those not registered yet, so a
 *    restart sends nothing again); Surabaya and Makassar are left for the admin to onboard;
 *  - Menteng's signed doctor visits up to today queued for delivery, once per visit (a restart
 *    finds them queued, accepted or refused and queues nothing twice). Yesterday's include the
 *    visit whose patient carries a mistyped IHS number (db/seed/encounters.ts): the platform
 *    refuses it with its reason, until the IHS number is checked again and it is sent again.
 * A failure is logged and leaves the demo running: onboarding is the admin's to repeat.
 */

const SENDING_CLINIC = 10;
/** Menteng and Cikarang's lab: the clinics whose demo visits are sent */
const ONBOARDED = new Set([10, 11]);
const IP = '127.0.0.1';

export async function onboardDemoSatusehat(
  db: Db,
  config: SatusehatConfig,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<{ clinics: number; queued: number }> {
  const admin = await findDemoAdmin(db);
  if (!admin) return { clinics: 0, queued: 0 };
  const clinics = await clinicsOnSimulator(db, admin.corpId);
  const locations = new SatusehatLocationsService(db, new SatusehatService(db, config));
  let onboarded = 0;
  for (const clinic of clinics.filter((c) => ONBOARDED.has(c.id))) {
    const session = {
      userId: admin.id,
      username: admin.username,
      name: admin.name,
      corpId: admin.corpId,
      clinicId: clinic.id,
      clinicIds: [clinic.id],
      clinics: [clinic],
      permissions: new Set(['satusehat.manage']),
    } as unknown as AuthSession;
    try {
      const result = await locations.register(session, { clinicId: clinic.id }, IP, log);
      if (result.locations.every((l) => l.state === 'registered')) onboarded++;
    } catch (error) {
      log.warn({ clinicId: clinic.id, err: (error as Error).message }, 'demo SATUSEHAT onboarding failed');
    }
  }

  const menteng = clinics.find((c) => c.id === SENDING_CLINIC);
  if (!menteng) return { clinics: onboarded, queued: 0 };
  const visits = await signedDoctorVisits(db, menteng.id, clinicDay(menteng.timeZone, now));
  // one transaction: the workers are woken once, when every visit is queued
  const queued = await db.transaction(async (tx) => {
    let n = 0;
    for (const v of visits) {
      const inserted = await enqueueDelivery(tx, {
        corpId: v.corpId,
        clinicId: v.clinicId,
        kind: 'encounter',
        sourceKey: v.uid,
        registrationId: v.id,
        clinicDay: v.queueDate,
      });
      if (inserted) n++;
    }
    return n;
  });
  return { clinics: onboarded, queued };
}
