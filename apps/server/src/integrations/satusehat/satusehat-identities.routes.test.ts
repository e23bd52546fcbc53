import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { doctors, employees, patients, registrations } from '../../db/schema/index.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { SatusehatError } from './satusehat.client.ts';
import { SatusehatService } from './satusehat.service.ts';
import { ensureVisitIdentities, simulatorPopulation } from './satusehat-identities.service.ts';
import { populationIhs } from './simulator/simulator.population.ts';
import { startSimulator } from './simulator/simulator.server.ts';
import { fhirSession } from './simulator/test/fhir-session.ts';

const MENTENG = 10;
/** Sandbox practitioner dr. Syarifuddin (satusehat.md) */
const PRACTITIONER_NIK = '3171071609900003';
const PRACTITIONER_IHS = '10001354453';
const KNOWN_NIK = '3171061203880501';
const UNKNOWN_NIK = '3171061203880502';
const MOTHER_NIK = '3171065505900503';
const BABY_DOB = '2026-01-15';

let t: TestContext;
let satusehat: SatusehatService;
let visit: { id: number; patientId: number; employeeId: number };

beforeAll(async () => {
  t = await createTestApp();
  satusehat = new SatusehatService(t.database.db, {
    secretsKey: Buffer.from(inject('secretsKey'), 'base64'),
    simulatorUrl: t.simulator.url,
    client: { retry: { tries: 2, baseDelayMs: 5, maxDelayMs: 20 } },
  });
  t.simulator.populate([
    { nik: KNOWN_NIK, name: 'Budi Santoso', sex: 'M', birthDate: '1988-03-12' },
    { nik: null, motherNik: MOTHER_NIK, name: 'By. Ny. Sari', sex: 'F', birthDate: BABY_DOB },
  ]);
  // a doctor's visit at Menteng, its patient and doctor rewritten by each test
  const [row] = await t.database.db
    .select({ id: registrations.id, patientId: registrations.patientId, employeeId: doctors.employeeId })
    .from(registrations)
    .innerJoin(doctors, eq(doctors.id, registrations.doctorId))
    .where(and(eq(registrations.clinicId, MENTENG), isNotNull(registrations.doctorId)))
    .limit(1);
  visit = row;
  await setDoctor({ icNumber: PRACTITIONER_NIK, ihsNumber: '10009880728' });
});
afterAll(() => t.close());

async function setPatient(values: { nik?: string | null; motherNik?: string | null; dob?: string }) {
  await t.database.db
    .update(patients)
    .set({
      nik: null,
      motherNik: null,
      ihsNumber: null,
      ihsCheckedAt: null,
      ihsMissingReason: null,
      ...values,
    })
    .where(eq(patients.id, visit.patientId));
}
const setDoctor = (values: { icNumber: string | null; ihsNumber: string | null }) =>
  t.database.db.update(employees).set(values).where(eq(employees.id, visit.employeeId));
const storedPatient = async (id = visit.patientId) =>
  (await t.database.db.select().from(patients).where(eq(patients.id, id)))[0];
const identities = () => ensureVisitIdentities(t.database.db, satusehat, visit.id);

