import { and, eq } from 'drizzle-orm';
import type { Bundle, Encounter, MedicationRequest, Observation, Specimen } from 'fhir/r4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  doctors,
  drugs,
  employees,
  encounters as notes,
  patients,
  prescriptions,
  registrations,
  satusehatLocations,
  satusehatSettings,
} from '../../../db/schema/index.ts';
import { day } from '../../../modules/inventory/test/inventory-kit.ts';
import { userByName } from '../../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../../test/visit-fixtures.ts';
import { SIMULATOR_CLIENTS } from '../simulator/simulator.data.ts';
import { fhirSession, type Json } from '../simulator/test/fhir-session.ts';
import { buildDelivery } from './build-delivery.ts';
import type { BuiltDelivery, DeliveryTarget } from './delivery.types.ts';
import { dispenseSourceKey } from './fhir-dispense.ts';

/**
 * The builders on a real visit of the demo clinic (Menteng): registered, called in, examined and
 * signed by `dokter` with vitals, two diagnoses, a procedure, a prescription and a lab order; the
 * prescription handed over by `farmasi`, the lab's results released at Cikarang. Each bundle goes
 * to the test app's simulator: accepted with the platform's ids, and `duplicate` the second time.
 */

const MENTENG = 10;
const PATIENT_IHS = 'P02478375538';
const DOCTOR_IHS = '10009880728';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let corpId: number;
let organizationId: string;
let session: Awaited<ReturnType<typeof fhirSession>>;
let doctorEmployeeId: number;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });
async function must(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object) {
  const res = await call(method, url, who, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return json(res).data;
}

/** A drug of the master counted in TAB with `quantity` in stock at `location`; its KFA code set or not. */
async function drugInStock(location: string, name: string, kfaCode: string | null) {
  const drug = await must('POST', '/settings/pharmacy/drugs', 'farmasi', {
    name,
    form: 'tablet',
    strength: '500 mg',
    unit: 'tablet',
    price: 1000,
  });
  await must('PUT', `/inventory/items/${drug.uid}`, 'farmasi', {
    kind: 'drug',
    drugClass: 'hard',
    baseUnit: 'TAB',
    minStock: 0,
    units: [{ name: 'STRIP', factor: 10 }],
  });
  for (const [batchNumber, expiry, quantity] of [
    ['SOON', 60, 4],
    ['LATE', 300, 20],
  ] as const) {
    await must('POST', `/inventory/locations/${location}/receipts`, 'farmasi', {
      itemUid: drug.uid,
      batchNumber,
      expiryDate: day(expiry),
      quantity,
      unit: 'TAB',
      unitCost: 500,
    });
  }
  await ctx.database.db.update(drugs).set({ kfaCode }).where(eq(drugs.uid, drug.uid));
  return drug.uid as string;
}

const line = (drugId: string, name: string, quantity: number) => ({
  kind: 'drug',
  drugId,
  name,
  dose: '1 tablet',
  frequency: '3x sehari',
  route: 'oral',
  durationDays: 3,
  quantity,
  unit: 'tablet',
  instructions: 'Sesudah makan',
});

const target = (kind: DeliveryTarget['kind'], sourceKey: string, registrationId: number): DeliveryTarget => ({
  id: 1,
  uid: '00000000-0000-4000-8000-000000000001',
  kind,
  sourceKey,
  registrationId,
  clinicId: MENTENG,
  corpId,
});

function bundleOf(built: BuiltDelivery): Bundle {
  expect(built, JSON.stringify(built)).toMatchObject({ ok: true });
  return (built as Extract<BuiltDelivery, { ok: true }>).bundle;
}

/** POSTs the bundle: 200 with one id per entry, then the same again: `duplicate`. */
async function acceptedOnce(bundle: Bundle): Promise<string[]> {
  const answer = await session.call('POST', '', bundle);
  expect(answer.status, answer.text).toBe(200);
  const ids = answer.body.entry.map((e: Json) =>
    (e.response.location as string).split('/').slice(0, 2).join('/'),
  );
  expect(ids.map((id: string) => id.split('/')[0])).toEqual(
    bundle.entry!.map((e) => e.resource!.resourceType),
  );
  const again = await session.call('POST', '', bundle);
  expect(again.status).toBe(400);
  expect(again.body.issue.map((i: Json) => i.code)).toContain('duplicate');
  return ids;
}

let visit: { registrationUid: string; registrationId: number; patientId: number; prescriptionUid: string };
let kfaDrug: string;
let plainDrug: string;
let encounterId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  for (const u of ['superadmin', 'pendaftaran', 'dokter', 'farmasi', 'lab', 'admin']) {
    tokens[u] = await loginAs(ctx.app, u);
  }
  const dokter = await userByName(db, 'dokter');
  corpId = dokter.corpId;
  await practisesToday(db, dokter.doctorId!, MENTENG);
  await ensureCodes(db);
  const [doctor] = await db.select().from(doctors).where(eq(doctors.id, dokter.doctorId!));
  doctorEmployeeId = doctor.employeeId;
  await db.update(employees).set({ ihsNumber: DOCTOR_IHS }).where(eq(employees.id, doctorEmployeeId));
  const [settings] = await db.select().from(satusehatSettings).where(eq(satusehatSettings.clinicId, MENTENG));
  organizationId = settings.organizationId;
  session = await fhirSession(
    ctx.simulator,
    SIMULATOR_CLIENTS.find((c) => c.organizationId === organizationId),
  );
  // the clinic's rooms and poli registered as Locations (the onboarding of issue 19 §1)
  await must('POST', '/satu-sehat/locations/register', 'admin', { clinicId: MENTENG });

  const pharmacy = (
    await must('POST', '/inventory/locations', 'farmasi', {
      clinicId: MENTENG,
      name: 'Apotek SATUSEHAT',
      type: 'pharmacy',
    })
  ).uid as string;
  kfaDrug = await drugInStock(pharmacy, 'Parasetamol KFA', '93001019');
  plainDrug = await drugInStock(pharmacy, 'Obat Tanpa KFA', null);

  const patient = await must('POST', '/patients', 'superadmin', {
    clinicId: MENTENG,
    name: 'Pasien SATUSEHAT',
    sex: 'M',
    dob: '03/12/2000',
    nik: '3171060312009901',
    allergies: 'Amoksisilin, udang',
  });
  const reg = await must('POST', '/registrations/registrations', 'pendaftaran', {
    clinicId: MENTENG,
    patientId: patient.uid,
    orderType: 'doctor',
    doctorId: dokter.doctorId,
    payerType: 'self',
    complaint: 'Demam dan batuk',
  });
  await must('PATCH', `/registrations/registrations/${reg._id}`, 'dokter', {
    clinicId: MENTENG,
    updateField: { status: 'Examination' },
  });
  const opened = await must('POST', '/consultations/encounters', 'dokter', { registrationId: reg._id });
  const saved = await must('PUT', `/consultations/encounters/${opened.uid}`, 'dokter', {
    ...{ systolic: 150, diastolic: 95, pulse: 88, respiratoryRate: 20, temperature: 37.8 },
    ...{ spo2: null, weight: null, height: null },
    ...{ subjective: 'Demam', objective: null, assessment: null, plan: null },
    diagnoses: [
      { code: 'I10', title: 'Hipertensi', primary: false },
      { code: 'J06.9', title: 'ISPA', primary: true },
    ],
    procedures: [{ code: '93.94', title: 'Nebulizer' }],
    prescription: [line(kfaDrug, 'Parasetamol KFA 500 mg', 9), line(plainDrug, 'Obat Tanpa KFA 500 mg', 6)],
    orders: [{ serviceType: 'LAB', items: ['Darah Lengkap', 'HBsAg'], note: null }],
    referral: null,
    version: opened.version,
  });
  await must('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', { version: saved.version });
  await ctx.app.outbox.drain();

  const [row] = await db
    .select({ id: registrations.id, patientId: registrations.patientId, rx: prescriptions.uid })
    .from(registrations)
    .innerJoin(prescriptions, eq(prescriptions.registrationId, registrations.id))
    .where(eq(registrations.uid, reg._id));
  visit = {
    registrationUid: reg._id,
    registrationId: row.id,
    patientId: row.patientId,
    prescriptionUid: row.rx,
  };
  // what `ensureVisitIdentities` finds by NIK before the worker builds
  await db.update(patients).set({ ihsNumber: PATIENT_IHS }).where(eq(patients.id, visit.patientId));
}, 180_000);
afterAll(() => ctx.close());

