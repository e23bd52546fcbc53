import type { LetterKind } from '@klinikita/domain/consultations/consultation.rules';
import type {
  EncounterDiagnosis,
  ReferralDraft,
  Vitals,
} from '@klinikita/domain/consultations/encounter.schema';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clinics,
  corporates,
  doctorClinics,
  doctors,
  employees,
  encounters,
  letterCounters,
  letters,
  patients,
  registrations,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/**
 * What a letter says, fixed when it is written: a later correction of the patient's address or a
 * new clinic phone number never changes a letter already handed out.
 */
export type LetterSnapshot = {
  clinic: { name: string; address: string | null; phone: string | null; corporate: string };
  patient: {
    uid: string;
    mrn: string;
    name: string;
    title: string | null;
    sex: 'M' | 'F';
    /** YYYY-MM-DD */
    dob: string;
    age: { years: number; months: number };
    nik: string | null;
    address: string | null;
  };
  doctor: { name: string; sip: string | null } | null;
  /** YYYY-MM-DD, the clinic's day of the visit */
  visitDate: string;
  /** YYYY-MM-DD, the clinic's day the letter was written */
  writtenOn: string;
  diagnoses: EncounterDiagnosis[];
  vitals: Vitals & { bmi: number | null };
  purpose: string | null;
  healthy: boolean | null;
  notes: string | null;
  restFrom: string | null;
  restDays: number | null;
  restUntil: string | null;
  referral: ReferralDraft | null;
  /** Referral: what was heard and found, and the treatment given before referring. */
  history: string | null;
  findings: string | null;
  therapy: string[];
};

export type LetterExtras = Pick<
  LetterSnapshot,
  'purpose' | 'healthy' | 'notes' | 'restFrom' | 'restDays' | 'restUntil' | 'referral'
>;

const doctorEmployee = alias(employees, 'doctor_employee');
const signer = alias(users, 'signer');

/**
 * A visit with everything a letter or the printed record says about it: the patient's identity,
 * the clinic's letterhead, the doctor, the findings.
 */
function selectEncounterContext(db: Executor) {
  return db
    .select({
      id: encounters.id,
      uid: encounters.uid,
      corpId: encounters.corpId,
      clinicId: encounters.clinicId,
      patientId: encounters.patientId,
      doctorId: encounters.doctorId,
      status: encounters.status,
      systolic: encounters.systolic,
      diastolic: encounters.diastolic,
      pulse: encounters.pulse,
      respiratoryRate: encounters.respiratoryRate,
      temperature: encounters.temperature,
      spo2: encounters.spo2,
      weight: encounters.weight,
      height: encounters.height,
      subjective: encounters.subjective,
      objective: encounters.objective,
      assessment: encounters.assessment,
      plan: encounters.plan,
      diagnoses: encounters.diagnoses,
      procedures: encounters.procedures,
      prescription: encounters.prescription,
      orders: encounters.orders,
      referral: encounters.referral,
      createdAt: encounters.createdAt,
      signedAt: encounters.signedAt,
      signedByName: signer.name,
      queueDate: sql<string>`${registrations.queueDate}::text`,
      queueNumber: registrations.queueNumber,
      doctorName: doctorEmployee.name,
      clinic: {
        name: clinics.name,
        address: clinics.address,
        phone: clinics.phoneNumber,
        timeZone: clinics.timeZone,
        corporate: corporates.name,
      },
      patient: {
        uid: patients.uid,
        mrn: patients.mrn,
        name: patients.name,
        title: patients.title,
        sex: patients.sex,
        dob: sql<string>`${patients.dob}::text`,
        nik: patients.nik,
        address: patients.address,
        allergies: patients.allergies,
      },
    })
    .from(encounters)
    .innerJoin(clinics, eq(clinics.id, encounters.clinicId))
    .innerJoin(corporates, eq(corporates.id, clinics.corpId))
    .innerJoin(patients, eq(patients.id, encounters.patientId))
    .innerJoin(registrations, eq(registrations.id, encounters.registrationId))
    .leftJoin(doctors, eq(doctors.id, encounters.doctorId))
    .leftJoin(doctorEmployee, eq(doctorEmployee.id, doctors.employeeId))
    .leftJoin(signer, eq(signer.id, encounters.signedBy));
}

export type EncounterContext = NonNullable<Awaited<ReturnType<typeof findEncounterContext>>>;

