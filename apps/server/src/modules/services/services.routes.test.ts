import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, services } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, multipart, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'services',
    'masterService',
  ]);
  for (const u of ['superadmin', 'admin', 'pendaftaran', 'lab', 'kasir'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: string,
  payload?: object | Buffer,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `${API}/services${url}`,
    headers: { authorization: tokens[who], ...headers },
    payload,
  });

type Service = {
  uid: string;
  code: string;
  nameId: string;
  nameEn: string;
  group: string;
  unit: string;
  taxCategory: string;
  icd9Code: string | null;
  specialist: string | null;
  isPackage: boolean;
  active: boolean;
  generalPrice: number | null;
};
type Page = { docs: Service[]; page: number; totalPages: number; limit: number; totalDocs: number };
const list = async (query: string, who = 'admin') => {
  const res = await call('GET', query, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Page;
};
const codes = (page: Page) => page.docs.map((d) => d.code);
const byCode = async (code: string) =>
  (await list(`?search=${code}&limit=100`)).docs.find((d) => d.code === code)!;
const newService = (over: object = {}) => ({
  code: 'TND-SIRKUM',
  nameId: 'Sirkumsisi',
  nameEn: 'Circumcision',
  group: 'procedure',
  unit: 'tindakan',
  taxCategory: 'exempt',
  icd9Code: '64.0',
  ...over,
});
const audits = async (action: string, entityId?: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), entityId ? eq(auditLog.entityId, entityId) : undefined))
  )[0].n;

describe('the service list', () => {
  it('pages the demo master by code with today’s general tariff', async () => {
    const first = await list('?limit=10');
    expect(first).toMatchObject({ page: 1, limit: 10, totalDocs: 31, totalPages: 4 });
    expect(codes(first)).toEqual([...codes(first)].sort((a, b) => a.localeCompare(b)));
    expect(codes(first).slice(0, 3)).toEqual(['FIS-PAKET6', 'FIS-SESI', 'KONS-SPPD']);
    const second = await list('?limit=10&page=2');
    expect(codes(second)[0] > codes(first)[9]).toBe(true);
    const kons = await byCode('KONS-SPPD');
    expect(kons).toMatchObject({
      group: 'consultation',
      specialist: 'Penyakit Dalam',
      generalPrice: 200_000,
    });
    expect(kons).not.toHaveProperty('id');
    expect(await byCode('REG-KARTU')).toMatchObject({ taxCategory: 'ppn', unit: 'kartu' });
  });

  it('searches code and both names (every word), filters by group, package and status', async () => {
    expect(codes(await list('?search=glukosa'))).toEqual(['LAB-GD2PP', 'LAB-GDP', 'LAB-GDS']);
    expect(codes(await list('?search=blood glucose'))).toEqual(['LAB-GDP', 'LAB-GDS']);
    expect(codes(await list('?search=lab-p'))).toEqual(['LAB-P-GINJAL', 'LAB-P-HATI', 'LAB-P-MCU']);
    expect(codes(await list('?group=physio'))).toEqual(['FIS-PAKET6', 'FIS-SESI']);
    expect(codes(await list('?isPackage=true'))).toEqual([
      'FIS-PAKET6',
      'LAB-P-GINJAL',
      'LAB-P-HATI',
      'LAB-P-MCU',
    ]);
    expect((await list('?group=lab&limit=100')).totalDocs).toBe(16);
    expect((await list('?search=zzqx')).docs).toEqual([]);
    expect((await call('GET', '?group=dental', 'admin')).statusCode).toBe(400);
  });

  it('answers one service with its items and every price period', async () => {
    const panel = await byCode('LAB-P-GINJAL');
    const res = await call('GET', `/${panel.uid}`, 'pendaftaran');
    expect(res.statusCode).toBe(200);
    const detail = json(res).data;
    expect(detail.items.map((i: { code: string; quantity: number }) => [i.code, i.quantity])).toEqual([
      ['LAB-UR', 1],
      ['LAB-CR', 1],
      ['LAB-UA', 1],
    ]);
    expect(detail.prices).toHaveLength(6);
    expect(detail.prices[0]).toMatchObject({
      clinicId: null,
      payerClass: 'general',
      validFrom: '2026-01-01',
    });
  });
});