describe('ensureVisitIdentities: the IHS numbers a visit is sent under', () => {
  it('finds a patient known by NIK at the platform and stores the number', async () => {
    await setPatient({ nik: KNOWN_NIK });
    const result = await identities();
    expect(result.patient).toEqual({ ihs: populationIhs(`nik|${KNOWN_NIK}`) });
    expect(result.patient).toEqual({ ihs: expect.stringMatching(/^P\d{11}$/) });
    const row = await storedPatient();
    expect(row.ihsNumber).toBe(populationIhs(`nik|${KNOWN_NIK}`));
    expect(row.ihsMissingReason).toBeNull();
    expect(row.ihsCheckedAt).toBeInstanceOf(Date);
    // once stored, the platform is not asked again
    const searches = () => t.simulator.log().filter((e) => e.path.endsWith('/Patient')).length;
    const before = searches();
    expect((await identities()).patient).toEqual(result.patient);
    expect(searches()).toBe(before);
  });

  it('answers patientNotFound for a NIK the platform does not know, and records why', async () => {
    await setPatient({ nik: UNKNOWN_NIK });
    expect((await identities()).patient).toEqual({ reason: 'patientNotFound' });
    const row = await storedPatient();
    expect(row.ihsNumber).toBeNull();
    expect(row.ihsMissingReason).toBe('patientNotFound');
    expect(row.ihsCheckedAt).toBeInstanceOf(Date);
  });

  it('answers patientNoNik for a patient with neither a NIK nor a mother’s NIK', async () => {
    await setPatient({});
    expect((await identities()).patient).toEqual({ reason: 'patientNoNik' });
    expect((await storedPatient()).ihsMissingReason).toBe('patientNoNik');
  });

  it('finds a newborn without a NIK by the mother’s NIK (nik-ibu)', async () => {
    await setPatient({ motherNik: MOTHER_NIK, dob: BABY_DOB });
    const result = await identities();
    expect(result.patient).toEqual({ ihs: expect.stringMatching(/^P\d{11}$/) });
    expect(result.patient).not.toEqual({ ihs: populationIhs(`nik|${MOTHER_NIK}`) });
    expect((await storedPatient()).ihsNumber).toBe((result.patient as { ihs: string }).ihs);
    const search = t.simulator.log().findLast((e) => e.path.endsWith('/Patient'));
    expect(decodeURIComponent(search!.query)).toContain(`https://fhir.kemkes.go.id/id/nik-ibu|${MOTHER_NIK}`);
  });

  it('looks the doctor up by the NIK of the staff record and stores the number', async () => {
    await setPatient({ nik: KNOWN_NIK });
    await setDoctor({ icNumber: PRACTITIONER_NIK, ihsNumber: null });
    expect((await identities()).doctor).toEqual({ ihs: PRACTITIONER_IHS });
    const [employee] = await t.database.db.select().from(employees).where(eq(employees.id, visit.employeeId));
    expect(employee.ihsNumber).toBe(PRACTITIONER_IHS);
  });

  it('answers doctorNoIhs for a doctor without an IHS number nor a NIK the platform knows', async () => {
    await setDoctor({ icNumber: null, ihsNumber: null });
    expect((await identities()).doctor).toEqual({ reason: 'doctorNoIhs' });
    await setDoctor({ icNumber: UNKNOWN_NIK, ihsNumber: null });
    expect((await identities()).doctor).toEqual({ reason: 'doctorNoIhs' });
    await setDoctor({ icNumber: PRACTITIONER_NIK, ihsNumber: PRACTITIONER_IHS });
  });

  it('lets an outage through as SatusehatError unavailable and stores nothing', async () => {
    await setPatient({ nik: KNOWN_NIK });
    t.simulator.injectFault({ kind: 'server-error', resourceType: 'Patient', count: 5 });
    const failure = await identities().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SatusehatError);
    expect(failure).toMatchObject({ kind: 'unavailable', status: 500 });
    const row = await storedPatient();
    expect(row.ihsNumber).toBeNull();
    expect(row.ihsCheckedAt).toBeNull();
    expect(row.ihsMissingReason).toBeNull();
    t.simulator.reset();
  });

  it('lets a plain-text 504 through the same way', async () => {
    await setPatient({ nik: KNOWN_NIK });
    t.simulator.injectFault({ kind: 'gateway-timeout', resourceType: 'Patient', count: 5 });
    await expect(identities()).rejects.toMatchObject({ name: 'SatusehatError', kind: 'unavailable' });
    expect((await storedPatient()).ihsCheckedAt).toBeNull();
    t.simulator.reset();
  });
});

