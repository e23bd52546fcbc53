import { addDays, clinicDay, weekdayOf } from '@klinikita/domain/common/clinic-day';
import { dayToDmy } from '@klinikita/domain/common/dates';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  doctorScheduleDays,
  doctorScheduleSlots,
  patients,
  registrations,
} from '../../db/schema/index.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { takeInOrders } from './registrations.service.ts';
import { idRuns } from './visit-list.service.ts';

/**
 * Issue 13: one patient registered twice to the same doctor or desk (item 2), dates far outside
 * any clinic's life (item 12), and lists of NIK and phone over any date range, unaudited (item 9).
 */
let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
const today = clinicDay('Asia/Jakarta');
const weekday = weekdayOf(today);

const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object, language?: string) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: { authorization: tokens[who], ...(language ? { 'accept-language': language } : {}) },
    payload,
  });

let nikSerial = 7000;
async function newPatient(clinicId = 10) {
  const res = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Ganda ${nikSerial}`,
    sex: 'M',
    dob: '02/05/1979',
    nik: `317101020579${String(nikSerial++).padStart(4, '0')}`,
  });
  if (res.statusCode !== 200) throw new Error(`patient: ${res.body}`);
  return json(res).data.uid as string;
}

const doctorVisit = (patientId: string, over: object = {}) => ({
  clinicId: 10,
  patientId,
  orderType: 'doctor',
  doctorId: dokterId,
  payerType: 'self',
  ...over,
});
const serviceVisit = (patientId: string, serviceType: string, over: object = {}) => ({
  clinicId: 10,
  patientId,
  orderType: 'service',
  serviceType,
  payerType: 'self',
  ...over,
});
const register = (body: object, who = 'pendaftaran', language?: string) =>
  call('POST', '/registrations/registrations', who, body, language);

const visitsOf = async (patientUid: string) =>
  ctx.database.db
    .select({ id: registrations.id, status: registrations.status })
    .from(registrations)
    .innerJoin(patients, eq(patients.id, registrations.patientId))
    .where(eq(patients.uid, patientUid));

beforeAll(async () => {
  ctx = await createTestApp();
  for (const u of ['superadmin', 'pendaftaran', 'lab']) tokens[u] = await loginAs(ctx.app, u);
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  // dokter practises at clinic 10 today, without a daily limit, whatever weekday the suite runs
  const db = ctx.database.db;
  await db
    .insert(doctorScheduleDays)
    .values({ doctorId: dokterId, clinicId: 10, weekday, patientLimit: 0 })
    .onConflictDoUpdate({
      target: [doctorScheduleDays.doctorId, doctorScheduleDays.clinicId, doctorScheduleDays.weekday],
      set: { patientLimit: 0 },
    });
  await db
    .insert(doctorScheduleSlots)
    .values({ doctorId: dokterId, clinicId: 10, weekday, startTime: '22:00', endTime: '23:30' })
    .onConflictDoNothing();
}, 120_000);
afterAll(() => ctx.close());

describe('a second visit of the same patient today (issue 13.2)', () => {
  it('is refused with the existing visit’s queue number and status, in the caller’s language', async () => {
    const patientId = await newPatient();
    const first = await register(doctorVisit(patientId));
    expect(first.statusCode).toBe(200);
    const existing = json(first).data as { _id: string; queueNumber: string };

    const again = await register(doctorVisit(patientId, { complaint: 'Batuk' }));
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({
      status: false,
      message: `Pasien ini sudah terdaftar hari ini di dr. Alexander Wijaya dengan nomor antrean ${existing.queueNumber} (status Menunggu)`,
      code: 'duplicateVisit',
      data: { existing: { _id: existing._id, queueNumber: existing.queueNumber, status: 'Waiting' } },
    });
    const english = await register(doctorVisit(patientId), 'pendaftaran', 'en');
    expect(json(english).message).toBe(
      `This patient is already registered today with dr. Alexander Wijaya as queue number ${existing.queueNumber} (status Waiting)`,
    );

    // the same desk twice is refused too; another desk is another visit
    const lab = await register(serviceVisit(patientId, 'LAB'));
    expect(lab.statusCode).toBe(200);
    await ctx.database.db
      .update(registrations)
      .set({ status: 'Examination' })
      .where(eq(registrations.uid, json(lab).data._id));
    const labAgain = await register(serviceVisit(patientId, 'LAB'));
    expect(labAgain.statusCode).toBe(409);
    expect(json(labAgain).message).toBe(
      `Pasien ini sudah terdaftar hari ini di Laboratorium dengan nomor antrean ${json(lab).data.queueNumber} (status Pemeriksaan)`,
    );
    expect((await register(serviceVisit(patientId, 'RAD'))).statusCode).toBe(200);
    expect(await visitsOf(patientId)).toHaveLength(3);
  });

  it('registers it when the clerk confirms on purpose', async () => {
    const patientId = await newPatient();
    expect((await register(serviceVisit(patientId, 'MCU'))).statusCode).toBe(200);
    expect((await register(serviceVisit(patientId, 'MCU'))).statusCode).toBe(409);
    const confirmed = await register(serviceVisit(patientId, 'MCU', { confirmDuplicate: true }));
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed).data).toMatchObject({ serviceType: 'MCU', status: 'Waiting' });
    expect(await visitsOf(patientId)).toHaveLength(2);
  });

  it('is not blocked by a cancelled visit', async () => {
    const patientId = await newPatient();
    const first = json(await register(doctorVisit(patientId))).data;
    await ctx.database.db
      .update(registrations)
      .set({ status: 'Cancelled' })
      .where(eq(registrations.uid, first._id));
    expect((await register(doctorVisit(patientId))).statusCode).toBe(200);
  });

  it('creates exactly one of 200 identical parallel registrations', async () => {
    const patientId = await newPatient();
    const answers = await Promise.all(Array.from({ length: 200 }, () => register(doctorVisit(patientId))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    expect(await visitsOf(patientId)).toHaveLength(1);
  }, 120_000);

  it('still turns each of the doctor’s orders into a service visit, twice a day if ordered twice', async () => {
    const patientId = await newPatient();
    expect((await register(serviceVisit(patientId, 'LAB'))).statusCode).toBe(200);
    const [patient] = await ctx.database.db.select().from(patients).where(eq(patients.uid, patientId));
    const superadmin = await userByName(ctx.database.db, 'superadmin');
    const finished = (orderUid: string) => ({
      encounterUid: `enc-${orderUid}`,
      encounterId: 1,
      registrationUid: `reg-${orderUid}`,
      corpId: patient.corpId,
      clinicId: 10,
      patientId: patient.id,
      patientUid: patientId,
      doctorId: dokterId,
      doctorName: 'dr. Alexander Wijaya',
      actor: { userId: superadmin.id, ip: null },
      payer: { payerType: 'self', companyId: null, insuranceName: null, insuranceNumber: null },
      orders: [{ uid: orderUid, serviceType: 'LAB' as const, items: ['Darah lengkap'], note: null }],
      referral: null,
      prescriptionUid: null,
      nextStatus: 'Payment',
    });
    await ctx.database.db.transaction((tx) => takeInOrders(tx, finished('order-morning')));
    await ctx.database.db.transaction((tx) => takeInOrders(tx, finished('order-afternoon')));
    expect((await visitsOf(patientId)).map((v) => v.status)).toEqual(['Waiting', 'Waiting', 'Waiting']);
  });
});

describe('dates outside 1900–2100 (issue 13.12)', () => {
  const LISTS = [
    '/registrations/registrations?clinicId=10',
    '/registrations/registrations/counts?clinicId=10',
    '/registrations/registrations/lab/mcu/populate/labpreass?clinicId=10',
  ];

  it('answer 400 with a field message on every list, never a 5xx', async () => {
    for (const list of LISTS) {
      for (const [query, path, message] of [
        ['startDate=31_12_9999', 'startDate', 'Tahun harus antara 1900 dan 2100'],
        ['startDate=1_1_0001&endDate=2_1_0001', 'startDate', 'Tahun harus antara 1900 dan 2100'],
        ['startDate=31_12_1899', 'startDate', 'Tahun harus antara 1900 dan 2100'],
        ['endDate=1_1_2101', 'endDate', 'Tahun harus antara 1900 dan 2100'],
        ['startDate=31_02_2025', 'startDate', 'Tanggal harus berformat D_M_Y, misalnya 5_3_2026'],
      ]) {
        const res = await call('GET', `${list}&${query}`, 'superadmin');
        expect([list, query, res.statusCode]).toEqual([list, query, 400]);
        expect(json(res).errors).toContainEqual({ path, message });
      }
    }
    const doctors = await call(
      'GET',
      '/registrations/doctors/available?clinicId=10&date=31_12_9999',
      'superadmin',
    );
    expect(doctors.statusCode).toBe(400);
    expect(json(doctors).errors).toEqual([{ path: 'date', message: 'Tahun harus antara 1900 dan 2100' }]);
  });

  it('read the edges of the range', async () => {
    const edges = await call(
      'GET',
      '/registrations/registrations?clinicId=10&startDate=1_12_2100&endDate=31_12_2100',
      'superadmin',
    );
    expect(edges.statusCode).toBe(200);
    expect(json(edges).data.totalDocs).toBe(0);
  });
});

describe('lists carrying NIK and phone (issue 13.9)', () => {
  const span = (days: number, endOffset = 1) => {
    const end = addDays(today, endOffset);
    return `startDate=${dayToDmy(addDays(end, -days))}&endDate=${dayToDmy(end)}`;
  };

  it('cover at most 31 days a request; the status counts any range', async () => {
    for (const list of [
      '/registrations/registrations?clinicId=10',
      '/registrations/registrations/lab/mcu/populate/labpreass?clinicId=10',
    ]) {
      expect((await call('GET', `${list}&${span(31)}`, 'superadmin')).statusCode).toBe(200);
      const wide = await call('GET', `${list}&${span(32)}`, 'superadmin');
      expect(wide.statusCode).toBe(400);
      expect(json(wide).errors).toEqual([
        { path: 'endDate', message: 'Rentang tanggal paling lama 31 hari' },
      ]);
      // no start: the clinic's today, up to the end sent
      const ahead = await call('GET', `${list}&endDate=${dayToDmy(addDays(today, 60))}`, 'superadmin');
      expect(ahead.statusCode).toBe(400);
      expect(json(ahead).errors).toEqual([
        { path: 'endDate', message: 'Rentang tanggal paling lama 31 hari' },
      ]);
    }
    const everAll = await call(
      'GET',
      `/registrations/registrations/counts?clinicId=10&startDate=1_1_2000&endDate=${dayToDmy(addDays(today, 1))}`,
      'superadmin',
    );
    expect(everAll.statusCode).toBe(200);
  });

  it('are audited: who listed which visits, with the filter and the count', async () => {
    const patientId = await newPatient(11);
    const made = [
      json(await register(serviceVisit(patientId, 'LAB', { clinicId: 11 }), 'superadmin')).data,
      json(await register(serviceVisit(patientId, 'RAD', { clinicId: 11 }), 'superadmin')).data,
    ];
    // by the new patient's MRN: earlier tests' orders from Menteng are performed here too
    const mrn = made[0].patient.mrn as string;
    const res = await call(
      'GET',
      `/registrations/registrations/lab/mcu/populate/labpreass?clinicId=11&serviceType=LAB_RAD&search=${encodeURIComponent(mrn)}&limit=100000`,
      'lab',
    );
    expect(res.statusCode).toBe(200);
    const lab = await userByName(ctx.database.db, 'lab');
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'visit.list'), eq(auditLog.userId, lab.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const ids = (
      await ctx.database.db
        .select({ id: registrations.id })
        .from(registrations)
        .where(sql`${registrations.uid} IN (${made[0]._id}, ${made[1]._id})`)
    ).map((r) => r.id);
    expect(row).toMatchObject({ clinicId: 11, entity: 'registration' });
    expect(row.detail).toMatchObject({
      list: 'service-desk',
      filter: {
        from: today,
        to: addDays(today, 1),
        serviceType: ['LAB', 'RAD'],
        search: mrn,
        limit: 100000,
      },
      rows: 2,
      total: 2,
      ids: idRuns(ids),
    });

    await call('GET', '/registrations/registrations?clinicId=10&limit=5', 'pendaftaran');
    const clerk = await userByName(ctx.database.db, 'pendaftaran');
    const [queue] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'visit.list'), eq(auditLog.userId, clerk.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(queue.detail).toMatchObject({ list: 'queue', rows: expect.any(Number), filter: { limit: 5 } });
  });

  it('keep the audit of a long page short', () => {
    expect(idRuns([7, 3, 4, 5, 10, 11, 1])).toBe('1,3-5,7,10-11');
    expect(idRuns(Array.from({ length: 100_000 }, (_, i) => i + 1))).toBe('1-100000');
  });
});
