import { clinicDay, weekdayOf } from '@klinikita/domain/common/clinic-day';
import {
  canMove,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '@klinikita/domain/registrations/registration.rules';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doctorScheduleDays, doctorScheduleSlots, registrations } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let dokter2Id: number;
const today = clinicDay('Asia/Jakarta');
const weekday = weekdayOf(today);

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who?: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? { authorization: tokens[who] } : {},
    payload,
  });

let nikSerial = 5000;
async function newPatient(clinicId = 10, name = `Pasien Antri ${nikSerial}`) {
  const res = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name,
    sex: 'F',
    dob: '12/03/1988',
    nik: `317106520388${String(nikSerial++).padStart(4, '0')}`,
    phone: '081299990000',
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

async function register(body: object, who = 'pendaftaran') {
  const res = await call('POST', '/registrations/registrations', who, body);
  if (res.statusCode !== 200) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return json(res).data;
}

/** dokter practises at clinic 10 today (whatever weekday the suite runs) with this daily limit. */
async function dokterToday(limit: number) {
  const db = ctx.database.db;
  await db
    .insert(doctorScheduleDays)
    .values({ doctorId: dokterId, clinicId: 10, weekday, patientLimit: limit })
    .onConflictDoUpdate({
      target: [doctorScheduleDays.doctorId, doctorScheduleDays.clinicId, doctorScheduleDays.weekday],
      set: { patientLimit: limit },
    });
  const [{ n }] = await db
    .select({ n: count() })
    .from(doctorScheduleSlots)
    .where(
      and(
        eq(doctorScheduleSlots.doctorId, dokterId),
        eq(doctorScheduleSlots.clinicId, 10),
        eq(doctorScheduleSlots.weekday, weekday),
      ),
    );
  if (n === 0)
    await db
      .insert(doctorScheduleSlots)
      .values({ doctorId: dokterId, clinicId: 10, weekday, startTime: '22:00', endTime: '23:30' });
}

const setStatus = (uid: string, status: RegistrationStatus) =>
  ctx.database.db.update(registrations).set({ status }).where(eq(registrations.uid, uid));

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  // the other corporate's admin runs its own queue board, and sees nothing of ours
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'patientQueue',
  ]);
  for (const u of ['superadmin', 'admin', 'pendaftaran', 'dokter', 'lab', 'radiologi', 'kasir'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  dokter2Id = (await userByName(ctx.database.db, 'dokter2')).doctorId!;
  await dokterToday(0);
});
afterAll(() => ctx.close());