describe('adding and changing services', () => {
  it('adds a service (audited) and refuses its code twice in the corporate, any case', async () => {
    const res = await call('POST', '', 'admin', newService());
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Data layanan berhasil disimpan');
    const created = json(res).data;
    expect(created).toMatchObject({
      code: 'TND-SIRKUM',
      icd9Code: '64.0',
      active: true,
      items: [],
      prices: [],
    });
    expect(await audits('service.create', created.uid)).toBe(1);
    const again = await call('POST', '', 'admin', newService({ code: 'tnd-sirkum' }));
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Kode layanan tnd-sirkum sudah dipakai');
    expect(json(again).errors).toEqual([{ path: 'code', message: 'Kode ini sudah dipakai layanan lain' }]);
    // the other corporate may use the same code
    expect((await call('POST', '', 'adminlain', newService())).statusCode).toBe(200);
  });

  it('changes a service and a panel’s items (audited); a package item is a plain active service', async () => {
    const hati = await byCode('LAB-P-HATI');
    const [sgot, sgpt, ua, ginjal] = await Promise.all(
      ['LAB-SGOT', 'LAB-SGPT', 'LAB-UA', 'LAB-P-GINJAL'].map(byCode),
    );
    const body = {
      code: 'LAB-P-HATI',
      nameId: 'Panel Fungsi Hati Lengkap',
      nameEn: 'Liver function panel',
      group: 'lab',
      unit: 'panel',
      taxCategory: 'exempt',
      isPackage: true,
      items: [sgot, sgpt, ua].map((s) => ({ serviceUid: s.uid, quantity: 1 })),
    };
    const res = await call('PUT', `/${hati.uid}`, 'admin', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.nameId).toBe('Panel Fungsi Hati Lengkap');
    expect(json(res).data.items.map((i: { code: string }) => i.code)).toEqual([
      'LAB-SGOT',
      'LAB-SGPT',
      'LAB-UA',
    ]);
    expect(await audits('service.update', hati.uid)).toBe(1);

    const nested = await call('PUT', `/${hati.uid}`, 'admin', {
      ...body,
      items: [{ serviceUid: ginjal.uid, quantity: 1 }],
    });
    expect(nested.statusCode).toBe(400);
    expect(json(nested).errors).toEqual([
      { path: 'items.0.serviceUid', message: 'Isi paket tidak boleh berupa paket' },
    ]);
    // a lab panel holds lab tests only, as /panel keeps it
    const xray = await byCode('RAD-THORAX');
    const notLab = await call('PUT', `/${hati.uid}`, 'admin', {
      ...body,
      items: [sgot, xray].map((s) => ({ serviceUid: s.uid, quantity: 1 })),
    });
    expect(json(notLab).errors).toEqual([
      { path: 'items.1.serviceUid', message: 'Panel laboratorium hanya berisi pemeriksaan laboratorium' },
    ]);
    const sgotAsPackage = await call('PUT', `/${sgot.uid}`, 'admin', {
      ...newService({ code: 'LAB-SGOT', group: 'lab', icd9Code: null }),
      isPackage: true,
      items: [{ serviceUid: ua.uid, quantity: 1 }],
    });
    expect(json(sgotAsPackage).errors).toEqual([
      {
        path: 'isPackage',
        message: 'Layanan ini menjadi isi paket lain, sehingga tidak dapat dijadikan paket',
      },
    ]);
    const clash = await call('PUT', `/${hati.uid}`, 'admin', { ...body, code: 'LAB-SGOT' });
    expect(clash.statusCode).toBe(409);
  });

  it('deactivates a service (never deletes it) and activates it again, audited', async () => {
    const inj = await byCode('TND-INJ');
    const off = await call('POST', `/${inj.uid}/deactivate`, 'admin');
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off).message).toBe('Layanan dinonaktifkan');
    expect(json(off).data).toMatchObject({ active: false, code: 'TND-INJ' });
    expect(json(off).data.prices.length).toBeGreaterThan(0);
    expect(codes(await list('?active=true&search=tnd-inj'))).toEqual([]);
    expect(codes(await list('?active=false'))).toContain('TND-INJ');
    const [row] = await ctx.database.db.select().from(services).where(eq(services.uid, inj.uid));
    expect(row.active).toBe(false);
    expect(await audits('service.deactivate', inj.uid)).toBe(1);
    // an inactive service is no new package item
    const paket = await byCode('FIS-PAKET6');
    const asItem = await call('PUT', `/${paket.uid}`, 'admin', {
      ...newService({ code: 'FIS-PAKET6', group: 'physio', unit: 'paket', icd9Code: null }),
      isPackage: true,
      items: [{ serviceUid: inj.uid, quantity: 1 }],
    });
    expect(json(asItem).errors).toEqual([
      { path: 'items.0.serviceUid', message: 'Layanan isi paket sudah nonaktif' },
    ]);
    const on = await call('POST', `/${inj.uid}/reactivate`, 'admin');
    expect(json(on).data.active).toBe(true);
    expect(await audits('service.reactivate', inj.uid)).toBe(1);
  });

  it('validates with the catalogue messages, in English on request', async () => {
    const res = await call(
      'POST',
      '',
      'admin',
      { code: 'A B', nameId: ' ', group: 'x', unit: '' },
      {
        'accept-language': 'en',
      },
    );
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(json(res).errors!.map((e) => [e.path, e.message]));
    expect(errors).toMatchObject({
      code: 'The code takes letters, digits, dots, hyphens and underscores only',
      nameId: 'The Indonesian name is required',
      nameEn: 'The English name is required',
      group: 'Choose a service group',
      unit: 'Unit is required',
    });
  });
});

