import type { Bundle, Encounter } from 'fhir/r4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isLoinc } from '../simulator/simulator.codes.ts';
import { locationFixture } from '../simulator/simulator.fixtures.ts';
import { type SatusehatSimulator, startSimulator } from '../simulator/simulator.server.ts';
import { fhirSession, type Json } from '../simulator/test/fhir-session.ts';
import { entryOf, type LocalEntry, ucumOf, urnOf, utc } from './fhir-common.ts';
import { type DispenseSnapshot, dispenseEntries, parseDispenseSourceKey } from './fhir-dispense.ts';
import { allergySubstances, type EncounterSnapshot, encounterEntries } from './fhir-encounter.ts';
import { type LabSnapshot, labEntries } from './fhir-lab.ts';

/**
 * The pure builders: what each resource says, and that the simulator (the platform's rules and
 * the FHIR R4 definitions) takes each bundle, and answers `duplicate` to the same one again.
 */

const ORG = '10000101';
const PATIENT = { ihs: 'P02478375538', name: 'Ardianto Putra' };
const DOCTOR = { ihs: '10009880728', name: 'dr. Alexander' };
/** 17:05, 17:20 and 17:41 WIB */
const ARRIVED = new Date('2025-03-01T17:05:00+07:00');
const CALLED = new Date('2025-03-01T17:20:00+07:00');
const SIGNED = new Date('2025-03-01T17:41:30.250+07:00');

function visit(over: Partial<EncounterSnapshot> = {}): EncounterSnapshot {
  return {
    organizationId: ORG,
    registrationUid: 'f0c5a7e2-9d0e-4e77-8d35-2a6b1f3c9e10',
    patient: PATIENT,
    doctor: DOCTOR,
    location: { id: 'LOC-1', name: 'Poli Umum' },
    arrivedAt: ARRIVED,
    inProgressAt: CALLED,
    finishedAt: SIGNED,
    diagnoses: [
      { code: 'I10', title: 'Hipertensi', primary: false },
      { code: 'J06.9', title: 'ISPA', primary: true },
    ],
    vitals: { systolic: 150, diastolic: 95, pulse: 88, temperature: 37.8, spo2: null, weight: null },
    procedures: [{ key: 'note1', code: '93.94', title: 'Nebulizer', performedAt: null }],
    medications: [
      {
        line: 0,
        name: 'Paracetamol 500 mg',
        kfaCode: '93001019',
        dose: '1 tablet',
        frequency: '3x sehari',
        route: 'oral',
        durationDays: 3,
        quantity: 9,
        unit: 'tablet',
        instructions: 'Sesudah makan',
      },
    ],
    allergies: ['Amoksisilin'],
    ...over,
  };
}

