import type { VitalName } from '@klinikita/domain/consultations/consultation.rules';
import type {
  AllergyIntolerance,
  Condition,
  Encounter,
  MedicationRequest,
  Observation,
  Procedure,
} from 'fhir/r4';
import { coded, type LocalEntry, localIdentifier, FHIR_SYSTEMS as S, urnOf, utc } from './fhir-common.ts';

/**
 * The finished visit as one transaction (issue 19 §3): the Encounter (AMB, arrived → in-progress →
 * finished from the visit's real times, the registration as its identifier) with its Conditions
 * (ICD-10, primary first), the vital signs recorded (LOINC, UCUM), Procedures (ICD-9-CM),
 * MedicationRequests (KFA) and the patient's recorded allergies. Pure: the snapshot holds all.
 */

/** LOINC code, its display and UCUM unit per vital sign (satusehat.md). */
export const VITAL_LOINC: Readonly<Record<VitalName, { code: string; display: string; unit: string }>> = {
  pulse: { code: '8867-4', display: 'Heart rate', unit: '/min' },
  respiratoryRate: { code: '9279-1', display: 'Respiratory rate', unit: '/min' },
  systolic: { code: '8480-6', display: 'Systolic blood pressure', unit: 'mm[Hg]' },
  diastolic: { code: '8462-4', display: 'Diastolic blood pressure', unit: 'mm[Hg]' },
  temperature: { code: '8310-5', display: 'Body temperature', unit: 'Cel' },
  spo2: { code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry', unit: '%' },
  weight: { code: '29463-7', display: 'Body weight', unit: 'kg' },
  height: { code: '8302-2', display: 'Body height', unit: 'cm' },
};

export interface EncounterSnapshot {
  organizationId: string;
  /** The registration's uid: the Encounter's identifier (a resend answers `duplicate`) */
  registrationUid: string;
  patient: { ihs: string; name: string };
  doctor: { ihs: string; name: string };
  location: { id: string; name: string };
  /** Checked in; called in (the examination began); the note signed */
  arrivedAt: Date;
  inProgressAt: Date;
  finishedAt: Date;
  diagnoses: { code: string; title: string; primary: boolean }[];
  vitals: Partial<Record<VitalName, number | null>>;
  /** From the signed note (performed during the examination) and the treatment room */
  procedures: { key: string; code: string; title: string; performedAt: Date | null }[];
  /** The prescription's lines that can be sent: each with its drug's KFA code */
  medications: {
    line: number;
    name: string;
    kfaCode: string;
    dose: string;
    frequency: string;
    route: string;
    durationDays: number | null;
    quantity: number;
    unit: string;
    instructions: string | null;
  }[];
  /** The patient's recorded allergies, one substance each */
  allergies: string[];
}

/** The entries of the visit's transaction, the Encounter first. */
export function encounterEntries(s: EncounterSnapshot): LocalEntry[] {
  const seed = (what: string) => urnOf(`encounter:${s.organizationId}:${s.registrationUid}:${what}`);
  const id = (kind: string, value: string) => [localIdentifier(kind, s.organizationId, value)];
  const encounterUrl = seed('Encounter');
  const subject = { reference: `Patient/${s.patient.ihs}`, display: s.patient.name };
  const practitioner = { reference: `Practitioner/${s.doctor.ihs}`, display: s.doctor.name };
  const encounter = { reference: encounterUrl };
  const visit = { start: utc(s.inProgressAt), end: utc(s.finishedAt) };

  const ranked = [...s.diagnoses].sort((a, b) => Number(b.primary) - Number(a.primary));
  const conditions = ranked.map((d, index): LocalEntry => {
    const resource: Condition = {
      resourceType: 'Condition',
      identifier: id('condition', `${s.registrationUid}-${index + 1}`),
      clinicalStatus: coded(S.conditionClinical, 'active', 'Active'),
      category: [coded(S.conditionCategory, 'encounter-diagnosis', 'Encounter Diagnosis')],
      code: coded(S.icd10, d.code, d.title || undefined),
      subject,
      encounter,
      recordedDate: utc(s.finishedAt),
    };
    return { fullUrl: seed(`Condition:${index}`), resource, local: `Condition:${d.code}` };
  });

  const encounterResource: Encounter = {
    resourceType: 'Encounter',
    identifier: id('encounter', s.registrationUid),
    status: 'finished',
    class: { system: S.actCode, code: 'AMB', display: 'ambulatory' },
    subject,
    participant: [{ type: [coded(S.participationType, 'ATND', 'attender')], individual: practitioner }],
    period: { start: utc(s.arrivedAt), end: utc(s.finishedAt) },
    location: [{ location: { reference: `Location/${s.location.id}`, display: s.location.name } }],
    ...(conditions.length
      ? {
          diagnosis: conditions.map((c, index) => ({
            condition: { reference: c.fullUrl },
            use: coded(S.diagnosisRole, 'DD', 'Discharge diagnosis'),
            rank: index + 1,
          })),
        }
      : {}),
    statusHistory: [
      { status: 'arrived', period: { start: utc(s.arrivedAt), end: utc(s.inProgressAt) } },
      { status: 'in-progress', period: visit },
      { status: 'finished', period: { start: utc(s.finishedAt), end: utc(s.finishedAt) } },
    ],
    serviceProvider: { reference: `Organization/${s.organizationId}` },
  };

  const vitals = (Object.keys(VITAL_LOINC) as VitalName[])
    .filter((name) => typeof s.vitals[name] === 'number')
    .map((name): LocalEntry => {
      const loinc = VITAL_LOINC[name];
      const resource: Observation = {
        resourceType: 'Observation',
        identifier: id('observation', `${s.registrationUid}-${loinc.code}`),
        status: 'final',
        category: [coded(S.observationCategory, 'vital-signs', 'Vital Signs')],
        code: coded(S.loinc, loinc.code, loinc.display),
        subject,
        performer: [practitioner],
        encounter,
        effectiveDateTime: utc(s.inProgressAt),
        issued: utc(s.finishedAt),
        valueQuantity: { value: s.vitals[name]!, unit: loinc.unit, system: S.ucum, code: loinc.unit },
      };
      return { fullUrl: seed(`Observation:${loinc.code}`), resource, local: `Observation:${loinc.code}` };
    });

  const procedures = s.procedures.map((p): LocalEntry => {
    const resource: Procedure = {
      resourceType: 'Procedure',
      identifier: id('procedure', `${s.registrationUid}-${p.key}`),
      status: 'completed',
      code: coded(S.icd9cm, p.code, p.title || undefined),
      subject,
      encounter,
      ...(p.performedAt ? { performedDateTime: utc(p.performedAt) } : { performedPeriod: visit }),
      performer: [{ actor: practitioner }],
    };
    return { fullUrl: seed(`Procedure:${p.key}`), resource, local: `Procedure:${p.code}` };
  });

  const medications = s.medications.map((m): LocalEntry => {
    const resource: MedicationRequest = {
      resourceType: 'MedicationRequest',
      identifier: id('prescription', `${s.registrationUid}-${m.line + 1}`),
      status: 'completed',
      intent: 'order',
      category: [coded(S.medicationRequestCategory, 'outpatient', 'Outpatient')],
      medicationCodeableConcept: { ...coded(S.kfa, m.kfaCode, m.name), text: m.name },
      subject,
      encounter,
      authoredOn: utc(s.finishedAt),
      requester: practitioner,
      dosageInstruction: [
        {
          sequence: 1,
          text: [`${m.dose}, ${m.frequency}`, m.instructions].filter(Boolean).join('; '),
          patientInstruction: m.instructions ?? undefined,
          route: { text: m.route },
        },
      ],
      dispenseRequest: {
        quantity: { value: m.quantity, unit: m.unit },
        ...(m.durationDays ? { expectedSupplyDuration: durationOf(m.durationDays) } : {}),
      },
    };
    return {
      fullUrl: seed(`MedicationRequest:${m.line}`),
      resource,
      local: `MedicationRequest:${m.line + 1}:${m.kfaCode}`,
    };
  });

  const allergies = s.allergies.map((substance, index): LocalEntry => {
    const resource: AllergyIntolerance = {
      resourceType: 'AllergyIntolerance',
      identifier: id('allergy', `${s.registrationUid}-${index + 1}`),
      clinicalStatus: coded(S.allergyClinical, 'active', 'Active'),
      verificationStatus: coded(S.allergyVerification, 'confirmed', 'Confirmed'),
      code: { text: substance },
      patient: subject,
      encounter,
      recordedDate: utc(s.finishedAt),
      recorder: practitioner,
    };
    return {
      fullUrl: seed(`AllergyIntolerance:${index}`),
      resource,
      local: `AllergyIntolerance:${substance}`,
    };
  });

  return [
    { fullUrl: encounterUrl, resource: encounterResource, local: 'Encounter' },
    ...conditions,
    ...vitals,
    ...procedures,
    ...medications,
    ...allergies,
  ];
}

function durationOf(days: number) {
  return { value: days, unit: 'days', system: S.ucum, code: 'd' };
}

const NO_ALLERGY =
  /^(-+|tidak ada.*|tidak|tdk ada.*|tak ada.*|nihil|none|no|disangkal|belum ada.*|negatif)$/i;

/**
 * The substances of the record's free-text allergies, split as the pharmacy's check splits them
 * (commas, semicolons, line breaks); "tidak ada", "-" and the like say there are none.
 */
export function allergySubstances(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  return (text ?? '')
    .split(/[,;\n]+/)
    .map((w) => w.trim().replace(/\s+/g, ' '))
    .filter((w) => w.length >= 3 && !NO_ALLERGY.test(w))
    .filter((w) => {
      const key = w.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