describe('registering a visit', () => {
  it('answers the registration with its _id and a PREFIX-NNN queue number, status Waiting', async () => {
    const patientId = await newPatient();
    const res = await call('POST', '/registrations/registrations', 'pendaftaran', {
      ...doctorVisit(patientId),
      referrer: 'Puskesmas Menteng',
      complaint: 'Demam 3 hari',
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toMatch(/^Pendaftaran berhasil\. Nomor antrean A-\d{3}$/);
    expect(body.data).toMatchObject({
      status: 'Waiting',
      orderType: 'doctor',
      serviceType: null,
      doctor: { doctorId: dokterId, name: 'dr. Alexander Wijaya' },
      room: 'Poli Umum',
      referrer: 'Puskesmas Menteng',
      complaint: 'Demam 3 hari',
      queueDate: today,
      company: null,
      flaggingSamplingDone: false,
      dataLabPreAss: { isDone: false, radDone: false },
      patient: { uid: patientId, firstName: 'Pasien' },
    });
    expect(body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.queueNumber).toMatch(/^A-\d{3}$/);
    const [{ n }] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registration.create'), eq(auditLog.entityId, body.data._id)));
    expect(n).toBe(1);
  });

  it('takes the prefix from the payer and the service: B for BPJS, L for the lab, R for radiology', async () => {
    const patientId = await newPatient();
    const bpjs = await register(
      doctorVisit(patientId, { payerType: 'bpjs', insuranceNumber: '0001234567890' }),
    );
    expect(bpjs.queueNumber).toMatch(/^B-\d{3}$/);
    expect((await register(serviceVisit(patientId, 'LAB'))).queueNumber).toMatch(/^L-\d{3}$/);
    const rad = await register(serviceVisit(patientId, 'RAD'));
    expect(rad).toMatchObject({ room: 'Radiologi', orderType: 'service', serviceType: 'RAD', doctor: null });
    expect(rad.queueNumber).toMatch(/^R-\d{3}$/);
  });

  it('gives concurrent clerks unique, gap-free numbers', async () => {
    const patientId = await newPatient();
    const before = json(
      await call(
        'GET',
        '/registrations/registrations?clinicId=10&serviceType=TREATMENT&limit=1000',
        'pendaftaran',
      ),
    ).data.totalDocs as number;
    const made = await Promise.all(
      Array.from({ length: 20 }, () =>
        register(serviceVisit(patientId, 'TREATMENT', { confirmDuplicate: true })),
      ),
    );
    const numbers = made.map((r) => Number(r.queueNumber.split('-')[1])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
  });

  it('refuses a doctor without a slot today, and past the day’s limit', async () => {
    const patientId = await newPatient();
    const absent = await call('POST', '/registrations/registrations', 'pendaftaran', {
      ...doctorVisit(patientId),
      doctorId: dokter2Id,
    });
    expect(absent.statusCode).toBe(409);
    expect(json(absent).message).toBe('Dokter dr. Sari Dewi, Sp.PD tidak praktik di klinik ini hari ini');

    const booked = json(
      await call('GET', '/registrations/doctors/available?clinicId=10', 'pendaftaran'),
    ).data.find((d: { doctorId: number }) => d.doctorId === dokterId).booked as number;
    await dokterToday(booked + 2);
    const tries = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(
          'POST',
          '/registrations/registrations',
          'pendaftaran',
          doctorVisit(patientId, { confirmDuplicate: true }),
        ),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const full = tries.find((r) => r.statusCode === 409)!;
    expect(json(full).message).toBe(
      `Kuota dokter dr. Alexander Wijaya hari ini sudah penuh (${booked + 2} pasien)`,
    );
    const available = json(
      await call('GET', '/registrations/doctors/available?clinicId=10', 'pendaftaran'),
    ).data;
    expect(available.find((d: { doctorId: number }) => d.doctorId === dokterId)).toMatchObject({
      full: true,
      limit: booked + 2,
      booked: booked + 2,
      slots: expect.arrayContaining([expect.stringMatching(/^\d\d:\d\d - \d\d:\d\d$/)]),
    });
    await dokterToday(0);
  });

  it('checks the payload with the shared messages and changes nothing on bad input', async () => {
    const patientId = await newPatient();
    const before = (await ctx.database.db.select({ n: count() }).from(registrations))[0].n;
    const noDoctor = await call('POST', '/registrations/registrations', 'pendaftaran', {
      ...doctorVisit(patientId),
      doctorId: undefined,
    });
    expect(noDoctor.statusCode).toBe(400);
    expect(json(noDoctor).errors).toEqual([{ path: 'doctorId', message: 'Pilih dokter' }]);
    const company = await call('POST', '/registrations/registrations', 'pendaftaran', {
      ...serviceVisit(patientId, 'LAB'),
      payerType: 'company',
    });
    expect(json(company).errors).toEqual([{ path: 'companyId', message: 'Pilih perusahaan rekanan' }]);
    const english = await ctx.app.inject({
      method: 'POST',
      url: `${API}/registrations/registrations`,
      headers: { authorization: tokens.pendaftaran, 'accept-language': 'en' },
      payload: { ...serviceVisit(patientId, 'XRAY') },
    });
    expect(json(english).errors).toEqual([{ path: 'serviceType', message: 'Unknown service' }]);
    const ghost = await call(
      'POST',
      '/registrations/registrations',
      'pendaftaran',
      serviceVisit('no-such', 'LAB'),
    );
    expect(ghost.statusCode).toBe(404);
    expect(json(ghost).message).toBe('Pasien tidak ditemukan');
    expect((await ctx.database.db.select({ n: count() }).from(registrations))[0].n).toBe(before);
  });

  it('keeps to the clinic scope and the menus', async () => {
    const patientId = await newPatient();
    const other = await call('POST', '/registrations/registrations', 'pendaftaran', {
      ...serviceVisit(patientId, 'LAB'),
      clinicId: 11,
    });
    expect(other.statusCode).toBe(403);
    const foreign = await call('POST', '/registrations/registrations', 'adminlain', {
      ...serviceVisit(patientId, 'LAB'),
      clinicId: 20,
    });
    // their own clinic, our patient: unknown to them
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', '/registrations/registrations?clinicId=11', 'pendaftaran')).statusCode).toBe(
      403,
    );
    // the cashier's payment desk reads the day's queue; registering is the front office's
    expect((await call('GET', '/registrations/registrations?clinicId=10', 'kasir')).statusCode).toBe(200);
    expect(
      (await call('POST', '/registrations/registrations', 'kasir', serviceVisit(patientId, 'LAB')))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/registrations/registrations', 'dokter', serviceVisit(patientId, 'LAB')))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/registrations/registrations?clinicId=10')).statusCode).toBe(401);
  });
});

