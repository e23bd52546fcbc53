import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An employees workbook as the template lays it out: one good row and one with a bad NIK. */
async function employeesFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Karyawan');
  sheet.addRow(['No. Karyawan', 'NIK', 'Nama', 'Tanggal Lahir', 'Jenis Kelamin', 'Departemen', 'Aktif']);
  sheet.addRow(['E2E-001', '3171014506900011', 'Rina Impor Etoe', '05/06/1990', 'P', 'Gudang', 'Ya']);
  sheet.addRow(['E2E-002', '12345', 'Salah NIK Etoe', '01/01/1991', 'L', 'Gudang', 'Ya']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('Partner companies', () => {
  it('the front office keeps a company’s credit terms and imports its employees with a per-row report', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'pendaftaran');
    await page.goto('/Registration/perusahaanRekanan');
    await page.getByRole('heading', { name: 'Perusahaan Rekanan' }).waitFor();
    await page.getByText('PT Maju Bersama Logistik').first().waitFor();
    await shot(page, 'partner-companies-list');

    // the company's credit terms: the payment term changes and the answer says so
    await page.getByText('PT Maju Bersama Logistik').first().click();
    await page.getByRole('tab', { name: 'Syarat kredit & cakupan' }).click();
    const term = page.getByRole('textbox', { name: 'Tempo pembayaran (hari)' });
    await term.fill('45');
    // the cut-off day cannot be typed past the 28th (the field keeps it within 1–28)
    const cutoff = page.getByRole('textbox', { name: 'Tanggal tutup buku' });
    await cutoff.fill('31');
    await term.click();
    expect(await cutoff.inputValue()).toBe('28');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Perusahaan rekanan berhasil disimpan').waitFor();
    await shot(page, 'partner-companies-terms');
    // kept: read again after a reload
    await page.reload();
    await page.getByRole('tab', { name: 'Syarat kredit & cakupan' }).click();
    await expect.poll(() => term.inputValue()).toBe('45');

    // the employees: an xlsx with a good and a bad row — the good one is added, the bad one reported
    await page.getByRole('tab', { name: 'Karyawan' }).click();
    await page.getByRole('table', { name: 'Karyawan' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Impor xlsx' }).click();
    await (await chooser).setFiles({
      name: 'karyawan.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await employeesFile(),
    });
    const report = page.getByRole('table', { name: 'Hasil impor' });
    await report.waitFor();
    expect(await report.textContent()).toContain('3');
    await page.getByRole('searchbox', { name: 'Nama, no. karyawan, NIK atau departemen' }).fill('Impor Etoe');
    const employees = page.getByRole('table', { name: 'Karyawan' }).locator('tbody tr');
    await expect.poll(() => employees.count()).toBe(1);
    expect(await employees.textContent()).toContain('Rina Impor Etoe');
    expect(await page.getByText('Salah NIK Etoe').count()).toBe(0);
    await shot(page, 'partner-companies-import');
    await context.close();
  });
});