describe('access', () => {
  it('reads for the front office, changes for the master’s holders, nothing for others', async () => {
    expect((await list('?limit=1', 'pendaftaran')).totalDocs).toBe(32);
    expect((await call('POST', '', 'pendaftaran', newService({ code: 'X-1' }))).statusCode).toBe(403);
    expect((await call('GET', '', 'lab')).statusCode).toBe(403);
    expect((await call('GET', '', 'kasir')).statusCode).toBe(403);
    expect((await call('GET', '/export/xlsx', 'pendaftaran')).statusCode).toBe(403);
    const kons = await byCode('KONS-UMUM');
    expect((await call('GET', `/${kons.uid}`, 'adminlain')).statusCode).toBe(404);
    expect((await call('POST', `/${kons.uid}/deactivate`, 'adminlain')).statusCode).toBe(404);
    expect(codes(await list('', 'adminlain'))).toEqual(['TND-SIRKUM']);
  });
});

type Rows = (string | number | Date | null)[][];
async function workbook(servicesRows: Rows, priceRows: Rows = [], headers = true) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Layanan');
  if (headers)
    sheet.addRow([
      'Kode',
      'Nama (Indonesia)',
      'Nama (Inggris)',
      'Kelompok',
      'Satuan',
      'Pajak',
      'ICD-9-CM',
      'Spesialis',
      'Paket',
      'Isi paket',
      'Aktif',
    ]);
  for (const r of servicesRows) sheet.addRow(r);
  const prices = book.addWorksheet('Tarif');
  prices.addRow([
    'Code',
    'Clinic (ID)',
    'Payer class',
    'Valid from',
    'Valid to',
    'Facility fee',
    'Professional fee',
    'Consumables',
  ]);
  for (const r of priceRows) prices.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const upload = (content: Buffer, who = 'admin') => {
  const body = multipart([{ field: 'file', filename: 'layanan.xlsx', content }]);
  return call('POST', '/import/xlsx', who, body.payload, body.headers);
};

