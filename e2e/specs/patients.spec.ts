import { ageParts } from '@klinikita/domain/patients/patient.rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const NEW_PATIENT = {
  name: 'Rahmat Hidayat',
  nik: '3171011505900007',
  dob: '15/05/1990',
  phone: '081377778888',
};

async function fillNewPatient(page: Page) {
  await page.getByLabel(/^NIK/).fill(NEW_PATIENT.nik);
  await page.getByLabel(/^Nama lengkap/).fill(NEW_PATIENT.name);
  await page.getByRole('radio', { name: 'Laki-laki' }).check();
  await page.getByLabel(/^Tanggal lahir/).fill(NEW_PATIENT.dob);
  await page
    .getByLabel(/^Telepon/)
    .first()
    .fill(NEW_PATIENT.phone);
}

describe('Master Pasien', () => {
  it('a clerk finds patients, adds one with the suggested title, and is told about a NIK already registered', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'pendaftaran');
    const nav = page.getByRole('navigation');
    await nav.getByText('Master Data', { exact: true }).click();
    await nav.getByRole('link', { name: 'Master Pasien' }).click();
    await page.waitForURL('**/MasterPasien');
    const table = page.getByRole('table', { name: 'Daftar pasien' });
    await table.locator('tbody tr').first().waitFor();
    await page.getByPlaceholder('Cari nama, NIK, No. RM atau telepon').fill('RM-10-000001');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByText('RM-10-000001').waitFor();
    await shot(page, 'patients-list');

    await page
      .getByRole('link', { name: 'Tambah pasien' })
      .or(page.getByRole('button', { name: 'Tambah pasien' }))
      .click();
    await page.waitForURL('**/MasterPasien/add');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.locator('.mantine-InputWrapper-error').first().waitFor();
    await fillNewPatient(page);
    const age = ageParts(new Date(1990, 4, 15));
    await page.getByText(`Umur ${age.years} th ${age.months} bl`).waitFor();
    await shot(page, 'patients-add');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL((url) => url.pathname === '/MasterPasien');
    await page
      .getByText(/Pasien berhasil ditambahkan dengan No\. RM RM-10-/)
      .first()
      .waitFor();
    await page.getByPlaceholder('Cari nama, NIK, No. RM atau telepon').fill('rahmat hid');
    await table.getByText('Tn. Rahmat Hidayat').waitFor();

    await page.goto('/MasterPasien/add');
    await fillNewPatient(page);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('link', { name: /Buka data pasien RM-10-/ }).waitFor();
    expect(await page.getByLabel(/^Nama lengkap/).inputValue()).toBe(NEW_PATIENT.name);
    await shot(page, 'patients-nik-taken');
    await context.close();
  });

  it('a pharmacist without the menu is refused the screen', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'farmasi');
    await page.goto('/MasterPasien/add');
    await page.waitForURL('**/ErrorAuth/error');
    await context.close();
  });
});
