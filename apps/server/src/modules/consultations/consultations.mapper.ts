import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import { bodyMassIndex } from '@klinikita/domain/consultations/consultation.rules';
import type { Encounter } from '@klinikita/domain/consultations/encounter.schema';
import type { RecordPatient } from '@klinikita/domain/consultations/record.schema';
import type { EncounterTemplate } from '@klinikita/domain/consultations/template.schema';
import { ageLabel, ageParts } from '@klinikita/domain/patients/patient.rules';
import { doctorView } from '@klinikita/domain/pharmacy/pharmacy.rules';
import type { encounterTemplates } from '../../db/schema/index.ts';
import type {
  addendaOf,
  EncounterRow,
  lettersOf,
  prescriptionsOf,
  serviceOrdersOf,
} from './consultations.queries.ts';
import type { pageRecordPatients } from './records.queries.ts';

type Addendum = Awaited<ReturnType<typeof addendaOf>>[number];
type Order = Awaited<ReturnType<typeof serviceOrdersOf>>[number];
type Prescription = Awaited<ReturnType<typeof prescriptionsOf>>[number];
type Letter = Awaited<ReturnType<typeof lettersOf>>[number];

export interface EncounterExtras {
  addenda: Addendum[];
  orders: Order[];
  prescriptions: Prescription[];
  letters: Letter[];
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const num = (v: number | string | null) => (v == null ? null : Number(v));

export function toEncounter(row: EncounterRow, extras: EncounterExtras): Encounter {
  const mine = <T extends { encounterId: number | null }>(list: T[]) =>
    list.filter((x) => x.encounterId === row.id);
  const weight = num(row.weight);
  const height = num(row.height);
  return {
    uid: row.uid,
    status: row.status,
    version: row.version,
    clinic: { id: row.clinicId, name: row.clinicName },
    patient: row.patient,
    registration: { ...row.registration, queueDate: String(row.registration.queueDate) },
    doctor: row.doctorId ? { id: row.doctorId, name: row.doctorName ?? '' } : null,
    systolic: row.systolic,
    diastolic: row.diastolic,
    pulse: row.pulse,
    respiratoryRate: row.respiratoryRate,
    temperature: num(row.temperature),
    spo2: row.spo2,
    weight,
    height,
    bmi: bodyMassIndex(weight, height),
    subjective: row.subjective,
    objective: row.objective,
    assessment: row.assessment,
    plan: row.plan,
    diagnoses: row.diagnoses,
    procedures: row.procedures,
    prescription: row.prescription,
    orders: row.orders,
    referral: row.referral ?? null,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    signedAt: iso(row.signedAt),
    signedBy: row.signedBy ? { id: row.signedBy, name: row.signedByName ?? '' } : null,
    addenda: mine(extras.addenda).map((a) => ({
      uid: a.uid,
      text: a.text,
      createdAt: iso(a.createdAt)!,
      by: { id: a.userId, name: a.userName },
    })),
    serviceOrders: mine(extras.orders).map((o) => ({
      uid: o.uid,
      serviceType: o.serviceType,
      items: o.items,
      note: o.note,
      registrationId: o.registrationUid,
      queueNumber: o.queueNumber,
      status: o.status,
      result: o.result,
      resultAt: iso(o.resultAt),
    })),
    prescriptionStatus: doctorView(mine(extras.prescriptions)[0]?.status),
    prescriptionSubstitutions: mine(extras.prescriptions)[0]?.substitutions ?? [],
    letters: mine(extras.letters).map((l) => ({
      uid: l.uid,
      kind: l.kind,
      number: l.number,
      createdAt: iso(l.createdAt)!,
    })),
  };
}

const calendarDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};

type RecordRow = Awaited<ReturnType<typeof pageRecordPatients>>['rows'][number];

export function toRecordPatient(row: RecordRow, at = new Date()): RecordPatient {
  const dob = calendarDate(row.dob);
  return {
    uid: row.uid,
    mrn: row.mrn,
    name: row.name,
    title: row.title ?? ageLabel(dob, row.sex, at) ?? null,
    sex: row.sex,
    dob: toDDMMYYYY(row.dob) ?? '',
    age: ageParts(dob, at),
    nik: row.nik,
    allergies: row.allergies,
    visits: row.visits,
    lastVisit: iso(row.last_visit),
    lastDiagnosis: row.last_diagnosis,
  };
}

export function toTemplate(row: typeof encounterTemplates.$inferSelect): EncounterTemplate {
  return { uid: row.uid, name: row.name, content: row.content, updatedAt: row.updatedAt.toISOString() };
}
