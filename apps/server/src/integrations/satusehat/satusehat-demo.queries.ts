import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { clinics, encounters, registrations, satusehatSettings, users } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** SQL of the demo's SATUSEHAT onboarding: its admin, the clinics on the simulator, the signed visits. */

/** The demo's `admin` (the onboarding acts as them, so the audit names a person). */
export async function findDemoAdmin(db: Executor) {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name, corpId: users.corpId })
    .from(users)
    .where(and(eq(users.username, 'admin'), eq(users.demo, true)))
    .limit(1);
  return row ?? null;
}

/** The corporate's clinics that talk to the simulator. */
export function clinicsOnSimulator(db: Executor, corpId: number) {
  return db
    .select({
      id: clinics.id,
      uid: clinics.uid,
      corpId: clinics.corpId,
      name: clinics.name,
      mcuSite: clinics.mcuSite,
      timeZone: clinics.timeZone,
    })
    .from(clinics)
    .innerJoin(satusehatSettings, eq(satusehatSettings.clinicId, clinics.id))
    .where(and(eq(clinics.corpId, corpId), eq(satusehatSettings.environment, 'simulator')))
    .orderBy(asc(clinics.id));
}

/** The clinic's doctor visits with a signed note up to `day`, when the clinic sends to SATUSEHAT. */
export function signedDoctorVisits(db: Executor, clinicId: number, day: string) {
  return db
    .select({
      id: registrations.id,
      uid: registrations.uid,
      corpId: registrations.corpId,
      clinicId: registrations.clinicId,
      queueDate: registrations.queueDate,
    })
    .from(registrations)
    .innerJoin(encounters, eq(encounters.registrationId, registrations.id))
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .where(
      and(
        eq(registrations.clinicId, clinicId),
        eq(registrations.orderType, 'doctor'),
        eq(encounters.status, 'signed'),
        lte(registrations.queueDate, day),
        sql`coalesce((${clinics.modules} ->> 'satusehat')::boolean, true)`,
      ),
    )
    .orderBy(asc(registrations.queueDate), asc(registrations.id));
}
