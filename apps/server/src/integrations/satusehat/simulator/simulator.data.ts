import type { Organization, Patient, Practitioner } from 'fhir/r4';
import { NIK_SYSTEM } from '../satusehat.constants.ts';

/** One registered application of the simulator: credentials bound to one organization. */
export interface SimulatorClient {
  clientId: string;
  clientSecret: string;
  organizationId: string;
}

const PRACTITIONER_IHS_SYSTEM = 'https://fhir.kemkes.go.id/id/nakes-his-number';
export const PATIENT_IHS_SYSTEM = 'https://fhir.kemkes.go.id/id/ihs-number';

/**
 * Applications the simulator knows, one per organization; the demo seed gives each demo clinic
 * one of them. They are simulator-only values, public on purpose.
 */
export const SIMULATOR_CLIENTS: readonly SimulatorClient[] = [
  { clientId: 'sim-klinikita-1', clientSecret: 'sim-secret-klinikita-1', organizationId: '10000101' },
  { clientId: 'sim-klinikita-2', clientSecret: 'sim-secret-klinikita-2', organizationId: '10000102' },
  { clientId: 'sim-klinikita-3', clientSecret: 'sim-secret-klinikita-3', organizationId: '10000103' },
  { clientId: 'sim-klinikita-4', clientSecret: 'sim-secret-klinikita-4', organizationId: '10000104' },
];

function practitioner(
  ihs: string,
  nik: string,
  name: string,
  gender: 'male' | 'female',
  birthDate: string,
): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: ihs,
    meta: { lastUpdated: '2022-08-01T00:00:00+00:00', versionId: '1' },
    identifier: [
      { use: 'official', system: PRACTITIONER_IHS_SYSTEM, value: ihs },
      { use: 'official', system: NIK_SYSTEM, value: nik },
    ],
    name: [{ use: 'official', text: name }],
    gender,
    birthDate,
  };
}

function patient(
  ihs: string,
  nik: string,
  name: string,
  gender: 'male' | 'female',
  birthDate: string,
): Patient {
  return {
    resourceType: 'Patient',
    id: ihs,
    meta: { lastUpdated: '2022-08-01T00:00:00+00:00', versionId: '1' },
    identifier: [
      { use: 'official', system: PATIENT_IHS_SYSTEM, value: ihs },
      { use: 'official', system: NIK_SYSTEM, value: nik },
    ],
    active: true,
    name: [{ use: 'official', text: name }],
    gender,
    birthDate,
  };
}

/**
 * The sandbox's published dummy identities (satusehat.md). The NIK-to-IHS pairs are the
 * documented ones; names are unconfirmed, birth dates and genders are read from the NIK.
 */
export const SEED_PRACTITIONERS: readonly Practitioner[] = [
  practitioner('10009880728', '7209061211900001', 'dr. Alexander', 'male', '1990-11-12'),
  practitioner('10006926841', '3322071302900002', 'dr. Yoga Yandika, Sp.A.', 'male', '1990-02-13'),
  practitioner('10001354453', '3171071609900003', 'dr. Syarifuddin, Sp.Pd.', 'male', '1990-09-16'),
];

export const SEED_PATIENTS: readonly Patient[] = [
  patient('P02478375538', '9271060312000001', 'Ardianto Putra', 'male', '2000-12-03'),
  patient('P03647103112', '9204014804000002', 'Claudia Sintia', 'female', '2000-04-08'),
  patient('P00805884304', '9104224509000003', 'Elizabeth Dior', 'female', '2000-09-05'),
];

/** Each simulator client's own organization, as the platform registered it (ids are the clients'). */
export const SEED_ORGANIZATIONS: readonly Organization[] = SIMULATOR_CLIENTS.map((client, index) => ({
  resourceType: 'Organization',
  id: client.organizationId,
  meta: { lastUpdated: '2022-08-01T00:00:00+00:00', versionId: '1' },
  active: true,
  type: [
    {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/organization-type',
          code: 'prov',
          display: 'Healthcare Provider',
        },
      ],
    },
  ],
  name: `Klinik Simulator ${index + 1}`,
}));
