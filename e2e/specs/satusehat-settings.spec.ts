import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('SATUSEHAT settings', () => {
  it('the admin opens Setting SATUSEHAT, tests the connection to the simulator and registers the rooms', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/Setting/satuSehat');
    await page.getByRole('heading', { name: 'Setting SATUSEHAT' }).waitFor();

    // the demo clinic talks to the bundled simulator: the secret is stored, never shown
    const form = page.getByRole('form', { name: 'Koneksi' });
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Client ID' }).inputValue())
      .toBe('sim-klinikita-1');
    const secret = form.getByLabel('Client Secret');
    expect(await secret.inputValue()).toBe('');
    expect(await secret.getAttribute('placeholder')).toBe('tersimpan');
    await shot(page, 'satusehat-settings');

    // When I test the connection
    await form.getByRole('button', { name: 'Tes koneksi' }).click();
    await page.getByText(/^Koneksi berhasil: token diterima/).waitFor();
    await shot(page, 'satusehat-connection-ok');

    // Menteng was onboarded when the demo started: its rooms and poli are Locations already (a room
    // added since, by another screen, waits for the next "Daftarkan lokasi")
    const table = page.getByRole('table', { name: 'Daftar lokasi SATUSEHAT' });
    const poliUmum = table.getByRole('row').filter({ hasText: 'Poli Umum' });
    await expect.poll(async () => (await poliUmum.textContent()) ?? '').toMatch(/Terdaftar/);

    // When I pick Makassar, not onboarded yet, and register its rooms and poli as Locations
    await page.getByLabel('Klinik', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Klinik Pratama Klinikita Makassar' }).click();
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Client ID' }).inputValue())
      .toBe('sim-klinikita-4');
    await expect.poll(async () => table.getByText('Belum terdaftar').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Daftarkan lokasi' }).click();
    await page.getByText(/lokasi terdaftar di SATUSEHAT$/).waitFor({ timeout: 60_000 });
    await expect.poll(async () => table.getByText('Belum terdaftar').count()).toBe(0);
    const row = table.getByRole('row').nth(1);
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/Terdaftar/);
    const id = (await row.getByRole('cell').nth(3).textContent())?.trim() ?? '';
    expect(id).toMatch(/^[\w-]{8,}$/);
    expect(await page.getByRole('button', { name: 'Daftarkan lokasi' }).isDisabled()).toBe(true);
    await shot(page, 'satusehat-locations-registered');
    await context.close();
  });
});
