import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicServices, clinics, patients, registrations, services } from '../../db/schema/index.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { takeInOrders } from '../registrations/registrations.service.ts';
import { withDemoClinicServices } from './test/fixtures.ts';

/**
 * A doctor's order goes to the clinic that performs its desk for the ordering clinic (services
 * per clinic): Menteng's lab orders reach Cikarang's lab list, where the demo's lab user works.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let doctorName: string;
let corpId: number;

const MENTENG = 'Klinik Pratama Klinikita Menteng';

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const dokter = await userByName(db, 'dokter');
  dokterId = dokter.doctorId!;
  corpId = dokter.corpId;
  doctorName = dokter.name;
  await withDemoClinicServices(db, corpId);
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
  for (const u of ['superadmin', 'pendaftaran', 'dokter', 'lab']) tokens[u] = await loginAs(ctx.app, u);
});
afterAll(() => ctx.close());

let nikSerial = 4100;
async function newPatient(clinicId = 10) {
  const res = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Rujukan ${nikSerial}`,
    sex: 'F',
    dob: '12/03/1984',
    nik: `317106120384${String(nikSerial++).padStart(4, '0')}`,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data as { uid: string; mrn: string };
}

/** A visit to dokter at Menteng, examined and signed with `orders`; the outbox run. */
async function signedNoteWith(orders: object[]) {
  const patient = await newPatient();
  const reg = json(
    await call('POST', '/registrations/registrations', 'pendaftaran', {
      clinicId: 10,
      patientId: patient.uid,
      orderType: 'doctor',
      doctorId: dokterId,
      payerType: 'self',
      complaint: 'Lemas',
    }),
  ).data;
  await call('PATCH', `/registrations/registrations/${reg._id}`, 'dokter', {
    clinicId: 10,
    updateField: { status: 'Examination' },
  });
  const opened = json(
    await call('POST', '/consultations/encounters', 'dokter', { registrationId: reg._id }),
  ).data;
  const saved = await call('PUT', `/consultations/encounters/${opened.uid}`, 'dokter', {
    ...{ systolic: null, diastolic: null, pulse: null, respiratoryRate: null, temperature: null, spo2: null },
    ...{ weight: null, height: null, subjective: 'Lemas', objective: null, assessment: null, plan: null },
    diagnoses: [{ code: 'I10', title: 'Hipertensi', primary: true }],
    procedures: [],
    prescription: [],
    orders,
    referral: null,
    version: opened.version,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const finished = await call('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', {
    version: json(saved).data.version,
  });
  if (finished.statusCode !== 200) throw new Error(finished.body);
  await ctx.app.outbox.drain();
  return { patient, encounterUid: opened.uid as string };
}

const labList = (clinicId: number, who: string, search: string) =>
  call(
    'GET',
    `/registrations/registrations/lab/mcu/populate/labpreass?clinicId=${clinicId}&serviceType=LAB&search=${encodeURIComponent(search)}`,
    who,
  );

/** An `encounter.finished` of a clinic with one order, for the consumer itself. */
async function finishedAt(
  clinicId: number,
  serviceType: 'LAB' | 'RAD' | 'PHYSIO' | 'TREATMENT',
  items: string[],
) {
  const patient = await newPatient(clinicId);
  const [p] = await ctx.database.db.select().from(patients).where(eq(patients.uid, patient.uid));
  const superadmin = await userByName(ctx.database.db, 'superadmin');
  const orderUid = `order-${clinicId}-${serviceType}-${nikSerial}`;
  return {
    orderUid,
    event: {
      encounterUid: `enc-${orderUid}`,
      encounterId: 1,
      registrationUid: `reg-${orderUid}`,
      corpId,
      clinicId,
      patientId: p.id,
      patientUid: patient.uid,
      doctorId: dokterId,
      doctorName,
      actor: { userId: superadmin.id, ip: null },
      payer: { payerType: 'self', companyId: null, insuranceName: null, insuranceNumber: null },
      orders: [{ uid: orderUid, serviceType, items, note: null }],
      referral: null,
      prescriptionUid: null,
      nextStatus: 'Payment',
    },
  };
}
const visitOf = async (orderUid: string) =>
  ctx.database.db.select().from(registrations).where(eq(registrations.serviceOrderUid, orderUid));

describe('a doctor’s order goes to the clinic that performs it', () => {
  it('Menteng’s lab order reaches Cikarang’s lab list for the lab user, not Menteng’s; the doctor still sees it', async () => {
    const { patient, encounterUid } = await signedNoteWith([
      { serviceType: 'LAB', items: ['Darah Lengkap', 'Asam Urat'], note: null },
    ]);
    const atCikarang = await labList(11, 'lab', patient.mrn);
    expect(atCikarang.statusCode, atCikarang.body).toBe(200);
    const rows = json(atCikarang).data as {
      _id: string;
      clinicId: number;
      room: string;
      referrer: string | null;
      queueNumber: string;
      complaint: string | null;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clinicId: 11,
      room: 'Laboratorium',
      referrer: `${doctorName} (${MENTENG})`,
      complaint: 'Darah Lengkap, Asam Urat',
      queueNumber: expect.stringMatching(/^L-\d{3}$/),
    });
    // the lab user opens the visit
    expect(
      (await call('GET', `/assesments/lab_mcu_assesment/LabPreAss/${rows[0]._id}`, 'lab')).statusCode,
    ).toBe(200);
    // Menteng's lab list has no such visit; Menteng's lab user would not see it there
    expect(json(await labList(10, 'superadmin', patient.mrn)).data).toEqual([]);
    // the doctor at Menteng sees the order, its queue number and status
    const note = json(await call('GET', `/consultations/encounters/${encounterUid}`, 'dokter')).data;
    expect(note.serviceOrders[0]).toMatchObject({
      serviceType: 'LAB',
      queueNumber: rows[0].queueNumber,
      status: 'Waiting',
    });
  });

  it('uses the performing clinic’s room, queue prefix and day', async () => {
    const db = ctx.database.db;
    const labIds = (
      await db.select({ id: services.id }).from(services).where(eq(services.serviceGroup, 'lab'))
    ).map((s) => s.id);
    await db
      .update(clinicServices)
      .set({ room: 'Lab Lantai 2', queuePrefix: 'LB' })
      .where(and(eq(clinicServices.clinicId, 11), inArray(clinicServices.serviceId, labIds)));
    await db.update(clinics).set({ timeZone: 'Asia/Jayapura' }).where(eq(clinics.id, 11));
    try {
      const { orderUid, event } = await finishedAt(10, 'LAB', ['Darah Lengkap']);
      await db.transaction((tx) => takeInOrders(tx, event));
      const [visit] = await visitOf(orderUid);
      expect(visit).toMatchObject({
        clinicId: 11,
        room: 'Lab Lantai 2',
        queuePrefix: 'LB',
        queueDate: clinicDay('Asia/Jayapura'),
        serviceType: 'LAB',
        orderType: 'service',
      });
      expect(visit.queueNumber).toMatch(/^LB-\d{3}$/);
      // idempotent: the order already has its visit
      await db.transaction((tx) => takeInOrders(tx, event));
      expect(await visitOf(orderUid)).toHaveLength(1);
    } finally {
      await db.update(clinics).set({ timeZone: 'Asia/Jakarta' }).where(eq(clinics.id, 11));
    }
  });

  it('keeps an order for an external partner at the ordering clinic, saying where the sample goes', async () => {
    const { orderUid, event } = await finishedAt(13, 'LAB', ['Asam Urat']);
    await ctx.database.db.transaction((tx) => takeInOrders(tx, event));
    const [visit] = await visitOf(orderUid);
    expect(visit).toMatchObject({
      clinicId: 13,
      room: 'Laboratorium',
      referrer: doctorName,
      complaint: 'Asam Urat — dikirim ke Lab Mitra Makassar',
    });
    expect(visit.queueNumber).toMatch(/^L-\d{3}$/);
  });

  it('keeps today’s behaviour at a clinic without configuration for the desk', async () => {
    // Surabaya offers no physiotherapy
    const { orderUid, event } = await finishedAt(12, 'PHYSIO', ['Fisioterapi lutut']);
    await ctx.database.db.transaction((tx) => takeInOrders(tx, event));
    const [visit] = await visitOf(orderUid);
    expect(visit).toMatchObject({ clinicId: 12, room: 'Fisioterapi', referrer: doctorName });
    expect(visit.queueNumber).toMatch(/^F-\d{3}$/);
  });

  it('decides by the services the order names when the desk’s services go to different places', async () => {
    const db = ctx.database.db;
    // Menteng performs the random glucose itself (a point-of-care test), the rest at Cikarang
    const [gds] = await db.select().from(services).where(eq(services.code, 'LAB-GDS'));
    await db
      .update(clinicServices)
      .set({ performedAt: 'here', performerClinicId: null, room: 'Ruang Sampling', queuePrefix: 'S' })
      .where(and(eq(clinicServices.clinicId, 10), eq(clinicServices.serviceId, gds.id)));
    const named = await finishedAt(10, 'LAB', ['Glukosa Darah Sewaktu']);
    await db.transaction((tx) => takeInOrders(tx, named.event));
    expect((await visitOf(named.orderUid))[0]).toMatchObject({
      clinicId: 10,
      room: 'Ruang Sampling',
      queuePrefix: 'S',
    });
    // free text naming no service: the desk's most common place
    const free = await finishedAt(10, 'LAB', ['Cek darah']);
    await db.transaction((tx) => takeInOrders(tx, free.event));
    expect((await visitOf(free.orderUid))[0].clinicId).toBe(11);
  });
});
