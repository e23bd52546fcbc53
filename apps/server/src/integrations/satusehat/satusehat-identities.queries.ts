import type { PatientIhsMissingReason } from '@klinikita/domain/patients/patient.schema';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { doctors, employees, patients, registrations } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The identities a visit is sent under: its patient's and its doctor's (null: no doctor). */
export async function findVisitParties(db: Executor, registrationId: number) {
  const [row] = await db
    .select({
      clinicId: registrations.clinicId,
      patientId: registrations.patientId,
      doctorEmployeeId: employees.id,
      doctorNik: employees.icNumber,
      doctorIhs: employees.ihsNumber,
    })
    .from(registrations)
    .leftJoin(doctors, eq(doctors.id, registrations.doctorId))
    .leftJoin(employees, eq(employees.id, doctors.employeeId))
    .where(eq(registrations.id, registrationId));
  return row;
}

export type PatientIdentity = NonNullable<Awaited<ReturnType<typeof findPatientIdentity>>>;

export async function findPatientIdentity(db: Executor, patientId: number) {
  const [row] = await db
    .select({
      id: patients.id,
      nik: patients.nik,
      motherNik: patients.motherNik,
      dob: patients.dob,
      ihsNumber: patients.ihsNumber,
    })
    .from(patients)
    .where(eq(patients.id, patientId));
  return row;
}

/** The outcome of a lookup: the IHS number found, or why none was (`clearStored`: the stored one is wrong). */
export async function savePatientLookup(
  db: Executor,
  patientId: number,
  outcome: { ihsNumber: string } | { reason: PatientIhsMissingReason; clearStored?: boolean },
) {
  await db
    .update(patients)
    .set(
      'ihsNumber' in outcome
        ? { ihsNumber: outcome.ihsNumber, ihsMissingReason: null, ihsCheckedAt: new Date() }
        : {
            ihsMissingReason: outcome.reason,
            ihsCheckedAt: new Date(),
            ...(outcome.clearStored ? { ihsNumber: null } : {}),
          },
    )
    .where(eq(patients.id, patientId));
}

export async function saveEmployeeIhs(db: Executor, employeeId: number, ihsNumber: string) {
  await db
    .update(employees)
    .set({ ihsNumber, updatedAt: new Date() })
    .where(and(eq(employees.id, employeeId), isNull(employees.ihsNumber)));
}

/** The living patients with a NIK or a mother's NIK: whom the demo's simulator knows. */
export function simulatorPopulationRows(db: Executor) {
  return db
    .select({
      nik: patients.nik,
      motherNik: patients.motherNik,
      name: patients.name,
      sex: patients.sex,
      dob: patients.dob,
    })
    .from(patients)
    .where(and(isNull(patients.deletedAt), or(isNotNull(patients.nik), isNotNull(patients.motherNik))));
}
