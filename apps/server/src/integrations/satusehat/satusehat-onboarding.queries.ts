import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  clinicServices,
  doctorClinics,
  doctors,
  satusehatLocations,
  satusehatSettings,
  specialists,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** SQL of the SATUSEHAT settings screen: the clinic's settings row, its rooms and poli, their Locations. */

export type SatusehatLocationRow = typeof satusehatLocations.$inferSelect;
type SettingsWrite = Omit<typeof satusehatSettings.$inferInsert, 'updatedAt'>;

export async function upsertSatusehatSettings(db: Executor, values: SettingsWrite) {
  const [row] = await db
    .insert(satusehatSettings)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: satusehatSettings.clinicId,
      set: {
        environment: values.environment,
        clientId: values.clientId,
        clientSecretEnc: values.clientSecretEnc,
        organizationId: values.organizationId,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row;
}

/** The rooms of the services the clinic performs itself (lab, radiology, treatment...). */
export async function serviceRoomsOfClinic(db: Executor, clinicId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ room: clinicServices.room })
    .from(clinicServices)
    .where(
      and(
        eq(clinicServices.clinicId, clinicId),
        eq(clinicServices.active, true),
        eq(clinicServices.performedAt, 'here'),
        isNotNull(clinicServices.room),
        sql`trim(${clinicServices.room}) <> ''`,
      ),
    );
  return rows.map((r) => r.room!.trim());
}

/** The clinic's enabled doctors: their room there, if set, and their specialty (the poli). */
export function doctorRoomsOfClinic(db: Executor, clinicId: number) {
  return db
    .select({ room: doctorClinics.room, specialist: specialists.name })
    .from(doctorClinics)
    .innerJoin(doctors, and(eq(doctors.id, doctorClinics.doctorId), eq(doctors.enabled, true)))
    .leftJoin(specialists, eq(specialists.id, doctors.specialistId))
    .where(eq(doctorClinics.clinicId, clinicId));
}

export function locationsOfClinic(db: Executor, clinicId: number): Promise<SatusehatLocationRow[]> {
  return db
    .select()
    .from(satusehatLocations)
    .where(eq(satusehatLocations.clinicId, clinicId))
    .orderBy(asc(satusehatLocations.name));
}

/** The outcome of one registration attempt (a new id, or the failure beside an earlier id kept). */
export async function saveLocationAttempt(
  db: Executor,
  values: Omit<typeof satusehatLocations.$inferInsert, 'updatedAt'>,
): Promise<void> {
  const now = new Date();
  await db
    .insert(satusehatLocations)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [satusehatLocations.clinicId, satusehatLocations.name],
      set: {
        environment: values.environment,
        organizationId: values.organizationId,
        locationId: values.locationId ?? null,
        lastError: values.lastError ?? null,
        registeredAt: values.registeredAt ?? null,
        updatedAt: now,
      },
    });
}
