import { createHash } from 'node:crypto';
import type { BundleEntry, CodeableConcept, FhirResource, Identifier } from 'fhir/r4';

/** What every builder shares: code systems, UTC date-times, local identifiers, urn:uuid entries. */

export const FHIR_SYSTEMS = {
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  icd9cm: 'http://hl7.org/fhir/sid/icd-9-cm',
  loinc: 'http://loinc.org',
  ucum: 'http://unitsofmeasure.org',
  snomed: 'http://snomed.info/sct',
  kfa: 'http://sys-ids.kemkes.go.id/kfa',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  participationType: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
  diagnosisRole: 'http://terminology.hl7.org/CodeSystem/diagnosis-role',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  allergyClinical: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
  allergyVerification: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
  medicationRequestCategory: 'http://terminology.hl7.org/CodeSystem/medicationrequest-category',
  medicationDispenseCategory: 'http://terminology.hl7.org/fhir/CodeSystem/medicationdispense-category',
  diagnosticService: 'http://terminology.hl7.org/CodeSystem/v2-0074',
} as const;

/**
 * A dateTime as the platform wants it: UTC written `+00:00`, whole seconds
 * (17:35 WIB → `…T10:35:00+00:00`).
 */
export function utc(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** `http://sys-ids.kemkes.go.id/{kind}/{orgId}`: a resend of the same value answers `duplicate`. */
export function localIdentifier(kind: string, organizationId: string, value: string): Identifier {
  return { system: `http://sys-ids.kemkes.go.id/${kind}/${organizationId}`, use: 'official', value };
}

export function coded(system: string, code: string, display?: string): CodeableConcept {
  return { coding: [{ system, code, ...(display ? { display } : {}) }] };
}

/**
 * A stable `urn:uuid:` for what `seed` names (a UUID-shaped SHA-256 of it): the same delivery
 * built twice gives the same bundle, and entries can reference each other before they exist.
 */
export function urnOf(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One transaction entry with what it is here (`Condition:J06.9`) for the platform ids kept later. */
export interface LocalEntry {
  fullUrl: string;
  resource: FhirResource;
  local: string;
}

export function entryOf(entry: LocalEntry): BundleEntry {
  return {
    fullUrl: entry.fullUrl,
    resource: entry.resource,
    request: { method: 'POST', url: entry.resource.resourceType },
  };
}

/** The latest of the given times (null ones ignored): a later step never starts before an earlier one. */
export function notBefore(floor: Date, at: Date | null): Date {
  return at && at.getTime() > floor.getTime() ? at : floor;
}

/** UCUM codes of the units the clinic's lab and notes write. */
const UCUM: Readonly<Record<string, string>> = {
  '%': '%',
  'g/dl': 'g/dL',
  'mg/dl': 'mg/dL',
  'mmol/l': 'mmol/L',
  'u/l': 'U/L',
  fl: 'fL',
  pg: 'pg',
  '10³/µl': '10*3/uL',
  '10^3/ul': '10*3/uL',
  '10³/ul': '10*3/uL',
  '10⁶/µl': '10*6/uL',
  '10^6/ul': '10*6/uL',
  '10⁶/ul': '10*6/uL',
  'mm/jam': 'mm/h',
  'mm/h': 'mm/h',
  'mm/hr': 'mm/h',
  'mg/l': 'mg/L',
  'g/l': 'g/L',
  'µmol/l': 'umol/L',
  'umol/l': 'umol/L',
  'meq/l': 'meq/L',
  'iu/l': '[IU]/L',
  'ng/ml': 'ng/mL',
  s: 's',
  detik: 's',
};

/** The UCUM code of a unit as written here, or undefined when it has none we know. */
export function ucumOf(unit: string | null | undefined): string | undefined {
  if (!unit) return undefined;
  return UCUM[unit.trim().toLowerCase()];
}