describe('import and export', () => {
  it('refuses a file with a bad row, changes nothing and names each bad cell', async () => {
    const before = (await list('')).totalDocs;
    const file = await workbook(
      [
        [
          'TND-BARU',
          'Tindakan Baru',
          'New procedure',
          'procedure',
          'tindakan',
          'exempt',
          '',
          '',
          'Tidak',
          '',
          'Ya',
        ],
        ['TND-RUSAK', 'Rusak', 'Broken', 'gigi', 'tindakan', 'exempt', '8659', '', 'Tidak', '', 'Ya'],
        [
          'KONS-UMUM',
          'Konsultasi Dokter Umum (baru)',
          'GP consultation',
          'consultation',
          'kunjungan',
          '',
          '',
          '',
          'Tidak',
          '',
          'mungkin',
        ],
        // only the database can tell that an item does not exist: reported with the rest
        [
          'LAB-P-X',
          'Panel X',
          'Panel X',
          'lab',
          'panel',
          'exempt',
          '',
          '',
          'Ya',
          'LAB-DL; LAB-TIDAKADA',
          'Ya',
        ],
      ],
      [['TND-BARU', '', 'Umum', '2026-01-01', '', 'Rp 50.000', 0, 'gratis']],
    );
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).message).toBe('Impor dibatalkan: 4 baris bermasalah, tidak ada data yang diubah');
    expect((json(res) as { data: { issues: unknown[] } }).data.issues).toEqual([
      { sheet: 'services', row: 3, field: 'group', message: 'Nilai tidak dikenal; pilih dari daftar' },
      { sheet: 'services', row: 3, field: 'icd9Code', message: 'Kode ICD-9-CM seperti 86.59' },
      { sheet: 'services', row: 4, field: 'active', message: 'Isi Ya atau Tidak' },
      { sheet: 'services', row: 5, field: 'items', message: 'Layanan isi paket tidak ditemukan' },
      {
        sheet: 'prices',
        row: 2,
        field: 'consumablesFee',
        message: 'Nominal harus bilangan bulat rupiah, mulai 0',
      },
    ]);
    expect((await list('')).totalDocs).toBe(before);
    expect((await byCode('KONS-UMUM')).nameId).toBe('Konsultasi Dokter Umum');

    // a row that is bad only against the database (a price clash) also leaves everything as it was
    const clash = await upload(
      await workbook(
        [
          [
            'TND-BARU',
            'Tindakan Baru',
            'New procedure',
            'procedure',
            'tindakan',
            'exempt',
            '',
            '',
            'Tidak',
            '',
            'Ya',
          ],
        ],
        [['KONS-UMUM', '', 'general', '2025-03-01', '2025-03-31', 80_000, 0, 0]],
      ),
    );
    expect(clash.statusCode).toBe(422);
    expect(json(clash).data.issues).toEqual([
      {
        sheet: 'prices',
        row: 2,
        field: 'validFrom',
        message: 'Tarif Umum berlaku 01/01/2025–31/12/2025 sudah ada',
      },
    ]);
    expect(codes(await list('?search=TND-BARU'))).toEqual([]);
    expect(await audits('service.import')).toBe(0);
  });

  it('adds and changes services by code with their items and prices, all in one go', async () => {
    const file = await workbook(
      [
        [
          'KONS-UMUM',
          'Konsultasi Dokter Umum',
          'General practice consultation',
          'Konsultasi',
          'kunjungan',
          'Bebas PPN',
          '',
          '',
          'Tidak',
          '',
          'Ya',
        ],
        [
          'MCU-KERJA',
          'Paket MCU Pekerja',
          'Worker MCU package',
          'mcu',
          'paket',
          'exempt',
          '',
          '',
          'Ya',
          'LAB-DL; LAB-UL; TND-AUDIO × 2',
          'Ya',
        ],
        [
          'TND-AUDIO',
          'Audiometri',
          'Audiometry',
          'procedure',
          'pemeriksaan',
          'exempt',
          '95.41',
          '',
          'Tidak',
          '',
          'Ya',
        ],
      ],
      [
        ['MCU-KERJA', '', 'Perusahaan', new Date(Date.UTC(2026, 0, 1)), '', 'Rp 300.000', 150_000, 0],
        ['TND-AUDIO', 13, 'general', '01/02/2026', '31/12/2026', 90_000, 60_000, 0],
      ],
    );
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({
      created: 2,
      updated: 1,
      unchanged: 0,
      pricesAdded: 2,
      pricesUnchanged: 0,
    });
    expect(json(res).message).toBe('Impor layanan selesai');
    expect((await byCode('KONS-UMUM')).nameEn).toBe('General practice consultation');
    const mcu = json(await call('GET', `/${(await byCode('MCU-KERJA')).uid}`, 'admin')).data;
    expect(mcu).toMatchObject({ group: 'mcu', isPackage: true });
    expect(mcu.items.map((i: { code: string; quantity: number }) => [i.code, i.quantity])).toEqual([
      ['LAB-DL', 1],
      ['LAB-UL', 1],
      ['TND-AUDIO', 2],
    ]);
    expect(mcu.prices).toMatchObject([
      { payerClass: 'company', total: 450_000, validFrom: '2026-01-01', validTo: null },
    ]);
    expect(await audits('service.import')).toBe(1);
    // the same file again changes nothing
    expect(json(await upload(file)).data).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
      pricesAdded: 0,
      pricesUnchanged: 2,
    });
  });

  it('exports every service and price period; the export imports back unchanged', async () => {
    const res = await call('GET', '/export/xlsx', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="layanan-\d{4}-\d\d-\d\d\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet, prices] = book.worksheets;
    expect(sheet.name).toBe('Layanan');
    expect(sheet.getRow(1).values).toContain('Kode');
    const rows = (sheet.getSheetValues().slice(2) as unknown[][]).filter((r) => r?.[1]);
    const paket = rows.find((r) => r[1] === 'FIS-PAKET6')!;
    expect(paket.slice(1)).toEqual([
      'FIS-PAKET6',
      'Paket Fisioterapi 6 Sesi',
      'Physiotherapy package, 6 sessions',
      'physio',
      'paket',
      'exempt',
      undefined,
      undefined,
      'Ya',
      'FIS-SESI × 6',
      'Ya',
    ]);
    expect(rows.length).toBe((await list('')).totalDocs);
    const priceRows = (prices.getSheetValues().slice(2) as unknown[][]).filter((r) => r?.[1]);
    expect(priceRows).toContainEqual([
      undefined,
      'KONS-UMUM',
      13,
      'Klinik Pratama Klinikita Makassar',
      'general',
      '2026-01-01',
      undefined,
      18_500,
      56_500,
      0,
      75_000,
    ]);
    const back = await upload(res.rawPayload);
    expect(back.statusCode, back.body).toBe(200);
    expect(json(back).data).toMatchObject({ created: 0, updated: 0, pricesAdded: 0 });
    const english = await call('GET', '/export/xlsx', 'admin', undefined, { 'accept-language': 'en' });
    const en = new ExcelJS.Workbook();
    await en.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    expect(en.worksheets.map((s) => s.name)).toEqual(['Services', 'Tariffs']);
    expect(json(await upload(english.rawPayload)).data).toMatchObject({
      created: 0,
      updated: 0,
      pricesAdded: 0,
    });
  });

  it('refuses what is not a workbook, and the import to those without the master', async () => {
    const res = await upload(Buffer.from('kode,nama\nA,B'));
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Berkas bukan xlsx yang dapat dibaca, atau tidak berisi data');
    expect((await upload(await workbook([]), 'pendaftaran')).statusCode).toBe(403);
  });
});
