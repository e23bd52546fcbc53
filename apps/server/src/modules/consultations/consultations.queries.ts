import type { EncounterContent } from '@klinikita/domain/consultations/encounter.schema';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clinics,
  doctors,
  drugs,
  employees,
  encounterAddenda,
  encounters,
  letters,
  medicalCodes,
  patients,
  prescriptions,
  registrations,
  serviceOrders,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

const signer = alias(users, 'signer');
const doctorEmployee = alias(employees, 'doctor_employee');

const encounterColumns = {
  id: encounters.id,
  uid: encounters.uid,
  corpId: encounters.corpId,
  clinicId: encounters.clinicId,
  clinicName: clinics.name,
  patientId: encounters.patientId,
  registrationId: encounters.registrationId,
  doctorId: encounters.doctorId,
  doctorName: doctorEmployee.name,
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
  version: encounters.version,
  createdAt: encounters.createdAt,
  /** the visit's time to the microsecond (a JS Date keeps milliseconds): where a page of the record ends */
  createdAtKey: sql<string>`to_char(${encounters.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  updatedAt: encounters.updatedAt,
  signedAt: encounters.signedAt,
  signedBy: encounters.signedBy,
  signedByName: signer.name,
  patient: { uid: patients.uid, mrn: patients.mrn, name: patients.name },
  registration: {
    uid: registrations.uid,
    queueNumber: registrations.queueNumber,
    status: registrations.status,
    queueDate: registrations.queueDate,
    complaint: registrations.complaint,
    payerType: registrations.payerType,
  },
};

function selectEncounters(db: Executor) {
  return db
    .select(encounterColumns)
    .from(encounters)
    .innerJoin(clinics, eq(clinics.id, encounters.clinicId))
    .innerJoin(patients, eq(patients.id, encounters.patientId))
    .innerJoin(registrations, eq(registrations.id, encounters.registrationId))
    .leftJoin(doctors, eq(doctors.id, encounters.doctorId))
    .leftJoin(doctorEmployee, eq(doctorEmployee.id, doctors.employeeId))
    .leftJoin(signer, eq(signer.id, encounters.signedBy));
}

export type EncounterRow = Awaited<ReturnType<typeof findEncounter>> & {};

export async function findEncounter(db: Executor, uid: string) {
  const [row] = await selectEncounters(db).where(eq(encounters.uid, uid));
  return row ?? null;
}

export async function findEncounterByRegistration(db: Executor, registrationId: number) {
  const [row] = await selectEncounters(db).where(eq(encounters.registrationId, registrationId));
  return row ?? null;
}

/** The encounter row locked for a change (saving, finishing). */
export async function lockEncounter(db: Executor, id: number) {
  const [row] = await db
    .select({ id: encounters.id, status: encounters.status, version: encounters.version })
    .from(encounters)
    .where(eq(encounters.id, id))
    .for('update');
  return row ?? null;
}

/** A patient's encounters in the given clinics, newest first. */
export async function pageEncountersOfPatient(
  db: Executor,
  patientId: number,
  clinicIds: number[],
  page: number,
  limit: number,
) {
  const where = and(eq(encounters.patientId, patientId), inArray(encounters.clinicId, clinicIds));
  const [rows, [{ total }]] = await Promise.all([
    selectEncounters(db)
      .where(where)
      .orderBy(desc(encounters.createdAt), desc(encounters.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(encounters).where(where),
  ]);
  return { rows, total };
}

/**
 * A page of a patient's encounters in the given clinics, newest first, after the keyset
 * `(createdAt, id)` of the previous page's last one (by `encounters_patient_idx`, no OFFSET).
 */
export function encountersOfPatientAfter(
  db: Executor,
  patientId: number,
  clinicIds: number[],
  after: { at: string; id: number } | null,
  limit: number,
) {
  return selectEncounters(db)
    .where(
      and(
        eq(encounters.patientId, patientId),
        inArray(encounters.clinicId, clinicIds),
        after
          ? sql`(${encounters.createdAt}, ${encounters.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(encounters.createdAt), desc(encounters.id))
    .limit(limit);
}

export async function insertEncounter(
  db: Executor,
  values: {
    uid: string;
    corpId: number;
    clinicId: number;
    patientId: number;
    registrationId: number;
    doctorId: number | null;
    subjective: string | null;
    createdBy: number;
  },
) {
  // two tabs opening the same visit at once: the unique index keeps one note
  await db.insert(encounters).values(values).onConflictDoNothing({ target: encounters.registrationId });
}

const contentColumns = (c: EncounterContent) => ({
  systolic: c.systolic,
  diastolic: c.diastolic,
  pulse: c.pulse,
  respiratoryRate: c.respiratoryRate,
  temperature: c.temperature,
  spo2: c.spo2,
  weight: c.weight,
  height: c.height,
  subjective: c.subjective,
  objective: c.objective,
  assessment: c.assessment,
  plan: c.plan,
  diagnoses: c.diagnoses,
  procedures: c.procedures,
  prescription: c.prescription,
  orders: c.orders,
  referral: c.referral,
});

/** Saves a draft only if it is still a draft at the version the client read; null otherwise. */
export async function saveDraft(db: Executor, id: number, version: number, content: EncounterContent) {
  const [row] = await db
    .update(encounters)
    .set({ ...contentColumns(content), version: sql`${encounters.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(encounters.id, id), eq(encounters.version, version), eq(encounters.status, 'draft')))
    .returning({ id: encounters.id });
  return row ?? null;
}

export async function signEncounter(db: Executor, id: number, userId: number, hash: string) {
  await db
    .update(encounters)
    .set({
      status: 'signed',
      signedAt: sql`now()`,
      signedBy: userId,
      signedHash: hash,
      version: sql`${encounters.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(encounters.id, id));
}

export async function addendaOf(db: Executor, encounterIds: number[]) {
  if (!encounterIds.length) return [];
  return db
    .select({
      encounterId: encounterAddenda.encounterId,
      uid: encounterAddenda.uid,
      text: encounterAddenda.text,
      createdAt: encounterAddenda.createdAt,
      userId: encounterAddenda.createdBy,
      userName: users.name,
    })
    .from(encounterAddenda)
    .innerJoin(users, eq(users.id, encounterAddenda.createdBy))
    .where(inArray(encounterAddenda.encounterId, encounterIds))
    .orderBy(asc(encounterAddenda.createdAt), asc(encounterAddenda.id));
}

export async function insertAddendum(
  db: Executor,
  values: { uid: string; encounterId: number; text: string; createdBy: number },
) {
  await db.insert(encounterAddenda).values(values);
}

export async function serviceOrdersOf(db: Executor, encounterIds: number[]) {
  if (!encounterIds.length) return [];
  return db
    .select({
      encounterId: serviceOrders.encounterId,
      uid: serviceOrders.uid,
      serviceType: serviceOrders.serviceType,
      items: serviceOrders.items,
      note: serviceOrders.note,
      result: serviceOrders.result,
      resultAt: serviceOrders.resultAt,
      registrationUid: registrations.uid,
      queueNumber: registrations.queueNumber,
      status: registrations.status,
    })
    .from(serviceOrders)
    .leftJoin(registrations, eq(registrations.serviceOrderUid, serviceOrders.uid))
    .where(inArray(serviceOrders.encounterId, encounterIds))
    .orderBy(asc(serviceOrders.id));
}

export async function insertServiceOrder(db: Executor, values: typeof serviceOrders.$inferInsert) {
  await db.insert(serviceOrders).values(values);
}

/** Service orders with their note's diagnoses, doctor and clinic (what the desk performing them shows). */
export function findServiceOrders(db: Executor, uids: readonly string[]) {
  if (!uids.length) return Promise.resolve([]);
  return db
    .select({
      uid: serviceOrders.uid,
      clinicId: serviceOrders.clinicId,
      clinicName: clinics.name,
      items: serviceOrders.items,
      note: serviceOrders.note,
      diagnoses: encounters.diagnoses,
      doctorName: doctorEmployee.name,
    })
    .from(serviceOrders)
    .innerJoin(encounters, eq(encounters.id, serviceOrders.encounterId))
    .innerJoin(clinics, eq(clinics.id, serviceOrders.clinicId))
    .leftJoin(doctors, eq(doctors.id, encounters.doctorId))
    .leftJoin(doctorEmployee, eq(doctorEmployee.id, doctors.employeeId))
    .where(inArray(serviceOrders.uid, [...uids]));
}

export async function prescriptionsOf(db: Executor, encounterIds: number[]) {
  if (!encounterIds.length) return [];
  return db
    .select({
      encounterId: prescriptions.encounterId,
      status: prescriptions.status,
      // the pharmacist's substitutions, shown on the signed note (issue 17 §2)
      substitutions: sql<{ line: number; from: string; to: string; reason: string }[]>`coalesce((
        SELECT json_agg(json_build_object('line', s.line, 'from', s.from_name,
          'to', trim(d.name || ' ' || coalesce(d.strength, '')), 'reason', s.reason) ORDER BY s.line)
        FROM prescription_substitutions s JOIN drugs d ON d.id = s.item_id
        WHERE s.prescription_id = "prescriptions"."id"), '[]'::json)`,
    })
    .from(prescriptions)
    .where(inArray(prescriptions.encounterId, encounterIds));
}

export async function insertPrescription(db: Executor, values: typeof prescriptions.$inferInsert) {
  await db.insert(prescriptions).values(values);
}

export async function lettersOf(db: Executor, encounterIds: number[]) {
  if (!encounterIds.length) return [];
  return db
    .select({
      encounterId: letters.encounterId,
      uid: letters.uid,
      kind: letters.kind,
      number: letters.number,
      createdAt: letters.createdAt,
    })
    .from(letters)
    .where(inArray(letters.encounterId, encounterIds))
    .orderBy(asc(letters.id));
}

/** Codes of a system that exist among the given ones (a note names only real codes). */
export async function knownCodes(db: Executor, system: 'icd10' | 'icd9cm', codes: string[]) {
  if (!codes.length) return new Set<string>();
  const rows = await db
    .select({ code: medicalCodes.code })
    .from(medicalCodes)
    .where(and(eq(medicalCodes.system, system), inArray(medicalCodes.code, codes)));
  return new Set(rows.map((r) => r.code));
}

/** The corporate's active drugs among the given public ids. */
export async function activeDrugUids(db: Executor, corpId: number, uids: string[]) {
  if (!uids.length) return new Set<string>();
  const rows = await db
    .select({ uid: drugs.uid })
    .from(drugs)
    .where(
      and(
        eq(drugs.corpId, corpId),
        inArray(drugs.uid, uids),
        eq(drugs.active, true),
        isNull(drugs.deletedAt),
      ),
    );
  return new Set(rows.map((r) => r.uid));
}

/** The doctor visit behind a note: what opening and finishing the examination need of it. */
export async function findVisit(db: Executor, by: { uid: string } | { id: number }) {
  const [row] = await db
    .select({
      id: registrations.id,
      uid: registrations.uid,
      corpId: registrations.corpId,
      clinicId: registrations.clinicId,
      patientId: registrations.patientId,
      doctorId: registrations.doctorId,
      orderType: registrations.orderType,
      status: registrations.status,
      queueNumber: registrations.queueNumber,
      complaint: registrations.complaint,
      payerType: registrations.payerType,
      companyId: registrations.companyId,
      insuranceName: registrations.insuranceName,
      insuranceNumber: registrations.insuranceNumber,
    })
    .from(registrations)
    .where('uid' in by ? eq(registrations.uid, by.uid) : eq(registrations.id, by.id));
  return row ?? null;
}

/**
 * The examination moves its own visit on (Examination → Exam Done → the pharmacy or the
 * cashier) in the transaction that signs the note; conditional on the status, so a concurrent
 * move by someone else makes it fail instead of overwriting.
 */
export async function moveVisit(db: Executor, id: number, from: string, to: string) {
  const [row] = await db
    .update(registrations)
    .set({ status: to, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(registrations.id, id), eq(registrations.status, from)))
    .returning({ id: registrations.id });
  return row ?? null;
}
