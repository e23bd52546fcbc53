import { clinicDay } from '@klinikita/domain/common/clinic-day';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, call } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const TODAY = clinicDay('Asia/Jakarta');
const SERIAL = String(Date.now() % 10_000).padStart(4, '0');
const EVENT = `MCU Berkala Etoe ${SERIAL}`;

/** Given an MCU package and a company's event at Cikarang today (set up through the API). */
async function eventToday() {
  const { context, page } = await apiSession(browser, 'admin');
  const [xray] = (
    await call<{ docs: { uid: string }[] }>(page, 'GET', 'services?search=RAD-THORAX&page=1&limit=5')
  ).docs;
  const pkg = await call<{ uid: string }>(page, 'POST', 'services', {
    code: `MCU-EV-${SERIAL}`,
    nameId: `Paket MCU Pabrik ${SERIAL}`,
    nameEn: `Factory MCU ${SERIAL}`,
    group: 'mcu',
    unit: 'paket',
    taxCategory: 'exempt',
    isPackage: true,
    items: [{ serviceUid: xray.uid, quantity: 1 }],
  });
  const [company] = (await call<{ docs: { uid: string }[] }>(page, 'GET', 'partner-companies?page=1&limit=1'))
    .docs;
  await call(page, 'POST', 'mcu/events', {
    name: EVENT,
    companyUid: company.uid,
    clinicId: 11,
    examType: 'periodic',
    startDate: TODAY,
    endDate: TODAY,
    packages: [{ jobGroup: 'Produksi', packageUid: pkg.uid }],
  });
  await context.close();
}

/** The company's sheet: NIK and employee number as text; the second row's NIK is one digit short when `bad`. */
async function participantSheet(bad: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Peserta');
  sheet.addRow([
    'NO',
    'NIK-KARYAWAN',
    'NAMA KARYAWAN',
    'NIK',
    'BAGIAN',
    'PEKERJAAN',
    'JENIS PAKET',
    'JK',
    'TGL LAHIR',
    'ALAMAT',
  ]);
  sheet.addRow([
    1,
    `EV-${SERIAL}-1`,
    'Andi Pabrik Etoe',
    `317101120388${SERIAL}`,
    'Produksi',
    'Operator',
    'Produksi',
    'L',
    '12/03/1988',
    'Cikarang',
  ]);
  sheet.addRow([
    2,
    `EV-${SERIAL}-2`,
    'Siti Pabrik Etoe',
    bad ? `31710156079${SERIAL}` : `317101560792${SERIAL}`,
    'QC',
    'Analis',
    'Produksi',
    'P',
    '16/07/1992',
    'Bekasi',
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('MCU events', () => {
  it('an admin imports a participant sheet with a bad row, fixes it, re-imports and checks a participant in', {
    timeout: 180_000,
  }, async () => {
    await eventToday();
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/Registration/daftarPerusahaan');
    await page.getByRole('heading', { name: 'MCU Perusahaan' }).waitFor();
    await page.getByRole('searchbox', { name: 'Cari kegiatan atau perusahaan' }).fill(EVENT);
    await page.getByRole('button', { name: EVENT }).click();
    await page.getByRole('heading', { name: EVENT }).waitFor();

    const upload = async (bad: boolean) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Impor peserta' }).click();
      await (await chooser).setFiles({
        name: 'peserta.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await participantSheet(bad),
      });
    };
    // one good row written, the bad one reported with its row, column and message
    await upload(true);
    const issues = page.getByRole('table', { name: 'Baris yang ditolak' });
    await issues.waitFor();
    expect(await issues.textContent()).toContain('NIK harus 16 digit angka');
    const participants = page.getByRole('table', { name: 'Peserta' }).locator('tbody tr');
    await expect.poll(() => participants.count()).toBe(1);
    await shot(page, 'mcu-events-import-report');

    // the clerk fixes the file and imports it again: the fixed row comes in, nobody twice
    await upload(false);
    await page.getByText('0 ditolak', { exact: false }).waitFor();
    await expect.poll(() => participants.count()).toBe(2);
    expect(await page.getByRole('table', { name: 'Peserta' }).textContent()).toContain('Siti Pabrik Etoe');

    // check-in: the MCU visit at Cikarang, the participant in progress
    const andi = participants.filter({ hasText: 'Andi Pabrik Etoe' });
    await andi.getByRole('button', { name: 'Check-in' }).click();
    await page.getByText(/Andi Pabrik Etoe check-in, antrean/).waitFor();
    await expect.poll(() => andi.textContent()).toContain('Sedang diperiksa');
    // the checklist and tube labels are offered at once (in the toast) and beside the row
    const offered = page.getByTestId('mcu-checkin-checklist');
    await offered.waitFor();
    const print = andi.getByRole('link', { name: 'Cetak checklist dan label Andi Pabrik Etoe' });
    await print.waitFor();
    await shot(page, 'mcu-events-detail');
    const href = await print.getAttribute('href');
    expect(href).toBe(await offered.getAttribute('href'));
    expect(await print.getAttribute('target')).toBe('_blank');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // the list shows the event's progress
    await page.getByRole('button', { name: 'Kembali ke daftar' }).click();
    await page.getByRole('searchbox', { name: 'Cari kegiatan atau perusahaan' }).fill(EVENT);
    const row = page
      .getByRole('table', { name: 'Kegiatan MCU' })
      .locator('tbody tr')
      .filter({ hasText: EVENT });
    await expect.poll(() => row.textContent()).toMatch(/Terdaftar\s*1.*Sedang diperiksa\s*1/);
    await shot(page, 'mcu-events-list');
    await page.getByRole('button', { name: 'Kegiatan baru' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Nama kegiatan' }).waitFor();
    await shot(page, 'mcu-events-form');
    await page.getByRole('dialog').getByRole('button', { name: 'Batal' }).click();
    await page.getByRole('tab', { name: 'Paket MCU' }).click();
    await page.getByRole('table', { name: 'Paket MCU' }).getByText(`MCU-EV-${SERIAL}`).waitFor();
    await shot(page, 'mcu-events-packages');
    await context.close();
  });
});
