import type {
  AllergyIntolerance,
  Condition,
  DiagnosticReport,
  Encounter,
  Location,
  Medication,
  MedicationDispense,
  MedicationRequest,
  Observation,
  Organization,
  Procedure,
  ServiceRequest,
  Specimen,
} from 'fhir/r4';
import { SYSTEMS } from './simulator.codes.ts';

/**
 * Resources the platform accepts, written as a clinic of the first simulator client (organization
 * 10000101) would send them about the sandbox's first dummy patient and doctor; tests and the
 * bench change one thing at a time from here.
 */

export const FIXTURE_ORG = '10000101';
export const FIXTURE_PATIENT = 'Patient/P02478375538';
export const FIXTURE_DOCTOR = 'Practitioner/10009880728';
const local = (kind: string) => `http://sys-ids.kemkes.go.id/${kind}/${FIXTURE_ORG}`;
const coded = (system: string, code: string, display?: string) => ({ coding: [{ system, code, display }] });

export function organizationFixture(value = 'POLI-UMUM'): Organization {
  return {
    resourceType: 'Organization',
    active: true,
    identifier: [{ use: 'official', system: local('organization'), value }],
    type: [coded('http://terminology.hl7.org/CodeSystem/organization-type', 'dept', 'Hospital Department')],
    name: 'Poli Umum',
    partOf: { reference: `Organization/${FIXTURE_ORG}` },
  };
}

export function locationFixture(value = 'R-101'): Location {
  return {
    resourceType: 'Location',
    identifier: [{ system: local('location'), value }],
    status: 'active',
    name: 'Ruang Periksa 1',
    mode: 'instance',
    physicalType: coded(SYSTEMS.locationPhysicalType, 'ro', 'Room'),
    managingOrganization: { reference: `Organization/${FIXTURE_ORG}` },
  };
}

/** A finished outpatient visit: arrived 10:00, examined 10:15–10:35, finished 10:35 (UTC). */
export function encounterFixture(registration = 'REG-0001', location?: string): Encounter {
  return {
    resourceType: 'Encounter',
    identifier: [{ system: local('encounter'), value: registration }],
    status: 'finished',
    class: { system: SYSTEMS.actCode, code: 'AMB', display: 'ambulatory' },
    subject: { reference: FIXTURE_PATIENT, display: 'Ardianto Putra' },
    participant: [
      {
        type: [coded(SYSTEMS.participationType, 'ATND', 'attender')],
        individual: { reference: FIXTURE_DOCTOR, display: 'dr. Alexander' },
      },
    ],
    period: { start: '2025-03-01T10:00:00+00:00', end: '2025-03-01T10:35:00+00:00' },
    ...(location ? { location: [{ location: { reference: location } }] } : {}),
    statusHistory: [
      { status: 'arrived', period: { start: '2025-03-01T10:00:00+00:00', end: '2025-03-01T10:15:00+00:00' } },
      {
        status: 'in-progress',
        period: { start: '2025-03-01T10:15:00+00:00', end: '2025-03-01T10:35:00+00:00' },
      },
      {
        status: 'finished',
        period: { start: '2025-03-01T10:35:00+00:00', end: '2025-03-01T10:35:00+00:00' },
      },
    ],
    serviceProvider: { reference: `Organization/${FIXTURE_ORG}` },
  };
}

export function conditionFixture(encounter: string, code = 'J06.9'): Condition {
  return {
    resourceType: 'Condition',
    clinicalStatus: coded(SYSTEMS.conditionClinical, 'active', 'Active'),
    category: [coded(SYSTEMS.conditionCategory, 'encounter-diagnosis', 'Encounter Diagnosis')],
    code: coded(SYSTEMS.icd10, code),
    subject: { reference: FIXTURE_PATIENT },
    encounter: { reference: encounter },
    recordedDate: '2025-03-01T10:30:00+00:00',
  };
}

/** Heart rate 80/min. */
export function observationFixture(encounter: string, value = 80): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    category: [coded(SYSTEMS.observationCategory, 'vital-signs', 'Vital Signs')],
    code: coded(SYSTEMS.loinc, '8867-4', 'Heart rate'),
    subject: { reference: FIXTURE_PATIENT },
    performer: [{ reference: FIXTURE_DOCTOR }],
    encounter: { reference: encounter },
    effectiveDateTime: '2025-03-01T10:20:00+00:00',
    valueQuantity: { value, unit: 'beats/minute', system: SYSTEMS.ucum, code: '/min' },
  };
}

