import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The code systems the platform checks (satusehat.md) and the simulator's lists of them: ICD-10
 * and ICD-9-CM from the files the project ships (db/data), LOINC vital signs with their UCUM
 * units, other LOINC codes by their mod-10 check digit, and a seeded KFA list.
 */

export const SYSTEMS = {
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  icd9cm: 'http://hl7.org/fhir/sid/icd-9-cm',
  loinc: 'http://loinc.org',
  ucum: 'http://unitsofmeasure.org',
  kfa: 'http://sys-ids.kemkes.go.id/kfa',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  participationType: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
  diagnosisRole: 'http://terminology.hl7.org/CodeSystem/diagnosis-role',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  locationPhysicalType: 'http://terminology.hl7.org/CodeSystem/location-physical-type',
} as const;

/** Local identifiers: `http://sys-ids.kemkes.go.id/{kind}/{orgId}` (kind: encounter, location...). */
export const LOCAL_ID_PREFIX = 'http://sys-ids.kemkes.go.id/';

/** Vital-sign LOINC codes the platform takes, each with its UCUM unit. */
export const VITAL_SIGNS: Readonly<Record<string, string>> = {
  '8867-4': '/min',
  '9279-1': '/min',
  '8480-6': 'mm[Hg]',
  '8462-4': 'mm[Hg]',
  '8310-5': 'Cel',
  '29463-7': 'kg',
  '8302-2': 'cm',
  '59408-5': '%',
};

/** The encounter classes of v3 ActEncounterCode; a clinic sends AMB. */
export const ENCOUNTER_CLASSES = new Set(['AMB', 'EMER', 'FLD', 'HH', 'IMP', 'ACUTE', 'NONAC', 'SS', 'VR']);

/**
 * KFA (Kamus Farmasi dan Alat Kesehatan) product codes the simulator knows (unconfirmed sample
 * values in the KFA shape; the demo's most prescribed drugs carry them, db/seed/drugs.ts).
 */
export const SEED_KFA_CODES: readonly string[] = [
  '93001019',
  '93000001',
  '93000087',
  '93000124',
  '93000215',
  '93000330',
  '93000414',
  '93000452',
  '93000530',
  '93000611',
  '92000039',
  '92000221',
];

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'db', 'data');
let icd10: Set<string> | undefined;
let icd9cm: Set<string> | undefined;

function codesOf(file: string): Set<string> {
  const rows = JSON.parse(readFileSync(path.join(DATA_DIR, file), 'utf8')) as { code: string }[];
  return new Set(rows.map((row) => row.code));
}

export function isIcd10(code: string): boolean {
  icd10 ??= codesOf('icd10.json');
  return icd10.has(code);
}

export function isIcd9cm(code: string): boolean {
  icd9cm ??= codesOf('icd9cm.json');
  return icd9cm.has(code);
}

/** A LOINC code `digits-check` whose check digit is right (LOINC's mod-10 algorithm). */
export function isLoinc(code: string): boolean {
  const match = /^(\d{1,7})-(\d)$/.exec(code);
  if (!match) return false;
  const digits = match[1];
  let doubled = '';
  let others = 0;
  // read from the right: the odd positions, in that order, form a number that is doubled
  for (let i = digits.length - 1, position = 1; i >= 0; i--, position++) {
    if (position % 2 === 1) doubled += digits[i];
    else others += Number(digits[i]);
  }
  const sum = [...String(Number(doubled) * 2)].reduce((total, d) => total + Number(d), 0) + others;
  return (10 - (sum % 10)) % 10 === Number(match[2]);
}
