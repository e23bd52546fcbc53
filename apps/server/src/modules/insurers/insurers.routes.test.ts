import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, insurers, registrations } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { practisesToday } from '../../test/visit-fixtures.ts';

/**
 * The insurer master through the API on a real database (issue 18 §6): add, find, page, change and
 * deactivate; field messages; one name per corporate; corporates kept apart; writes only with the
 * Asuransi menu; the eligibility the front office notes on an insurance visit.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'medicalServices',
    'insurance',
    'registration',
  ]);
  for (const u of ['superadmin', 'pendaftaran', 'kasir', 'dokter']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  await practisesToday(ctx.database.db, dokterId, 10);
}, 120_000);
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });
const must = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = 'superadmin') => {
  const res = await call(method, url, who, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return json(res).data;
};
const errorsOf = (res: { body: string }) =>
  Object.fromEntries(
    (JSON.parse(res.body).errors ?? []).map((e: { path: string; message: string }) => [e.path, e.message]),
  );
const audits = async (action: string) =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;

let serial = 0;
const newInsurer = (over: object = {}, who = 'superadmin') =>
  must('POST', '/insurers', { name: `Asuransi Uji ${++serial}`, ...over }, who);

describe('insurers', () => {
  it('adds, finds, pages, changes and deactivates an insurer', async () => {
    const created = await newInsurer({
      name: 'Asuransi Sentosa',
      code: 'ASN',
      kind: 'insurer',
      contactName: 'Ibu Maya',
      phone: '021-5551234',
      email: 'klaim@sentosa.example',
      paymentTermDays: 45,
      ceilingPerVisit: 500_000,
      ceilingPerYear: 5_000_000,
      copayType: 'percent',
      copayValue: 20,
      excludedGroups: ['mcu'],
    });
    expect(created).toMatchObject({
      name: 'Asuransi Sentosa',
      kind: 'insurer',
      paymentTermDays: 45,
      copayType: 'percent',
      copayValue: 20,
      excludedGroups: ['mcu'],
      active: true,
    });
    expect(await audits('insurer.create')).toBeGreaterThan(0);
    // the demo's TPA is there from the seed
    const tpa = await must('GET', '/insurers?kind=tpa&search=admedika');
    expect(tpa.docs.map((i: { name: string }) => i.name)).toEqual(['AdMedika (TPA)']);
    const found = await must('GET', '/insurers?search=sentosa', undefined, 'pendaftaran');
    expect(found.docs.map((i: { uid: string }) => i.uid)).toEqual([created.uid]);
    for (let i = 0; i < 3; i++) await newInsurer();
    const page = await must('GET', '/insurers?limit=2&page=2');
    expect(page.docs).toHaveLength(2);
    expect(page.totalDocs).toBeGreaterThanOrEqual(6);

    const changed = await must('PUT', `/insurers/${created.uid}`, {
      name: 'Asuransi Sentosa Jaya',
      kind: 'insurer',
      copayType: 'fixed',
      copayValue: 30_000,
    });
    expect(changed).toMatchObject({ name: 'Asuransi Sentosa Jaya', copayType: 'fixed', copayValue: 30_000 });
    expect((await must('GET', `/insurers/${created.uid}`, undefined, 'kasir')).name).toBe(
      'Asuransi Sentosa Jaya',
    );
    const off = await must('POST', `/insurers/${created.uid}/deactivate`);
    expect(off.active).toBe(false);
    const active = await must('GET', '/insurers?active=true&limit=100');
    expect(active.docs.map((i: { uid: string }) => i.uid)).not.toContain(created.uid);
  });

  it('names the field of each wrong value and refuses a second insurer of one name', async () => {
    const bad = await call('POST', '/insurers', 'superadmin', {
      name: '',
      copayType: 'percent',
      copayValue: 150,
      ceilingPerVisit: 2_000_000,
      ceilingPerYear: 1_000_000,
      email: 'bukan-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toMatchObject({
      name: 'Nama penjamin wajib diisi',
      copayValue: 'Persentase iur biaya 0 sampai 100 (bilangan bulat)',
      ceilingPerVisit: 'Plafon per kunjungan tidak boleh melebihi plafon per tahun',
      email: 'Email tidak valid',
    });
    await newInsurer({ name: 'Asuransi Kembar' });
    const twin = await call('POST', '/insurers', 'superadmin', { name: 'asuransi kembar' });
    expect(twin.statusCode).toBe(409);
    expect(errorsOf(twin)).toEqual({ name: 'Nama penjamin sudah dipakai' });
  });

  it('keeps corporates apart and refuses writes without the Asuransi menu', async () => {
    const ours = await newInsurer();
    const theirs = await newInsurer({ name: 'Asuransi Milik Lain' }, 'adminlain');
    expect((await call('GET', `/insurers/${ours.uid}`, 'adminlain')).statusCode).toBe(404);
    expect((await call('GET', `/insurers/${theirs.uid}`, 'pendaftaran')).statusCode).toBe(404);
    expect((await call('PUT', `/insurers/${theirs.uid}`, 'superadmin', { name: 'Diambil' })).statusCode).toBe(
      404,
    );
    const list = await must('GET', '/insurers?limit=100', undefined, 'adminlain');
    expect(list.docs.map((i: { uid: string }) => i.uid)).toEqual([theirs.uid]);
    // the front office and the cashier read the list (the payer pick), but keep nothing
    expect((await call('GET', '/insurers', 'kasir')).statusCode).toBe(200);
    expect((await call('POST', '/insurers', 'pendaftaran', { name: 'Asuransi Loket' })).statusCode).toBe(403);
    expect((await call('POST', `/insurers/${ours.uid}/deactivate`, 'kasir')).statusCode).toBe(403);
  });
});

describe('eligibility on a visit', () => {
  let nik = 8100;
  const visitOf = async (payer: object) => {
    const patient = await must('POST', '/patients', {
      clinicId: 10,
      name: `Pasien Eligibilitas ${nik}`,
      sex: 'F',
      dob: '05/06/1991',
      nik: `317105050691${String(nik++).padStart(4, '0')}`,
    });
    const visit = await must('POST', '/registrations/registrations', {
      clinicId: 10,
      patientId: patient.uid,
      orderType: 'doctor',
      doctorId: dokterId,
      ...payer,
    });
    return visit._id as string;
  };

  it('records the insurer, member number and status, by whom and when', async () => {
    const insurer = await newInsurer({ kind: 'tpa' });
    const visit = await visitOf({ payerType: 'insurance', insuranceName: 'Lama', insuranceNumber: 'POL-9' });
    const res = await must(
      'PUT',
      `/insurers/visits/${visit}/eligibility`,
      { insurerUid: insurer.uid, status: 'pending', reference: 'ADM-778899', memberNumber: 'MBR-01' },
      'pendaftaran',
    );
    expect(res).toMatchObject({
      visitUid: visit,
      insurerUid: insurer.uid,
      insurerName: insurer.name,
      memberNumber: 'MBR-01',
      status: 'pending',
      reference: 'ADM-778899',
    });
    const [row] = await ctx.database.db.select().from(registrations).where(eq(registrations.uid, visit));
    const [ins] = await ctx.database.db.select().from(insurers).where(eq(insurers.uid, insurer.uid));
    expect(row).toMatchObject({
      insurerId: ins.id,
      insuranceName: insurer.name,
      insuranceNumber: 'MBR-01',
      eligibilityStatus: 'pending',
      eligibilityReference: 'ADM-778899',
      eligibilityCheckedBy: (await userByName(ctx.database.db, 'pendaftaran')).id,
    });
    expect(row.eligibilityCheckedAt).toBeInstanceOf(Date);
    expect(await audits('visit.eligibility')).toBeGreaterThan(0);
  });

  it('refuses a self-paying visit, an unknown or inactive insurer, and the doctor', async () => {
    const insurer = await newInsurer();
    const self = await visitOf({ payerType: 'self' });
    const body = { insurerUid: insurer.uid, status: 'eligible' };
    expect((await call('PUT', `/insurers/visits/${self}/eligibility`, 'pendaftaran', body)).statusCode).toBe(
      409,
    );
    const insured = await visitOf({ payerType: 'insurance', insuranceName: 'X' });
    const unknown = await call('PUT', `/insurers/visits/${insured}/eligibility`, 'pendaftaran', {
      ...body,
      insurerUid: 'tidak-ada',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorsOf(unknown)).toEqual({ insurerUid: 'Penjamin tidak ditemukan' });
    const theirs = await newInsurer({}, 'adminlain');
    expect(
      (
        await call('PUT', `/insurers/visits/${insured}/eligibility`, 'pendaftaran', {
          ...body,
          insurerUid: theirs.uid,
        })
      ).statusCode,
    ).toBe(404);
    await must('POST', `/insurers/${insurer.uid}/deactivate`);
    expect(
      (await call('PUT', `/insurers/visits/${insured}/eligibility`, 'pendaftaran', body)).statusCode,
    ).toBe(409);
    expect((await call('PUT', `/insurers/visits/${insured}/eligibility`, 'dokter', body)).statusCode).toBe(
      403,
    );
    // another corporate's admin does not find our visit
    expect((await call('PUT', `/insurers/visits/${insured}/eligibility`, 'adminlain', body)).statusCode).toBe(
      404,
    );
    const bad = await call('PUT', `/insurers/visits/${insured}/eligibility`, 'pendaftaran', {
      insurerUid: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toMatchObject({
      insurerUid: 'Penjamin wajib dipilih',
      status: 'Status eligibilitas wajib dipilih',
    });
  });
});