export function procedureFixture(encounter: string): Procedure {
  return {
    resourceType: 'Procedure',
    status: 'completed',
    code: coded(SYSTEMS.icd9cm, '89.7'),
    subject: { reference: FIXTURE_PATIENT },
    encounter: { reference: encounter },
    performedPeriod: { start: '2025-03-01T10:20:00+00:00', end: '2025-03-01T10:25:00+00:00' },
  };
}

export function medicationFixture(value = 'OBT-001'): Medication {
  return {
    resourceType: 'Medication',
    identifier: [{ system: local('medication'), value }],
    code: coded(SYSTEMS.kfa, '93001019'),
    status: 'active',
  };
}

export function medicationRequestFixture(encounter: string, medication: string): MedicationRequest {
  return {
    resourceType: 'MedicationRequest',
    identifier: [{ system: local('prescription'), value: 'RSP-0001' }],
    status: 'completed',
    intent: 'order',
    medicationReference: { reference: medication },
    subject: { reference: FIXTURE_PATIENT },
    encounter: { reference: encounter },
    authoredOn: '2025-03-01T10:30:00+00:00',
    requester: { reference: FIXTURE_DOCTOR },
  };
}

export function medicationDispenseFixture(encounter: string, medication: string): MedicationDispense {
  return {
    resourceType: 'MedicationDispense',
    identifier: [{ system: local('prescription-item'), value: 'RSP-0001-1' }],
    status: 'completed',
    medicationReference: { reference: medication },
    subject: { reference: FIXTURE_PATIENT },
    context: { reference: encounter },
    quantity: {
      value: 10,
      system: 'http://terminology.hl7.org/CodeSystem/v3-orderableDrugForm',
      code: 'TAB',
    },
    whenHandedOver: '2025-03-01T10:50:00+00:00',
  };
}

export function serviceRequestFixture(encounter: string): ServiceRequest {
  return {
    resourceType: 'ServiceRequest',
    identifier: [{ system: local('servicerequest'), value: 'LAB-0001' }],
    status: 'active',
    intent: 'order',
    code: coded(SYSTEMS.loinc, '718-7', 'Hemoglobin [Mass/volume] in Blood'),
    subject: { reference: FIXTURE_PATIENT },
    encounter: { reference: encounter },
    authoredOn: '2025-03-01T10:30:00+00:00',
    requester: { reference: FIXTURE_DOCTOR },
  };
}

export function specimenFixture(serviceRequest: string): Specimen {
  return {
    resourceType: 'Specimen',
    identifier: [{ system: local('specimen'), value: 'SPC-0001' }],
    status: 'available',
    type: coded('http://snomed.info/sct', '119297000', 'Blood specimen'),
    subject: { reference: FIXTURE_PATIENT },
    request: [{ reference: serviceRequest }],
    collection: { collectedDateTime: '2025-03-01T10:40:00+00:00' },
  };
}

export function diagnosticReportFixture(
  encounter: string,
  observation: string,
  specimen: string,
): DiagnosticReport {
  return {
    resourceType: 'DiagnosticReport',
    identifier: [{ system: local('diagnostic'), value: 'LAB-0001' }],
    status: 'final',
    category: [coded('http://terminology.hl7.org/CodeSystem/v2-0074', 'HM', 'Hematology')],
    code: coded(SYSTEMS.loinc, '718-7', 'Hemoglobin [Mass/volume] in Blood'),
    subject: { reference: FIXTURE_PATIENT },
    encounter: { reference: encounter },
    effectiveDateTime: '2025-03-01T11:00:00+00:00',
    issued: '2025-03-01T11:05:00+00:00',
    result: [{ reference: observation }],
    specimen: [{ reference: specimen }],
  };
}

export function allergyFixture(encounter: string): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    identifier: [{ system: local('allergy'), value: 'ALG-0001' }],
    clinicalStatus: coded('http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', 'active'),
    verificationStatus: coded(
      'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
      'confirmed',
    ),
    category: ['medication'],
    code: { text: 'Amoksisilin' },
    patient: { reference: FIXTURE_PATIENT },
    encounter: { reference: encounter },
    recordedDate: '2025-03-01T10:30:00+00:00',
  };
}