export async function findEncounterContext(db: Executor, where: { uid: string } | { id: number }) {
  const condition = 'uid' in where ? eq(encounters.uid, where.uid) : eq(encounters.id, where.id);
  const [row] = await selectEncounterContext(db).where(condition);
  return row ?? null;
}

/**
 * The doctor behind a login as a letter names them, if they may sign for that clinic: the visit's
 * own doctor, or a doctor practising at the clinic (in their own name, never the visit doctor's).
 */
export async function findIssuingDoctor(
  db: Executor,
  doctorId: number,
  clinicId: number,
  visitDoctorId: number | null,
): Promise<{ name: string } | null> {
  const practises = sql`EXISTS (SELECT 1 FROM ${doctorClinics} WHERE ${doctorClinics.doctorId} = ${doctors.id} AND ${doctorClinics.clinicId} = ${clinicId})`;
  const [row] = await db
    .select({ name: employees.name })
    .from(doctors)
    .innerJoin(employees, eq(employees.id, doctors.employeeId))
    .where(and(eq(doctors.id, doctorId), visitDoctorId === doctorId ? undefined : practises));
  return row ?? null;
}

/** The next letter number of a clinic, kind and year: the counter row bumped in one statement. */
export async function nextLetterValue(
  db: Executor,
  clinicId: number,
  kind: LetterKind,
  year: number,
): Promise<number> {
  const [row] = await db
    .insert(letterCounters)
    .values({ clinicId, kind, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [letterCounters.clinicId, letterCounters.kind, letterCounters.year],
      set: { lastValue: sql`${letterCounters.lastValue} + 1` },
    })
    .returning({ value: letterCounters.lastValue });
  return row.value;
}

export async function insertLetter(
  db: Executor,
  values: {
    uid: string;
    corpId: number;
    clinicId: number;
    patientId: number;
    encounterId: number;
    kind: LetterKind;
    number: string;
    data: LetterSnapshot;
    createdBy: number;
  },
) {
  const [row] = await db.insert(letters).values(values).returning({ id: letters.id });
  return row.id;
}

function selectLetters(db: Executor) {
  return db
    .select({
      id: letters.id,
      uid: letters.uid,
      corpId: letters.corpId,
      clinicId: letters.clinicId,
      patientId: letters.patientId,
      kind: letters.kind,
      number: letters.number,
      data: letters.data,
      createdAt: letters.createdAt,
      createdBy: letters.createdBy,
      createdByName: users.name,
      encounterUid: encounters.uid,
      patient: { uid: patients.uid, mrn: patients.mrn, name: patients.name },
      clinicName: clinics.name,
    })
    .from(letters)
    .innerJoin(users, eq(users.id, letters.createdBy))
    .innerJoin(patients, eq(patients.id, letters.patientId))
    .innerJoin(clinics, eq(clinics.id, letters.clinicId))
    .leftJoin(encounters, eq(encounters.id, letters.encounterId));
}

export type LetterRow = Awaited<ReturnType<ReturnType<typeof selectLetters>['execute']>>[number];

export async function findLetter(db: Executor, where: { uid: string } | { id: number }) {
  const condition = 'uid' in where ? eq(letters.uid, where.uid) : eq(letters.id, where.id);
  const [row] = await selectLetters(db).where(condition);
  return row ?? null;
}

export interface LetterFilter {
  corpId: number;
  clinicIds: number[];
  patientId?: number;
  encounterId?: number;
  page: number;
  limit: number;
}

/** Letters of the clinics in scope, newest first. */
export async function pageLetters(db: Executor, f: LetterFilter) {
  const conditions: SQL[] = [eq(letters.corpId, f.corpId), inArray(letters.clinicId, f.clinicIds)];
  if (f.patientId) conditions.push(eq(letters.patientId, f.patientId));
  if (f.encounterId) conditions.push(eq(letters.encounterId, f.encounterId));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    selectLetters(db)
      .where(where)
      .orderBy(desc(letters.createdAt), desc(letters.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(letters).where(where),
  ]);
  return { rows, total };
}

export async function findPatientId(db: Executor, uid: string) {
  const [row] = await db
    .select({ id: patients.id, corpId: patients.corpId })
    .from(patients)
    .where(eq(patients.uid, uid));
  return row ?? null;
}

/** The referral letter already written for a visit, if any (the consumer of a signed note is idempotent). */
export async function findReferralOf(db: Executor, encounterId: number) {
  const [row] = await db
    .select({ id: letters.id })
    .from(letters)
    .where(and(eq(letters.encounterId, encounterId), eq(letters.kind, 'referral')));
  return row ?? null;
}