const encounterBuilt = () =>
  buildDelivery(ctx.database.db, target('encounter', visit.registrationUid, visit.registrationId), {
    organizationId,
    encounterId: null,
  });

describe('the finished visit', () => {
  it('is built from the visit’s real times in UTC and accepted once; the same again is a duplicate', async () => {
    const built = await encounterBuilt();
    const bundle = bundleOf(built);
    const encounter = bundle.entry![0].resource as Encounter;
    const [times] = await ctx.database.db
      .select({ arrived: registrations.arrivedAt, called: registrations.calledAt, signed: notes.signedAt })
      .from(registrations)
      .innerJoin(notes, eq(notes.registrationId, registrations.id))
      .where(eq(registrations.id, visit.registrationId));
    const utc = (d: Date | null) => d!.toISOString().replace(/\.\d{3}Z$/, '+00:00');
    expect(encounter.statusHistory!.map((h) => [h.status, h.period!.start, h.period!.end])).toEqual([
      ['arrived', utc(times.arrived), utc(times.called)],
      ['in-progress', utc(times.called), utc(times.signed)],
      ['finished', utc(times.signed), utc(times.signed)],
    ]);
    const starts = encounter.statusHistory!.map((h) => Date.parse(h.period!.start!));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    for (const t of JSON.stringify(bundle).match(/\d{4}-\d{2}-\d{2}T[^"]+/g)!) expect(t).toMatch(/\+00:00$/);

    const [poli] = await ctx.database.db
      .select({ locationId: satusehatLocations.locationId })
      .from(satusehatLocations)
      .innerJoin(registrations, eq(registrations.room, satusehatLocations.name))
      .where(and(eq(satusehatLocations.clinicId, MENTENG), eq(registrations.id, visit.registrationId)));
    expect(encounter).toMatchObject({
      identifier: [
        { system: `http://sys-ids.kemkes.go.id/encounter/${organizationId}`, value: visit.registrationUid },
      ],
      subject: { reference: `Patient/${PATIENT_IHS}` },
      participant: [{ individual: { reference: `Practitioner/${DOCTOR_IHS}` } }],
      location: [{ location: { reference: `Location/${poli.locationId}` } }],
      serviceProvider: { reference: `Organization/${organizationId}` },
    });
    const locals = Object.values((built as Extract<BuiltDelivery, { ok: true }>).locals);
    expect(locals).toEqual([
      'Encounter',
      'Condition:J06.9',
      'Condition:I10',
      'Observation:8867-4',
      'Observation:9279-1',
      'Observation:8480-6',
      'Observation:8462-4',
      'Observation:8310-5',
      'Procedure:93.94',
      'MedicationRequest:1:93001019',
      'AllergyIntolerance:Amoksisilin',
      'AllergyIntolerance:udang',
    ]);
    // the drug without a KFA code is left out of the requests, and said so
    expect(built).toMatchObject({
      omitted: [{ local: 'MedicationRequest:2', reason: 'drugNoKfa', detail: 'Obat Tanpa KFA 500 mg' }],
    });
    const request = bundle.entry!.find((e) => e.resource!.resourceType === 'MedicationRequest')!
      .resource as MedicationRequest;
    expect(request.medicationCodeableConcept?.coding?.[0]).toMatchObject({
      system: 'http://sys-ids.kemkes.go.id/kfa',
      code: '93001019',
    });
    const temperature = bundle.entry!.find(
      (e) => (e.resource as Observation).code?.coding?.[0].code === '8310-5',
    )!;
    expect((temperature.resource as Observation).valueQuantity).toMatchObject({ value: 37.8, code: 'Cel' });

    const ids = await acceptedOnce(bundle);
    encounterId = ids[0].split('/')[1];
    expect(ctx.simulator.received().byIdentifier.filter((r) => r.resourceType === 'Encounter')).toEqual([
      expect.objectContaining({ created: 1, duplicate: 1 }),
    ]);
  });

  it('is blocked, with the reason, while an identity or the room is missing', async () => {
    const db = ctx.database.db;
    await db.update(patients).set({ ihsNumber: null }).where(eq(patients.id, visit.patientId));
    expect(await encounterBuilt()).toEqual({
      ok: false,
      reason: 'patientNotFound',
      detail: 'Pasien SATUSEHAT',
    });
    await db.update(patients).set({ nik: null }).where(eq(patients.id, visit.patientId));
    expect(await encounterBuilt()).toMatchObject({ ok: false, reason: 'patientNoNik' });
    await db
      .update(patients)
      .set({ ihsNumber: PATIENT_IHS, nik: '3171060312009901' })
      .where(eq(patients.id, visit.patientId));

    await db.update(employees).set({ ihsNumber: null }).where(eq(employees.id, doctorEmployeeId));
    expect(await encounterBuilt()).toMatchObject({ ok: false, reason: 'doctorNoIhs' });
    await db.update(employees).set({ ihsNumber: DOCTOR_IHS }).where(eq(employees.id, doctorEmployeeId));

    // registered under another organization only: not registered here
    const [{ room }] = await db
      .select({ room: registrations.room })
      .from(registrations)
      .where(eq(registrations.id, visit.registrationId));
    const where = and(eq(satusehatLocations.clinicId, MENTENG), eq(satusehatLocations.name, room));
    await db.update(satusehatLocations).set({ organizationId: '10000199' }).where(where);
    expect(await encounterBuilt()).toEqual({ ok: false, reason: 'locationNotRegistered', detail: room });
    await db.update(satusehatLocations).set({ organizationId }).where(where);
    expect(await encounterBuilt()).toMatchObject({ ok: true });
  });
});

describe('the handover', () => {
  let sourceKey: string;

  it('is blocked naming the drug without a KFA code, then waits for the Encounter, then is accepted once', async () => {
    for (const action of ['review', 'prepare', 'ready']) {
      await must('POST', `/pharmacy/prescriptions/${visit.prescriptionUid}/moves`, 'farmasi', { action });
    }
    await must('POST', `/pharmacy/prescriptions/${visit.prescriptionUid}/dispense`, 'farmasi', {
      requestKey: 'serah-satusehat-01',
      lines: [],
    });
    sourceKey = dispenseSourceKey(visit.prescriptionUid, 'serah-satusehat-01');
    const build = (id: string | null) =>
      buildDelivery(ctx.database.db, target('dispense', sourceKey, visit.registrationId), {
        organizationId,
        encounterId: id,
      });

    expect(await build(encounterId)).toEqual({
      ok: false,
      reason: 'drugNoKfa',
      detail: 'Obat Tanpa KFA 500 mg',
    });
    await ctx.database.db.update(drugs).set({ kfaCode: '93000001' }).where(eq(drugs.uid, plainDrug));
    expect(await build(null)).toEqual({ ok: false, reason: 'encounterNotAccepted' });

    const built = await build(encounterId);
    const bundle = bundleOf(built);
    // FEFO took each drug's 4 of batch SOON first, then the rest from LATE: one dispense per batch
    expect(Object.values((built as Extract<BuiltDelivery, { ok: true }>).locals)).toEqual([
      'Medication:1:93001019',
      'MedicationDispense:1:SOON',
      'Medication:1:93001019',
      'MedicationDispense:1:LATE',
      'Medication:2:93000001',
      'MedicationDispense:2:SOON',
      'Medication:2:93000001',
      'MedicationDispense:2:LATE',
    ]);
    expect(bundle.entry![1].resource).toMatchObject({
      context: { reference: `Encounter/${encounterId}` },
      subject: { reference: `Patient/${PATIENT_IHS}` },
      quantity: { value: 4, unit: 'TAB' },
      medicationReference: { reference: bundle.entry![0].fullUrl },
    });
    expect(bundle.entry![0].resource).toMatchObject({
      batch: { lotNumber: 'SOON', expirationDate: day(60) },
    });
    await acceptedOnce(bundle);
  });
});

describe('the released lab result', () => {
  it('is the chain ServiceRequest → Specimen → Observation (LOINC) → DiagnosticReport, accepted once', async () => {
    const [{ mrn }] = await ctx.database.db
      .select({ mrn: patients.mrn })
      .from(patients)
      .where(eq(patients.id, visit.patientId));
    const list = await must(
      'GET',
      `/registrations/registrations/lab/mcu/populate/labpreass?clinicId=11&serviceType=LAB&search=${mrn}`,
      'lab',
    );
    const labVisit = list[0]._id as string;
    // the samples: an EDTA tube for the blood count, a plain tube of serum for HBsAg, both taken
    const labelled = await must('POST', `/lab-specimens/visits/${labVisit}/label`, 'lab');
    expect(labelled.specimens.map((s: Json) => s.specimen).sort()).toEqual(['serum', 'wholeBlood']);
    for (const s of labelled.specimens) {
      await must('POST', `/lab-specimens/visits/${labVisit}/specimens/${s.uid}/collect`, 'lab');
    }
    const work = await must('GET', `/lab-results/visits/${labVisit}`, 'lab');
    const parameters = (work.tests as Json[]).flatMap((t) => t.parameters).filter((p: Json) => !p.formula);
    const values = parameters.map((p: Json) => ({
      parameterUid: p.uid,
      value: p.code === 'HB' ? 18.2 : p.choices ? p.choices[0] : (p.range?.low ?? p.range?.high ?? 1),
    }));
    await must('PUT', `/lab-results/visits/${labVisit}/values`, 'lab', { version: null, values });
    await must('POST', `/lab-results/visits/${labVisit}/validate`, 'lab');
    const released = await must('POST', `/lab-results/visits/${labVisit}/release`, 'lab');
    const [labRegistration] = await ctx.database.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.uid, labVisit));

    // sent under the ordering clinic's organization, whose Encounter it belongs to
    const build = (id: string | null) =>
      buildDelivery(ctx.database.db, target('lab', released.report.uid, labRegistration.id), {
        organizationId,
        encounterId: id,
      });
    expect(await build(null)).toEqual({ ok: false, reason: 'encounterNotAccepted' });
    const built = await build(encounterId);
    const bundle = bundleOf(built);
    const types = bundle.entry!.map((e) => e.resource!.resourceType);
    expect(types[0]).toBe('ServiceRequest');
    expect(types.at(-1)).toBe('DiagnosticReport');
    const specimens = bundle.entry!.filter((e) => e.resource!.resourceType === 'Specimen');
    expect(specimens.map((e) => (e.resource as Specimen).type?.coding?.[0].code).sort()).toEqual([
      '119297000',
      '119364003',
    ]);
    for (const e of specimens) {
      expect((e.resource as Specimen).collection?.collectedDateTime).toMatch(/\+00:00$/);
    }
    const blood = specimens.find((e) => (e.resource as Specimen).type?.coding?.[0].code === '119297000')!;
    const hb = bundle.entry!.find((e) => (e.resource as Observation).code?.coding?.[0].code === '718-7')!
      .resource as Observation;
    expect(hb).toMatchObject({
      category: [{ coding: [{ code: 'laboratory' }] }],
      encounter: { reference: `Encounter/${encounterId}` },
      valueQuantity: { value: 18.2, unit: 'g/dL', system: 'http://unitsofmeasure.org', code: 'g/dL' },
      interpretation: [{ coding: [{ code: 'H' }] }],
      referenceRange: [{ low: { value: 13 }, high: { value: 17 } }],
      specimen: { reference: blood.fullUrl },
    });
    await acceptedOnce(bundle);
  });
});
