import { ENCOUNTER_EVENTS } from '@klinikita/domain/consultations/consultation.events';
import { LAB_RESULT_EVENTS } from '@klinikita/domain/lab/lab-results.events';
import { PHARMACY_EVENTS } from '@klinikita/domain/pharmacy/pharmacy.events';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clinics,
  doctors,
  employees,
  patients,
  registrations,
  satusehatDeliveries,
} from '../../../db/schema/index.ts';
import { emit } from '../../../events/outbox.ts';
import { userByName } from '../../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../../test/visit-fixtures.ts';

/**
 * From the domain event to the platform, in the app as it runs (issue 19 §4): the doctor signs a
 * visit, `satusehat.enqueue` queues it on its clinic day, the NOTIFY wakes the app's delivery
 * worker, which resolves identities, builds with the real `buildDelivery` and sends it to the
 * simulator: accepted once. A replayed event queues nothing more; a clinic that does not send to
 * SATUSEHAT queues nothing.
 */

const MENTENG = 10;
const PATIENT_IHS = 'P02478375538';
const DOCTOR_IHS = '10009880728';

let t: TestContext;
const tokens: Record<string, string> = {};
let visit: { uid: string; id: number; queueDate: string };

async function must(method: 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `${API}${url}`,
    headers: { authorization: tokens[who] },
    payload,
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return json(res).data;
}

const rowsOf = (registrationId: number) =>
  t.database.db
    .select()
    .from(satusehatDeliveries)
    .where(eq(satusehatDeliveries.registrationId, registrationId));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  // the app's own worker, polling rarely: the enqueue's NOTIFY is what wakes it
  t = await createTestApp({ satusehatDelivery: { pollMs: 60_000 } });
  const db = t.database.db;
  for (const u of ['superadmin', 'pendaftaran', 'dokter', 'admin']) tokens[u] = await loginAs(t.app, u);
  const dokter = await userByName(db, 'dokter');
  await practisesToday(db, dokter.doctorId!, MENTENG);
  await ensureCodes(db);
  const [doctor] = await db.select().from(doctors).where(eq(doctors.id, dokter.doctorId!));
  await db.update(employees).set({ ihsNumber: DOCTOR_IHS }).where(eq(employees.id, doctor.employeeId));
  await must('POST', '/satu-sehat/locations/register', 'admin', { clinicId: MENTENG });

  const patient = await must('POST', '/patients', 'superadmin', {
    clinicId: MENTENG,
    name: 'Pasien Antrean SATUSEHAT',
    sex: 'F',
    dob: '03/12/2000',
    nik: '3171060312009902',
  });
  await db.update(patients).set({ ihsNumber: PATIENT_IHS }).where(eq(patients.uid, patient.uid));
  const reg = await must('POST', '/registrations/registrations', 'pendaftaran', {
    clinicId: MENTENG,
    patientId: patient.uid,
    orderType: 'doctor',
    doctorId: dokter.doctorId,
    payerType: 'self',
    complaint: 'Batuk',
  });
  await must('PATCH', `/registrations/registrations/${reg._id}`, 'dokter', {
    clinicId: MENTENG,
    updateField: { status: 'Examination' },
  });
  const opened = await must('POST', '/consultations/encounters', 'dokter', { registrationId: reg._id });
  const saved = await must('PUT', `/consultations/encounters/${opened.uid}`, 'dokter', {
    ...{ systolic: 120, diastolic: 80, pulse: 80, respiratoryRate: 18, temperature: 37.2 },
    ...{ spo2: null, weight: null, height: null },
    ...{ subjective: 'Batuk', objective: null, assessment: null, plan: null },
    diagnoses: [{ code: 'J06.9', title: 'ISPA', primary: true }],
    procedures: [],
    prescription: [],
    orders: [],
    referral: null,
    version: opened.version,
  });
  await must('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', { version: saved.version });
  const [row] = await db
    .select({ id: registrations.id, queueDate: registrations.queueDate })
    .from(registrations)
    .where(eq(registrations.uid, reg._id));
  visit = { uid: reg._id, ...row };
}, 180_000);
afterAll(() => t.close());

describe('satusehat.enqueue and the app’s delivery worker', () => {
  it('queues the signed visit on its clinic day and the worker gets it accepted by the platform, once', async () => {
    await t.app.outbox.drain();
    const [queued] = await rowsOf(visit.id);
    expect(queued).toMatchObject({
      kind: 'encounter',
      sourceKey: visit.uid,
      clinicId: MENTENG,
      clinicDay: visit.queueDate,
    });
    const rows = await until(
      () => rowsOf(visit.id),
      (r) => r[0]?.state !== 'waiting',
    );
    expect(rows[0], JSON.stringify(rows[0])).toMatchObject({ state: 'accepted', attempts: 1 });
    const encounterId = rows[0].platformIds.find((p) => p.resourceType === 'Encounter')?.id;
    expect(encounterId).toBeTruthy();
    const count = t.simulator
      .received()
      .byIdentifier.find((c) => c.resourceType === 'Encounter' && c.identifier.endsWith(`|${visit.uid}`));
    expect(count).toMatchObject({ created: 1, duplicate: 0, id: encounterId });
  });

  it('queues a handover and a released lab report under their own keys, each once however often the event comes', async () => {
    const dispensed = {
      prescriptionUid: 'rx-uid-1',
      requestKey: 'handover-key-1',
      registrationUid: visit.uid,
    };
    const released = { reportUid: 'lab-report-uid-1', registrationId: visit.uid };
    for (let i = 0; i < 2; i++)
      await t.database.db.transaction(async (tx) => {
        await emit(tx, {
          type: PHARMACY_EVENTS.dispensed,
          aggregateType: 'prescription',
          aggregateId: dispensed.prescriptionUid,
          payload: dispensed,
        });
        await emit(tx, {
          type: LAB_RESULT_EVENTS.released,
          aggregateType: 'labReport',
          aggregateId: released.reportUid,
          payload: released,
        });
      });
    await t.app.outbox.drain();
    const rows = await rowsOf(visit.id);
    expect(rows.map((r) => [r.kind, r.sourceKey, r.clinicDay]).sort()).toEqual([
      ['dispense', 'rx-uid-1:handover-key-1', visit.queueDate],
      ['encounter', visit.uid, visit.queueDate],
      ['lab', 'lab-report-uid-1', visit.queueDate],
    ]);
  });

  it('queues nothing for a clinic that does not send to SATUSEHAT', async () => {
    const [other] = await t.database.db
      .select({ id: registrations.id, uid: registrations.uid, clinicId: registrations.clinicId })
      .from(registrations)
      .where(ne(registrations.clinicId, MENTENG))
      .limit(1);
    await t.database.db
      .update(clinics)
      .set({ modules: sql`${clinics.modules} || '{"satusehat":false}'::jsonb` })
      .where(eq(clinics.id, other.clinicId));
    await t.database.db.transaction((tx) =>
      emit(tx, {
        type: ENCOUNTER_EVENTS.finished,
        aggregateType: 'encounter',
        aggregateId: 'elsewhere',
        payload: { registrationUid: other.uid },
      }),
    );
    await t.app.outbox.drain();
    const rows = await t.database.db
      .select()
      .from(satusehatDeliveries)
      .where(
        and(eq(satusehatDeliveries.registrationId, other.id), eq(satusehatDeliveries.kind, 'encounter')),
      );
    expect(rows).toEqual([]);
  });
});
