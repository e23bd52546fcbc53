import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/** Daftar Kode → Koreksi & favorit ICD: the clinics' title corrections and favourites. */
let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const u of ['admin', 'superadmin', 'dokter', 'kasir']) tokens[u] = await loginAs(ctx.app, u);
});
afterAll(() => ctx.close());

const get = (query: string, who = 'admin', headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `${API}/clinic-codes${query}`,
    headers: { authorization: tokens[who], ...headers },
  });
const put = (url: string, payload: object, who = 'admin') =>
  ctx.app.inject({ method: 'PUT', url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

type Row = {
  clinicId: number;
  clinicName: string;
  system: string;
  code: string;
  officialTitleId: string;
  officialTitleEn: string;
  titleId: string | null;
  titleEn: string | null;
  favourite: boolean;
  updatedAt: string;
};
type Page = { docs: Row[]; page: number; totalPages: number; limit: number; totalDocs: number };
const list = async (query = '', who = 'admin') => {
  const res = await get(query, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Page;
};
const keys = (page: Page) => page.docs.map((r) => `${r.clinicId}:${r.code}`);
const audits = (action: string, entityId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));

describe('listing the clinics’ corrections and favourites', () => {
  it('lists every clinic in scope with the shipped title beside the clinic’s, by clinic and code', async () => {
    const page = await list('?limit=100');
    expect(keys(page)).toEqual([
      '12:E78.5',
      '12:H52.1',
      '12:Z00.0',
      '12:Z02.1',
      '12:Z10.0',
      '12:89.52',
      '12:89.7',
      '13:I10',
      '13:J06.9',
      '13:K30',
      '13:M79.1',
    ]);
    expect(page.docs.find((r) => r.code === 'Z02.1')).toEqual({
      clinicId: 12,
      clinicName: 'Klinikita MCU Center Surabaya',
      system: 'icd10',
      code: 'Z02.1',
      officialTitleId: 'Pemeriksaan pra-kerja',
      officialTitleEn: 'Pre-employment examination',
      titleId: 'Pemeriksaan kesehatan pra-kerja (MCU pra-kerja)',
      titleEn: null,
      favourite: true,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await list('?limit=100', 'superadmin')).toMatchObject({ totalDocs: 11 });
    const second = await list('?limit=5&page=3');
    expect(second).toMatchObject({ page: 3, totalPages: 3, totalDocs: 11 });
    expect(keys(second)).toEqual(['13:M79.1']);
  });

  it('filters by clinic, system and kind, and searches codes and both titles', async () => {
    expect(keys(await list('?clinicId=13'))).toEqual(['13:I10', '13:J06.9', '13:K30', '13:M79.1']);
    expect(keys(await list('?system=icd9cm'))).toEqual(['12:89.52', '12:89.7']);
    expect(keys(await list('?kind=corrected'))).toEqual(['12:E78.5', '12:Z02.1', '12:Z10.0', '13:M79.1']);
    expect(keys(await list('?kind=favourite&clinicId=13'))).toEqual(['13:I10', '13:J06.9', '13:K30']);
    // the clinic's title, the shipped one (either language) and the code
    expect(keys(await list('?search=nyeri otot'))).toEqual(['13:M79.1']);
    expect(keys(await list('?search=myalgia'))).toEqual(['13:M79.1']);
    expect(keys(await list('?search=MCU berkala'))).toEqual(['12:Z10.0']);
    expect(keys(await list('?search=j06'))).toEqual(['13:J06.9']);
    expect((await list('?search=zzqx')).docs).toEqual([]);
    expect((await get('?kind=semua')).statusCode).toBe(400);
  });
});

describe('undoing from the list', () => {
  it('undoes a correction and removes a favourite through the codes endpoint, both audited', async () => {
    const undo = await put('/codes/icd10/Z02.1', { clinicId: 12, titleId: null, titleEn: null });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(json(undo).data).toMatchObject({ code: 'Z02.1', corrected: false, favourite: true });
    expect((await list('?search=Z02.1')).docs[0]).toMatchObject({ titleId: null, favourite: true });
    expect(keys(await list('?kind=corrected'))).not.toContain('12:Z02.1');
    expect((await audits('code.correct', 'icd10:Z02.1'))[0]).toMatchObject({ clinicId: 12 });

    const unmark = await put('/codes/icd10/Z02.1', { clinicId: 12, favourite: false });
    expect(json(unmark).data.favourite).toBe(false);
    // nothing left to say about the code: it leaves the list
    expect(keys(await list('?clinicId=12'))).not.toContain('12:Z02.1');
    const [favourite] = await audits('code.favourite', 'icd10:Z02.1');
    expect(favourite).toMatchObject({ clinicId: 12, detail: { favourite: false } });

    // marking again is audited too; saving the same mark writes nothing
    await put('/codes/icd10/Z02.1', { clinicId: 12, favourite: true });
    await put('/codes/icd10/Z02.1', { clinicId: 12, favourite: true });
    expect(await audits('code.favourite', 'icd10:Z02.1')).toHaveLength(2);
  });
});

describe('scope and access', () => {
  it('shows a clinic’s user only the clinics they work at and refuses another clinic', async () => {
    expect((await list('', 'dokter')).docs).toEqual([]);
    await put('/codes/icd10/J06.9', { clinicId: 10, favourite: true }, 'dokter');
    expect(keys(await list('', 'dokter'))).toEqual(['10:J06.9']);
    const res = await get('?clinicId=12', 'dokter');
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Anda tidak memiliki akses ke data klinik ini');
    expect(keys(await list('?clinicId=10', 'admin'))).toEqual(['10:J06.9']);
  });

  it('refuses roles without the coding screens and callers without a session', async () => {
    expect((await get('', 'kasir')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `${API}/clinic-codes` })).statusCode).toBe(401);
  });
});
