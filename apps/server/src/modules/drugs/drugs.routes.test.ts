import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { findActiveDrugsByUid } from './drugs.queries.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let demoCorpId: number;
let foreignCorpId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  foreignCorpId = (await addForeignCorporate(ctx.database.db)).corpId;
  // the other corporate's admin keeps a drug master of its own
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'pharmacy',
    'drugs',
  ]);
  for (const u of ['farmasi', 'dokter', 'kasir', 'superadmin']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  demoCorpId = (await userByName(ctx.database.db, 'farmasi')).corpId;
  expect(demoCorpId).not.toBe(foreignCorpId);
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `${API}/settings/pharmacy/drugs${url}`,
    headers: { authorization: tokens[who], ...headers },
    payload,
  });

type Drug = {
  uid: string;
  name: string;
  genericName: string | null;
  form: string;
  strength: string | null;
  unit: string;
  kfaCode: string | null;
  price: number;
  active: boolean;
  updatedAt: string;
};
const list = async (query: string, who = 'farmasi') => {
  const res = await call('GET', query, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as {
    docs: Drug[];
    page: number;
    totalPages: number;
    limit: number;
    totalDocs: number;
  };
};
const names = (docs: Drug[]) => docs.map((d) => [d.name, d.strength].filter(Boolean).join(' '));
const newDrug = (over: Partial<Drug> = {}) => ({
  name: 'Cetirizine sirup',
  genericName: 'Setirizin',
  form: 'sirup',
  strength: '5 mg/5 ml',
  unit: 'botol',
  kfaCode: '',
  price: 15000,
  active: true,
  ...over,
});
const auditCount = async (action: string, uid: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, uid)))
  )[0].n;

