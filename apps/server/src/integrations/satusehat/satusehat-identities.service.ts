import type { PatientIhsMissingReason } from '@klinikita/domain/patients/patient.schema';
import type { Patient } from 'fhir/r4';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import type { SatusehatClient } from './satusehat.client.ts';
import { NIK_IBU_SYSTEM } from './satusehat.constants.ts';
import type { SatusehatService } from './satusehat.service.ts';
import { findSatusehatSettings } from './satusehat.settings.ts';
import {
  findPatientIdentity,
  findVisitParties,
  type PatientIdentity,
  saveEmployeeIhs,
  savePatientLookup,
  simulatorPopulationRows,
} from './satusehat-identities.queries.ts';
import type { PopulationPerson } from './simulator/simulator.population.ts';

/**
 * The IHS numbers a visit is sent under (issue 19 §2). The patient's is looked up by NIK, a
 * newborn's without one by the mother's NIK (`nik-ibu`); the doctor's by the NIK of the staff
 * record. What is found is stored; what is not comes back with the reason that blocks the
 * sending. A platform outage (`SatusehatError` of kind `unavailable`) is thrown as it is and
 * nothing is stored: the caller retries later.
 */

export type PatientIdentityOutcome = { ihs: string } | { reason: PatientIhsMissingReason };
export type DoctorIdentityOutcome = { ihs: string } | { reason: 'doctorNoIhs' };

export interface VisitIdentities {
  patient: PatientIdentityOutcome;
  doctor: DoctorIdentityOutcome;
}

/** The clinic's client, its settings read through `db` (which may be the caller's transaction). */
async function clientOf(db: Executor, satusehat: SatusehatService, clinicId: number) {
  const settings = await findSatusehatSettings(db, clinicId);
  if (!settings) throw new AppError(409, 'satusehat.notConfigured');
  return satusehat.clientFor(settings);
}

/**
 * Looks up the visit's patient and doctor where their IHS number is missing, stores what it
 * finds, and answers each one's IHS number or why there is none. Throws `SatusehatError` when
 * the platform cannot be reached and `AppError` 404/409 for an unknown visit or a clinic without
 * SATUSEHAT settings.
 */
export async function ensureVisitIdentities(
  db: Executor,
  satusehat: SatusehatService,
  registrationId: number,
): Promise<VisitIdentities> {
  const visit = await findVisitParties(db, registrationId);
  if (!visit) throw new AppError(404, 'registrations.notFound');
  let client: SatusehatClient | undefined;
  const platform = async () => {
    client ??= await clientOf(db, satusehat, visit.clinicId);
    return client;
  };
  const patientRow = await findPatientIdentity(db, visit.patientId);
  const patient = patientRow?.ihsNumber
    ? { ihs: patientRow.ihsNumber }
    : await lookUpPatient(db, platform, patientRow);

  let doctor: DoctorIdentityOutcome = { reason: 'doctorNoIhs' };
  if (visit.doctorIhs) doctor = { ihs: visit.doctorIhs };
  else if (visit.doctorEmployeeId !== null && visit.doctorNik) {
    const ihs = await (await platform()).practitionerByNik(visit.doctorNik);
    if (ihs) {
      await saveEmployeeIhs(db, visit.doctorEmployeeId, ihs);
      doctor = { ihs };
    }
  }
  return { patient, doctor };
}

/**
 * One patient's lookup when they are registered (the SATUSEHAT consumer): nothing to do when the
 * number is known, unless `force` ("Periksa ulang IHS": a stored number may be wrong, e.g.
 * mistyped by an import), which looks it up again and stores what the platform answers — another
 * number, or none. Throws as `ensureVisitIdentities` does.
 */
export async function ensurePatientIdentity(
  db: Executor,
  satusehat: SatusehatService,
  patientId: number,
  clinicId: number,
  options: { force?: boolean } = {},
): Promise<PatientIdentityOutcome | null> {
  const row = await findPatientIdentity(db, patientId);
  if (!row) return null;
  if (row.ihsNumber && !options.force) return { ihs: row.ihsNumber };
  return lookUpPatient(db, () => clientOf(db, satusehat, clinicId), row, options.force);
}

async function lookUpPatient(
  db: Executor,
  platform: () => Promise<SatusehatClient>,
  row: PatientIdentity | undefined,
  force = false,
): Promise<PatientIdentityOutcome> {
  if (!row) return { reason: 'patientNoNik' };
  let ihs: string | null = null;
  let reason: PatientIhsMissingReason = 'patientNotFound';
  if (row.nik) ihs = await (await platform()).patientByNik(row.nik);
  else if (row.motherNik) ihs = await newbornByMother(await platform(), row.motherNik, row.dob);
  else reason = 'patientNoNik';
  // nothing to look a stored number up by: it stays as it is
  if (reason === 'patientNoNik' && row.ihsNumber) return { reason };
  await savePatientLookup(db, row.id, ihs ? { ihsNumber: ihs } : { reason, clearStored: force });
  return ihs ? { ihs } : { reason };
}

/** The mother's babies at the platform: the one born on the patient's birth date, else the only one. */
async function newbornByMother(client: SatusehatClient, motherNik: string, dob: string) {
  const bundle = await client.search<Patient>('Patient', { identifier: `${NIK_IBU_SYSTEM}|${motherNik}` });
  const babies = (bundle.entry ?? []).map((e) => e.resource).filter((r): r is Patient => Boolean(r?.id));
  const born = babies.find((b) => b.birthDate === dob) ?? (babies.length === 1 ? babies[0] : undefined);
  return born?.id ?? null;
}

/** The people the demo's simulator knows: every living patient with a NIK or a mother's NIK. */
export async function simulatorPopulation(db: Executor): Promise<PopulationPerson[]> {
  const rows = await simulatorPopulationRows(db);
  return rows.map((r) => ({
    nik: r.nik,
    motherNik: r.motherNik,
    name: r.name,
    sex: r.sex,
    birthDate: r.dob,
  }));
}
