import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clinicServices, services } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { newService, serviceByCode, withDemoClinicServices } from './test/fixtures.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let corpId: number;

const MENTENG = 'Klinik Pratama Klinikita Menteng';
const CIKARANG = 'Klinikita MCU Center Cikarang';

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  corpId = (await userByName(db, 'superadmin')).corpId;
  await withDemoClinicServices(db, corpId);
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['services', 'service']);
  // the front office of Menteng may keep its own clinic's services (clinic 10 only)
  await grantMenus(db, (await userByName(db, 'pendaftaran')).roleId, ['services', 'service']);
  for (const u of ['superadmin', 'admin', 'pendaftaran', 'lab', 'kasir'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `${API}/clinic-services${url}`,
    headers: { authorization: tokens[who] },
    payload,
  });

interface Row {
  serviceUid: string;
  code: string;
  group: string;
  desk: string | null;
  offered: boolean;
  room: string | null;
  queuePrefix: string | null;
  performedAt: string;
  performerClinic: { id: number; name: string } | null;
  partnerName: string | null;
  taxOverride: string | null;
}
const list = async (clinicId: number, query = '', who = 'superadmin') => {
  const res = await call('GET', `/${clinicId}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as { docs: Row[]; page: number; totalPages: number; totalDocs: number };
};
const rowOf = async (clinicId: number, code: string) =>
  (await list(clinicId, `?search=${code}&limit=100`)).docs.find((d) => d.code === code)!;
const uid = async (code: string) => (await serviceByCode(ctx.database.db, corpId, code)).uid;
const set = async (clinicId: number, code: string, body: object, who = 'admin') =>
  call('PUT', `/${clinicId}/${await uid(code)}`, who, body);
const lastAudit = async (action: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('a clinic’s services', () => {
  it('lists every service of the corporate with this clinic’s settings, by group, searched and paged', async () => {
    const lab = await list(10, '?group=lab&limit=100');
    expect(lab.docs.length).toBeGreaterThanOrEqual(4);
    expect(lab.docs.every((d) => d.group === 'lab' && d.desk === 'LAB')).toBe(true);
    const dl = lab.docs.find((d) => d.code === 'LAB-DL')!;
    expect(dl).toMatchObject({
      offered: true,
      performedAt: 'sister',
      performerClinic: { id: 11, name: CIKARANG },
      room: null,
      partnerName: null,
    });
    expect(dl).not.toHaveProperty('serviceId');
    expect(dl).not.toHaveProperty('clinicId');
    // the MCU centre performs the lab itself, in its lab room and queue
    expect(await rowOf(11, 'LAB-DL')).toMatchObject({
      offered: true,
      performedAt: 'here',
      room: 'Laboratorium',
      queuePrefix: 'L',
    });
    // Makassar sends its lab tests out
    expect(await rowOf(13, 'LAB-DL')).toMatchObject({
      performedAt: 'external',
      partnerName: 'Lab Mitra Makassar',
    });

    const all = await list(10, '?limit=100');
    const groups = all.docs.map((d) => d.group);
    const order = ['registration', 'consultation', 'procedure', 'lab', 'radiology', 'physio', 'mcu', 'other'];
    expect(groups).toEqual([...groups].sort((a, b) => order.indexOf(a) - order.indexOf(b)));

    const found = (await list(10, '?search=darah lengkap')).docs.map((d) => d.code);
    expect(found).toContain('LAB-DL');
    expect(found).not.toContain('LAB-UA');
    const paged = await list(10, '?limit=2&page=2');
    expect(paged).toMatchObject({ page: 2, totalPages: Math.ceil(paged.totalDocs / 2) });
    expect(paged.docs).toHaveLength(2);

    // Cikarang offers no physiotherapy: it is listed as not offered
    const notOffered = (await list(11, '?offered=false&limit=100')).docs;
    expect(notOffered.map((d) => d.code)).toContain('FIS-SESI');
    expect(notOffered.every((d) => !d.offered)).toBe(true);
    expect((await list(11, '?offered=true&limit=100')).docs.every((d) => d.offered)).toBe(true);
  });

  it('is read with service.read in the caller’s clinics only (403 outside, 404 for another corporate’s service)', async () => {
    expect((await call('GET', '/10', 'lab')).statusCode).toBe(403);
    expect((await call('GET', '/10', 'kasir')).statusCode).toBe(403);
    expect((await call('GET', '/11', 'pendaftaran')).statusCode).toBe(403);
    expect((await call('GET', '/10', 'adminlain')).statusCode).toBe(403);
    // the other corporate sees none of the demo chain's services at its own clinic
    expect((await list(20, '', 'adminlain')).docs).toEqual([]);
    const foreign = await call('PUT', `/20/${await uid('LAB-DL')}`, 'adminlain', { offered: true });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe('Layanan tidak ditemukan');
    expect((await call('GET', '/999999', 'superadmin')).statusCode).toBe(403);
    expect((await call('GET', '/abc', 'superadmin')).statusCode).toBe(400);
  });
});

describe('setting one service', () => {
  it('offers it with room, prefix, performer and tax rule; stopping keeps the row, inactive; every change audited', async () => {
    const res = await set(13, 'RAD-THORAX', {
      offered: true,
      room: ' Ruang Rontgen ',
      queuePrefix: 'rx',
      performedAt: 'sister',
      performerClinicId: 12,
      partnerName: 'ignored for a sister clinic',
      taxCategory: 'ppn',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Pengaturan layanan Rontgen Thorax PA disimpan');
    expect(json(res).data).toMatchObject({
      code: 'RAD-THORAX',
      offered: true,
      room: 'Ruang Rontgen',
      queuePrefix: 'RX',
      performedAt: 'sister',
      performerClinic: { id: 12, name: 'Klinikita MCU Center Surabaya' },
      partnerName: null,
      taxOverride: 'ppn',
    });
    const audit = await lastAudit('clinicService.update');
    expect(audit).toMatchObject({ clinicId: 13, entity: 'clinicService', entityId: await uid('RAD-THORAX') });
    expect(audit.detail).toMatchObject({
      code: 'RAD-THORAX',
      changed: { active: { from: false, to: true }, performerClinicId: { from: null, to: 12 } },
    });

    const stop = await set(13, 'RAD-THORAX', {
      offered: false,
      room: 'Ruang Rontgen',
      queuePrefix: 'RX',
      performedAt: 'sister',
      performerClinicId: 12,
      taxCategory: 'ppn',
    });
    expect(stop.statusCode).toBe(200);
    expect(json(stop).data).toMatchObject({ offered: false, room: 'Ruang Rontgen' });
    const [row] = await ctx.database.db
      .select()
      .from(clinicServices)
      .where(
        and(
          eq(clinicServices.clinicId, 13),
          eq(clinicServices.serviceId, (await serviceByCode(ctx.database.db, corpId, 'RAD-THORAX')).id),
        ),
      );
    expect(row).toMatchObject({ active: false, queuePrefix: 'RX', performerClinicId: 12 });
    expect((await lastAudit('clinicService.update')).detail).toMatchObject({
      changed: { active: { from: true, to: false } },
    });
    expect((await list(13, '?offered=false&group=radiology')).docs.map((d) => d.code)).toContain(
      'RAD-THORAX',
    );
  });

  it('checks the fields: a performer for a sister clinic, a partner for an external one, a prefix of letters', async () => {
    const noPerformer = await set(13, 'RAD-THORAX', { offered: true, performedAt: 'sister' });
    expect(noPerformer.statusCode).toBe(400);
    expect(json(noPerformer).errors).toEqual([
      { path: 'performerClinicId', message: 'Pilih klinik yang mengerjakan layanan ini' },
    ]);
    const noPartner = await set(13, 'RAD-THORAX', {
      offered: true,
      performedAt: 'external',
      partnerName: ' ',
    });
    expect(json(noPartner).errors).toEqual([{ path: 'partnerName', message: 'Nama mitra wajib diisi' }]);
    const prefix = await set(13, 'RAD-THORAX', { offered: true, queuePrefix: 'R1' });
    expect(json(prefix).errors).toEqual([
      { path: 'queuePrefix', message: 'Prefiks antrean 1 sampai 3 huruf, mis. L' },
    ]);
    const self = await set(13, 'RAD-THORAX', { offered: true, performedAt: 'sister', performerClinicId: 13 });
    expect(self.statusCode).toBe(400);
    expect(json(self).errors?.[0].path).toBe('performerClinicId');
  });

  it('refuses a performer that is not a clinic of the corporate or does not perform the service itself', async () => {
    const foreign = await set(13, 'LAB-DL', { offered: true, performedAt: 'sister', performerClinicId: 20 });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe('Klinik pelaksana tidak ditemukan di grup ini');
    // Menteng sends its lab tests to Cikarang: it cannot perform Makassar's
    const menteng = await set(13, 'LAB-DL', { offered: true, performedAt: 'sister', performerClinicId: 10 });
    expect(menteng.statusCode).toBe(409);
    expect(json(menteng).message).toBe(
      `${MENTENG} tidak mengerjakan Darah Lengkap di kliniknya sendiri. Aktifkan dulu layanan itu di ${MENTENG} dengan "Dikerjakan di: Klinik ini".`,
    );
    expect(json(menteng).errors?.[0].path).toBe('performerClinicId');
    expect(await rowOf(13, 'LAB-DL')).toMatchObject({ performedAt: 'external' });
  });

  it('refuses to stop performing a service that another clinic sends here', async () => {
    const stop = await set(11, 'LAB-DL', { offered: false, performedAt: 'here', room: 'Laboratorium' });
    expect(stop.statusCode).toBe(409);
    expect(json(stop).message).toBe(
      `${MENTENG} mengirim Darah Lengkap ke klinik ini. Ubah dulu pengaturan layanan itu di klinik tersebut.`,
    );
    const elsewhere = await set(11, 'LAB-DL', {
      offered: true,
      performedAt: 'external',
      partnerName: 'Lab X',
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(await rowOf(11, 'LAB-DL')).toMatchObject({ offered: true, performedAt: 'here' });
  });

  it('refuses to offer a service deactivated in the master', async () => {
    const gone = await newService(ctx.database.db, corpId, 'LAB-OLD', 'lab', 'Tes Lama');
    await ctx.database.db.update(services).set({ active: false }).where(eq(services.id, gone.id));
    const res = await set(10, 'LAB-OLD', { offered: true });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Layanan Tes Lama nonaktif di Master Layanan; aktifkan dulu di sana');
    expect((await list(10, '?search=LAB-OLD')).docs).toEqual([]);
  });

  it('needs clinicService.manage, in the caller’s own clinics', async () => {
    expect((await set(10, 'TND-RAWAT', { offered: true }, 'lab')).statusCode).toBe(403);
    expect(
      (await set(11, 'TND-RAWAT', { offered: true, room: 'Ruang Tindakan' }, 'pendaftaran')).statusCode,
    ).toBe(403);
    const own = await set(
      10,
      'TND-RAWAT',
      { offered: true, room: 'Ruang Tindakan 2', queuePrefix: 'T' },
      'pendaftaran',
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(json(own).data.room).toBe('Ruang Tindakan 2');
  });
});

describe('setting a whole group', () => {
  it('offers every lab test of the group performed at a sister clinic, keeping rooms, audited once', async () => {
    const res = await call('POST', '/13/bulk', 'admin', {
      group: 'lab',
      offered: true,
      performedAt: 'sister',
      performerClinicId: 11,
    });
    expect(res.statusCode, res.body).toBe(200);
    const labCount = (await list(11, '?group=lab&offered=true&limit=100')).totalDocs;
    expect(json(res).data.changed).toBe(labCount);
    expect(json(res).message).toBe(`${labCount} layanan Laboratorium diperbarui`);
    const rows = (await list(13, '?group=lab&offered=true&limit=100')).docs;
    expect(rows.length).toBe(labCount);
    expect(rows.every((r) => r.performedAt === 'sister' && r.performerClinic?.id === 11)).toBe(true);
    // the room of the rows is kept (no room given), the partner is gone
    expect(rows.every((r) => r.room === 'Laboratorium' && r.partnerName === null)).toBe(true);
    const audit = await lastAudit('clinicService.bulkUpdate');
    expect(audit).toMatchObject({ clinicId: 13, entity: 'clinicService', entityId: 'lab' });
    expect(audit.detail).toMatchObject({ group: 'lab', performerClinicId: 11, changed: labCount });

    // the same again changes nothing
    const again = await call('POST', '/13/bulk', 'admin', {
      group: 'lab',
      offered: true,
      performedAt: 'sister',
      performerClinicId: 11,
    });
    expect(json(again).data.changed).toBe(0);

    // and back to the partner lab, with a sampling room for all
    const back = await call('POST', '/13/bulk', 'admin', {
      group: 'lab',
      offered: true,
      performedAt: 'external',
      partnerName: 'Lab Mitra Makassar',
      room: 'Ruang Sampling',
    });
    expect(json(back).data.changed).toBe(labCount);
    expect(await rowOf(13, 'LAB-UA')).toMatchObject({
      performedAt: 'external',
      partnerName: 'Lab Mitra Makassar',
      room: 'Ruang Sampling',
      queuePrefix: 'L',
    });
  });

  it('refuses a performer that lacks some of the group, naming them, and a stop others depend on', async () => {
    await newService(ctx.database.db, corpId, 'LAB-ZZ', 'lab', 'Tes Baru');
    const missing = await call('POST', '/13/bulk', 'admin', {
      group: 'lab',
      offered: true,
      performedAt: 'sister',
      performerClinicId: 12,
    });
    expect(missing.statusCode).toBe(409);
    expect(json(missing).message).toMatch(
      /^Klinikita MCU Center Surabaya tidak mengerjakan \d+ layanan kelompok ini/,
    );
    expect(json(missing).message).toContain('LAB-ZZ');
    const stop = await call('POST', '/11/bulk', 'admin', { group: 'lab', offered: false });
    expect(stop.statusCode).toBe(409);
    expect(json(stop).message).toMatch(
      new RegExp(`^${MENTENG} mengirim \\d+ layanan kelompok ini ke klinik ini`),
    );
    const none = await call('POST', '/11/bulk', 'admin', { group: 'other', offered: true });
    expect(none.statusCode).toBe(409);
    expect(json(none).errors?.[0].path).toBe('group');
    expect((await call('POST', '/11/bulk', 'pendaftaran', { group: 'lab', offered: true })).statusCode).toBe(
      403,
    );
  });
});

describe('sister clinics', () => {
  it('lists the corporate’s other clinics', async () => {
    const res = await call('GET', '/10/sisters', 'admin');
    expect(json(res).data.map((c: { id: number }) => c.id)).toEqual([11, 12, 13]);
    expect((await call('GET', '/10/sisters', 'adminlain')).statusCode).toBe(403);
  });
});