describe('a patient’s IHS number when registered (outbox consumer)', () => {
  it('registering a patient with a NIK the platform knows ends with the number stored', async () => {
    const nik = '3171061203880504';
    t.simulator.populate([{ nik, name: 'Rina Wulandari', sex: 'F', birthDate: '1988-03-12' }]);
    const token = await loginAs(t.app, 'pendaftaran');
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/patients`,
      headers: { authorization: token },
      payload: {
        clinicId: MENTENG,
        name: 'Rina Wulandari',
        sex: 'F',
        dob: '12/03/1988',
        nik,
        phone: '081299990001',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // the clerk's answer does not wait for the platform
    expect(json(res).data.ihsNumber).toBeNull();
    await t.app.outbox.drain();
    const [row] = await t.database.db
      .select()
      .from(patients)
      .where(eq(patients.uid, json(res).data.uid));
    expect(row.ihsNumber).toBe(populationIhs(`nik|${nik}`));
    const read = await t.app.inject({
      method: 'GET',
      url: `${API}/patients/${row.uid}`,
      headers: { authorization: token },
    });
    expect(json(read).data).toMatchObject({ ihsNumber: row.ihsNumber, ihsMissingReason: null });
  });

  it('a newborn registered with the mother’s NIK; a changed NIK is looked up again', async () => {
    const token = await loginAs(t.app, 'pendaftaran');
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/patients`,
      headers: { authorization: token },
      payload: {
        clinicId: MENTENG,
        name: 'By. Ny. Sari',
        sex: 'F',
        dob: '15/01/2026',
        motherNik: MOTHER_NIK,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.outbox.drain();
    const uid = json(res).data.uid;
    const baby = (await t.database.db.select().from(patients).where(eq(patients.uid, uid)))[0];
    expect(baby.motherNik).toBe(MOTHER_NIK);
    expect(baby.ihsNumber).toMatch(/^P\d{11}$/);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `${API}/patients/${uid}`,
      headers: { authorization: token },
      payload: { nik: UNKNOWN_NIK.replace(/.{4}$/, '0505') },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.app.outbox.drain();
    const after = (await t.database.db.select().from(patients).where(eq(patients.uid, uid)))[0];
    expect(after.ihsNumber).toBeNull();
    expect(after.ihsMissingReason).toBe('patientNotFound');
  });

  it('refuses a mother’s NIK that is not 16 digits', async () => {
    const token = await loginAs(t.app, 'pendaftaran');
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/patients`,
      headers: { authorization: token },
      payload: {
        clinicId: MENTENG,
        name: 'By. Ny. Rina',
        sex: 'M',
        dob: '15/01/2026',
        motherNik: '31710655',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'motherNik' })]),
    );
  });
});

describe('the demo simulator’s population', () => {
  it('knows the demo patients by NIK, newborns by the mother’s NIK, and no one else; a reset keeps them', async () => {
    const people = await simulatorPopulation(t.database.db);
    const adult = people.find((p) => p.nik && !p.nik.startsWith('92') && !p.nik.startsWith('91'))!;
    const baby = people.find((p) => !p.nik && p.motherNik)!;
    expect(adult).toBeDefined();
    expect(baby).toBeDefined();
    const sim = await startSimulator({ population: people });
    try {
      sim.reset();
      const { call } = await fhirSession(sim);
      const byNik = async (system: string, value: string) =>
        (await call('GET', `/Patient?identifier=${encodeURIComponent(`${system}|${value}`)}`)).body;
      const found = await byNik('https://fhir.kemkes.go.id/id/nik', adult.nik!);
      expect(found.total).toBe(1);
      expect(found.entry[0].resource.id).toBe(populationIhs(`nik|${adult.nik}`));
      const newborn = await byNik('https://fhir.kemkes.go.id/id/nik-ibu', baby.motherNik!);
      expect(newborn.total).toBeGreaterThanOrEqual(1);
      expect((await byNik('https://fhir.kemkes.go.id/id/nik', baby.motherNik!)).total).toBe(1);
      // the sandbox's own dummy patient keeps its documented id
      expect((await byNik('https://fhir.kemkes.go.id/id/nik', '9271060312000001')).entry[0].resource.id).toBe(
        'P02478375538',
      );
      expect((await byNik('https://fhir.kemkes.go.id/id/nik', '3171061203889999')).total).toBe(0);
    } finally {
      await sim.close();
    }
  });
});
