import { eq, inArray } from 'drizzle-orm';
import {
  clinics,
  corporates,
  doctors,
  employees,
  patients,
  registrations,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** What the papers of a bill print besides the bill: the clinic's letterhead, the patient, the doctor. */
export async function printHeaderOf(db: Executor, bill: { clinicId: number; registrationId: number }) {
  const [row] = await db
    .select({
      clinicName: clinics.name,
      address: clinics.address,
      phone: clinics.phoneNumber,
      timeZone: clinics.timeZone,
      corporate: corporates.name,
      patientTitle: patients.title,
      patientName: patients.name,
      mrn: patients.mrn,
      doctorName: employees.name,
    })
    .from(registrations)
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .innerJoin(corporates, eq(corporates.id, clinics.corpId))
    .innerJoin(patients, eq(patients.id, registrations.patientId))
    .leftJoin(doctors, eq(doctors.id, registrations.doctorId))
    .leftJoin(employees, eq(employees.id, doctors.employeeId))
    .where(eq(registrations.id, bill.registrationId));
  return row;
}

/** The names of the cashiers (users) who took payments. */
export async function userNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** What a deposit's receipt prints besides the entry: the clinic's letterhead and the patient. */
export async function depositHeaderOf(db: Executor, clinicId: number, patientId: number) {
  const [clinic] = await db
    .select({
      clinicName: clinics.name,
      address: clinics.address,
      phone: clinics.phoneNumber,
      timeZone: clinics.timeZone,
      corporate: corporates.name,
    })
    .from(clinics)
    .innerJoin(corporates, eq(corporates.id, clinics.corpId))
    .where(eq(clinics.id, clinicId));
  const [patient] = await db
    .select({ patientTitle: patients.title, patientName: patients.name, mrn: patients.mrn })
    .from(patients)
    .where(eq(patients.id, patientId));
  return clinic && patient ? { ...clinic, ...patient } : null;
}