const bundleOf = (entries: LocalEntry[]): Bundle => ({
  resourceType: 'Bundle',
  type: 'transaction',
  entry: entries.map(entryOf),
});
describe('the visit (Encounter and what it holds)', () => {
  const entries = encounterEntries(visit());
  const encounter = entries[0].resource as Encounter;

  it('writes every time in UTC with +00:00, whole seconds, from the visit’s real times', () => {
    expect(utc(SIGNED)).toBe('2025-03-01T10:41:30+00:00');
    expect(encounter.period).toEqual({
      start: '2025-03-01T10:05:00+00:00',
      end: '2025-03-01T10:41:30+00:00',
    });
    expect(encounter.statusHistory).toEqual([
      { status: 'arrived', period: { start: '2025-03-01T10:05:00+00:00', end: '2025-03-01T10:20:00+00:00' } },
      {
        status: 'in-progress',
        period: { start: '2025-03-01T10:20:00+00:00', end: '2025-03-01T10:41:30+00:00' },
      },
      {
        status: 'finished',
        period: { start: '2025-03-01T10:41:30+00:00', end: '2025-03-01T10:41:30+00:00' },
      },
    ]);
    const times = JSON.stringify(entries).match(/\d{4}-\d{2}-\d{2}T[^"]+/g)!;
    expect(times.length).toBeGreaterThan(10);
    for (const t of times) expect(t).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  });

  it('is an AMB Encounter of the patient, the attending doctor, the room and the organization', () => {
    expect(encounter).toMatchObject({
      status: 'finished',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
      identifier: [
        {
          system: `http://sys-ids.kemkes.go.id/encounter/${ORG}`,
          value: 'f0c5a7e2-9d0e-4e77-8d35-2a6b1f3c9e10',
        },
      ],
      subject: { reference: 'Patient/P02478375538' },
      participant: [
        { type: [{ coding: [{ code: 'ATND' }] }], individual: { reference: 'Practitioner/10009880728' } },
      ],
      location: [{ location: { reference: 'Location/LOC-1' } }],
      serviceProvider: { reference: `Organization/${ORG}` },
    });
  });

  it('ranks the diagnoses primary first and lists them on the Encounter by urn:uuid, role DD', () => {
    const conditions = entries.filter((e) => e.resource.resourceType === 'Condition');
    expect(conditions.map((c) => c.local)).toEqual(['Condition:J06.9', 'Condition:I10']);
    expect(encounter.diagnosis).toEqual([
      expect.objectContaining({ condition: { reference: conditions[0].fullUrl }, rank: 1 }),
      expect.objectContaining({ condition: { reference: conditions[1].fullUrl }, rank: 2 }),
    ]);
    expect(encounter.diagnosis?.[0].use?.coding?.[0]).toMatchObject({ code: 'DD' });
    expect(conditions[0].resource).toMatchObject({
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'J06.9' }] },
      category: [{ coding: [{ code: 'encounter-diagnosis' }] }],
      clinicalStatus: { coding: [{ code: 'active' }] },
      encounter: { reference: entries[0].fullUrl },
    });
    expect(conditions[0].fullUrl).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('sends only the vital signs recorded, in LOINC and UCUM', () => {
    const vitals = entries.filter((e) => e.resource.resourceType === 'Observation');
    expect(vitals.map((v) => v.local)).toEqual([
      'Observation:8867-4',
      'Observation:8480-6',
      'Observation:8462-4',
      'Observation:8310-5',
    ]);
    expect(vitals[3].resource).toMatchObject({
      category: [{ coding: [{ code: 'vital-signs' }] }],
      valueQuantity: { value: 37.8, system: 'http://unitsofmeasure.org', code: 'Cel' },
    });
  });

  it('gives each resource its own local identifier, unique within the bundle', () => {
    const keys = entries.map((e) => {
      const [identifier] = (e.resource as { identifier: { system: string; value: string }[] }).identifier;
      expect(identifier.system).toMatch(new RegExp(`^http://sys-ids\\.kemkes\\.go\\.id/[a-z-]+/${ORG}$`));
      return `${e.resource.resourceType} ${identifier.system}|${identifier.value}`;
    });
    expect(new Set(keys).size).toBe(keys.length);
    // built again: the same bundle
    expect(encounterEntries(visit())).toEqual(entries);
  });

  it('reads the allergies as the pharmacy does, and none from "tidak ada"', () => {
    expect(allergySubstances('Amoksisilin, udang;\nAmoksisilin')).toEqual(['Amoksisilin', 'udang']);
    expect(allergySubstances('Tidak ada')).toEqual([]);
    expect(allergySubstances('-')).toEqual([]);
    expect(allergySubstances(null)).toEqual([]);
  });

  it('leaves out what was not recorded', () => {
    const bare = encounterEntries(
      visit({ diagnoses: [], vitals: {}, procedures: [], medications: [], allergies: [] }),
    );
    expect(bare.map((e) => e.local)).toEqual(['Encounter']);
    expect((bare[0].resource as Encounter).diagnosis).toBeUndefined();
  });
});

describe('codes and keys', () => {
  it('maps the lab’s units to UCUM and knows the report code', () => {
    expect(ucumOf('10³/µL')).toBe('10*3/uL');
    expect(ucumOf('mm/jam')).toBe('mm/h');
    expect(ucumOf('/LPB')).toBeUndefined();
    expect(isLoinc('11502-2')).toBe(true);
    expect(urnOf('a')).toBe(urnOf('a'));
    expect(urnOf('a')).not.toBe(urnOf('b'));
  });

  it('reads a dispense key back', () => {
    expect(parseDispenseSourceKey('rx-uid:serah:01')).toEqual({
      prescriptionUid: 'rx-uid',
      requestKey: 'serah:01',
    });
    expect(parseDispenseSourceKey('no-key')).toBeNull();
  });
});

function handover(encounterId: string): DispenseSnapshot {
  return {
    organizationId: ORG,
    prescriptionUid: '0b8e6f0c-3f41-4c1e-b1e4-7f7d1c2a9a11',
    encounterId,
    patient: PATIENT,
    handedOverAt: new Date('2025-03-01T18:02:00+07:00'),
    items: [
      {
        id: 41,
        line: 0,
        ingredient: null,
        name: 'Paracetamol 500 mg',
        kfaCode: '93001019',
        batchNumber: 'B-SOON',
        expiryDate: '2026-01-31',
        quantity: 5,
        unit: 'TAB',
        directions: '1 tablet, 3x sehari; Sesudah makan',
        durationDays: 3,
      },
      {
        id: 42,
        line: 0,
        ingredient: null,
        name: 'Paracetamol 500 mg',
        kfaCode: '93001019',
        batchNumber: 'B-LATE',
        expiryDate: '2026-09-30',
        quantity: 4,
        unit: 'TAB',
        directions: '1 tablet, 3x sehari; Sesudah makan',
        durationDays: 3,
      },
    ],
  };
}

function labReport(encounterId: string): LabSnapshot {
  const param = (code: string, loinc: string | null, value: number | string, flag: string) => ({
    code,
    name: code,
    loinc,
    specimen: 'wholeBlood',
    valueNumber: typeof value === 'number' ? value : null,
    valueText: typeof value === 'string' ? value : null,
    unit: typeof value === 'number' ? 'g/dL' : null,
    low: typeof value === 'number' ? 13 : null,
    high: typeof value === 'number' ? 17 : null,
    normalText: typeof value === 'string' ? 'Negatif' : null,
    flag,
  });
  return {
    organizationId: ORG,
    reportUid: '7c1f1b0e-2b7e-4f0a-9d55-0f4b8f2b1c33',
    version: 1,
    encounterId,
    patient: PATIENT,
    requester: DOCTOR,
    orderedAt: new Date('2025-03-01T17:40:00+07:00'),
    releasedAt: new Date('2025-03-01T19:10:00+07:00'),
    specimens: [
      {
        barcode: 'LB0001',
        specimen: 'wholeBlood',
        collectedAt: new Date('2025-03-01T18:10:00+07:00'),
        receivedAt: new Date('2025-03-01T18:20:00+07:00'),
      },
    ],
    tests: [
      {
        code: 'LAB-DL',
        name: 'Darah Lengkap',
        parameters: [param('HB', '718-7', 18.2, 'H'), param('X', null, 1, 'N')],
      },
      { code: 'LAB-HBSAG', name: 'HBsAg', parameters: [param('HBSAG', '5196-1', 'Negatif', 'N')] },
    ],
  };
}

describe('the simulator takes what the builders make', () => {
  let sim: SatusehatSimulator;
  let session: Awaited<ReturnType<typeof fhirSession>>;
  let location: string;

  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    sim.reset();
    session = await fhirSession(sim);
    location = (await session.created(locationFixture())).split('/')[1];
  });

  const post = (entries: LocalEntry[]) => session.call('POST', '', bundleOf(entries));
  const ids = (answer: { body: Json }) =>
    answer.body.entry.map((e: Json) => (e.response.location as string).split('/').slice(0, 2).join('/'));

  async function acceptedEncounter(): Promise<string> {
    const answer = await post(
      encounterEntries(visit({ location: { id: location, name: 'Ruang Periksa 1' } })),
    );
    expect(answer.status, answer.text).toBe(200);
    return ids(answer)[0].split('/')[1];
  }

  it('accepts the visit with an id per entry; the same visit again answers duplicate', async () => {
    const entries = encounterEntries(visit({ location: { id: location, name: 'Ruang Periksa 1' } }));
    const answer = await post(entries);
    expect(answer.status, answer.text).toBe(200);
    expect(ids(answer).map((id: string) => id.split('/')[0])).toEqual(
      entries.map((e) => e.resource.resourceType),
    );
    const again = await post(entries);
    expect(again.status).toBe(400);
    expect(again.body.issue.map((i: Json) => i.code)).toContain('duplicate');
    expect(again.body.issue[0].diagnostics).toContain(ids(answer)[0]);
  });

  it('refuses a visit in a room the platform does not know', async () => {
    const answer = await post(encounterEntries(visit({ location: { id: 'nowhere', name: 'X' } })));
    expect(answer.status).toBe(400);
    expect(answer.body.issue[0].expression[0]).toMatch(/location/);
  });

  it('accepts a handover in the accepted Encounter; again: duplicate', async () => {
    const entries = dispenseEntries(handover(await acceptedEncounter()));
    expect(entries.map((e) => e.local)).toEqual([
      'Medication:1:93001019',
      'MedicationDispense:1:B-SOON',
      'Medication:1:93001019',
      'MedicationDispense:1:B-LATE',
    ]);
    const answer = await post(entries);
    expect(answer.status, answer.text).toBe(200);
    expect((await post(entries)).body.issue[0].code).toBe('duplicate');
  });

  it('accepts the lab chain: ServiceRequest, Specimen, Observations with LOINC, DiagnosticReport', async () => {
    const entries = labEntries(labReport(await acceptedEncounter()));
    expect(entries.map((e) => e.local)).toEqual([
      'ServiceRequest:LAB-DL',
      'ServiceRequest:LAB-HBSAG',
      'Specimen:LB0001',
      'Observation:718-7',
      'Observation:5196-1',
      'DiagnosticReport',
    ]);
    const hb = entries[3].resource;
    expect(hb).toMatchObject({
      category: [{ coding: [{ code: 'laboratory' }] }],
      valueQuantity: { value: 18.2, system: 'http://unitsofmeasure.org', code: 'g/dL' },
      interpretation: [{ coding: [{ code: 'H' }] }],
      referenceRange: [{ low: { value: 13 }, high: { value: 17 } }],
      specimen: { reference: entries[2].fullUrl },
      basedOn: [{ reference: entries[0].fullUrl }],
      effectiveDateTime: '2025-03-01T11:10:00+00:00',
      issued: '2025-03-01T12:10:00+00:00',
    });
    expect(entries[4].resource).toMatchObject({
      valueString: 'Negatif',
      referenceRange: [{ text: 'Negatif' }],
    });
    expect(entries[5].resource).toMatchObject({
      code: { coding: [{ code: '11502-2' }] },
      result: [{ reference: entries[3].fullUrl }, { reference: entries[4].fullUrl }],
    });
    const answer = await post(entries);
    expect(answer.status, answer.text).toBe(200);
    expect((await post(entries)).body.issue[0].code).toBe('duplicate');
  });
});