describe('the demo', () => {
  it('opens on a living clinic: today’s registrations in every status', async () => {
    const rows = (
      await ctx.database.db.execute(
        sql`SELECT DISTINCT status FROM registrations WHERE clinic_id IN (10, 11, 12) AND queue_date = ${today}::date`,
      )
    ).rows as { status: string }[];
    expect(rows.map((r) => r.status).sort()).toEqual([...REGISTRATION_STATUSES].sort());
  });
});

describe('queue prefixes', () => {
  it('are set per clinic and service and number the next registrations', async () => {
    const defaults = json(await call('GET', '/registrations/queue-prefixes?clinicId=12', 'superadmin')).data;
    expect(defaults).toEqual({
      doctor: 'A',
      bpjs: 'B',
      LAB: 'L',
      RAD: 'R',
      MCU: 'M',
      TREATMENT: 'T',
      PHYSIO: 'F',
    });
    const bad = await call('PUT', '/registrations/queue-prefixes', 'superadmin', {
      clinicId: 12,
      prefixes: { ...defaults, LAB: 'LAB1' },
    });
    expect(json(bad).errors).toEqual([{ path: 'prefixes.LAB', message: 'Awalan antrean 1–3 huruf A–Z' }]);
    const saved = await call('PUT', '/registrations/queue-prefixes', 'superadmin', {
      clinicId: 12,
      prefixes: { ...defaults, LAB: 'lb', MCU: 'lb' },
    });
    expect(json(saved)).toMatchObject({ data: { LAB: 'LB', MCU: 'LB' } });
    // LAB and MCU share one counter now
    const patientId = await newPatient(12);
    const lab = await register({ ...serviceVisit(patientId, 'LAB'), clinicId: 12 }, 'superadmin');
    const mcu = await register({ ...serviceVisit(patientId, 'MCU'), clinicId: 12 }, 'superadmin');
    expect([lab.queueNumber, mcu.queueNumber]).toEqual(['LB-001', 'LB-002']);
    expect(
      (
        await call('PUT', '/registrations/queue-prefixes', 'pendaftaran', {
          clinicId: 12,
          prefixes: defaults,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/registrations/queue-prefixes', 'lab', { clinicId: 11, prefixes: defaults }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the status machine', () => {
  it('allows every legal move and refuses every illegal one with 409', async () => {
    const patientId = await newPatient();
    const reg = await register(serviceVisit(patientId, 'LAB'));
    const statuses = REGISTRATION_STATUSES;
    // who may make which move is the catalogue's (security/status-moves.test.ts); here, the machine
    for (const from of statuses) {
      for (const to of statuses) {
        await setStatus(reg._id, from);
        const res = await call('PATCH', `/registrations/registrations/${reg._id}`, 'superadmin', {
          updateField: { status: to },
          clinicId: 10,
        });
        // Payment → Paid is a legal move, made only by paying the bill (billing): the route refuses it
        const expected = !canMove(from, to) ? 409 : to === 'Paid' ? 403 : 200;
        expect([from, to, res.statusCode]).toEqual([from, to, expected]);
        if (res.statusCode === 200) expect(json(res).data.status).toBe(to);
        else if (res.statusCode === 409)
          expect(json(res).message).toMatch(/tidak dapat diubah|sudah dipanggil/);
      }
    }
  });

  it('reads the spec’s Queuing spelling and explains an illegal move', async () => {
    const reg = await register(serviceVisit(await newPatient(), 'LAB'));
    const queuing = await call('PATCH', `/registrations/registrations/${reg._id}`, 'pendaftaran', {
      updateField: { status: 'Queuing' },
      clinicId: 10,
    });
    expect(json(queuing)).toMatchObject({
      status: true,
      message: 'Status berhasil diubah menjadi Mengantri',
    });
    const paid = await call('PATCH', `/registrations/registrations/${reg._id}`, 'pendaftaran', {
      updateField: { status: 'Paid' },
      clinicId: 10,
    });
    expect(paid.statusCode).toBe(409);
    expect(json(paid).message).toBe('Status tidak dapat diubah dari Mengantri menjadi Lunas');
  });

  it('lets one of two clerks calling the same patient win; the other is told', async () => {
    const reg = await register(doctorVisit(await newPatient()));
    const body = { updateField: { status: 'Examination' }, clinicId: 10, doctorId: dokterId };
    const [a, b] = await Promise.all([
      call('PATCH', `/registrations/registrations/${reg._id}`, 'dokter', body),
      call('PATCH', `/registrations/registrations/${reg._id}`, 'pendaftaran', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(json(loser).message).toBe(
      `Pasien ${reg.queueNumber} sudah dipanggil (status sekarang Pemeriksaan)`,
    );
    const after = json(await call('GET', `/registrations/registrations/${reg._id}`, 'pendaftaran')).data;
    expect(after.status).toBe('Examination');
    expect(after.calledAt).not.toBeNull();
  });

  it('refuses a move from a status the screen no longer shows', async () => {
    const reg = await register(doctorVisit(await newPatient()));
    await setStatus(reg._id, 'Skip');
    const stale = await call('PATCH', `/registrations/registrations/${reg._id}`, 'pendaftaran', {
      updateField: { status: 'Cancelled' },
      clinicId: 10,
      fromStatus: 'Waiting',
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(
      `Pasien ${reg.queueNumber} sudah diproses orang lain: statusnya sekarang Dilewati`,
    );
    const wrongDoctor = await call('PATCH', `/registrations/registrations/${reg._id}`, 'pendaftaran', {
      updateField: { status: 'Examination' },
      clinicId: 10,
      doctorId: dokter2Id,
    });
    expect(json(wrongDoctor).message).toBe('Pendaftaran ini bukan untuk dokter tersebut');
  });

  it('never moves another clinic’s or another corporate’s registration', async () => {
    const reg = await register(serviceVisit(await newPatient(), 'LAB'));
    const wrongClinic = await call('PATCH', `/registrations/registrations/${reg._id}`, 'superadmin', {
      updateField: { status: 'Skip' },
      clinicId: 11,
    });
    expect(wrongClinic.statusCode).toBe(404);
    expect((await call('GET', `/registrations/registrations/${reg._id}`, 'adminlain')).statusCode).toBe(404);
    const lab = await call('PATCH', `/registrations/registrations/${reg._id}`, 'lab', {
      updateField: { status: 'Skip' },
      clinicId: 10,
    });
    expect(lab.statusCode).toBe(403);
    expect(
      json(await call('GET', `/registrations/registrations/${reg._id}`, 'pendaftaran')).data.status,
    ).toBe('Waiting');
  });

  it('sets the lab flags without touching the status', async () => {
    const reg = await register(serviceVisit(await newPatient(), 'LAB'));
    // the steps are the lab's own work: the front office may not record them
    const clerk = await call('PATCH', `/registrations/registrations/${reg._id}`, 'pendaftaran', {
      updateField: { flaggingSamplingDone: true },
      clinicId: 10,
    });
    expect(clerk.statusCode).toBe(403);
    const res = await call('PATCH', `/registrations/registrations/${reg._id}`, 'superadmin', {
      updateField: { flaggingSamplingDone: true, dataLabPreAss: { radDone: true } },
      clinicId: 10,
    });
    expect(json(res)).toMatchObject({
      message: 'Data pemeriksaan berhasil disimpan',
      data: {
        status: 'Waiting',
        flaggingSamplingDone: true,
        dataLabPreAss: { isDone: false, radDone: true },
      },
    });
    const nothing = await call('PATCH', `/registrations/registrations/${reg._id}`, 'pendaftaran', {
      updateField: {},
      clinicId: 10,
    });
    expect(json(nothing).errors).toEqual([{ path: 'updateField', message: 'Tidak ada yang diubah' }]);
  });
});

describe('the lists', () => {
  it('filters by status (underscore-joined), doctor and order type and sorts by queue number', async () => {
    const patientId = await newPatient(10, 'Wulan Sidebar Test');
    const first = await register(doctorVisit(patientId));
    const second = await register(doctorVisit(patientId, { confirmDuplicate: true }));
    await setStatus(second._id, 'Skip');
    const q = `clinicId=10&orderType=doctor&doctor.doctorId=${dokterId}&limit=1000&order=queueNumber_-1`;
    const waiting = json(
      await call('GET', `/registrations/registrations?${q}&status=Waiting_Queuing_Skip`, 'dokter'),
    ).data;
    expect(
      waiting.docs.every((r: { status: string }) => ['Waiting', 'Queueing', 'Skip'].includes(r.status)),
    ).toBe(true);
    const ids = waiting.docs.map((r: { _id: string }) => r._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    const numbers = waiting.docs.map((r: { queueNumber: string }) => r.queueNumber);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const found = json(
      await call('GET', '/registrations/registrations?clinicId=10&search=wulan%20side', 'pendaftaran'),
    ).data;
    expect(found.docs.map((r: { _id: string }) => r._id).sort()).toEqual([first._id, second._id].sort());
    const byNumber = json(
      await call(
        'GET',
        `/registrations/registrations?clinicId=10&search=${first.queueNumber}`,
        'pendaftaran',
      ),
    ).data;
    expect(byNumber.docs.map((r: { _id: string }) => r._id)).toEqual([first._id]);
    const paged = json(
      await call('GET', '/registrations/registrations?clinicId=10&limit=2&page=2', 'pendaftaran'),
    ).data;
    expect(paged).toMatchObject({ page: 2, limit: 2, docs: expect.any(Array) });
    expect(paged.totalPages).toBe(Math.ceil(paged.totalDocs / 2));
    const bad = await call(
      'GET',
      '/registrations/registrations?clinicId=10&status=Waiting_Sleeping',
      'pendaftaran',
    );
    expect(json(bad).errors).toEqual([{ path: 'status', message: 'Status tidak dikenal' }]);
    const badDate = await call(
      'GET',
      '/registrations/registrations?clinicId=10&startDate=2026-01-01',
      'pendaftaran',
    );
    expect(badDate.statusCode).toBe(400);
  });

  it('counts every status under the other filters in one call', async () => {
    const patientId = await newPatient(10, 'Hitung Status Chip');
    const a = await register(serviceVisit(patientId, 'RAD'));
    await register(serviceVisit(patientId, 'RAD', { confirmDuplicate: true }));
    await setStatus(a._id, 'Skip');
    const counts = json(
      await call(
        'GET',
        '/registrations/registrations/counts?clinicId=10&search=hitung%20status',
        'pendaftaran',
      ),
    ).data;
    expect(counts).toEqual({
      Waiting: 1,
      Queueing: 0,
      Skip: 1,
      Examination: 0,
      'Exam Done': 0,
      'Prescription Waiting': 0,
      Payment: 0,
      Paid: 0,
      Cancelled: 0,
    });
    const all = json(
      await call('GET', '/registrations/registrations/counts?clinicId=10', 'pendaftaran'),
    ).data;
    const total = json(await call('GET', '/registrations/registrations?clinicId=10&limit=1', 'pendaftaran'))
      .data.totalDocs;
    expect(Object.values(all as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(total);
    expect(
      (await call('GET', '/registrations/registrations/counts?clinicId=11', 'pendaftaran')).statusCode,
    ).toBe(403);
  });

  it('reads D_M_Y days with the end one day later, defaulting to the clinic’s today', async () => {
    const [y, m, d] = today.split('-').map(Number);
    const dmy = `${d}_${m}_${y}`;
    const tomorrow = new Date(Date.UTC(y, m - 1, d + 1));
    const next = `${tomorrow.getUTCDate()}_${tomorrow.getUTCMonth() + 1}_${tomorrow.getUTCFullYear()}`;
    const all = json(await call('GET', '/registrations/registrations?clinicId=10&limit=1', 'pendaftaran'))
      .data.totalDocs;
    const ranged = json(
      await call(
        'GET',
        `/registrations/registrations?clinicId=10&limit=1&startDate=${dmy}&endDate=${next}`,
        'pendaftaran',
      ),
    ).data.totalDocs;
    expect(ranged).toBe(all);
    const tomorrowOnly = json(
      await call('GET', `/registrations/registrations?clinicId=10&limit=1&startDate=${next}`, 'pendaftaran'),
    ).data.totalDocs;
    expect(tomorrowOnly).toBe(0);
  });

  it('shows the lab list by spec 4’s visibility rule and its envelope', async () => {
    const db = ctx.database.db;
    const companyId = (
      (await db.execute(sql`SELECT id FROM partner_companies ORDER BY id LIMIT 1`)).rows[0] as {
        id: number;
      }
    ).id;
    const patientId = await newPatient(11, 'Visibility Rule');
    const make = (company: boolean) =>
      register(
        {
          ...serviceVisit(patientId, 'MCU', { confirmDuplicate: true }),
          clinicId: 11,
          ...(company ? { payerType: 'company', companyId } : {}),
        },
        'superadmin',
      );
    const own = { payment: await make(false), paid: await make(false) };
    const corp = { payment: await make(true), paid: await make(true) };
    await setStatus(own.payment._id, 'Payment');
    await setStatus(own.paid._id, 'Paid');
    await setStatus(corp.payment._id, 'Payment');
    await setStatus(corp.paid._id, 'Paid');
    const res = await call(
      'GET',
      '/registrations/registrations/lab/mcu/populate/labpreass?order=arrivedAt_1&orderType=service&serviceType=MCU_TREATMENT_RAD_LAB&clinicId=11&limit=1000&search=visibility',
      'lab',
    );
    const body = json(res) as unknown as {
      data: { _id: string }[];
      page: number;
      totalPages: number;
      limit: number;
    };
    expect(body).toMatchObject({ status: true, page: 1, totalPages: 1, limit: 1000 });
    // (not Payment and no company) or (not Paid and a company)
    expect(body.data.map((r) => r._id).sort()).toEqual([own.paid._id, corp.payment._id].sort());
    const pre = json(
      await call('GET', `/assesments/lab_mcu_assesment/LabPreAss/${corp.payment._id}`, 'lab'),
    ).data;
    expect(pre).toMatchObject({ isDone: false, radDone: false, flaggingSamplingDone: false });
    expect(pre.registration.company).toMatchObject({ id: companyId });
    expect(
      (await call('GET', '/registrations/registrations/lab/mcu/populate/labpreass?clinicId=10', 'lab'))
        .statusCode,
    ).toBe(403);
  });
});

describe('the waiting-room display', () => {
  it('is reached by a per-clinic link without login, shows numbers and rooms only, and renews', async () => {
    expect(json(await call('GET', '/registrations/display-link?clinicId=10', 'pendaftaran')).data).toEqual({
      token: null,
      path: null,
    });
    const made = json(
      await call('POST', '/registrations/display-link', 'pendaftaran', { clinicId: 10 }),
    ).data;
    expect(made.path).toBe(`/display/${made.token}`);
    const reg = await register(doctorVisit(await newPatient(10, 'Rahasia Namanya')));
    await call('PATCH', `/registrations/registrations/${reg._id}`, 'dokter', {
      updateField: { status: 'Examination' },
      clinicId: 10,
    });
    const board = await call('GET', `/display/${made.token}`);
    expect(board.statusCode).toBe(200);
    expect(json(board).data).toMatchObject({
      clinicName: 'Klinik Pratama Klinikita Menteng',
      timeZone: 'Asia/Jakarta',
    });
    expect(json(board).data.calls[0]).toMatchObject({
      _id: reg._id,
      queueNumber: reg.queueNumber,
      room: 'Poli Umum',
    });
    expect(board.body).not.toContain('Rahasia');

    const renewed = json(
      await call('POST', '/registrations/display-link', 'pendaftaran', { clinicId: 10 }),
    ).data;
    expect(renewed.token).not.toBe(made.token);
    const old = await call('GET', `/display/${made.token}`);
    expect(old.statusCode).toBe(404);
    expect(json(old).message).toBe('Tautan layar antrean tidak berlaku');
    expect(
      (await call('POST', '/registrations/display-link', 'pendaftaran', { clinicId: 11 })).statusCode,
    ).toBe(403);
  });

  it('streams the clinic’s calls to the display', async () => {
    const link = json(
      await call('POST', '/registrations/display-link', 'pendaftaran', { clinicId: 10 }),
    ).data;
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${address}${API}/display/${link.token}/events`, { signal: abort.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reg = await register(doctorVisit(await newPatient()));
    await call('PATCH', `/registrations/registrations/${reg._id}`, 'dokter', {
      updateField: { status: 'Examination' },
      clinicId: 10,
    });
    let text = '';
    const deadline = Date.now() + 5000;
    while (!text.includes('event: registration.called') && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, j) => setTimeout(() => j(new Error('timeout')), 5000)),
      ]);
      if (chunk.done) break;
      text += chunk.value;
    }
    expect(text).toContain('event: registration.created');
    // a renewed link ends the old link's stream
    await call('POST', '/registrations/display-link', 'pendaftaran', { clinicId: 10 });
    let ended = false;
    while (!ended) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, j) => setTimeout(() => j(new Error('the old stream stayed open')), 5000)),
      ]);
      ended = chunk.done;
    }
    abort.abort();
    expect(text).toContain(
      `event: registration.called\ndata: {"clinicId":10,"type":"registration.called","id":"${reg._id}"`,
    );
    expect((await fetch(`${address}${API}/display/not-a-real-token-aaaaaaaaaaaaa/events`)).status).toBe(404);
  });
});
