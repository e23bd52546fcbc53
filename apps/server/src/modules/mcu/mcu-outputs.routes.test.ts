import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { MCU_EXPORT_DICTIONARY } from '@klinikita/domain/mcu/mcu-export';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantMenus } from '../../db/seed/demo.ts';
import {
  mcuCompanyAndPackage,
  mcuConclusion,
  mcuEvent,
  mcuParticipant,
  SAMPLE_STATIONS,
} from '../../test/mcu-fixtures.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { pdfText } from '../letters/pdf-text.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let base: Awaited<ReturnType<typeof mcuCompanyAndPackage>>;
let event: Awaited<ReturnType<typeof mcuEvent>>;
const people: Record<string, { uid: string; id: number }> = {};
let approvedToken = '';
let draftToken = '';

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['reviewResults', 'previewMcu']);
  for (const u of ['lab', 'kasir', 'dokter2']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');

  const today = clinicDay('Asia/Jakarta');
  base = await mcuCompanyAndPackage(db, 11);
  event = await mcuEvent(db, base, today);
  const budi = await mcuParticipant(db, base, event, { name: 'Budi Hartono', stations: SAMPLE_STATIONS });
  const approved = await mcuConclusion(db, budi.id, {
    category: 'FIT_NOTE',
    status: 'approved',
    findings: ['Hipertensi stadium 1 (150/95 mmHg)', 'Obesitas I (IMT 28,4)'],
    conclusion: 'Layak bekerja dengan catatan hipertensi',
    advice: 'Kontrol tekanan darah, diet rendah garam',
    restrictions: 'Tidak bekerja di ketinggian',
  });
  approvedToken = approved.verifyToken;
  const sari = await mcuParticipant(db, base, event, {
    name: 'Sari Wulandari',
    sex: 'F',
    department: 'Gudang',
    stations: { vitals: SAMPLE_STATIONS!.vitals },
  });
  const draft = await mcuConclusion(db, sari.id, { category: 'FIT', status: 'draft' });
  draftToken = draft.verifyToken;
  const dedi = await mcuParticipant(db, base, event, { name: 'Dedi Kurniawan', department: 'Gudang' });
  await mcuConclusion(db, dedi.id, {
    category: 'FIT',
    status: 'approved',
    findings: ['Obesitas I (IMT 28,4)'],
  });
  Object.assign(people, { budi, sari, dedi });
  // a participant at Makassar (clinic 13): outside the lab user's clinics
  const makassar = await mcuCompanyAndPackage(db, 13);
  const far = await mcuParticipant(db, makassar, await mcuEvent(db, makassar, today), {
    name: 'Andi Makassar',
  });
  people.far = far;
});
afterAll(() => ctx.close());

const get = (url: string, who?: string) =>
  ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: who ? { authorization: tokens[who] } : {} });

describe('MCU report PDF', () => {
  it('prints the sections, the identity, the audiogram page and the category with the QR hint', async () => {
    const res = await get(`/mcu/participants/${people.budi.uid}/report.pdf`, 'lab');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const s of [
      'LAPORAN HASIL MEDICAL CHECK UP',
      'IDENTITAS PESERTA',
      'RIWAYAT',
      'PEMERIKSAAN FISIK',
      'PEMERIKSAAN PENUNJANG',
      'AUDIOMETRI',
      'SPIROMETRI',
      'KESIMPULAN MCU',
      'Budi Hartono',
      'Layak kerja dengan catatan',
      'Tidak bekerja di ketinggian',
      'Hipertensi stadium 1',
      '150/95',
      'Bising',
      'Pindai kode QR',
      `/verify/mcu/${approvedToken}`,
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('DRAFT');
  });

  it('prints a draft conclusion with the DRAFT watermark and no verification link', async () => {
    const res = await get(`/mcu/participants/${people.sari.uid}/report.pdf`, 'lab');
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('DRAFT');
    expect(text).not.toContain('/verify/mcu/');
  });

  it('keeps other clinics (403), other corporates (404) and callers without mcu.read (403) out', async () => {
    expect((await get(`/mcu/participants/${people.far.uid}/report.pdf`, 'lab')).statusCode).toBe(403);
    const foreign = await get(`/mcu/participants/${people.budi.uid}/report.pdf`, 'adminlain');
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await get(`/mcu/participants/${people.budi.uid}/report.pdf`, 'kasir')).statusCode).toBe(403);
    expect((await get(`/mcu/participants/${people.budi.uid}/report.pdf`)).statusCode).toBe(401);
    expect((await get('/mcu/participants/nobody/report.pdf', 'lab')).statusCode).toBe(404);
  });
});

