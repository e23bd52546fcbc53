import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, medicalCodes } from '../../db/schema/index.ts';
import { loadMedicalCodes } from '../../db/seed/codes.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const u of ['dokter', 'dokter2', 'perawat', 'kasir', 'superadmin'])
    tokens[u] = await loginAs(ctx.app, u);
});
afterAll(() => ctx.close());

const get = (url: string, who = 'dokter', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization: tokens[who], ...headers } });
const put = (url: string, payload: object, who = 'dokter') =>
  ctx.app.inject({ method: 'PUT', url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

type Code = { code: string; titleId: string; titleEn: string; favourite: boolean; corrected: boolean };
const search = async (system: string, text: string, clinicId = 10, who = 'dokter', extra = '') => {
  const res = await get(
    `/codes/${system}?clinicId=${clinicId}&search=${encodeURIComponent(text)}${extra}`,
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Code[];
};
const codesOf = (rows: Code[]) => rows.map((r) => r.code);

describe('the shipped codes', () => {
  it('are loaded once: both files in the table, a second load leaves them alone', async () => {
    const rows = await ctx.database.db
      .select({ system: medicalCodes.system, n: count() })
      .from(medicalCodes)
      .groupBy(medicalCodes.system);
    const bySystem = Object.fromEntries(rows.map((r) => [r.system, r.n]));
    expect(bySystem.icd10).toBe(10469);
    expect(bySystem.icd9cm).toBeGreaterThanOrEqual(250);
    expect(await loadMedicalCodes(ctx.database.db)).toEqual({ loaded: [] });
  });

  it('reloads a system whose rows differ from its file', async () => {
    await ctx.database.db
      .update(medicalCodes)
      .set({ titleId: 'diubah' })
      .where(and(eq(medicalCodes.system, 'icd9cm'), eq(medicalCodes.code, '89.03')));
    expect(await loadMedicalCodes(ctx.database.db)).toEqual({ loaded: ['icd9cm'] });
    const [row] = await ctx.database.db
      .select({ titleId: medicalCodes.titleId })
      .from(medicalCodes)
      .where(and(eq(medicalCodes.system, 'icd9cm'), eq(medicalCodes.code, '89.03')));
    expect(row.titleId).toBe('Wawancara dan evaluasi, komprehensif');
  });
});

describe('searching codes', () => {
  it('finds a code written with or without its dot, in any case, the exact one first', async () => {
    for (const text of ['J06.9', 'j06.9', 'J069', ' j069 ']) {
      const rows = await search('icd10', text);
      expect(rows[0]).toEqual({
        system: 'icd10',
        code: 'J06.9',
        titleId: 'Infeksi saluran pernapasan atas akut, tidak spesifik',
        titleEn: 'Acute upper respiratory infection, unspecified',
        favourite: false,
        corrected: false,
      });
    }
    const prefix = await search('icd10', 'J06');
    expect(codesOf(prefix).slice(0, 3)).toEqual(['J06.0', 'J06.8', 'J06.9']);
    expect(codesOf(await search('icd9cm', '89.03'))[0]).toBe('89.03');
  });

  it('finds codes by an Indonesian word and ranks the closest title first', async () => {
    expect(codesOf(await search('icd10', 'ispa'))[0]).toBe('J06.9');
    const typhoid = await search('icd10', 'demam tifoid');
    expect(typhoid[0]).toMatchObject({ code: 'A01.0', titleId: 'Demam tifoid' });
    expect(codesOf(await search('icd9cm', 'sunat'))).toContain('64.0');
    expect(codesOf(await search('icd9cm', 'nebulizer'))[0]).toBe('93.94');
  });

  it('ranks everyday primary-care diagnoses first, by the words clinics use, with reviewed titles', async () => {
    expect(codesOf(await search('icd10', 'demam')).slice(0, 5)).toContain('R50.9');
    expect(codesOf(await search('icd10', 'dbd')).slice(0, 2)).toEqual(expect.arrayContaining(['A91']));
    expect(codesOf(await search('icd10', 'nyeri punggung'))[0]).toBe('M54.5');
    const [ispa] = await search('icd10', 'ispa');
    expect(ispa.titleId).toBe('Infeksi saluran pernapasan atas akut, tidak spesifik');
    // the source's title of scarlet fever read "Demam berdarah" (dengue to any Indonesian doctor)
    const [scarlet] = await search('icd10', 'A38');
    expect(scarlet).toMatchObject({ code: 'A38', titleId: 'Demam skarlatina (scarlet fever)' });
    // the source's wording still finds it
    expect(codesOf(await search('icd10', 'rendah kembali sakit'))).toContain('M54.5');
  });

  it('finds codes by English words in any order, every word required', async () => {
    for (const text of ['upper respiratory', 'respiratory upper acute', 'Acute UPPER infection']) {
      const rows = await search('icd10', text, 10, 'dokter', '&limit=100');
      expect(codesOf(rows)).toContain('J06.9');
      for (const row of rows) {
        const haystack = `${row.titleEn} ${row.titleId}`.toLowerCase();
        for (const word of text.toLowerCase().split(' ')) expect(haystack).toContain(word);
      }
    }
    expect(codesOf(await search('icd9cm', 'debridement excisional'))[0]).toBe('86.22');
    expect(await search('icd10', 'zzqx respiratory')).toEqual([]);
  });

  it('honours the limit and refuses a bad one', async () => {
    expect(await search('icd10', 'a', 10, 'dokter', '&limit=5')).toHaveLength(5);
    expect((await get('/codes/icd10?clinicId=10&search=a&limit=500')).statusCode).toBe(400);
  });
});

describe('clinic favourites', () => {
  it('come first for their clinic only, and alone on an empty search', async () => {
    // a nurse working the doctor's screen may mark favourites
    const marked = await put('/codes/icd10/j06.8', { clinicId: 10, favourite: true }, 'perawat');
    expect(marked.statusCode, marked.body).toBe(200);
    expect(json(marked).data).toMatchObject({ code: 'J06.8', favourite: true, corrected: false });

    const rows = await search('icd10', 'J06');
    expect(rows[0]).toMatchObject({ code: 'J06.8', favourite: true });
    expect(codesOf(await search('icd10', 'J06', 11))[0]).toBe('J06.0');

    const favourites = await get('/codes/icd10?clinicId=10');
    expect(codesOf(json(favourites).data)).toEqual(['J06.8']);
    expect(codesOf(await search('icd10', 'akut', 10, 'dokter', '&favourites=true'))).toEqual(['J06.8']);
    expect(json(await get('/codes/icd10?clinicId=11')).data).toEqual([]);

    const unmarked = await put('/codes/icd10/J06.8', { clinicId: 10, favourite: false });
    expect(json(unmarked).data.favourite).toBe(false);
    expect(json(await get('/codes/icd10?clinicId=10')).data).toEqual([]);
  });
});

describe('title corrections', () => {
  const corrections = async () =>
    (
      await ctx.database.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'code.correct'), eq(auditLog.entityId, 'icd10:M54.9')))
    )[0].n;

  it('show as the clinic’s title, searchable, while other clinics keep the shipped one', async () => {
    const before = await corrections();
    const res = await put('/codes/icd10/M54.9', { clinicId: 10, titleId: 'Nyeri punggung, tidak spesifik' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Kode berhasil disimpan');
    expect(json(res).data).toMatchObject({
      code: 'M54.9',
      titleId: 'Nyeri punggung, tidak spesifik',
      titleEn: 'Dorsalgia, unspecified',
      corrected: true,
    });
    expect(await corrections()).toBe(before + 1);

    expect((await search('icd10', 'nyeri punggung tidak spesifik'))[0]).toMatchObject({
      code: 'M54.9',
      titleId: 'Nyeri punggung, tidak spesifik',
      corrected: true,
    });
    const elsewhere = (await search('icd10', 'M54.9', 11))[0];
    expect(elsewhere).toMatchObject({ code: 'M54.9', corrected: false });
    expect(elsewhere.titleId).not.toBe('Nyeri punggung, tidak spesifik');
    expect(await search('icd10', 'nyeri punggung tidak spesifik', 11)).not.toContainEqual(
      expect.objectContaining({ code: 'M54.9' }),
    );

    // clearing the title (or giving the shipped one) goes back to the shipped title
    const reset = await put('/codes/icd10/M54.9', { clinicId: 10, titleId: null });
    expect(json(reset).data).toMatchObject({ corrected: false, titleId: elsewhere.titleId });
    expect(await corrections()).toBe(before + 2);
  });

  it('are for doctors and administrators only; a favourite mark is not', async () => {
    const res = await put('/codes/icd10/M54.5', { clinicId: 10, titleId: 'Sakit pinggang' }, 'perawat');
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Hanya dokter dan administrator yang dapat mengoreksi judul kode');
    expect((await search('icd10', 'M54.5'))[0].corrected).toBe(false);
    const admin = await put(
      '/codes/icd9cm/89.03',
      { clinicId: 13, titleEn: 'Comprehensive visit' },
      'superadmin',
    );
    expect(json(admin).data).toMatchObject({
      code: '89.03',
      titleEn: 'Comprehensive visit',
      corrected: true,
    });
  });

  it('refuses a code that is not shipped and a title too long', async () => {
    const unknown = await put('/codes/icd10/X99.99', { clinicId: 10, favourite: true });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('Kode X99.99 tidak ditemukan');
    const long = await put('/codes/icd10/J06.9', { clinicId: 10, titleId: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(json(long).errors).toEqual([{ path: 'titleId', message: 'Terlalu panjang' }]);
  });
});

describe('access', () => {
  it('refuses a clinic outside the user’s scope', async () => {
    const res = await get('/codes/icd10?clinicId=13&search=J06');
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Anda tidak memiliki akses ke data klinik ini');
    expect((await get('/codes/icd10?clinicId=10&search=J06', 'dokter2')).statusCode).toBe(403);
    expect((await put('/codes/icd10/J06.9', { clinicId: 12, favourite: true })).statusCode).toBe(403);
  });

  it('refuses an unknown coding system and a missing clinic', async () => {
    expect((await get('/codes/icd11?clinicId=10&search=J06')).statusCode).toBe(400);
    expect((await put('/codes/icd11/J06.9', { clinicId: 10, favourite: true })).statusCode).toBe(400);
    const noClinic = await get('/codes/icd10?search=J06');
    expect(noClinic.statusCode).toBe(400);
    expect(json(noClinic).errors?.[0].path).toBe('clinicId');
  });

  it('refuses roles without the coding screens and callers without a session', async () => {
    const res = await get('/codes/icd10?clinicId=10&search=J06', 'kasir');
    expect(res.statusCode).toBe(403);
    expect((await put('/codes/icd10/J06.9', { clinicId: 10, favourite: true }, 'kasir')).statusCode).toBe(
      403,
    );
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${API}/codes/icd10?clinicId=10` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers in English when the client asks for it', async () => {
    const res = await get('/codes/icd10?clinicId=13', 'dokter', { 'accept-language': 'en' });
    expect(json(res).message).toBe('You do not have access to this clinic’s data');
  });
});
