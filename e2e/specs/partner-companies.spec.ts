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

  it('the front office gives the company’s HR a portal account, which then logs in to the portal', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'pendaftaran');
    await page.goto('/Registration/perusahaanRekanan');
    await page.getByText('PT Maju Bersama Logistik').first().click();
    await page.getByRole('tab', { name: 'Akun portal' }).click();
    const accounts = page.getByRole('table', { name: 'Akun portal' });
    await accounts.waitFor();
    const username = `hrd.etoe${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Tambah Akun' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Akun' });
    await dialog.getByRole('textbox', { name: 'Nama' }).fill('Sari HRD Etoe');
    await dialog.getByRole('textbox', { name: 'Username' }).fill('hrd');
    await dialog.getByRole('textbox', { name: 'Password' }).fill('awal-rahasia1');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    // a taken username: the staff accounts' message under the field, the input kept
    await dialog.getByText('Username sudah dipakai').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('hrd');
    await shot(page, 'partner-companies-portal-taken');
    await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Akun portal berhasil dibuat').waitFor();
    await accounts.getByText(username).waitFor();
    await shot(page, 'partner-companies-portal-users');
    await context.close();

    // the HR user logs in, replaces the clinic's password and lands on the portal of that company
    const hr = await newPage(browser);
    // (no screen opens before the clinic's password is replaced: the login stays on its form's page)
    await hr.page.goto('/');
    await hr.page.getByLabel('Username').fill(username);
    await hr.page.getByLabel('Password', { exact: true }).fill('awal-rahasia1');
    await hr.page.getByLabel('Password', { exact: true }).press('Enter');
    await hr.page.getByRole('heading', { name: 'Buat password Anda sendiri' }).waitFor();
    await hr.page.getByRole('textbox', { name: /^Password Saat Ini/ }).fill('awal-rahasia1');
    await hr.page.getByRole('textbox', { name: /^Password Baru/ }).fill('baru-rahasia2');
    await hr.page.getByRole('textbox', { name: /^Konfirmasi Password/ }).fill('baru-rahasia2');
    await hr.page.getByRole('button', { name: 'Simpan password' }).click();
    await hr.page.getByRole('heading', { name: 'Portal Perusahaan' }).waitFor();
    expect(new URL(hr.page.url()).pathname).toBe('/Portal/mcu');
    await hr.page
      .getByText(/PT Maju Bersama Logistik/)
      .first()
      .waitFor();
    await shot(hr.page, 'partner-companies-portal-login');
    await hr.context.close();
  });

  it('the cashier reads the company list on the companies’ MCU path', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'kasir');
    await page.goto('/Registration/daftarPerusahaan');
    await page.locator('label', { hasText: 'Daftar Perusahaan' }).click();
    await page.getByRole('heading', { name: 'Daftar Perusahaan' }).waitFor();
    await page.getByText('PT Maju Bersama Logistik').first().waitFor();
    expect(await page.getByRole('button', { name: 'Tambah Perusahaan' }).count()).toBe(0);
    await shot(page, 'partner-companies-cashier-list');
    await context.close();
  });
});
