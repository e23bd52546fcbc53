import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, sessionUser } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const field = (page: Page, label: string) =>
  page.getByRole('dialog').getByRole('textbox', { name: new RegExp(`^${label}`) });

async function pick(page: Page, label: string, option: string) {
  await page
    .getByRole('dialog')
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function apiLogin(username: string, password: string) {
  return fetch(`${baseUrl()}/api/clinic/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

describe('Master Dokter', () => {
  it('an admin searches doctors and adds one who can then log in', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    const nav = page.getByRole('navigation');
    await nav.getByText('Master Data', { exact: true }).click();
    await nav.getByRole('link', { name: 'Master Dokter' }).click();
    await page.waitForURL('**/MasterDokter');
    const table = page.getByRole('table', { name: 'Daftar dokter' });
    // (other specs may rename dr. Alexander; dr. Sari stays as seeded)
    await table.getByText('dr. Sari Dewi, Sp.PD').waitFor();
    await page.getByPlaceholder('Cari nama, username atau email dokter').fill('sari');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByText('dr. Sari Dewi, Sp.PD').waitFor();
    await page.getByPlaceholder('Cari nama, username atau email dokter').fill('');

    await page.getByRole('button', { name: 'Tambah dokter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('dialog').getByText('Nama Tidak Boleh Kosong').waitFor();
    await field(page, 'Nama').fill('dr. Bima Sakti');
    await field(page, 'Gelar').fill('dr., Sp.A');
    await pick(page, 'Spesialis', 'Anak');
    await page
      .getByRole('dialog')
      .getByLabel(/^Klinik praktik/)
      .click();
    await page.getByRole('option', { name: 'Klinik Pratama Klinikita Menteng' }).click();
    await page.getByRole('dialog').getByText('Tambah dokter').click();
    await field(page, 'Username').fill('dokter3');
    await page
      .getByRole('dialog')
      .getByLabel(/^Password/)
      .fill('rahasia123');
    await field(page, 'Email').fill('bima@klinikita.id');
    await field(page, 'Nomor KTP').fill('3171010101900010');
    await field(page, 'Nomor telepon').fill('081299990000');
    await field(page, 'Tanggal lahir').fill('01/02/1990');
    await shot(page, 'master-doctor-add');
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await table.getByText('dr. Bima Sakti').waitFor();
    await shot(page, 'master-doctor-list');

    const res = await apiLogin('dokter3', 'rahasia123');
    expect(res.status).toBe(200);
    const user = ((await res.json()) as { data: { user: { clinics: { id: number }[] } } }).data.user;
    expect(user).toMatchObject({ role: { role: 'Doctor' }, DoctorId: expect.any(Number) });
    expect(user.clinics.map((c: { id: number }) => c.id)).toEqual([10]);
    await context.close();
  });
});

describe('Setting / Karyawan', () => {
  it('an admin adds a cashier, refuses a taken username, and deactivates the account', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/Setting/employee');
    const table = page.getByRole('table', { name: 'Daftar karyawan' });
    await table.getByText('Siti Nurhaliza').waitFor();

    await page.getByRole('button', { name: 'Tambah karyawan' }).click();
    await field(page, 'Nama').fill('Dewi Lestari');
    await field(page, 'Email').fill('dewi@klinikita');
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('dialog').getByText('Email is not valid').waitFor();
    await field(page, 'Email').fill('dewi@klinikita.id');
    await pick(page, 'Role', 'Cashier');
    await pick(page, 'Klinik', 'Klinik Pratama Klinikita Menteng');
    await field(page, 'Username').fill('kasir');
    await page
      .getByRole('dialog')
      .getByLabel(/^Password/)
      .fill('rahasia123');
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('dialog').getByText('Username sudah dipakai').waitFor();
    expect(await field(page, 'Nama').inputValue()).toBe('Dewi Lestari');
    await field(page, 'Username').fill('kasir2');
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await table.getByText('Dewi Lestari').waitFor();
    expect((await apiLogin('kasir2', 'rahasia123')).status).toBe(200);

    await page.getByRole('button', { name: 'Nonaktifkan Dewi Lestari' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Nonaktifkan' }).click();
    await expect.poll(async () => (await apiLogin('kasir2', 'rahasia123')).status).toBe(403);
    await shot(page, 'staff-list');
    expect((await sessionUser(page)).username).toBe('admin');
    await context.close();
  });
});
