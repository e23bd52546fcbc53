import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

/**
 * The service catalogue of issue 15 in the browser: the Super Admin keeps the service master
 * (search, add, edit, a tariff and a clashing one, deactivate, export and an import with a bad
 * row); the Admin sets the services of Klinik Menteng, a desk's hours, reads the week's
 * schedule, the lab catalogue's reference ranges and the code lists; the front office is warned
 * (not stopped) when a desk is not open now. The server is shared by every spec of the run: what
 * other specs could meet (rooms, hours) is put back as it was.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const API = '/api/clinic/v1';
const MENTENG = 'Klinik Pratama Klinikita Menteng';
/** Unique per run: the database lives as long as the run, codes are unique per corporate. */
const RUN = Date.now().toString(36).toUpperCase().slice(-6);

const jakartaDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
const jakartaHour = () =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jakarta', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
/** Today's weekday in Jakarta, 1 = Sunday … 7 = Saturday (as the schedules count). */
function jakartaWeekday() {
  const [y, m, d] = jakartaDay().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its label, required (" *") or not. */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** Opens a Mantine select by its label and picks an option. */
async function pick(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}( \\*)?$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Calls the API with the page's cookie: writes need a same-origin Origin. */
async function api<T>(page: Page, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${baseUrl()}${API}${path}`, {
    method,
    data,
    headers: { origin: baseUrl() },
  });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data as T;
}

interface DeskDay {
  weekday: number;
  capacity: number;
  slots: string[];
}
interface HoursAnswer {
  desks: { serviceType: string; days: DeskDay[] }[];
}
const deskDayOf = (hours: HoursAnswer, desk: string, weekday: number) =>
  hours.desks.find((d) => d.serviceType === desk)!.days.find((d) => d.weekday === weekday)!;

describe('Service catalogue', () => {
  it('the Super Admin keeps the service master: search, add, edit, tariffs, deactivate, export, import', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'superadmin');
    await page.goto('/Layanan/masterLayanan');
    const table = page.getByRole('table', { name: 'Daftar layanan' });
    const search = page.getByLabel('Cari layanan');
    const row = (text: string) => table.locator('tbody tr').filter({ hasText: text });

    // searching "thorax" finds the chest X-ray with its default ICD-9-CM code and general tariff
    await search.fill('thorax');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await row('RAD-THORAX').getByText('Rontgen Thorax PA').waitFor();
    expect(await row('RAD-THORAX').textContent()).toContain('ICD-9-CM 87.44');
    await shot(page, 'catalogue-master-search');

    // a new procedure
    const code = `TND-E2E${RUN}`;
    await page.getByRole('button', { name: 'Tambah layanan' }).click();
    const drawer = page.getByRole('dialog', { name: 'Tambah layanan' });
    await field(drawer, 'Kode').fill(code);
    await pick(page, drawer, 'Kelompok', 'Tindakan');
    await field(drawer, 'Satuan').fill('tindakan');
    await field(drawer, 'Nama (Bahasa Indonesia)').fill('Perawatan Kuku Uji');
    await field(drawer, 'Nama (Bahasa Inggris)').fill('Nail Care Test');
    await drawer.getByText('Simpan layanan terlebih dahulu untuk menambah tarif.').waitFor();
    await shot(page, 'catalogue-master-add');
    await drawer.getByRole('button', { name: 'Simpan', exact: true }).click();
    // saved: the drawer turns into the service's own, with its tariffs below
    const edit = page.getByRole('dialog', { name: 'Ubah layanan' });
    await edit.getByRole('button', { name: 'Tarif baru' }).waitFor();
    await edit.getByText('Belum ada tarif untuk layanan ini.').waitFor();
    await edit.getByRole('button', { name: 'Batal' }).click();
    await edit.waitFor({ state: 'hidden' });

    // found by its code, and edited
    await search.fill(code);
    await row(code).getByText('Perawatan Kuku Uji').waitFor();
    expect(await row(code).textContent()).toContain('Belum ada tarif');
    await row(code)
      .getByRole('button', { name: `Ubah ${code} Perawatan Kuku Uji` })
      .click();
    await expect.poll(() => field(edit, 'Nama (Bahasa Indonesia)').inputValue()).toBe('Perawatan Kuku Uji');
    await field(edit, 'Nama (Bahasa Indonesia)').fill('Perawatan Kuku Kaki');
    await field(edit, 'Kode ICD-9-CM bawaan').fill('86.23');
    await edit.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByText('Data layanan berhasil disimpan').first().waitFor();
    await row(code).getByText('Perawatan Kuku Kaki').waitFor();

    // a general tariff from the first of this year, corporate-wide: its total is listed
    const year = Number(jakartaDay().slice(0, 4));
    await edit.getByRole('button', { name: 'Tarif baru' }).click();
    const price = edit.getByRole('form', { name: 'Tarif baru' });
    await field(price, 'Berlaku mulai').fill(`${year}-01-01`);
    await field(price, 'Jasa sarana').fill('100000');
    await field(price, 'Jasa medis').fill('35000');
    await field(price, 'BHP').fill('15000');
    await expect.poll(() => price.getByTestId('price-total').textContent()).toBe('Rp 150.000');
    await price.getByRole('button', { name: 'Simpan tarif' }).click();
    await price.waitFor({ state: 'hidden' });
    const tariffs = edit.getByRole('table', { name: 'Tarif' });
    const tariff = tariffs.locator('tbody tr').first();
    await tariff.getByText(`01/01/${year} – seterusnya`).waitFor();
    expect(await tariff.textContent()).toMatch(/Seluruh klinik.*Umum.*Berlaku.*Rp 150\.000/);

    // a second general tariff over the same days is refused, naming the period it meets
    await edit.getByRole('button', { name: 'Tarif baru' }).click();
    await field(price, 'Berlaku mulai').fill(`${year - 1}-12-01`);
    await field(price, 'Berlaku sampai').fill(`${year}-01-31`);
    await field(price, 'Jasa sarana').fill('120000');
    await field(price, 'Jasa medis').fill('0');
    await field(price, 'BHP').fill('0');
    await price.getByRole('button', { name: 'Simpan tarif' }).click();
    await price.getByText(`Tarif Umum berlaku mulai 01/01/${year} tanpa tanggal akhir sudah ada`).waitFor();
    await price.getByText('Periode ini bertumpang tindih dengan tarif yang sudah ada').waitFor();
    // the input stays for the clerk to correct
    expect(await field(price, 'Berlaku mulai').inputValue()).toBe(`${year - 1}-12-01`);
    await shot(page, 'catalogue-master-tariff-clash');
    await price.getByRole('button', { name: 'Batal' }).click();
    await price.waitFor({ state: 'hidden' });
    expect(await tariffs.locator('tbody tr').count()).toBe(1);
    await edit.getByRole('button', { name: 'Batal' }).click();
    await edit.waitFor({ state: 'hidden' });
    // the list shows today's general tariff
    await row(code).getByText('Rp 150.000').waitFor();

    // deactivated after a confirmation, never deleted
    await row(code)
      .getByRole('button', { name: `Nonaktifkan ${code} Perawatan Kuku Kaki` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Nonaktifkan layanan' });
    await confirm.getByText(/Layanan tidak pernah dihapus/).waitFor();
    await confirm.getByRole('button', { name: 'Nonaktifkan' }).click();
    await row(code).getByText('Nonaktif', { exact: true }).waitFor();
    await row(code)
      .getByRole('button', { name: `Aktifkan ${code} Perawatan Kuku Kaki` })
      .waitFor();
    await shot(page, 'catalogue-master-inactive');

    // the export is a workbook with the new service (inactive) and its tariff
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Ekspor xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^layanan-.*\.xlsx$/);
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.readFile((await download.path())!);
    const servicesSheet = exported.getWorksheet('Layanan')!;
    const pricesSheet = exported.getWorksheet('Tarif')!;
    const header = (servicesSheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Kode', 'Nama (Indonesia)', 'Nama (Inggris)', 'Kelompok']);
    const exportedRow = (sheet: ExcelJS.Worksheet) => {
      const rows: unknown[][] = [];
      sheet.eachRow((r) => {
        if (r.getCell(1).value === code) rows.push((r.values as unknown[]).slice(1));
      });
      return rows;
    };
    const [service] = exportedRow(servicesSheet);
    expect(service.slice(0, 5)).toEqual([
      code,
      'Perawatan Kuku Kaki',
      'Nail Care Test',
      'procedure',
      'tindakan',
    ]);
    expect(service[10]).toBe('Tidak');
    expect(exportedRow(servicesSheet).length).toBe(1);
    const [tariffRow] = exportedRow(pricesSheet);
    expect(tariffRow.slice(3, 5)).toEqual(['general', `${year}-01-01`]);
    expect(tariffRow.slice(6, 10)).toEqual([100000, 35000, 15000, 150000]);

    // an import with one bad row (an unknown group) changes nothing, and says which row and column
    const upload = new ExcelJS.Workbook();
    const sheet = upload.addWorksheet('Layanan');
    sheet.addRow(['Kode', 'Nama (Indonesia)', 'Nama (Inggris)', 'Kelompok', 'Satuan', 'Pajak', 'Aktif']);
    sheet.addRow([
      code,
      'Perawatan Kuku Impor',
      'Nail Care Import',
      'procedure',
      'tindakan',
      'exempt',
      'Tidak',
    ]);
    const newCode = `IMP-E2E${RUN}`;
    sheet.addRow([
      newCode,
      'Layanan Gigi Impor',
      'Dental Import',
      'Kedokteran Gigi',
      'tindakan',
      'exempt',
      'Ya',
    ]);
    const file = Buffer.from(await upload.xlsx.writeBuffer());
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Impor xlsx' }).click(),
    ]);
    await chooser.setFiles({
      name: 'layanan-impor.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    const report = page.getByRole('dialog', { name: 'Hasil impor' });
    await report.getByText('Impor dibatalkan: 1 baris bermasalah, tidak ada data yang diubah').waitFor();
    const issues = report.getByRole('table', { name: 'Hasil impor' }).locator('tbody tr');
    await expect.poll(() => issues.count()).toBe(1);
    expect(await issues.first().locator('td').allTextContents()).toEqual([
      'Layanan',
      '3',
      'Kelompok',
      'Nilai tidak dikenal; pilih dari daftar',
    ]);
    await shot(page, 'catalogue-master-import-report');
    await report.getByRole('button', { name: 'Tutup' }).click();
    await report.waitFor({ state: 'hidden' });
    // the good row was not written either, and the bad row's service does not exist
    await page.reload();
    await search.fill(code);
    await row(code).getByText('Perawatan Kuku Kaki').waitFor();
    expect(await row(code).textContent()).not.toContain('Impor');
    await search.fill(newCode);
    await table.getByText('Tidak ada data yang cocok dengan pencarian atau filter.').waitFor();
    expect(await row(newCode).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('the Admin sets Menteng’s services and a desk’s hours', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');

    // Layanan per klinik: Menteng's lab tests are performed at Cikarang
    await page.goto('/Layanan/layanan');
    await page.getByRole('heading', { name: 'Layanan Klinik' }).waitFor();
    const table = page.getByRole('table', { name: 'Daftar layanan klinik' });
    await pick(page, page, 'Klinik', MENTENG);
    await pick(page, page, 'Kelompok layanan', 'Laboratorium');
    const row = (code: string) => table.locator('tbody tr').filter({ hasText: code });
    await row('LAB-DL').getByText('Klinikita MCU Center Cikarang').waitFor();
    expect(await table.locator('thead').textContent()).toContain('Dikerjakan di');
    await row('LAB-GDP').getByText('Klinikita MCU Center Cikarang').waitFor();
    await shot(page, 'catalogue-clinic-services-lab');

    // the chest X-ray moves to another room, and back (other specs may queue there)
    await pick(page, page, 'Kelompok layanan', 'Radiologi');
    const thorax = row('RAD-THORAX');
    await thorax.getByRole('button', { name: 'Atur Rontgen Thorax PA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Atur layanan: Rontgen Thorax PA' });
    const room = field(dialog, 'Ruang');
    const before = await room.inputValue();
    await room.fill('Ruang Rontgen 2');
    await shot(page, 'catalogue-clinic-service-edit');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await thorax.getByText('Ruang Rontgen 2').waitFor();
    await thorax.getByRole('button', { name: 'Atur Rontgen Thorax PA' }).click();
    await expect.poll(() => field(dialog, 'Ruang').inputValue()).toBe('Ruang Rontgen 2');
    await field(dialog, 'Ruang').fill(before);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await thorax.textContent()).not.toContain('Ruang Rontgen 2');

    // Jadwal Layanan: Saturday's physiotherapy at Menteng
    const hoursBefore = await api<HoursAnswer>(page, 'GET', '/service-hours?clinicId=10');
    const saturday = deskDayOf(hoursBefore, 'PHYSIO', 7);
    await page.goto('/Layanan/jadwalLayanan');
    await pick(page, page, 'Klinik', MENTENG);
    const hours = page.getByRole('table', { name: 'Jam buka layanan per hari' });
    await hours.getByRole('button', { name: 'Ubah jam Fisioterapi hari Sabtu' }).waitFor();
    await shot(page, 'catalogue-service-hours');
    try {
      await hours.getByRole('button', { name: 'Ubah jam Fisioterapi hari Sabtu' }).click();
      const day = page.getByRole('dialog', { name: 'Jam Fisioterapi hari Sabtu' });
      const n = saturday.slots.length + 1;
      await day.getByRole('button', { name: 'Tambah jam' }).click();
      // a period that overlaps the morning one is refused, naming both
      await day.getByLabel(`Mulai ${n}`).fill('11:00');
      await day.getByLabel(`Selesai ${n}`).fill('13:00');
      await day.getByRole('button', { name: 'Simpan' }).click();
      await day
        .getByRole('alert')
        .getByText(/11:00 - 13:00 bentrok dengan jadwal 08:00 - 12:00/)
        .waitFor();
      await day.getByText('Bentrok dengan jam lain di hari yang sama').waitFor();
      await shot(page, 'catalogue-service-hours-overlap');
      // an evening period after the afternoon one, and a larger quota, are saved
      await day.getByLabel(`Mulai ${n}`).fill('19:00');
      await day.getByLabel(`Selesai ${n}`).fill('20:00');
      await field(day, 'Kapasitas harian').fill(String(saturday.capacity + 2));
      await day.getByRole('button', { name: 'Simpan' }).click();
      await day.waitFor({ state: 'hidden' });
      const cell = hours.getByRole('button', { name: 'Ubah jam Fisioterapi hari Sabtu' });
      await cell.getByText('19:00–20:00').waitFor();
      await cell.getByText(`Kuota ${saturday.capacity + 2}/hari`).waitFor();
      const saved = deskDayOf(await api<HoursAnswer>(page, 'GET', '/service-hours?clinicId=10'), 'PHYSIO', 7);
      expect(saved.slots).toEqual([...saturday.slots, '19:00 - 20:00']);
    } finally {
      await api(page, 'PUT', '/service-hours/PHYSIO/7', {
        clinicId: 10,
        capacity: saturday.capacity,
        slots: saturday.slots,
      });
    }
    await context.close();
  }, 120_000);

  it('the Admin reads the week’s schedule, the lab catalogue’s ranges and keeps the code lists', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');

    // Jadwal Praktik: doctors and desks per clinic, each day's "terisi / batas"
    await page.goto('/Schedule');
    const week = await api<{
      start: string;
      clinics: { name: string; doctors: { name: string }[]; desks: unknown[] }[];
    }>(page, 'GET', '/schedule/week');
    const menteng = week.clinics.find((c) => c.name === MENTENG)!;
    expect(menteng.doctors.length).toBeGreaterThan(0);
    const grid = page.getByRole('table', { name: /^Jadwal praktik / });
    await grid.getByRole('rowheader', { name: MENTENG }).waitFor();
    await grid.getByText(menteng.doctors[0].name).first().waitFor();
    await grid
      .getByRole('rowheader', { name: /^Laboratorium\s*Layanan$/ })
      .first()
      .waitFor();
    await page.getByText('Angka di tiap hari: terisi / batas (– berarti tanpa batas).').waitFor();
    const filled = grid.locator('.mantine-Badge-root').filter({ hasText: /^\d+ \/ (\d+|–)$/ });
    expect(await filled.count()).toBeGreaterThan(0);
    await grid
      .getByLabel(/^\d+ terisi dari batas \d+$/)
      .first()
      .waitFor();
    await shot(page, 'catalogue-schedule-week');
    const range = await page.getByText(/^\d+ \S+ – \d+ \S+ \d{4}$/).textContent();
    await page.getByRole('button', { name: 'Minggu depan' }).click();
    await expect.poll(() => page.getByText(/^\d+ \S+ – \d+ \S+ \d{4}$/).textContent()).not.toBe(range);
    await page.getByRole('button', { name: 'Minggu ini' }).waitFor();
    expect(await page.getByRole('button', { name: 'Minggu ini' }).isEnabled()).toBe(true);
    await grid.getByRole('rowheader', { name: MENTENG }).waitFor();
    // next week has no "today" column
    await expect.poll(() => grid.locator('th[aria-current="date"]').count()).toBe(0);
    await shot(page, 'catalogue-schedule-next-week');

    // Katalog Lab: Darah Lengkap's haemoglobin ranges; a critical low inside the normal range is refused
    await page.goto('/panel');
    await page.getByLabel('Cari pemeriksaan').fill('darah lengkap');
    const tests = page.getByRole('list', { name: 'Daftar pemeriksaan dan panel' });
    await tests.getByRole('button').filter({ hasText: 'LAB-DL' }).click();
    await page.getByRole('heading', { name: 'Darah Lengkap' }).waitFor();
    const parameters = page.getByRole('table', { name: 'Parameter' });
    await parameters.getByText('Hemoglobin', { exact: true }).waitFor();
    await parameters.getByRole('button', { name: 'Rujukan HB' }).click();
    const ranges = page.getByRole('dialog', { name: 'Nilai rujukan — Hemoglobin (g/dL)' });
    const rangeRows = ranges.getByRole('table', { name: 'Nilai rujukan' }).locator('tbody tr');
    await expect.poll(() => rangeRows.count()).toBe(5);
    // the adult man's row: 13–17 g/dL, critical below 7,1
    const man = 4;
    expect(await ranges.getByLabel(`Rendah ${man}`, { exact: true }).inputValue()).toBe('13');
    expect(await ranges.getByLabel(`Tinggi ${man}`, { exact: true }).inputValue()).toBe('17');
    expect(await ranges.getByLabel(`Kritis rendah ${man}`, { exact: true }).inputValue()).toBe('7,1');
    await shot(page, 'catalogue-lab-ranges');
    await ranges.getByLabel(`Kritis rendah ${man}`, { exact: true }).fill('14');
    await ranges.getByRole('button', { name: 'Simpan' }).click();
    await ranges.getByText('Batas kritis harus di luar rentang normal').waitFor();
    await shot(page, 'catalogue-lab-ranges-critical');
    await ranges.getByRole('button', { name: 'Batal' }).click();
    await ranges.waitFor({ state: 'hidden' });
    // nothing was saved
    await parameters.getByRole('button', { name: 'Rujukan HB' }).click();
    await expect
      .poll(() => ranges.getByLabel(`Kritis rendah ${man}`, { exact: true }).inputValue())
      .toBe('7,1');
    await ranges.getByRole('button', { name: 'Batal' }).click();

    // Daftar Kode: a cancellation reason is added; the same code again is refused at its field
    await page.goto('/statesCode');
    await page.getByRole('tab', { name: 'Alasan pembatalan' }).click();
    const reasons = page.getByRole('table', { name: 'Alasan pembatalan' });
    const reasonCode = `BTL-E2E${RUN}`;
    await page.getByRole('button', { name: 'Tambah entri' }).click();
    const add = page.getByRole('dialog', { name: 'Tambah entri: Alasan pembatalan' });
    await field(add, 'Kode').fill(reasonCode.toLowerCase());
    await field(add, 'Nama (Indonesia)').fill('Pasien pindah ke klinik lain');
    await field(add, 'Nama (Inggris)').fill('Patient moved to another clinic');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByLabel('Cari entri').fill(reasonCode);
    const reason = reasons.locator('tbody tr').filter({ hasText: reasonCode });
    await reason.getByText('Pasien pindah ke klinik lain').waitFor();
    await reason.getByText('Aktif', { exact: true }).waitFor();
    await shot(page, 'catalogue-code-lists');
    await page.getByRole('button', { name: 'Tambah entri' }).click();
    await field(add, 'Kode').fill(reasonCode);
    await field(add, 'Nama (Indonesia)').fill('Alasan kembar');
    await field(add, 'Nama (Inggris)').fill('Duplicate reason');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await add.getByText(/Kode ini sudah dipakai di daftar ini|sudah ada di daftar ini/).waitFor();
    expect(await field(add, 'Kode').getAttribute('aria-invalid')).toBe('true');
    expect(await field(add, 'Nama (Indonesia)').inputValue()).toBe('Alasan kembar');
    await shot(page, 'catalogue-code-lists-duplicate');
    await add.getByRole('button', { name: 'Batal' }).click();
    await expect.poll(() => reasons.locator('tbody tr').count()).toBe(1);
    await context.close();
  }, 120_000);

  it('the front office is warned, not stopped, when radiology is not open now', async () => {
    // Given Menteng's radiology open today only at an hour that is not now
    const admin = await newPage(browser);
    await logIn(admin.page, 'superadmin');
    const weekday = jakartaWeekday();
    const today = deskDayOf(
      await api<HoursAnswer>(admin.page, 'GET', '/service-hours?clinicId=10'),
      'RAD',
      weekday,
    );
    const slot = jakartaHour() < 12 ? '22:00 - 23:00' : '01:00 - 02:00';
    await api(admin.page, 'PUT', `/service-hours/RAD/${weekday}`, {
      clinicId: 10,
      capacity: 0,
      slots: [slot],
    });
    try {
      const { context, page } = await newPage(browser);
      await logIn(page, 'pendaftaran');
      await page.goto('/Registration/patient');
      await page.getByRole('combobox', { name: 'Cari pasien' }).waitFor();

      // a returning patient of the demo data
      const res = await page.request.get(`${baseUrl()}${API}/patients`, { params: { limit: 1, page: 2 } });
      const demo = (await res.json()).data.docs[0] as { name: string; mrn: string };
      const [first, second = ''] = demo.name.split(' ');
      await page.keyboard.press('F2');
      await page.keyboard.type(`${first} ${second.slice(0, 3)}`.trim().toLowerCase());
      const option = page.getByRole('option').filter({ hasText: demo.mrn });
      await option.click();
      await page.getByTestId('picked-patient').getByText(demo.name).waitFor();

      // When the clerk chooses Radiologi, the yellow warning names the hours and the time now
      await page.getByRole('radio', { name: 'Radiologi' }).check();
      const warnings = page.getByTestId('visit-warnings');
      await warnings.getByText('Perhatian sebelum mendaftar').waitFor();
      await warnings
        .getByText(
          new RegExp(
            `^Radiologi buka ${escapeRegExp(slot.replace(' - ', '–'))} hari ini; sekarang \\d\\d:\\d\\d$`,
          ),
        )
        .waitFor();
      await warnings.getByText('Pendaftaran tetap dapat dilanjutkan.').waitFor();
      // Then the clerk may still register
      expect(await page.getByRole('button', { name: 'Daftar' }).isEnabled()).toBe(true);
      await shot(page, 'catalogue-front-office-warning');

      // another desk: the radiology warning goes (the lab's own hours may bring their own)
      await page.getByRole('radio', { name: 'Laboratorium' }).check();
      await expect
        .poll(async () => ((await warnings.count()) ? await warnings.textContent() : ''))
        .not.toContain('Radiologi');
      await context.close();
    } finally {
      await api(admin.page, 'PUT', `/service-hours/RAD/${weekday}`, {
        clinicId: 10,
        capacity: today.capacity,
        slots: today.slots,
      });
      await admin.context.close();
    }
  }, 120_000);
});
