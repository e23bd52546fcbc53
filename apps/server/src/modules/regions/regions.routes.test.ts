import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { findRegionIssue, isKnownRegion } from './regions.service.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await loginAs(ctx.app, 'pendaftaran');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = { authorization: token }) =>
  ctx.app.inject({ method: 'GET', url: `${API}/regions/${url}`, headers });
const list = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as { code: string; name: string }[];
};
const byName = (a: string, b: string) => a.localeCompare(b, 'id', { sensitivity: 'base', numeric: true });
const expectSorted = (rows: { name: string }[]) =>
  expect(rows.map((r) => r.name)).toEqual(rows.map((r) => r.name).sort(byName));

// Jakarta Pusat › Gambir › Gambir, and Bandung in West Java for the mismatches
const JAKARTA = '31';
const JAKARTA_PUSAT = '31.71';
const GAMBIR = '31.71.01';
const GAMBIR_VILLAGE = '31.71.01.1001';

describe('region lists', () => {
  it('asks for a session', async () => {
    expect((await get('provinces', {})).statusCode).toBe(401);
  });

  it('lists the 38 provinces by name, each {code, name}', async () => {
    const provinces = await list('provinces');
    expect(provinces).toHaveLength(38);
    expectSorted(provinces);
    expect(provinces[0]).toEqual({ code: '11', name: 'Aceh' });
    expect(provinces.find((p) => p.code === JAKARTA)?.name).toMatch(/Jakarta/);
    expect(Object.keys(provinces[0])).toEqual(['code', 'name']);
  });

  it('cascades from a province down to its villages, each list inside its parent and sorted', async () => {
    const regencies = await list(`regencies?provinceCode=${JAKARTA}`);
    expect(regencies.map((r) => r.code).sort()).toEqual([
      '31.01',
      '31.71',
      '31.72',
      '31.73',
      '31.74',
      '31.75',
    ]);
    expectSorted(regencies);
    expect(regencies.find((r) => r.code === JAKARTA_PUSAT)?.name).toMatch(/Jakarta Pusat/);

    const districts = await list(`districts?regencyCode=${JAKARTA_PUSAT}`);
    expect(districts.length).toBeGreaterThanOrEqual(8);
    expect(districts.every((d) => d.code.startsWith(`${JAKARTA_PUSAT}.`))).toBe(true);
    expectSorted(districts);
    expect(districts.find((d) => d.code === GAMBIR)?.name).toBe('Gambir');

    const villages = await list(`villages?districtCode=${GAMBIR}`);
    expect(villages.length).toBeGreaterThanOrEqual(2);
    expect(villages.every((v) => v.code.startsWith(`${GAMBIR}.`))).toBe(true);
    expectSorted(villages);
    expect(villages.find((v) => v.code === GAMBIR_VILLAGE)?.name).toBe('Gambir');
  });

  it('answers an empty list for a well-formed parent that does not exist', async () => {
    expect(await list('regencies?provinceCode=99')).toEqual([]);
    expect(await list('districts?regencyCode=31.99')).toEqual([]);
    expect(await list('villages?districtCode=31.71.99')).toEqual([]);
  });

  it('refuses a malformed or missing parent code with 400 and a field message', async () => {
    const cases: [string, string, string][] = [
      ['regencies?provinceCode=3', 'provinceCode', 'Kode provinsi harus 2 digit, mis. 31'],
      ['regencies?provinceCode=31.71', 'provinceCode', 'Kode provinsi harus 2 digit, mis. 31'],
      ['districts?regencyCode=3171', 'regencyCode', 'Kode kabupaten/kota berformat 00.00, mis. 31.71'],
      ['villages?districtCode=31.71.1', 'districtCode', 'Kode kecamatan berformat 00.00.00, mis. 31.71.01'],
      ['villages', 'districtCode', 'Wajib diisi'],
    ];
    for (const [url, path, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(json(res).errors, url).toContainEqual({ path, message });
    }
  });

  it('speaks English to an English caller', async () => {
    const res = await get('regencies?provinceCode=x', { authorization: token, 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toContainEqual({
      path: 'provinceCode',
      message: 'A province code is 2 digits, e.g. 31',
    });
  });
});

describe('region lookup', () => {
  it('resolves a village to its name and its parents', async () => {
    const res = await get(`lookup?village=${GAMBIR_VILLAGE}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      province: { code: JAKARTA, name: expect.stringMatching(/Jakarta/) },
      regency: { code: JAKARTA_PUSAT, name: expect.stringMatching(/Jakarta Pusat/) },
      district: { code: GAMBIR, name: 'Gambir' },
      village: { code: GAMBIR_VILLAGE, name: 'Gambir' },
    });
  });

  it('resolves higher levels, leaving the levels below null', async () => {
    expect(json(await get(`lookup?district=${GAMBIR}`)).data).toMatchObject({
      regency: { code: JAKARTA_PUSAT },
      district: { code: GAMBIR, name: 'Gambir' },
      village: null,
    });
    expect(json(await get(`lookup?province=${JAKARTA}`)).data).toMatchObject({
      province: { code: JAKARTA },
      regency: null,
      district: null,
      village: null,
    });
  });

  it('answers 404 for an unknown code and 400 for a malformed one or not exactly one', async () => {
    const unknown = await get('lookup?village=31.71.01.9999');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('Kode wilayah tidak ditemukan');
    expect((await get('lookup?village=31.71.01')).statusCode).toBe(400);
    const none = await get('lookup');
    expect(none.statusCode).toBe(400);
    expect(json(none).errors?.map((e) => e.message)).toContain(
      'Kirim tepat satu kode: province, regency, district atau village',
    );
    expect((await get(`lookup?province=${JAKARTA}&district=${GAMBIR}`)).statusCode).toBe(400);
  });
});

describe('isKnownRegion', () => {
  const full = {
    provinceCode: JAKARTA,
    cityCode: JAKARTA_PUSAT,
    districtCode: GAMBIR,
    villageCode: GAMBIR_VILLAGE,
  };

  it('accepts a consistent chain, a chain that stops early, and no region at all', async () => {
    expect(await isKnownRegion(full)).toBe(true);
    expect(await isKnownRegion({ ...full, villageCode: '' })).toBe(true);
    expect(await isKnownRegion({ provinceCode: JAKARTA, cityCode: null })).toBe(true);
    expect(await isKnownRegion({})).toBe(true);
    expect(await isKnownRegion({ provinceCode: '', cityCode: '', districtCode: '', villageCode: '' })).toBe(
      true,
    );
  });

  it('refuses a code outside its parent, an unknown code and a gap in the chain, on the faulty field', async () => {
    // Bandung (32.73) is a city of West Java, not of Jakarta
    expect(await findRegionIssue({ ...full, cityCode: '32.73' })).toEqual({
      path: 'cityCode',
      message: 'regions.regencyOutside',
    });
    // Menteng (31.71.06) is in Jakarta Pusat, but Gambir's village is not in Menteng
    expect(await findRegionIssue({ ...full, districtCode: '31.71.06' })).toEqual({
      path: 'villageCode',
      message: 'regions.villageOutside',
    });
    expect(await findRegionIssue({ ...full, districtCode: '31.72.01' })).toEqual({
      path: 'districtCode',
      message: 'regions.districtOutside',
    });
    expect(await findRegionIssue({ ...full, provinceCode: '99' })).toEqual({
      path: 'provinceCode',
      message: 'regions.provinceUnknown',
    });
    // a district code in the village field is not a village
    expect(await findRegionIssue({ ...full, villageCode: GAMBIR })).toEqual({
      path: 'villageCode',
      message: 'regions.villageUnknown',
    });
    expect(await findRegionIssue({ ...full, cityCode: '' })).toEqual({
      path: 'cityCode',
      message: 'regions.regencyRequired',
    });
    expect(await isKnownRegion({ ...full, cityCode: '32.73' })).toBe(false);
  });
});
