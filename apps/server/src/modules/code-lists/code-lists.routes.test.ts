import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  // the other corporate's admin keeps code lists of its own
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'medicalServices',
    'statesCode',
  ]);
  for (const u of ['admin', 'superadmin', 'kasir', 'dokter', 'lab']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who = 'admin',
  payload?: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `${API}/code-lists${url}`,
    headers: { authorization: tokens[who], ...headers },
    payload,
  });

type Item = {
  uid: string;
  list: string;
  code: string;
  nameId: string;
  nameEn: string;
  sort: number;
  active: boolean;
  updatedAt: string;
};
type Page = { docs: Item[]; page: number; totalPages: number; limit: number; totalDocs: number };
const list = async (name: string, query = '', who = 'admin') => {
  const res = await call('GET', `/${name}/items${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Page;
};
const codes = (page: Page) => page.docs.map((d) => d.code);
const entry = (over: Partial<Item> = {}) => ({
  code: 'pindah-kota',
  nameId: 'Pasien pindah kota',
  nameEn: 'Patient moved to another city',
  ...over,
});
const audits = (action: string, uid: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, uid)))
    .orderBy(desc(auditLog.id));
const auditCount = async (uid: string) =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, uid)))[0].n;

describe('listing a code list', () => {
  it('lists the MCU conclusion categories in their order', async () => {
    const page = await list('mcuConclusion');
    expect(page).toMatchObject({ page: 1, limit: 20, totalDocs: 4, totalPages: 1 });
    expect(page.docs.map((d) => [d.code, d.nameId, d.nameEn])).toEqual([
      ['FIT', 'Layak kerja', 'Fit'],
      ['FIT_NOTE', 'Layak kerja dengan catatan', 'Fit with note'],
      ['TEMP_UNFIT', 'Tidak layak sementara', 'Temporarily unfit'],
      ['UNFIT', 'Tidak layak', 'Unfit'],
    ]);
    expect(page.docs[0]).toEqual({
      uid: expect.any(String),
      list: 'mcuConclusion',
      code: 'FIT',
      nameId: 'Layak kerja',
      nameEn: 'Fit',
      sort: 10,
      active: true,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('keeps each list apart, searches code and both names, filters by status and pages', async () => {
    expect(codes(await list('sampleRejection', '?search=hemolisis'))).toEqual(['HEMOLISIS']);
    expect(codes(await list('sampleRejection', '?search=VOLUME kurang'))).toEqual(['VOL-KURANG']);
    expect(codes(await list('sampleRejection', '?search=wrong container'))).toEqual(['WADAH-SALAH']);
    expect(codes(await list('cancellation', '?search=hemolisis'))).toEqual([]);
    expect(codes(await list('cancellation', '?search=btl-'))).toEqual(['BTL-DATANG']);

    const inactive = await list('discount', '?active=false');
    expect(codes(inactive)).toEqual(['PROMO-HUT']);
    const active = await list('discount', '?active=true');
    expect(active.docs.every((d) => d.active)).toBe(true);
    expect(codes(active)).toEqual(expect.arrayContaining(['KARYAWAN', 'KEL-KARYAWAN', 'PROMO', 'DIREKSI']));
    expect(active.totalDocs + inactive.totalDocs).toBe((await list('discount')).totalDocs);

    const first = await list('sampleRejection', '?limit=3');
    expect(first).toMatchObject({ limit: 3, totalPages: Math.ceil(first.totalDocs / 3) });
    const second = await list('sampleRejection', '?limit=3&page=2');
    expect(second.docs[0].sort).toBeGreaterThan(first.docs[2].sort);
  });

  it('refuses an unknown list and a bad filter', async () => {
    const res = await call('GET', '/kodeWilayah/items');
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([{ path: 'list', message: 'Daftar kode tidak dikenal' }]);
    expect((await call('GET', '/refund/items?active=ya')).statusCode).toBe(400);
  });
});

describe('adding and changing entries', () => {
  it('adds an entry at the end of its list in capitals (audited) and refuses its code twice', async () => {
    const before = await list('cancellation', '?limit=100');
    const last = before.docs.at(-1)!;
    const res = await call('POST', '/cancellation/items', 'admin', entry());
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Entri berhasil disimpan');
    const item = json(res).data as Item;
    expect(item).toMatchObject({
      list: 'cancellation',
      code: 'PINDAH-KOTA',
      sort: last.sort + 10,
      active: true,
    });
    expect(codes(await list('cancellation', '?limit=100')).at(-1)).toBe('PINDAH-KOTA');
    const [row] = await audits('codeList.create', item.uid);
    expect(row).toMatchObject({ entity: 'code_list_item', clinicId: null });
    expect(row.detail).toMatchObject({ list: 'cancellation', code: 'PINDAH-KOTA' });

    const again = await call('POST', '/cancellation/items', 'admin', entry({ code: ' Pindah-Kota ' }));
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Kode PINDAH-KOTA sudah ada di daftar ini');
    expect(json(again).errors).toEqual([{ path: 'code', message: 'Kode ini sudah dipakai di daftar ini' }]);
    // the same code may stand in another list
    const elsewhere = await call('POST', '/refund/items', 'admin', entry({ sort: 5 }));
    expect(elsewhere.statusCode).toBe(200);
    expect(json(elsewhere).data.sort).toBe(5);
    expect(codes(await list('refund'))[0]).toBe('PINDAH-KOTA');
  });

  it('changes an entry (audited with what changed) and refuses a code the list has', async () => {
    const item = json(await call('POST', '/discount/items', 'admin', entry({ code: 'VIP' }))).data as Item;
    const res = await call('PUT', `/discount/items/${item.uid}`, 'admin', {
      code: 'vip',
      nameId: 'Pasien VIP',
      nameEn: 'VIP patient',
      sort: 15,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ uid: item.uid, code: 'VIP', nameId: 'Pasien VIP', sort: 15 });
    const [row] = await audits('codeList.update', item.uid);
    expect(row.detail).toEqual({
      list: 'discount',
      code: 'VIP',
      changed: {
        nameId: { from: 'Pasien pindah kota', to: 'Pasien VIP' },
        nameEn: { from: 'Patient moved to another city', to: 'VIP patient' },
        sort: { from: item.sort, to: 15 },
      },
    });
    // without a place the entry keeps its own; saving it unchanged writes nothing
    const same = await call('PUT', `/discount/items/${item.uid}`, 'admin', {
      code: 'VIP',
      nameId: 'Pasien VIP',
      nameEn: 'VIP patient',
    });
    expect(json(same).data.sort).toBe(15);
    expect(await audits('codeList.update', item.uid)).toHaveLength(1);

    const clash = await call('PUT', `/discount/items/${item.uid}`, 'admin', entry({ code: 'karyawan' }));
    expect(clash.statusCode).toBe(409);
    expect(json(clash).errors).toEqual([{ path: 'code', message: 'Kode ini sudah dipakai di daftar ini' }]);
    expect(codes(await list('discount', '?search=vip'))).toEqual(['VIP']);
  });

  it('refuses bad input with the catalogue messages and writes nothing', async () => {
    const before = (await list('refund')).totalDocs;
    const res = await call('POST', '/refund/items', 'admin', { code: 'a b', nameId: ' ', sort: 1.5 });
    expect(res.statusCode).toBe(400);
    expect(Object.fromEntries(json(res).errors!.map((e) => [e.path, e.message]))).toEqual({
      code: 'Kode hanya boleh berisi huruf, angka, titik, garis bawah atau tanda hubung',
      nameId: 'Nama (Indonesia) wajib diisi',
      nameEn: 'Nama (Inggris) wajib diisi',
      sort: 'Urutan harus bilangan bulat 0 sampai 9999',
    });
    const en = await call('POST', '/refund/items', 'admin', { code: '' }, { 'accept-language': 'en' });
    expect(Object.fromEntries(json(en).errors!.map((e) => [e.path, e.message]))).toMatchObject({
      code: 'Code is required',
      nameEn: 'Name (English) is required',
    });
    expect((await list('refund')).totalDocs).toBe(before);
  });
});

describe('deactivating, reactivating and ordering', () => {
  it('deactivates and reactivates an entry (each audited once), never deleting it', async () => {
    const [item] = (await list('sampleRejection', '?search=lipemik')).docs;
    const off = await call('POST', `/sampleRejection/items/${item.uid}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off).message).toBe('Entri dinonaktifkan');
    expect(json(off).data).toMatchObject({ uid: item.uid, active: false });
    expect(codes(await list('sampleRejection', '?active=true&limit=100'))).not.toContain('LIPEMIK');
    expect(codes(await list('sampleRejection', '?active=false'))).toEqual(['LIPEMIK']);
    // switching to the state it is in changes nothing
    await call('POST', `/sampleRejection/items/${item.uid}/deactivate`);
    expect(await audits('codeList.deactivate', item.uid)).toHaveLength(1);

    const on = await call('POST', `/sampleRejection/items/${item.uid}/reactivate`);
    expect(json(on).message).toBe('Entri diaktifkan kembali');
    expect(json(on).data.active).toBe(true);
    expect(await audits('codeList.reactivate', item.uid)).toHaveLength(1);
  });

  it('moves an entry one place and numbers the list again; at the ends nothing moves', async () => {
    const before = await list('mcuConclusion');
    const [fit, fitNote] = before.docs;
    const res = await call('POST', `/mcuConclusion/items/${fitNote.uid}/move`, 'admin', { direction: 'up' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ code: 'FIT_NOTE', sort: 10 });
    const after = await list('mcuConclusion');
    expect(after.docs.map((d) => [d.code, d.sort])).toEqual([
      ['FIT_NOTE', 10],
      ['FIT', 20],
      ['TEMP_UNFIT', 30],
      ['UNFIT', 40],
    ]);
    const [row] = await audits('codeList.reorder', fitNote.uid);
    expect(row.detail).toMatchObject({ direction: 'up', from: 2, to: 1 });

    const top = await call('POST', `/mcuConclusion/items/${fitNote.uid}/move`, 'admin', { direction: 'up' });
    expect(json(top).data.sort).toBe(10);
    expect(await audits('codeList.reorder', fitNote.uid)).toHaveLength(1);
    await call('POST', `/mcuConclusion/items/${fit.uid}/move`, 'admin', { direction: 'up' });
    expect(codes(await list('mcuConclusion'))).toEqual(['FIT', 'FIT_NOTE', 'TEMP_UNFIT', 'UNFIT']);
    const bad = await call('POST', `/mcuConclusion/items/${fit.uid}/move`, 'admin', { direction: 'left' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('scope and access', () => {
  it('keeps each corporate’s lists apart: another corporate’s entry is not found', async () => {
    expect((await list('discount', '', 'adminlain')).docs).toEqual([]);
    const theirs = json(await call('POST', '/discount/items', 'adminlain', entry({ code: 'KARYAWAN' })));
    expect(theirs.data.code).toBe('KARYAWAN');
    expect(codes(await list('discount', '', 'adminlain'))).toEqual(['KARYAWAN']);
    expect(codes(await list('discount', '?search=karyawan'))).not.toContain('PINDAH-KOTA');

    const uid = theirs.data.uid as string;
    for (const [method, url, body] of [
      ['PUT', `/discount/items/${uid}`, entry({ code: 'DIAMBIL' })],
      ['POST', `/discount/items/${uid}/deactivate`, undefined],
      ['POST', `/discount/items/${uid}/reactivate`, undefined],
      ['POST', `/discount/items/${uid}/move`, { direction: 'down' }],
    ] as const) {
      const res = await call(method, url, 'admin', body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(json(res).message).toBe('Entri daftar kode tidak ditemukan');
    }
    // an entry asked for under another list is not found either
    const mine = (await list('discount', '?search=direksi')).docs[0];
    expect((await call('POST', `/refund/items/${mine.uid}/deactivate`)).statusCode).toBe(404);
    expect(await auditCount(uid)).toBe(1);
  });

  it('lets Super Admin keep the lists and refuses roles without the menu', async () => {
    expect(codes(await list('mcuConclusion', '', 'superadmin'))).toContain('FIT');
    for (const who of ['kasir', 'dokter', 'lab']) {
      expect((await call('GET', '/cancellation/items', who)).statusCode, who).toBe(403);
      expect((await call('POST', '/cancellation/items', who, entry({ code: who }))).statusCode, who).toBe(
        403,
      );
    }
    const [item] = (await list('cancellation')).docs;
    expect((await call('POST', `/cancellation/items/${item.uid}/deactivate`, 'kasir')).statusCode).toBe(403);
    expect((await list('cancellation')).docs[0].active).toBe(true);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${API}/code-lists/cancellation/items` });
    expect(anonymous.statusCode).toBe(401);
  });
});