describe('certificates and checklist', () => {
  it('prints the health certificate and the fit-to-work letter from an approved conclusion', async () => {
    const health = await get(`/mcu/participants/${people.budi.uid}/certificate.pdf?kind=health`, 'lab');
    expect(health.statusCode).toBe(200);
    const h = pdfText(health.rawPayload);
    expect(h).toContain('SURAT KETERANGAN SEHAT');
    expect(h).toContain('TIDAK BUTA WARNA');
    expect(h).toContain('LAYAK KERJA DENGAN CATATAN');
    const fit = await get(`/mcu/participants/${people.budi.uid}/certificate.pdf?kind=fitToWork`, 'lab');
    const f = pdfText(fit.rawPayload);
    (await import('node:fs')).writeFileSync('/tmp/h3-health.pdf', health.rawPayload);
    expect(f).toContain('SURAT KETERANGAN LAIK KERJA');
    expect(f).toContain('Tidak bekerja di ketinggian');
  });

  it('refuses a certificate of a draft conclusion (409)', async () => {
    const res = await get(`/mcu/participants/${people.sari.uid}/certificate.pdf?kind=health`, 'lab');
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toMatch(/disetujui/);
  });

  it('prints the checklist with the stations and the tube labels', async () => {
    const res = await get(`/mcu/participants/${people.sari.uid}/checklist.pdf`, 'lab');
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    (await import('node:fs')).writeFileSync('/tmp/h3-checklist.pdf', res.rawPayload);
    expect(text).toContain('CHECKLIST PEMERIKSAAN MCU');
    expect(text).toContain('Audiometri');
    expect(text).toContain('LABEL TABUNG');
    expect(text).toContain('Sari Wulandari');
  });
});

describe('public verification', () => {
  it('answers validity only: approved, then replaced after a new version; 404 for unknown and drafts', async () => {
    const res = await get(`/mcu/verify/${approvedToken}`);
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({
      valid: true,
      status: 'approved',
      clinicName: 'Klinikita MCU Center Cikarang',
      version: 1,
    });
    expect(Object.keys(data).sort()).toEqual(['approvedAt', 'clinicName', 'status', 'valid', 'version']);
    expect(res.body).not.toContain('Budi');
    expect(res.body).not.toContain('FIT');

    expect((await get('/mcu/verify/unknown-token-123')).statusCode).toBe(404);
    expect((await get(`/mcu/verify/${draftToken}`)).statusCode).toBe(404);

    const v2 = await mcuConclusion(ctx.database.db, people.budi.id, {
      category: 'FIT_NOTE',
      status: 'approved',
      findings: ['Hipertensi stadium 1 (150/95 mmHg)', 'Obesitas I (IMT 28,4)'],
      restrictions: 'Tidak bekerja di ketinggian',
    });
    const old = json(await get(`/mcu/verify/${approvedToken}`)).data;
    expect(old).toMatchObject({ valid: false, status: 'replaced', version: 1 });
    expect(json(await get(`/mcu/verify/${v2.verifyToken}`)).data).toMatchObject({ valid: true, version: 2 });
  });
});

