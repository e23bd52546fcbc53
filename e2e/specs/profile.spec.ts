import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, pickUserMenuItem, sessionUser } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const AVATAR = path.resolve(import.meta.dirname, '../fixtures/avatar.png');

async function openEditProfile(page: Page) {
  await pickUserMenuItem(page, 'Edit Profile');
  const modal = page.getByRole('dialog').first();
  await modal.waitFor();
  return modal;
}

/** The one dialog that sits above the profile modal (confirmation, result or slot dialog). */
const topDialog = (page: Page) => page.getByRole('dialog').last();

const fieldError = (page: Page, message: string) =>
  page.locator('.mantine-InputWrapper-error', { hasText: message }).first();

describe('doctor profile (spec 2.5)', () => {
  it('refuses wrong input with the spec’s messages, fetches the health ID, uploads a photo and saves', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'dokter');
    const modal = await openEditProfile(page);
    const name = modal.getByRole('textbox', { name: /^Name/ });
    await name.waitFor();
    expect(await name.inputValue()).toBe('dr. Alexander Wijaya');

    await name.fill('');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await fieldError(page, 'Nama Tidak Boleh Kosong').waitFor();
    await name.fill('ab');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await fieldError(page, 'Min 3 and Max 30 characters long.').waitFor();

    await modal.getByLabel('Change Password').check();
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await fieldError(page, 'Password Tidak Boleh Kosong').waitFor();
    await fieldError(page, 'Konfirmasi Password Tidak Boleh Kosong').waitFor();
    await modal.getByLabel(/^New Password/).fill('rahasia-baru-1');
    await modal.getByLabel(/^Confirm Password/).fill('rahasia-baru-2');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await fieldError(page, 'Password dan Konfirmasi Password Tidak Sama').waitFor();
    await modal.getByLabel('Change Password').uncheck();
    expect(await modal.getByLabel(/^New Password/).count()).toBe(0);

    const ic = modal.getByLabel('IC Number');
    await ic.fill('');
    await modal.getByRole('button', { name: 'Ambil Nomor IHS' }).click();
    await page.getByText('Harap Isi NIK untuk Mendapatkan Nomor IHS').first().waitFor();
    await ic.fill('7209061211900001');
    await modal.getByRole('button', { name: 'Ambil Nomor IHS' }).click();
    await expect.poll(() => modal.getByLabel('Nomor IHS (SATUSEHAT)').inputValue()).toBe('10009880728');

    const phone = modal.getByLabel('Phone Number');
    await phone.fill('0812abc');
    expect(await phone.inputValue()).toMatch(/^\d*$/);
    await phone.fill('081234567890');

    await modal.getByRole('button', { name: 'Ganti foto' }).click();
    const upload = topDialog(page);
    await upload.getByText('JPEG, JPG, PNG atau GIF, maksimal 2 MB').waitFor();
    await page.getByTestId('photo-input').setInputFiles(AVATAR);
    await upload.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);

    await name.fill('dr. Alexander W.');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Save now ?').waitFor();
    await shot(page, 'profile-save-now');
    await page.getByRole('button', { name: 'Ya, simpan' }).click();
    await page.getByTestId('dialog-success').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // the header shows the new name and the uploaded photo
    await page.getByText('dr. Alexander W.', { exact: true }).first().waitFor();
    const user = await sessionUser(page);
    expect(user.name).toBe('dr. Alexander W.');
    expect(user.imageUrl).toMatch(/^\/api\/clinic\/v1\/files\//);
    const avatar = page.locator(`header img[src="${user.imageUrl}"]`);
    await avatar.waitFor();
    expect(await avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(
      64,
    );
    await shot(page, 'profile-saved-header');
    await context.close();
  });

  it('manages slots and the daily limit in Pengaturan Jadwal', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'dokter');
    const modal = await openEditProfile(page);
    await modal.getByRole('tab', { name: 'Pengaturan Jadwal' }).click();
    await modal.getByRole('tab', { name: 'Minggu' }).click();
    // on a Sunday the suite's setup has given dokter a 22:00 slot (e2e/support/global-setup.ts)
    await modal.getByRole('button', { name: 'Tambah jam praktik' }).waitFor();

    await modal.getByRole('button', { name: 'Tambah jam praktik' }).click();
    let dialog = topDialog(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('All field must be filled').waitFor();
    await dialog.getByLabel('Jam mulai').fill('07:00');
    await dialog.getByLabel('Jam selesai').fill('07:30');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('dialog-success').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await modal.getByRole('button', { name: '07:00 - 07:30' }).waitFor();

    await modal.getByRole('button', { name: '07:00 - 07:30' }).click();
    dialog = topDialog(page);
    await dialog.getByLabel('Jam selesai').fill('07:45');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Success update schedule').first().waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await modal.getByRole('button', { name: '07:00 - 07:45' }).waitFor();
    await shot(page, 'schedule-tab');

    await modal.getByRole('button', { name: '07:00 - 07:45' }).click();
    await topDialog(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('dialog-success').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await modal.getByRole('button', { name: '07:00 - 07:45' }).waitFor({ state: 'detached' });

    await modal.getByLabel('Limit').fill('12');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('dialog-success').waitFor();
    const schedule = await page.request.get(
      `/api/clinic/v1/reservation/doctor-schedule/${(await sessionUser(page)).DoctorId}`,
    );
    const sunday = (await schedule.json()).data['1'];
    expect(sunday.limit).toBe(12);
    expect(sunday.booking.filter((slot: string) => slot.startsWith('07:'))).toEqual([]);
    await context.close();
  });

  it('shows the doctor’s week on Lihat Jadwal', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'dokter');
    await pickUserMenuItem(page, 'Lihat Jadwal');
    await page.waitForURL('**/Doctor/doctor-agenda');
    await page.getByText('08:00 - 12:00').first().waitFor();
    await shot(page, 'doctor-agenda');
    await context.close();
  });
});

describe('staff Edit User (spec 2.6)', () => {
  it('checks the email, saves with Save now ? and logs the user out', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'perawat');
    const modal = await openEditProfile(page);
    const email = modal.getByLabel('Email');
    await email.waitFor();
    await email.fill('perawat-at-klinik');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Email is not valid').first().waitFor();
    await email.fill('');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Complete and check the data first').first().waitFor();
    await email.fill('siti.perawat@klinikita.id');
    await shot(page, 'staff-before-save');
    await modal.getByLabel('Address').fill('Jl. Cikini Raya No. 40');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Save now ?').waitFor();
    await page.getByRole('button', { name: 'Ya, simpan' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel('Username').waitFor();
    await logIn(page, 'perawat');
    const profile = await page.request.get(
      `/api/clinic/v1/settings/pharmacy/employees/where?uid=${(await sessionUser(page)).uidEmployee}`,
    );
    expect((await profile.json()).data).toMatchObject({
      email: 'siti.perawat@klinikita.id',
      address: 'Jl. Cikini Raya No. 40',
    });
    await context.close();
  });
});
