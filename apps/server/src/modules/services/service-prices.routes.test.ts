import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { priceOf } from './services.service.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const uidOf: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'services',
    'masterService',
  ]);
  // the registration clerk of Menteng (clinic 10) also keeps the tariffs, for her own clinic only
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'pendaftaran')).roleId, [
    'services',
    'masterService',
  ]);
  for (const u of ['superadmin', 'admin', 'pendaftaran', 'lab']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  const list = json(await call('GET', '/services?limit=100', 'admin')).data.docs as {
    uid: string;
    code: string;
  }[];
  for (const s of list) uidOf[s.code] = s.uid;
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
    url: `${API}${url}`,
    headers: { authorization: tokens[who], ...headers },
    payload,
  });

const lookup = async (code: string, query: string, who = 'pendaftaran') => {
  const res = await call('GET', `/services/${uidOf[code]}/price?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as {
    day: string;
    price: { total: number; clinicId: number | null; validFrom: string; validTo: string | null } | null;
    appliedClass: string | null;
    source: string | null;
  };
};
const totalOf = async (code: string, query: string) => (await lookup(code, query)).price?.total ?? null;

const price = (over: object = {}) => ({
  clinicId: null,
  payerClass: 'general',
  validFrom: '2026-01-01',
  validTo: null,
  facilityFee: 20_000,
  professionalFee: 50_000,
  consumablesFee: 5_000,
  ...over,
});

/** A fresh service of the demo corporate, without prices. */
async function newService(code: string) {
  const res = await call('POST', '/services', 'admin', {
    code,
    nameId: `Layanan ${code}`,
    nameEn: `Service ${code}`,
    group: 'procedure',
    unit: 'tindakan',
    taxCategory: 'exempt',
  });
  expect(res.statusCode, res.body).toBe(200);
  uidOf[code] = json(res).data.uid;
  return json(res).data.uid as string;
}

const addPrice = (code: string, body: object, who = 'admin', headers: Record<string, string> = {}) =>
  call('POST', `/services/${uidOf[code]}/prices`, who, price(body), headers);

describe('the price of a visit (demo tariffs)', () => {
  it('prices a visit by its day: 31/12/2025 the 2025 tariff, 01/01/2026 the 2026 one', async () => {
    expect(await totalOf('KONS-UMUM', 'date=2025-12-31')).toBe(83_000);
    expect(await totalOf('KONS-UMUM', 'date=2026-01-01')).toBe(90_000);
    expect(await totalOf('KONS-UMUM', 'date=2024-12-31')).toBeNull();
    const lab = await lookup('LAB-DL', 'date=2026-03-01&payerClass=company&clinicId=10');
    expect(lab).toMatchObject({ day: '2026-03-01', appliedClass: 'company', source: 'corporate' });
    expect(lab.price).toMatchObject({
      total: 108_000,
      clinicId: null,
      validFrom: '2026-01-01',
      validTo: null,
    });
    expect(await totalOf('LAB-DL', 'date=2026-03-01&payerClass=insurer')).toBe(132_000);
  });

  it('takes a clinic’s override first, and a payer class’s own price before general', async () => {
    const makassar = await lookup('KONS-UMUM', 'date=2026-02-01&clinicId=13', 'admin');
    expect(makassar).toMatchObject({ appliedClass: 'general', source: 'clinic' });
    expect(makassar.price).toMatchObject({ total: 75_000, clinicId: 13 });
    // Menteng has no override; Makassar's company patients pay the corporate company tariff
    expect((await lookup('KONS-UMUM', 'date=2026-02-01&clinicId=10')).price?.total).toBe(90_000);
    expect(
      (await lookup('KONS-UMUM', 'date=2026-02-01&clinicId=13&payerClass=company', 'admin')).price,
    ).toMatchObject({
      total: 81_000,
      clinicId: null,
    });
    // before the override started, Makassar paid the 2025 corporate price
    expect((await lookup('KONS-UMUM', 'date=2025-12-31&clinicId=13', 'admin')).price?.total).toBe(83_000);
  });

  it('falls back from a payer class without a price to the general price', async () => {
    await newService('TND-UJI-FALLBACK');
    expect((await addPrice('TND-UJI-FALLBACK', {})).statusCode).toBe(200);
    const company = await lookup('TND-UJI-FALLBACK', 'date=2026-05-01&payerClass=company');
    expect(company).toMatchObject({ payerClass: 'company', appliedClass: 'general', source: 'corporate' });
    expect(company.price?.total).toBe(75_000);
    const row = await priceOf(ctx.database.db, {
      serviceId: (await ctx.database.db.query.services.findFirst({
        where: (s, { eq }) => eq(s.uid, uidOf['TND-UJI-FALLBACK']),
      }))!.id,
      payerClass: 'insurer',
      clinicId: 10,
      day: '2026-05-01',
    });
    expect(row).toMatchObject({ appliedClass: 'general', source: 'corporate', facilityFee: 20_000 });
  });
});

describe('adding and ending prices', () => {
  it('refuses an overlapping period, naming the one that clashes, in both languages', async () => {
    const res = await addPrice('KONS-UMUM', { validFrom: '2025-06-01', validTo: '2025-06-30' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Tarif Umum berlaku 01/01/2025–31/12/2025 sudah ada');
    expect(json(res).errors).toEqual([
      { path: 'validFrom', message: 'Periode ini bertumpang tindih dengan tarif yang sudah ada' },
    ]);
    const en = await addPrice('KONS-UMUM', { payerClass: 'company', validFrom: '2026-01-01' }, 'admin', {
      'accept-language': 'en',
    });
    expect(json(en).message).toBe('A Company tariff valid from 01/01/2026 with no end date already exists');
    const clinic = await addPrice('KONS-UMUM', {
      clinicId: 13,
      validFrom: '2025-11-01',
      validTo: '2026-01-31',
    });
    expect(json(clinic).message).toBe(
      'Tarif Umum (Klinik Pratama Klinikita Makassar) berlaku mulai 01/01/2026 tanpa tanggal akhir sudah ada',
    );
    // another clinic is a scope of its own
    expect((await addPrice('KONS-UMUM', { clinicId: 11, validFrom: '2025-11-01' })).statusCode).toBe(200);
  });

  it('a new price closes the open one the day before it starts; amounts are never overwritten', async () => {
    await newService('TND-UJI-NAIK');
    const first = json(await addPrice('TND-UJI-NAIK', { validFrom: '2026-01-01' })).data.price;
    const res = await addPrice('TND-UJI-NAIK', { validFrom: '2026-07-01', facilityFee: 30_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Tarif baru disimpan; tarif sebelumnya berakhir 30/06/2026');
    expect(json(res).data.closed).toMatchObject({ uid: first.uid, validTo: '2026-06-30', total: 75_000 });
    expect(await totalOf('TND-UJI-NAIK', 'date=2026-06-30')).toBe(75_000);
    expect(await totalOf('TND-UJI-NAIK', 'date=2026-07-01')).toBe(85_000);
    const prices = json(await call('GET', `/services/${uidOf['TND-UJI-NAIK']}/prices`, 'pendaftaran')).data;
    expect(
      prices.map((p: { validFrom: string; validTo: string | null; total: number }) => [
        p.validFrom,
        p.validTo,
        p.total,
      ]),
    ).toEqual([
      ['2026-07-01', null, 85_000],
      ['2026-01-01', '2026-06-30', 75_000],
    ]);
    const audits = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.price.add'), eq(auditLog.entityId, uidOf['TND-UJI-NAIK'])));
    expect(audits[0].n).toBe(2);
  });

  it('ends a price on a day, never before its start, never into another period', async () => {
    const prices = json(await call('GET', `/services/${uidOf['TND-UJI-NAIK']}/prices`, 'admin')).data;
    const [later, earlier] = prices as { uid: string }[];
    const end = (uid: string, validTo: string) =>
      call('POST', `/services/${uidOf['TND-UJI-NAIK']}/prices/${uid}/end`, 'admin', { validTo });
    const ended = await end(later.uid, '2026-12-31');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(json(ended).data).toMatchObject({ validTo: '2026-12-31', total: 85_000 });
    expect(await totalOf('TND-UJI-NAIK', 'date=2027-01-01')).toBeNull();
    const before = await end(later.uid, '2026-06-01');
    expect(before.statusCode).toBe(400);
    expect(json(before).errors).toEqual([
      { path: 'validTo', message: 'Tanggal akhir tidak boleh sebelum tanggal mulai' },
    ]);
    const longer = await end(earlier.uid, '2026-08-01');
    expect(longer.statusCode).toBe(409);
    expect(json(longer).message).toBe('Tarif Umum berlaku 01/07/2026–31/12/2026 sudah ada');
    expect((await end('tidak-ada', '2026-08-01')).statusCode).toBe(404);
    const audits = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.price.end'), eq(auditLog.entityId, uidOf['TND-UJI-NAIK'])));
    expect(audits[0].n).toBe(1);
  });

  it('lets one of several concurrent adds for one scope win; the others are told the clash', async () => {
    await newService('TND-UJI-BALAPAN');
    const results = await Promise.all(
      [10_000, 20_000, 30_000, 40_000, 50_000].map((facilityFee) =>
        addPrice('TND-UJI-BALAPAN', { validFrom: '2026-02-01', facilityFee }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const prices = json(await call('GET', `/services/${uidOf['TND-UJI-BALAPAN']}/prices`, 'admin')).data;
    expect(prices).toHaveLength(1);
  });

  it('validates amounts and days with the catalogue messages', async () => {
    const res = await addPrice('KONS-UMUM', {
      payerClass: 'umum',
      facilityFee: -5,
      validFrom: '31/12/2026',
    });
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(json(res).errors!.map((e) => [e.path, e.message]));
    expect(errors).toMatchObject({
      facilityFee: 'Nominal harus bilangan bulat rupiah, mulai 0',
      validFrom: 'Tanggal tidak valid',
      payerClass: 'Pilih kelas penjamin',
    });
    // no body at all is a bad request too, not a server error
    const empty = await call('POST', `/services/${uidOf['KONS-UMUM']}/prices`, 'admin');
    expect(empty.statusCode, empty.body).toBe(400);
  });
});

describe('scope', () => {
  it('keeps clinic overrides to the caller’s clinics (403) and other corporates’ services hidden (404)', async () => {
    const outside = await addPrice('KONS-UMUM', { clinicId: 13, validFrom: '2027-01-01' }, 'pendaftaran');
    expect(outside.statusCode).toBe(403);
    const own = await addPrice('LAB-GDS', { clinicId: 10, validFrom: '2026-03-01' }, 'pendaftaran');
    expect(own.statusCode, own.body).toBe(200);
    expect(
      (await call('GET', `/services/${uidOf['KONS-UMUM']}/price?clinicId=13`, 'pendaftaran')).statusCode,
    ).toBe(403);
    expect((await call('GET', `/services/${uidOf['KONS-UMUM']}/price?clinicId=20`, 'admin')).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/services/${uidOf['KONS-UMUM']}/price`, 'adminlain')).statusCode).toBe(404);
    expect((await addPrice('KONS-UMUM', { validFrom: '2030-01-01' }, 'adminlain')).statusCode).toBe(404);
    expect((await call('GET', `/services/${uidOf['KONS-UMUM']}/prices`, 'lab')).statusCode).toBe(403);
  });
});