describe('results list', () => {
  it('lists done and approved participants of the caller’s clinics with their category', async () => {
    const res = await get(`/mcu/results?eventId=${event.uid}&limit=10`, 'lab');
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(data, res.body.slice(0, 300)).toBeDefined();
    expect(data.totalDocs).toBe(3);
    const budi = data.docs.find((d: { name: string }) => d.name === 'Budi Hartono');
    expect(budi.conclusion).toMatchObject({
      categoryLabel: 'Layak kerja dengan catatan',
      status: 'approved',
    });
    expect(budi.conclusion.verifyPath).toMatch(/^\/verify\/mcu\/.+/);
    const sari = data.docs.find((d: { name: string }) => d.name === 'Sari Wulandari');
    expect(sari.conclusion).toMatchObject({ status: 'draft', verifyPath: null });
    expect(data.events.some((e: { uid: string }) => e.uid === event.uid)).toBe(true);
    const searched = json(await get(`/mcu/results?q=wulan`, 'lab')).data;
    expect(searched.docs.map((d: { name: string }) => d.name)).toEqual(['Sari Wulandari']);
    const approved = json(await get(`/mcu/results?eventId=${event.uid}&status=approved`, 'lab')).data;
    expect(approved.totalDocs).toBe(2);
    expect((await get('/mcu/results?clinicId=13', 'lab')).statusCode).toBe(403);
    expect(json(await get('/mcu/results', 'adminlain')).data.totalDocs).toBe(0);
  });
});

describe('company recap xlsx', () => {
  it('streams Rekap and Statistik with the dictionary headings, 30-character sheet names, width 20, grey header', async () => {
    const res = await get(`/mcu/events/${event.uid}/recap.xlsx`, 'lab');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-row-count']).toBe('3');
    expect(res.headers['content-disposition']).toMatch(/rekap-mcu-.*\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = book.worksheets.map((s) => s.name);
    expect(names).toEqual(['Rekap', 'Statistik']);
    for (const n of names) expect(n.length).toBeLessThanOrEqual(30);
    const rekap = book.getWorksheet('Rekap')!;
    const headings = (rekap.getRow(1).values as unknown[]).slice(1);
    for (const h of Object.values(MCU_EXPORT_DICTIONARY)) expect(headings).toContain(h);
    expect(headings).toContain('Audiometri');
    for (let i = 1; i <= headings.length; i++) expect(rekap.getColumn(i).width).toBe(20);
    const fill = rekap.getRow(1).getCell(1).fill as ExcelJS.FillPattern;
    expect(fill.fgColor?.argb).toBe('FFD9D9D9');
    expect(rekap.rowCount).toBe(4);
    const col = (h: string) => headings.indexOf(h) + 1;
    const budiRow = [2, 3, 4]
      .map((r) => rekap.getRow(r))
      .find((r) => r.getCell(col('Nama')).value === 'Budi Hartono')!;
    expect(budiRow.getCell(col('Hasil')).value).toBe('Layak kerja dengan catatan');
    expect(String(budiRow.getCell(col('Ekstremitas')).value)).toContain('Nyeri tekan lumbal');
    expect(budiRow.getCell(col('Tekanan Darah')).value).toBe('150/95');

    const stats = book.getWorksheet('Statistik')!;
    const rows = stats
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(['Layak kerja dengan catatan', 1]);
    expect(rows).toContainEqual(['Layak kerja', 2]);
    expect(rows).toContainEqual(['Total', 3]);
    expect(rows).toContainEqual(['Obesitas I (IMT 28,4)', 2]);
    expect(rows).toContainEqual(['Gudang', 2, 1, 1]);
  });

  it('keeps other corporates (404) and other clinics (403) out', async () => {
    expect((await get(`/mcu/events/${event.uid}/recap.xlsx`, 'adminlain')).statusCode).toBe(404);
    expect((await get(`/mcu/events/${event.uid}/recap.xlsx`, 'kasir')).statusCode).toBe(403);
  });
});
