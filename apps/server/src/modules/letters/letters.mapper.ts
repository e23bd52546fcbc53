import type { LetterKind } from '@klinikita/domain/consultations/consultation.rules';
import { bodyMassIndex } from '@klinikita/domain/consultations/consultation.rules';
import type { ReferralDraft } from '@klinikita/domain/consultations/encounter.schema';
import type { Letter } from '@klinikita/domain/consultations/letter.schema';
import { ageLabel, ageParts } from '@klinikita/domain/patients/patient.rules';
import type { EncounterContext, LetterExtras, LetterRow, LetterSnapshot } from './letters.queries.ts';

/** 'YYYY-MM-DD' as a local calendar date (no time-zone shift). */
export const calendarDate = (day: string) => {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(y, m - 1, d);
};

export function vitalsOf(ctx: EncounterContext): LetterSnapshot['vitals'] {
  return {
    systolic: ctx.systolic,
    diastolic: ctx.diastolic,
    pulse: ctx.pulse,
    respiratoryRate: ctx.respiratoryRate,
    temperature: ctx.temperature,
    spo2: ctx.spo2,
    weight: ctx.weight,
    height: ctx.height,
    bmi: bodyMassIndex(ctx.weight, ctx.height),
  };
}

/** The patient's title in force: the one set, else the age-and-sex rule's on that day. */
export function titleOf(patient: EncounterContext['patient'], on: string): string | null {
  return patient.title ?? ageLabel(calendarDate(patient.dob), patient.sex, calendarDate(on));
}

/** The visit's doctor as a letter names them. */
export const visitDoctor = (ctx: EncounterContext): LetterSnapshot['doctor'] =>
  // the doctor master keeps no practice licence (SIP) yet; the letter prints one when it does
  ctx.doctorName ? { name: ctx.doctorName, sip: null } : null;

/** What a letter says; `doctor` is who signs it (the issuing doctor), by default the visit's. */
export function buildSnapshot(
  ctx: EncounterContext,
  writtenOn: string,
  extras: LetterExtras,
  doctor: LetterSnapshot['doctor'] = visitDoctor(ctx),
): LetterSnapshot {
  const p = ctx.patient;
  return {
    clinic: {
      name: ctx.clinic.name,
      address: ctx.clinic.address,
      phone: ctx.clinic.phone,
      corporate: ctx.clinic.corporate,
    },
    patient: {
      uid: p.uid,
      mrn: p.mrn,
      name: p.name,
      title: titleOf(p, writtenOn),
      sex: p.sex,
      dob: p.dob.slice(0, 10),
      age: ageParts(calendarDate(p.dob), calendarDate(ctx.queueDate)),
      nik: p.nik,
      address: p.address,
    },
    doctor,
    visitDate: ctx.queueDate.slice(0, 10),
    writtenOn,
    diagnoses: ctx.diagnoses,
    vitals: vitalsOf(ctx),
    history: extras.referral ? ctx.subjective : null,
    findings: extras.referral ? ctx.objective : null,
    therapy: extras.referral
      ? ctx.prescription.map((item) => `${item.name} ${item.dose} ${item.frequency}`)
      : [],
    ...extras,
  };
}

/** A referral written before snapshots were kept: its data was the referral itself. */
export function legacyReferral(data: unknown): ReferralDraft {
  const { facility, specialty, reason } = data as ReferralDraft;
  return { facility, specialty: specialty ?? null, reason };
}

export function toLetter(row: LetterRow): Letter {
  // a letter keeps the identity it was written with; a referral written before snapshots were kept has none
  const data = row.data as Partial<LetterSnapshot>;
  return {
    uid: row.uid,
    kind: row.kind as LetterKind,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    encounterId: row.encounterUid ?? null,
    patient: data.patient
      ? { uid: data.patient.uid, mrn: data.patient.mrn, name: data.patient.name }
      : row.patient,
    clinic: { id: row.clinicId, name: data.clinic?.name ?? row.clinicName },
    doctorName: data.doctor?.name ?? null,
    visitDate: data.visitDate ?? null,
    purpose: data.purpose ?? null,
    healthy: data.healthy ?? null,
    notes: data.notes ?? null,
    restFrom: data.restFrom ?? null,
    restUntil: data.restUntil ?? null,
    restDays: data.restDays ?? null,
    referral:
      data.referral ??
      (row.kind === 'referral' && data.patient === undefined ? legacyReferral(row.data) : null),
    createdBy: { id: row.createdBy, name: row.createdByName },
  };
}
