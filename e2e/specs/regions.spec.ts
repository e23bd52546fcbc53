import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// a woman born 22/07/1985 in Menteng: her own NIK, used by no other spec
const PATIENT = { name: 'Sari Wulandari Wilayah', nik: '3171066207850013', dob: '22/07/1985' };
const REGION = {
  Provinsi: 'Daerah Khusus Ibukota Jakarta',
  'Kabupaten/Kota': 'Kota Administrasi Jakarta Pusat',
  Kecamatan: 'Menteng',
  'Kelurahan/Desa': 'Cikini',
};

const regionBox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

/** The match is on the list and highlighted, as the clerk sees it before pressing Enter. */
async function highlighted(page: Page, option: string) {
  const item = page.getByRole('option', { name: option, exact: true });
  await item.waitFor();
  await expect.poll(() => item.getAttribute('data-combobox-selected'), { timeout: 10_000 }).not.toBeNull();
}

/** When I type part of a name into a region select and press Enter on the match. */
async function pickFromKeyboard(page: Page, name: keyof typeof REGION, search: string) {
  const box = regionBox(page, name);
  await expect.poll(() => box.isEnabled(), { timeout: 10_000 }).toBe(true);
  await box.click();
  await box.fill(search);
  await highlighted(page, REGION[name]);
  await box.press('Enter');
  await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toBe(REGION[name]);
}

describe('Patient region', () => {
  it('a clerk picks DKI Jakarta › city › district › village for a new patient and sees the names on edit', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'pendaftaran');
    await page.goto('/MasterPasien/add');
    await page.getByLabel(/^NIK/).fill(PATIENT.nik);
    await page.getByLabel(/^Nama lengkap/).fill(PATIENT.name);
    await page.getByRole('radio', { name: 'Perempuan' }).check();
    await page.getByLabel(/^Tanggal lahir/).fill(PATIENT.dob);
    await page.getByLabel(/^Alamat/).fill('Jl. Cikini Raya No. 12, RT 03/RW 05');

    expect(await regionBox(page, 'Kabupaten/Kota').isDisabled()).toBe(true);
    expect(await regionBox(page, 'Kabupaten/Kota').getAttribute('placeholder')).toBe('Pilih Provinsi dahulu');
    await pickFromKeyboard(page, 'Provinsi', 'jakarta');
    await pickFromKeyboard(page, 'Kabupaten/Kota', 'pusat');
    await regionBox(page, 'Kecamatan').click();
    await page.getByRole('option', { name: 'Menteng', exact: true }).waitFor();
    await shot(page, 'regions-district-open');
    await regionBox(page, 'Kecamatan').press('Escape');
    await pickFromKeyboard(page, 'Kecamatan', 'ment');
    await pickFromKeyboard(page, 'Kelurahan/Desa', 'cik');

    // picking the same city again keeps the district and village; another city empties them
    const city = regionBox(page, 'Kabupaten/Kota');
    await city.fill('pusat');
    await highlighted(page, REGION['Kabupaten/Kota']);
    await city.press('Enter');
    await city.blur();
    expect(await city.inputValue()).toBe(REGION['Kabupaten/Kota']);
    expect(await regionBox(page, 'Kelurahan/Desa').inputValue()).toBe('Cikini');
    // this pick by mouse: Enter on a city box refilled without a click missed now and then on a
    // busy CI machine (noted); the keyboard path is the one pickFromKeyboard takes for every level
    await city.click();
    await city.fill('selatan');
    await page.getByRole('option', { name: 'Kota Administrasi Jakarta Selatan', exact: true }).click();
    await expect.poll(() => regionBox(page, 'Kecamatan').inputValue(), { timeout: 10_000 }).toBe('');
    expect(await regionBox(page, 'Kelurahan/Desa').isDisabled()).toBe(true);
    await pickFromKeyboard(page, 'Kabupaten/Kota', 'pusat');
    await pickFromKeyboard(page, 'Kecamatan', 'ment');
    await pickFromKeyboard(page, 'Kelurahan/Desa', 'cik');
    await shot(page, 'regions-add');

    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL((url) => url.pathname === '/MasterPasien');
    await page
      .getByText(/Pasien berhasil ditambahkan dengan No\. RM RM-10-/)
      .first()
      .waitFor();

    await page.getByPlaceholder('Cari nama, NIK, No. RM atau telepon').fill(PATIENT.nik);
    await page.getByRole('link', { name: `Ubah ${PATIENT.name}` }).click();
    await page.waitForURL('**/MasterPasien/edit?id=*');
    for (const [name, value] of Object.entries(REGION)) {
      await expect.poll(() => regionBox(page, name).inputValue(), { timeout: 10_000 }).toBe(value);
    }
    await page
      .getByText('Wilayah: Cikini, Menteng, Kota Administrasi Jakarta Pusat, Daerah Khusus Ibukota Jakarta')
      .waitFor();
    await shot(page, 'regions-edit');
    await page.setViewportSize({ width: 820, height: 1180 });
    await shot(page, 'regions-edit-tablet');
    await context.close();
  });
});
