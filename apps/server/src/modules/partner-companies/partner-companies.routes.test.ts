import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partnerCompanies, partnerCompanyEmployees, services } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'partners',
    'partnerCompanies',
  ]);
  for (const u of ['pendaftaran', 'kasir', 'dokter']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });
const must = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = 'pendaftaran') => {
  const res = await call(method, url, who, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return json(res).data;
};
const errorsOf = (res: { body: string }) =>
  Object.fromEntries(
    (JSON.parse(res.body).errors ?? []).map((e: { path: string; message: string }) => [e.path, e.message]),
  );
const audits = async (action: string) =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;
const serviceUid = async (code: string) =>
  (await ctx.database.db.select({ uid: services.uid }).from(services).where(eq(services.code, code)))[0].uid;

let serial = 0;
const newCompany = (over: object = {}) =>
  must('POST', '/partner-companies', { name: `PT Uji Rekanan ${++serial}`, ...over });

describe('partner companies', () => {
  it('adds, finds, pages, changes and deactivates a company; NPWP stored as digits', async () => {
    const created = await newCompany({
      name: 'PT Angkasa Pura Logistik',
      code: 'APL',
      legalName: 'PT Angkasa Pura Logistik Tbk',
      npwp: '01.234.567.8-901.000',
      address: 'Jl. Raya Bandara 1',
      city: 'Tangerang',
      phone: '021-5501234',
      email: 'hr@apl.example',
      picName: 'Ibu Rina',
      paymentTermDays: 45,
      creditLimit: 150_000_000,
      cutoffDay: 20,
      ppnInvoiceRequired: true,
      ceilingPerVisit: 1_000_000,
      ceilingPerYear: 10_000_000,
      copayType: 'percent',
      copayValue: 10,
      excludedGroups: ['mcu'],
    });
    expect(created).toMatchObject({
      npwp: '012345678901000',
      paymentTermDays: 45,
      cutoffDay: 20,
      copayType: 'percent',
      copayValue: 10,
      excludedGroups: ['mcu'],
      excludedServices: [],
      employeeCount: 0,
      active: true,
    });
    expect(created).not.toHaveProperty('id');
    expect(await audits('partnerCompany.create')).toBe(1);

    const bad = await call('POST', '/partner-companies', 'pendaftaran', {
      name: 'PT Salah',
      npwp: '1234',
      cutoffDay: 31,
      copayType: 'percent',
      copayValue: 120,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual({
      npwp: 'NPWP harus 15 atau 16 angka',
      cutoffDay: 'Tanggal tutup buku 1 sampai 28',
      copayValue: 'Persentase iur biaya 0 sampai 100 (bilangan bulat)',
    });
    const twice = await call('POST', '/partner-companies', 'pendaftaran', {
      name: 'PT Angkasa Pura Logistik',
    });
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)).toEqual({ name: 'Nama perusahaan sudah dipakai' });

    const found = await must('GET', '/partner-companies?search=angkasa');
    expect(found.docs.map((c: { uid: string }) => c.uid)).toEqual([created.uid]);
    const byNpwp = await must('GET', '/partner-companies?search=01.234.567');
    expect(byNpwp.docs.map((c: { uid: string }) => c.uid)).toEqual([created.uid]);
    const paged = await must('GET', '/partner-companies?limit=1&page=2');
    expect(paged).toMatchObject({ page: 2, limit: 1 });
    expect(paged.totalDocs).toBeGreaterThanOrEqual(4); // the demo companies and this one

    const lab = await serviceUid('LAB-GDP');
    const changed = await must('PUT', `/partner-companies/${created.uid}`, {
      ...created,
      excludedServiceUids: [lab],
      creditLimit: null,
    });
    expect(changed).toMatchObject({ creditLimit: null, excludedServices: [{ uid: lab, code: 'LAB-GDP' }] });
    const off = await must('POST', `/partner-companies/${created.uid}/deactivate`);
    expect(off.active).toBe(false);
    const inactive = await must('GET', '/partner-companies?active=false');
    expect(inactive.docs.map((c: { uid: string }) => c.uid)).toContain(created.uid);
    // the registration form's payer list offers only active companies
    const payers = await must('GET', '/registrations/companies');
    expect(payers.map((c: { name: string }) => c.name)).not.toContain('PT Angkasa Pura Logistik');
  });

  it('keeps corporates apart and refuses writes without the management menu', async () => {
    const ours = await newCompany();
    const theirs = await must('POST', '/partner-companies', { name: 'PT Milik Lain' }, 'adminlain');
    expect((await call('GET', `/partner-companies/${ours.uid}`, 'adminlain')).statusCode).toBe(404);
    expect((await call('GET', `/partner-companies/${theirs.uid}`, 'pendaftaran')).statusCode).toBe(404);
    expect(
      (await call('PUT', `/partner-companies/${theirs.uid}`, 'pendaftaran', { name: 'Diambil' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/partner-companies/${theirs.uid}/employees`, 'pendaftaran')).statusCode).toBe(
      404,
    );
    const list = await must('GET', '/partner-companies?limit=100', undefined, 'adminlain');
    expect(list.docs.map((c: { uid: string }) => c.uid)).toEqual([theirs.uid]);
    // the cashier reads the list (Daftar Perusahaan) but keeps nothing, nor sees the employees
    expect((await call('GET', '/partner-companies', 'kasir')).statusCode).toBe(200);
    expect((await call('POST', '/partner-companies', 'kasir', { name: 'PT Kasir' })).statusCode).toBe(403);
    expect((await call('GET', `/partner-companies/${ours.uid}/employees`, 'kasir')).statusCode).toBe(403);
  });
});

describe('contract prices', () => {
  it('adds prices per service; a later start ends the open price; an overlap is refused', async () => {
    const company = await newCompany();
    const service = await serviceUid('LAB-GDP');
    const url = `/partner-companies/${company.uid}/prices`;
    const first = await must('POST', url, { serviceUid: service, price: 40_000, validFrom: '2026-01-01' });
    expect(first).toMatchObject({ serviceCode: 'LAB-GDP', price: 40_000, validTo: null });
    const second = await must('POST', url, { serviceUid: service, price: 45_000, validFrom: '2026-07-01' });
    expect(second.validTo).toBeNull();
    const prices = await must('GET', url);
    expect(
      prices.map((p: { validFrom: string; validTo: string | null }) => [p.validFrom, p.validTo]),
    ).toEqual([
      ['2026-01-01', '2026-06-30'],
      ['2026-07-01', null],
    ]);
    const clash = await call('POST', url, 'pendaftaran', {
      serviceUid: service,
      price: 50_000,
      validFrom: '2026-03-01',
      validTo: '2026-03-31',
    });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).message).toContain('01/01/2026–30/06/2026');
    expect(errorsOf(clash)).toEqual({ validFrom: 'Bertumpuk dengan periode harga lain' });

    const ended = await must('POST', `${url}/${second.uid}/end`, { validTo: '2026-12-31' });
    expect(ended.validTo).toBe('2026-12-31');
    const before = await call('POST', `${url}/${second.uid}/end`, 'pendaftaran', { validTo: '2026-06-01' });
    expect(before.statusCode).toBe(400);
    const unknown = await call('POST', url, 'pendaftaran', {
      serviceUid: 'nope',
      price: 1,
      validFrom: '2026-01-01',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorsOf(unknown)).toEqual({ serviceUid: 'Layanan tidak ditemukan' });
  });
});

const employee = (over: object = {}) => ({
  employeeNumber: `EMP-${++serial}`,
  nik: `317106120388${String(1000 + serial).padStart(4, '0')}`,
  name: 'Budi Santoso',
  birthDate: '1988-03-12',
  sex: 'M',
  department: 'Gudang',
  ...over,
});

describe('covered employees', () => {
  it('adds, searches, changes and deactivates employees; one number per company', async () => {
    const company = await newCompany();
    const url = `/partner-companies/${company.uid}/employees`;
    const added = await must('POST', url, employee({ employeeNumber: 'A-001', name: 'Sari Dewi', sex: 'F' }));
    expect(added).toMatchObject({ employeeNumber: 'A-001', active: true, patient: null });
    const taken = await call('POST', url, 'pendaftaran', employee({ employeeNumber: 'a-001' }));
    expect(taken.statusCode).toBe(409);
    expect(errorsOf(taken)).toEqual({ employeeNumber: 'Nomor karyawan sudah dipakai' });
    const bad = await call('POST', url, 'pendaftaran', employee({ nik: '12345' }));
    expect(errorsOf(bad)).toEqual({ nik: 'NIK harus 16 angka' });

    const found = await must('GET', `${url}?search=sari`);
    expect(found.docs.map((e: { uid: string }) => e.uid)).toEqual([added.uid]);
    const changed = await must(
      'PUT',
      `${url}/${added.uid}`,
      employee({ employeeNumber: 'A-001', name: 'Sari Dewi Lestari', sex: 'F' }),
    );
    expect(changed.name).toBe('Sari Dewi Lestari');
    const off = await must('POST', `${url}/${added.uid}/deactivate`);
    expect(off.active).toBe(false);
    expect((await must('GET', `/partner-companies/${company.uid}`)).employeeCount).toBe(0);
  });

  it('imports a workbook: valid rows written, each invalid row reported and not written', async () => {
    const company = await newCompany();
    const url = `/partner-companies/${company.uid}/employees`;
    await must('POST', url, employee({ employeeNumber: 'K-002', name: 'Nama Lama' }));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Karyawan');
    sheet.addRow(['No. Karyawan', 'NIK', 'Nama', 'Tanggal Lahir', 'Jenis Kelamin', 'Departemen', 'Aktif']);
    sheet.addRow(['K-001', '3171061203880101', 'Andi Wijaya', '12/03/1988', 'L', 'Keuangan', 'Ya']);
    sheet.addRow(['K-002', '3171061203880102', 'Nama Baru', '1988-03-12', 'L', 'Gudang', 'Ya']);
    sheet.addRow(['K-003', '12345', 'NIK Pendek', '12/03/1988', 'P', '', '']);
    sheet.addRow(['K-004', '3171065203880104', 'Tanpa Kelamin', '31/02/1990', 'X', '', '']);
    sheet.addRow(['K-001', '3171061203880105', 'Nomor Kembar', '12/03/1988', 'L', '', '']);
    sheet.addRow([]);
    sheet.addRow([
      'K-005',
      3171065203880106,
      'Rina Kusuma',
      new Date(Date.UTC(1988, 2, 12)),
      'P',
      'HRD',
      'Tidak',
    ]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const boundary = '----klinikita';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="karyawan.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}${url}/import`,
      headers: {
        authorization: tokens.pendaftaran,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const report = json(res).data;
    expect(report).toMatchObject({ created: 2, updated: 1, unchanged: 0, rejected: 3 });
    expect(report.issues).toEqual([
      { row: 4, field: 'nik', message: 'NIK harus 16 angka' },
      { row: 5, field: 'sex', message: 'Jenis kelamin harus L atau P' },
      { row: 5, field: 'birthDate', message: 'Tanggal tidak valid' },
      { row: 6, field: 'employeeNumber', message: 'Nomor karyawan sudah ada di baris 2 file ini' },
    ]);
    const rows = await ctx.database.db
      .select({
        number: partnerCompanyEmployees.employeeNumber,
        name: partnerCompanyEmployees.name,
        active: partnerCompanyEmployees.active,
      })
      .from(partnerCompanyEmployees)
      .innerJoin(partnerCompanies, eq(partnerCompanies.id, partnerCompanyEmployees.companyId))
      .where(eq(partnerCompanies.uid, company.uid))
      .orderBy(partnerCompanyEmployees.employeeNumber);
    expect(rows).toEqual([
      { number: 'K-001', name: 'Andi Wijaya', active: true },
      { number: 'K-002', name: 'Nama Baru', active: true },
      { number: 'K-005', name: 'Rina Kusuma', active: false },
    ]);

    const template = await ctx.app.inject({
      method: 'GET',
      url: `${API}/partner-companies/employees/template`,
      headers: { authorization: tokens.pendaftaran },
    });
    expect(template.statusCode).toBe(200);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(read.worksheets[0].getRow(1).values).toEqual([
      undefined,
      'No. Karyawan',
      'NIK',
      'Nama',
      'Tanggal Lahir',
      'Jenis Kelamin',
      'Departemen',
      'Aktif',
    ]);
  });
});

describe('the demo companies', () => {
  it('come with legal names, NPWP, terms, coverage, contract prices and about twenty employees', async () => {
    const list = await must('GET', '/partner-companies?search=Maju%20Bersama');
    expect(list.docs).toHaveLength(1);
    const mbl = await must('GET', `/partner-companies/${list.docs[0].uid}`);
    expect(mbl).toMatchObject({
      legalName: 'PT Maju Bersama Logistik',
      npwp: '013456789012000',
      paymentTermDays: 30,
      cutoffDay: 25,
      ppnInvoiceRequired: true,
      excludedGroups: ['mcu'],
      employeeCount: 19,
    });
    const prices = await must('GET', `/partner-companies/${mbl.uid}/prices`);
    expect(prices.map((p: { serviceCode: string }) => p.serviceCode)).toContain('KONS-UMUM');
    const employees = await must('GET', `/partner-companies/${mbl.uid}/employees?limit=100`);
    expect(employees.totalDocs).toBe(20);
    // the company's patients of the demo are linked by NIK
    expect(employees.docs.some((e: { patient: unknown }) => e.patient !== null)).toBe(true);
  });
});