describe('the drug list', () => {
  it('pages the demo formulary by name', async () => {
    const first = await list('?limit=10');
    expect(first).toMatchObject({ page: 1, limit: 10 });
    expect(first.totalDocs).toBeGreaterThanOrEqual(40);
    expect(first.totalPages).toBe(Math.ceil(first.totalDocs / 10));
    const lower = first.docs.map((d) => d.name.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    const paracetamol = (await list('?search=paracetamol')).docs.find((d) => d.strength === '500 mg');
    expect(paracetamol).toMatchObject({
      name: 'Paracetamol',
      genericName: 'Parasetamol',
      form: 'tablet',
      unit: 'tablet',
      // a sample code the bundled simulator knows (db/seed/drugs.ts), not Paracetamol's real one
      kfaCode: '93001019',
      price: 500,
      active: true,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(paracetamol).not.toHaveProperty('id');
    expect(paracetamol).not.toHaveProperty('corpId');
    const second = await list('?limit=10&page=2');
    expect(second.docs[0].uid).not.toBe(first.docs[0].uid);
  });

  it('searches name, generic name, strength and KFA code, every word required', async () => {
    expect(names((await list('?search=PARASETAMOL')).docs)).toEqual([
      'Paracetamol 500 mg',
      'Paracetamol sirup 120 mg/5 ml',
    ]);
    expect(names((await list('?search=amlodipin 10')).docs)).toEqual(['Amlodipine 10 mg']);
    expect(names((await list('?search=ketokonazol')).docs)).toEqual(['Ketoconazole krim 2%']);
    expect((await list('?search=zzqx')).docs).toEqual([]);

    const created = json(
      await call('POST', '', 'farmasi', newDrug({ name: 'Loperamide', kfaCode: '93001234' })),
    );
    expect(names((await list('?search=9300123')).docs)).toEqual(['Loperamide 5 mg/5 ml']);
    expect((await list('?search=9300123')).docs[0].uid).toBe(created.data.uid);
  });

  it('filters active and inactive drugs', async () => {
    const inactive = await list('?active=false');
    expect(inactive.docs.length).toBeGreaterThan(0);
    expect(inactive.docs.every((d) => !d.active)).toBe(true);
    expect(names(inactive.docs)).toContain('Ranitidine 150 mg');
    const active = await list('?active=true&limit=100');
    expect(active.docs.every((d) => d.active)).toBe(true);
    expect(active.totalDocs + inactive.totalDocs).toBe((await list('')).totalDocs);
    expect((await call('GET', '?active=yes', 'farmasi')).statusCode).toBe(400);
  });
});

describe('adding and changing drugs', () => {
  it('adds a drug (audited) and refuses the same name, strength and form twice', async () => {
    const res = await call('POST', '', 'farmasi', newDrug({ genericName: '  ', strength: '5 mg/5 ml' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Data obat berhasil disimpan');
    const drug = json(res).data as Drug;
    expect(drug).toMatchObject({ name: 'Cetirizine sirup', genericName: null, kfaCode: null, price: 15000 });
    expect(await auditCount('drug.create', drug.uid)).toBe(1);

    const again = await call('POST', '', 'farmasi', newDrug({ name: 'cetirizine SIRUP' }));
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(
      'Obat cetirizine SIRUP 5 mg/5 ml sirup sudah ada (nama, kekuatan dan bentuk sediaan yang sama)',
    );
    expect(json(again).errors).toEqual([
      { path: 'name', message: 'Sudah ada obat dengan nama, kekuatan dan bentuk sediaan ini' },
    ]);
    const otherStrength = await call('POST', '', 'farmasi', newDrug({ strength: '10 mg/5 ml' }));
    expect(otherStrength.statusCode).toBe(200);
  });

  it('changes a drug (audited), deactivates it and refuses a duplicate', async () => {
    const drug = json(
      await call('POST', '', 'farmasi', newDrug({ name: 'Mebendazole', form: 'tablet' })),
    ).data;
    const res = await call(
      'PUT',
      `/${drug.uid}`,
      'farmasi',
      newDrug({ name: 'Mebendazole', form: 'tablet', price: 2500, strength: '100 mg', unit: 'tablet' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ uid: drug.uid, price: 2500, strength: '100 mg', unit: 'tablet' });
    expect(await auditCount('drug.update', drug.uid)).toBe(1);

    const off = await call('PUT', `/${drug.uid}`, 'farmasi', { ...json(res).data, active: false });
    expect(json(off).data.active).toBe(false);
    expect(names((await list('?search=mebendazole&active=true')).docs)).toEqual([]);
    expect(await findActiveDrugsByUid(ctx.database.db, demoCorpId, [drug.uid])).toEqual([]);

    const clash = await call(
      'PUT',
      `/${drug.uid}`,
      'farmasi',
      newDrug({ name: 'Paracetamol', form: 'tablet', strength: '500 mg' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(json(clash).message).toMatch(/^Obat Paracetamol 500 mg tablet sudah ada/);
  });

  it('answers 404 for an unknown drug or another corporate’s', async () => {
    const unknown = await call('PUT', '/tidak-ada', 'farmasi', newDrug());
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('Obat tidak ditemukan');

    const theirs = json(await call('POST', '', 'adminlain', newDrug({ name: 'Obat Klinik Lain' }))).data;
    expect((await call('PUT', `/${theirs.uid}`, 'farmasi', newDrug({ name: 'Diambil' }))).statusCode).toBe(
      404,
    );
    expect((await list('?search=klinik lain')).docs).toEqual([]);
    const foreignList = await list('', 'adminlain');
    expect(names(foreignList.docs)).toEqual(['Obat Klinik Lain 5 mg/5 ml']);
    // the same drug may exist once in each corporate
    expect(
      (
        await call(
          'POST',
          '',
          'adminlain',
          newDrug({ name: 'Paracetamol', form: 'tablet', strength: '500 mg' }),
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('validation', () => {
  const invalid = { name: ' ', form: '', unit: '', kfaCode: '12ab', price: 1.5 };

  it('refuses bad input with the catalogue messages and writes nothing', async () => {
    const before = (await list('')).totalDocs;
    const res = await call('POST', '', 'farmasi', invalid);
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(json(res).errors!.map((e) => [e.path, e.message]));
    expect(errors).toEqual({
      name: 'Nama obat wajib diisi',
      form: 'Bentuk sediaan wajib diisi',
      unit: 'Satuan wajib diisi',
      kfaCode: 'Kode KFA harus 8 sampai 20 digit angka',
      price: 'Harga harus bilangan bulat rupiah, mulai 0',
    });
    const noPrice = await call('POST', '', 'farmasi', { ...newDrug(), price: undefined });
    expect(json(noPrice).errors).toEqual([{ path: 'price', message: 'Harga wajib diisi' }]);
    const negative = await call('POST', '', 'farmasi', newDrug({ price: -1 }));
    expect(json(negative).errors).toEqual([
      { path: 'price', message: 'Harga harus bilangan bulat rupiah, mulai 0' },
    ]);
    expect((await list('')).totalDocs).toBe(before);
  });

  it('answers in English when the client asks for it', async () => {
    const res = await call('POST', '', 'farmasi', invalid, { 'accept-language': 'en' });
    const errors = Object.fromEntries(json(res).errors!.map((e) => [e.path, e.message]));
    expect(errors).toMatchObject({
      name: 'Drug name is required',
      form: 'Dosage form is required',
      kfaCode: 'KFA code must be 8 to 20 digits',
      price: 'Price must be a whole number of rupiah, from 0',
    });
    const missing = await call('PUT', '/tidak-ada', 'farmasi', newDrug(), { 'accept-language': 'en' });
    expect(json(missing).message).toBe('Drug not found');
  });
});

describe('access', () => {
  it('lets doctors read the list but not change it; the cashier has no access', async () => {
    expect((await list('?search=amoxicillin', 'dokter')).docs.length).toBeGreaterThan(0);
    expect((await call('POST', '', 'dokter', newDrug({ name: 'Dari Dokter' }))).statusCode).toBe(403);
    const any = (await list('?limit=1')).docs[0];
    expect((await call('PUT', `/${any.uid}`, 'dokter', newDrug())).statusCode).toBe(403);
    expect((await call('GET', '', 'kasir')).statusCode).toBe(403);
    expect((await call('POST', '', 'kasir', newDrug({ name: 'Dari Kasir' }))).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${API}/settings/pharmacy/drugs` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('findActiveDrugsByUid', () => {
  it('returns the corporate’s active drugs among the ids, nothing else', async () => {
    const [a, b] = (await list('?search=amlodipin')).docs;
    const ranitidine = (await list('?search=ranitidin')).docs[0];
    const found = await findActiveDrugsByUid(ctx.database.db, demoCorpId, [
      a.uid,
      b.uid,
      ranitidine.uid,
      'nope',
    ]);
    expect(found.map((d) => d.uid).sort()).toEqual([a.uid, b.uid].sort());
    expect(found[0]).toEqual({
      uid: expect.any(String),
      name: 'Amlodipine',
      strength: expect.stringMatching(/mg$/),
      form: 'tablet',
      unit: 'tablet',
      price: expect.any(Number),
    });
    expect(await findActiveDrugsByUid(ctx.database.db, foreignCorpId, [a.uid])).toEqual([]);
    expect(await findActiveDrugsByUid(ctx.database.db, demoCorpId, [])).toEqual([]);
  });
});
