import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, labParameters, services } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { LAB_PANEL_ITEMS, LAB_TEST_PARAMETERS } from '../../db/seed/lab-catalogue.data.ts';
import { seedLabCatalogue } from '../../db/seed/lab-catalogue.ts';
import { newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let corpId: number;
let foreignCorpId: number;

/** A service row of a corporate (the service master's table, written directly by the fixture). */
async function addService(
  db: Db,
  corp: number,
  code: string,
  over: Partial<typeof services.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(services)
    .values({
      uid: newUid(),
      corpId: corp,
      code,
      nameId: code,
      nameEn: code,
      serviceGroup: 'lab',
      unit: 'pemeriksaan',
      isPackage: code.startsWith('LAB-P-'),
      ...over,
    })
    .returning();
  return row.uid;
}

/**
 * The demo's lab tests and panels, whether or not the service master's seed made them: the
 * missing ones are added and the lab catalogue's seed fills them (it leaves filled ones alone).
 */
async function ensureDemoLab(db: Db) {
  const wanted = [...Object.keys(LAB_TEST_PARAMETERS), ...Object.keys(LAB_PANEL_ITEMS)];
  const have = await db
    .select({ code: services.code })
    .from(services)
    .where(and(eq(services.corpId, corpId), inArray(services.code, wanted)));
  for (const code of wanted.filter((c) => !have.some((h) => h.code === c)))
    await addService(db, corpId, code);
  await seedLabCatalogue(db, corpId);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  foreignCorpId = (await addForeignCorporate(db)).corpId;
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['masterData', 'panel']);
  corpId = (await userByName(db, 'admin')).corpId;
  await ensureDemoLab(db);
  for (const u of ['admin', 'superadmin', 'pendaftaran', 'lab']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who = 'admin', payload?: object) =>
  ctx.app.inject({
    method,
    url: `${API}/lab-catalogue${url}`,
    headers: { authorization: tokens[who] },
    payload,
  });

type ListItem = {
  uid: string;
  code: string;
  isPanel: boolean;
  active: boolean;
  parameterCount: number;
  itemCount: number;
};
type Range = Record<string, unknown> & { sex: string; ageFromDays: number; ageToDays: number | null };
type Parameter = {
  uid: string;
  code: string;
  unit: string | null;
  resultType: string;
  formula: string | null;
  loinc: string | null;
  active: boolean;
  ranges: Range[];
};
type Detail = {
  uid: string;
  code: string;
  isPanel: boolean;
  parameters: Parameter[];
  items: { uid: string; code: string; active: boolean }[];
};

const list = async (query = '', who = 'admin') => {
  const res = await call('GET', `/tests${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as { docs: ListItem[]; totalDocs: number; totalPages: number };
};
const uidOf = async (code: string) => {
  const found = (await list(`?search=${encodeURIComponent(code)}&limit=100`)).docs.find(
    (d) => d.code === code,
  );
  if (!found) throw new Error(`no ${code}`);
  return found.uid;
};
const detail = async (code: string) => {
  const res = await call('GET', `/tests/${await uidOf(code)}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Detail;
};
const param = (d: Detail, code: string) => d.parameters.find((p) => p.code === code)!;
const auditRows = (action: string, entityId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
const newParameter = (over: object = {}) => ({
  code: 'nonhdl',
  nameId: 'Kolesterol non-HDL',
  nameEn: 'Non-HDL cholesterol',
  unit: 'mg/dL',
  resultType: 'number',
  decimals: 0,
  printOrder: 50,
  loinc: '43396-1',
  specimen: 'serum',
  container: 'plain',
  choices: null,
  formula: 'CHOL - HDL',
  ...over,
});
const range = (over: object = {}) => ({
  sex: 'any',
  ageFromDays: 0,
  ageToDays: null,
  low: null,
  high: null,
  criticalLow: null,
  criticalHigh: null,
  impossibleLow: null,
  impossibleHigh: null,
  normalText: null,
  ...over,
});

describe('the list of tests and panels', () => {
  it('lists the corporate’s lab tests before its panels, by code, and filters them', async () => {
    const all = await list('?limit=100');
    const codes = all.docs.map((d) => d.code);
    for (const code of ['LAB-DL', 'LAB-LIPID', 'LAB-UL', 'LAB-P-MCU']) expect(codes).toContain(code);
    expect(codes.some((c) => !c.startsWith('LAB'))).toBe(false);
    const tests = all.docs.filter((d) => !d.isPanel).map((d) => d.code);
    expect(codes.slice(0, tests.length)).toEqual([...tests].sort());
    const lipid = all.docs.find((d) => d.code === 'LAB-LIPID');
    expect(lipid).toMatchObject({ isPanel: false, parameterCount: 4, itemCount: 0, active: true });
    expect(lipid).not.toHaveProperty('id');
    expect(all.docs.find((d) => d.code === 'LAB-P-GINJAL')).toMatchObject({ isPanel: true, itemCount: 3 });

    expect((await list('?kind=panel&limit=100')).docs.every((d) => d.isPanel)).toBe(true);
    expect((await list('?kind=test&limit=100')).docs.some((d) => d.isPanel)).toBe(false);
    expect((await list('?search=lipid')).docs.map((d) => d.code)).toEqual(['LAB-LIPID']);
    expect((await list('?search=zzqx')).docs).toEqual([]);
    const paged = await list('?limit=5&page=2');
    expect(paged.totalPages).toBe(Math.ceil(all.totalDocs / 5));
    expect(paged.docs[0].code).toBe(codes[5]);
  });

  it('shows an inactive test under the inactive filter only', async () => {
    await addService(ctx.database.db, corpId, 'LAB-WIDAL', { active: false, nameId: 'Tes Widal' });
    expect((await list('?active=false')).docs.map((d) => d.code)).toEqual(['LAB-WIDAL']);
    expect((await list('?active=true&limit=100')).docs.some((d) => d.code === 'LAB-WIDAL')).toBe(false);
  });

  it('is read with service.read; the lab desk without it is refused', async () => {
    expect((await call('GET', '/tests', 'pendaftaran')).statusCode).toBe(200);
    expect((await call('GET', '/tests', 'lab')).statusCode).toBe(403);
  });
});

describe('one test', () => {
  it('holds its parameters in print order, with ranges, LOINC and the LDL formula', async () => {
    const lipid = await detail('LAB-LIPID');
    expect(lipid.parameters.map((p) => p.code)).toEqual(['CHOL', 'HDL', 'TG', 'LDL']);
    expect(param(lipid, 'LDL')).toMatchObject({
      formula: 'CHOL - HDL - TG / 5 if TG < 400',
      loinc: '13457-7',
      unit: 'mg/dL',
    });
    expect(param(lipid, 'HDL').ranges.map((r) => [r.sex, r.low])).toEqual([
      ['male', 40],
      ['female', 50],
    ]);
    const dl = await detail('LAB-DL');
    const hb = param(dl, 'HB');
    expect(hb).toMatchObject({ unit: 'g/dL', loinc: '718-7' });
    expect(hb.ranges.filter((r) => r.sex === 'any').map((r) => [r.ageFromDays, r.ageToDays])).toEqual([
      [0, 30],
      [30, 365],
      [365, 4383],
    ]);
    expect(hb.ranges.find((r) => r.sex === 'male')).toMatchObject({
      low: 13,
      high: 17,
      criticalLow: 7.1,
      impossibleHigh: 25,
    });
    expect(hb).not.toHaveProperty('id');
    const hbsag = param(await detail('LAB-HBSAG'), 'HBSAG');
    expect(hbsag).toMatchObject({ resultType: 'choice', choices: ['Negatif', 'Positif'] });
    expect(hbsag.ranges[0].normalText).toBe('Negatif');
  });

  it('holds a panel’s tests', async () => {
    const mcu = await detail('LAB-P-MCU');
    expect(mcu.isPanel).toBe(true);
    expect(mcu.items.map((i) => i.code)).toEqual(LAB_PANEL_ITEMS['LAB-P-MCU']);
    expect(mcu.parameters).toEqual([]);
  });

  it('is not found for another corporate, an unknown uid or a service that is no lab test', async () => {
    const theirs = await addService(ctx.database.db, foreignCorpId, 'LAB-DL');
    const consult = await addService(ctx.database.db, corpId, 'KONS-TEST', { serviceGroup: 'consultation' });
    for (const uid of [theirs, consult, 'tidak-ada']) {
      const res = await call('GET', `/tests/${uid}`);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe('Pemeriksaan lab tidak ditemukan');
    }
    // and the other corporate sees its own test only
    expect((await list('', 'adminlain')).docs.map((d) => d.code)).toEqual(['LAB-DL']);
    expect((await call('GET', `/tests/${await uidOf('LAB-LIPID')}`, 'adminlain')).statusCode).toBe(404);
  });
});

describe('parameters', () => {
  it('adds a calculated parameter (audited) and refuses its code twice', async () => {
    const lipid = await uidOf('LAB-LIPID');
    const res = await call('POST', `/tests/${lipid}/parameters`, 'admin', newParameter());
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Parameter berhasil disimpan');
    const added = param(json(res).data, 'NONHDL');
    expect(added).toMatchObject({ formula: 'CHOL - HDL', active: true, ranges: [] });
    const [row] = await auditRows('labParameter.create', added.uid);
    expect(row).toMatchObject({ entity: 'labParameter', corpId });
    expect(row.detail).toMatchObject({ test: 'LAB-LIPID', code: 'NONHDL' });

    const twice = await call('POST', `/tests/${lipid}/parameters`, 'admin', newParameter({ code: 'NonHdl' }));
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('Pemeriksaan LAB-LIPID sudah memiliki parameter NONHDL');
    expect(json(twice).errors).toEqual([
      { path: 'code', message: 'Kode ini sudah dipakai parameter lain pada pemeriksaan ini' },
    ]);
  });

  it('refuses a formula over codes the test does not have, naming the code', async () => {
    const lipid = await uidOf('LAB-LIPID');
    const res = await call(
      'POST',
      `/tests/${lipid}/parameters`,
      'admin',
      newParameter({ code: 'X1', formula: 'CHOL - GDP' }),
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Rumus memakai GDP, yang bukan parameter aktif pemeriksaan ini');
    expect(json(res).errors).toEqual([{ path: 'formula', message: 'Rumus tidak valid' }]);
    const syntax = await call(
      'POST',
      `/tests/${lipid}/parameters`,
      'admin',
      newParameter({ code: 'X1', formula: 'CHOL -' }),
    );
    expect(json(syntax).message).toBe('Rumus tidak dapat dibaca pada posisi 7');
    const bad = await call(
      'POST',
      `/tests/${lipid}/parameters`,
      'admin',
      newParameter({ code: 'X1', loinc: '718-6' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual([
      { path: 'loinc', message: 'Kode LOINC tidak valid (mis. 718-7; digit terakhir adalah digit periksa)' },
    ]);
  });

  it('has no parameters on a panel, and needs labCatalogue.manage in the caller’s own corporate', async () => {
    const panel = await call(
      'POST',
      `/tests/${await uidOf('LAB-P-HATI')}/parameters`,
      'admin',
      newParameter({ formula: null }),
    );
    expect(panel.statusCode).toBe(409);
    expect(json(panel).message).toBe('LAB-P-HATI adalah panel; parameter ada pada pemeriksaan di dalamnya');
    const lipid = await uidOf('LAB-LIPID');
    expect(
      (await call('POST', `/tests/${lipid}/parameters`, 'pendaftaran', newParameter({ code: 'X2' })))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/tests/${lipid}/parameters`, 'adminlain', newParameter({ code: 'X2' })))
        .statusCode,
    ).toBe(404);
    const tg = param(await detail('LAB-LIPID'), 'TG');
    expect(
      (await call('PUT', `/parameters/${tg.uid}`, 'adminlain', newParameter({ code: 'TG', formula: null })))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', `/parameters/${tg.uid}/deactivate`, 'adminlain')).statusCode).toBe(404);
  });

  it('changes a parameter (audited) but keeps the code and number a formula reads', async () => {
    const lipid = await detail('LAB-LIPID');
    const tg = param(lipid, 'TG');
    const body = newParameter({
      code: 'TG',
      nameId: 'Trigliserida',
      nameEn: 'Triglycerides',
      loinc: '2571-8',
      printOrder: 30,
      formula: null,
    });
    const res = await call('PUT', `/parameters/${tg.uid}`, 'superadmin', {
      ...body,
      unit: 'mmol/L',
      decimals: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(param(json(res).data, 'TG')).toMatchObject({ unit: 'mmol/L' });
    const [row] = await auditRows('labParameter.update', tg.uid);
    expect(row.detail).toMatchObject({ unit: { from: 'mg/dL', to: 'mmol/L' }, decimals: { from: 0, to: 2 } });

    const renamed = await call('PUT', `/parameters/${tg.uid}`, 'admin', { ...body, code: 'TRIG' });
    expect(renamed.statusCode).toBe(409);
    expect(json(renamed).message).toBe(
      'Parameter TG dipakai rumus LDL; ubah atau nonaktifkan rumus itu dulu',
    );
    const text = await call('PUT', `/parameters/${tg.uid}`, 'admin', { ...body, resultType: 'text' });
    expect(text.statusCode).toBe(409);
    // HDL computed from LDL, which is computed from HDL
    const hdl = param(lipid, 'HDL');
    const cycle = await call('PUT', `/parameters/${hdl.uid}`, 'admin', {
      ...body,
      code: 'HDL',
      formula: 'LDL / 2',
    });
    expect(json(cycle).message).toBe('Rumus berputar kembali ke dirinya melalui LDL');
    expect(param(await detail('LAB-LIPID'), 'TG').code).toBe('TG');
  });

  it('deactivates a parameter no formula reads, never deleting it, and activates it again', async () => {
    const lipid = await detail('LAB-LIPID');
    const [tg, ldl] = [param(lipid, 'TG'), param(lipid, 'LDL')];
    const read = await call('POST', `/parameters/${tg.uid}/deactivate`);
    expect(read.statusCode).toBe(409);
    expect(json(read).message).toBe('Parameter TG dipakai rumus LDL; ubah atau nonaktifkan rumus itu dulu');

    const off = await call('POST', `/parameters/${ldl.uid}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off).message).toBe('Parameter dinonaktifkan');
    expect(param(json(off).data, 'LDL').active).toBe(false);
    expect((await call('POST', `/parameters/${tg.uid}/deactivate`)).statusCode).toBe(200);
    expect((await auditRows('labParameter.deactivate', tg.uid)).length).toBe(1);
    const [{ n }] = await ctx.database.db
      .select({ n: count() })
      .from(labParameters)
      .where(eq(labParameters.uid, tg.uid));
    expect(n).toBe(1);
    expect((await list('?search=lipid')).docs[0].parameterCount).toBe(3);

    // LDL reads TG: it comes back only after TG
    const early = await call('POST', `/parameters/${ldl.uid}/reactivate`);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Rumus memakai TG, yang bukan parameter aktif pemeriksaan ini');
    expect((await call('POST', `/parameters/${tg.uid}/reactivate`)).statusCode).toBe(200);
    const back = await call('POST', `/parameters/${ldl.uid}/reactivate`);
    expect(json(back).message).toBe('Parameter diaktifkan kembali');
    expect((await auditRows('labParameter.reactivate', ldl.uid)).length).toBe(1);
  });
});

describe('reference ranges', () => {
  it('replaces a parameter’s ranges (audited with before and after)', async () => {
    const ua = param(await detail('LAB-UA'), 'ASAM_URAT');
    const ranges = [
      range({ ageToDays: 4383, low: 2, high: 5.5 }),
      range({ sex: 'male', ageFromDays: 4383, low: 3.4, high: 7, criticalHigh: 13, impossibleHigh: 30 }),
      range({ sex: 'female', ageFromDays: 4383, low: 2.4, high: 5.7 }),
    ];
    const res = await call('PUT', `/parameters/${ua.uid}/ranges`, 'admin', { ranges });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Nilai rujukan berhasil disimpan');
    expect(param(json(res).data, 'ASAM_URAT').ranges).toHaveLength(3);
    const [row] = await auditRows('labParameter.ranges', ua.uid);
    const audited = row.detail as { from: Range[]; to: Range[] };
    expect(audited.from).toHaveLength(2);
    expect(audited.to[1]).toMatchObject({ sex: 'male', criticalHigh: 13 });
  });

  it('refuses limits out of order, field by field', async () => {
    const ua = param(await detail('LAB-UA'), 'ASAM_URAT');
    const res = await call('PUT', `/parameters/${ua.uid}/ranges`, 'admin', {
      ranges: [
        range({ low: 7, high: 3 }),
        range({ sex: 'male', low: 3, high: 7, criticalLow: 4, impossibleHigh: 6 }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([
      { path: 'ranges.0.high', message: 'Batas atas tidak boleh lebih kecil dari batas bawah' },
      { path: 'ranges.1.criticalLow', message: 'Batas kritis harus di luar rentang normal' },
      {
        path: 'ranges.1.impossibleHigh',
        message: 'Batas mustahil harus di luar batas kritis dan rentang normal',
      },
    ]);
  });

  it('refuses overlapping age bands, naming both', async () => {
    const ua = param(await detail('LAB-UA'), 'ASAM_URAT');
    const res = await call('PUT', `/parameters/${ua.uid}/ranges`, 'admin', {
      ranges: [
        range({ sex: 'male', ageToDays: 365 }),
        range({ sex: 'female', ageToDays: 365 }),
        range({ ageFromDays: 300, ageToDays: 730 }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(
      'Baris 3 (usia 300–730 hari) tumpang tindih dengan baris 1 (usia 0–365 hari)',
    );
    expect(json(res).errors).toEqual([
      { path: 'ranges.2.ageFromDays', message: 'Rentang usia tumpang tindih dengan baris lain' },
    ]);
    expect(param(await detail('LAB-UA'), 'ASAM_URAT').ranges).toHaveLength(3);
  });

  it('keeps numeric limits off a choice parameter and its normal text among the choices', async () => {
    const hbsag = param(await detail('LAB-HBSAG'), 'HBSAG');
    const numbers = await call('PUT', `/parameters/${hbsag.uid}/ranges`, 'admin', {
      ranges: [range({ high: 1 })],
    });
    expect(json(numbers).errors).toEqual([
      { path: 'ranges.0.high', message: 'Batas angka hanya untuk parameter angka' },
    ]);
    const normal = await call('PUT', `/parameters/${hbsag.uid}/ranges`, 'admin', {
      ranges: [range({ normalText: 'Non reaktif' })],
    });
    expect(json(normal).errors).toEqual([
      { path: 'ranges.0.normalText', message: 'Teks normal harus salah satu pilihan jawaban' },
    ]);
    expect(
      (await call('PUT', `/parameters/${hbsag.uid}/ranges`, 'pendaftaran', { ranges: [] })).statusCode,
    ).toBe(403);
  });
});

describe('a panel’s tests', () => {
  it('sets the tests in order (audited)', async () => {
    const panel = await uidOf('LAB-P-HATI');
    const items = [await uidOf('LAB-SGPT'), await uidOf('LAB-SGOT'), await uidOf('LAB-GDP')];
    const res = await call('PUT', `/tests/${panel}/items`, 'admin', { items });
    expect(res.statusCode, res.body).toBe(200);
    expect((json(res).data as Detail).items.map((i) => i.code)).toEqual(['LAB-SGPT', 'LAB-SGOT', 'LAB-GDP']);
    const [row] = await auditRows('labPanel.items', panel);
    expect(row.detail).toEqual({
      panel: 'LAB-P-HATI',
      from: ['LAB-SGOT', 'LAB-SGPT'],
      to: ['LAB-SGPT', 'LAB-SGOT', 'LAB-GDP'],
    });
  });

  it('refuses the panel itself, another panel, an inactive test and another corporate’s', async () => {
    const panel = await uidOf('LAB-P-HATI');
    const sgot = await uidOf('LAB-SGOT');
    const put = (items: string[]) => call('PUT', `/tests/${panel}/items`, 'admin', { items });
    const self = await put([sgot, panel]);
    expect(self.statusCode).toBe(400);
    expect(json(self).errors).toEqual([
      { path: 'items.1', message: 'Panel tidak dapat berisi dirinya sendiri' },
    ]);
    const nested = await put([await uidOf('LAB-P-GINJAL')]);
    expect(json(nested).message).toBe('LAB-P-GINJAL adalah panel; panel hanya berisi pemeriksaan tunggal');
    const inactive = await put([sgot, await uidOf('LAB-WIDAL')]);
    expect(json(inactive).message).toBe('LAB-WIDAL nonaktif; aktifkan dulu di Master Layanan');
    expect(json(inactive).errors).toEqual([{ path: 'items.1', message: 'Pemeriksaan ini nonaktif' }]);
    const theirs = (await list('', 'adminlain')).docs[0].uid;
    expect(json(await put([theirs])).errors).toEqual([
      { path: 'items.0', message: 'Pemeriksaan tidak ditemukan di katalog lab' },
    ]);
    expect((await put([sgot, sgot])).statusCode).toBe(400);
    const notPanel = await call('PUT', `/tests/${sgot}/items`, 'admin', { items: [] });
    expect(notPanel.statusCode).toBe(409);
    expect(json(notPanel).message).toBe('LAB-SGOT bukan panel; hanya panel yang berisi pemeriksaan');
    expect((await call('PUT', `/tests/${panel}/items`, 'adminlain', { items: [] })).statusCode).toBe(404);
    expect((await detail('LAB-P-HATI')).items.map((i) => i.code)).toEqual([
      'LAB-SGPT',
      'LAB-SGOT',
      'LAB-GDP',
    ]);
  });
});
