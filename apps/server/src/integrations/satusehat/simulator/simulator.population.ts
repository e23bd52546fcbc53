import { createHash } from 'node:crypto';
import { nikBirth, nikProblem } from '@klinikita/domain/patients/patient.schema';
import type { Patient } from 'fhir/r4';
import { NIK_IBU_SYSTEM, NIK_SYSTEM } from '../satusehat.constants.ts';
import type { FhirStore } from './fhir-store.ts';
import { PATIENT_IHS_SYSTEM } from './simulator.data.ts';

/**
 * The citizens the simulator knows beyond the sandbox's three dummy patients. The real platform
 * knows everyone with a NIK; the simulator knows whom it is told (the demo's patients at start,
 * a test's own), each under an IHS id derived from the NIK, so a restart answers the same ids.
 * A NIK not told answers `total: 0`, as an unknown one does at the platform.
 */
export interface PopulationPerson {
  /** The person's NIK; null for a newborn not yet on the family card */
  nik: string | null;
  /** A newborn's mother's NIK: the baby is found by it (`nik-ibu`), and the mother by her own */
  motherNik?: string | null;
  name: string;
  sex: 'M' | 'F';
  /** YYYY-MM-DD */
  birthDate: string;
}

/** 'P' and 11 digits from a hash of `key`, like the platform's P02478375538. */
export function populationIhs(key: string): string {
  const digest = createHash('sha256').update(key).digest();
  return `P${(digest.readBigUInt64BE(0) % 100_000_000_000n).toString().padStart(11, '0')}`;
}

/** The key a newborn is known by: its mother's NIK, birth date and name. */
const newbornKey = (p: PopulationPerson) => `nik-ibu|${p.motherNik}|${p.birthDate}|${p.name}`;

function patientOf(person: PopulationPerson): Patient {
  const newborn = !person.nik;
  const id = populationIhs(newborn ? newbornKey(person) : `nik|${person.nik}`);
  const identifier = newborn
    ? [{ use: 'official' as const, system: NIK_IBU_SYSTEM, value: person.motherNik ?? '' }]
    : [{ use: 'official' as const, system: NIK_SYSTEM, value: person.nik ?? '' }];
  return {
    resourceType: 'Patient',
    id,
    meta: { lastUpdated: '2024-01-01T00:00:00+00:00', versionId: '1' },
    identifier: [{ use: 'official', system: PATIENT_IHS_SYSTEM, value: id }, ...identifier],
    active: true,
    name: [{ use: 'official', text: person.name }],
    gender: person.sex === 'F' ? 'female' : 'male',
    birthDate: person.birthDate,
  };
}

/**
 * Makes the platform know these people (and each newborn's mother by her NIK); someone it knows
 * already is left as they are. Kept by the simulator's reset.
 */
export function seedPopulation(store: FhirStore, people: readonly PopulationPerson[]): void {
  const known = (system: string, value: string) =>
    store.searchByIdentifier('Patient', system, value).length > 0;
  const added = new Set<string>();
  const patients: Patient[] = [];
  const add = (person: PopulationPerson) => {
    const patient = patientOf(person);
    if (added.has(patient.id!) || store.read('Patient', patient.id!)) return;
    added.add(patient.id!);
    patients.push(patient);
  };
  for (const person of people) {
    if (person.nik) {
      if (!known(NIK_SYSTEM, person.nik)) add(person);
    } else if (person.motherNik) {
      add(person);
      if (!known(NIK_SYSTEM, person.motherNik))
        add({ nik: person.motherNik, name: `Ibu ${person.name}`, sex: 'F', birthDate: motherBirth(person) });
    }
  }
  store.addSeed(patients.map((resource) => ({ resource, owner: 'public' })));
}

/** A mother's birth date when only her baby's is known: 28 years before it. */
const motherBirth = (baby: PopulationPerson) =>
  `${Number(baby.birthDate.slice(0, 4)) - 28}${baby.birthDate.slice(4)}`;

/**
 * The demo's platform knows every citizen: a well-formed NIK (province, date of birth, serial:
 * the patient form's own rule) is someone, born and of the sex the NIK says, under the IHS id
 * derived from it; another is nobody. `now` settles the century of a two-digit year.
 */
export function wellFormedCitizen(nik: string, now = new Date()): PopulationPerson | null {
  const birth = nikBirth(nik);
  if (nikProblem(nik) || !birth) return null;
  const thisYear = now.getUTCFullYear() % 100;
  const year = (birth.yy > thisYear ? 1900 : 2000) + birth.yy;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    nik,
    name: `Warga ${nik.slice(-4)}`,
    sex: birth.sex,
    birthDate: `${year}-${pad(birth.month)}-${pad(birth.day)}`,
  };
}
