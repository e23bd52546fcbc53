import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, sessionUser } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('roles and menu access', () => {
  it('an admin opens Role & Akses from the three-level sidebar and gives the cashier the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    const nav = page.getByRole('navigation');
    await nav.getByText('Setting', { exact: true }).click();
    await nav.getByRole('link', { name: 'Role & Akses' }).click();
    await page.waitForURL('**/Setting/roles**');
    await page.getByRole('heading', { name: 'Role & Akses' }).waitFor();

    await page.getByRole('list', { name: 'Daftar role' }).getByText('Cashier', { exact: true }).click();
    await page.getByRole('heading', { name: 'Cashier' }).waitFor();
    const dashboard = page.getByRole('checkbox', { name: 'Dashboard', exact: true });
    expect(await dashboard.isChecked()).toBe(false);
    await dashboard.check();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Save now ?').waitFor();
    await shot(page, 'roles-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Data berhasil disimpan').waitFor();
    await context.close();

    const cashier = await newPage(browser);
    await logIn(cashier.page, 'kasir');
    await cashier.page.waitForURL('**/DashboardAdvance');
    // the dashboard comes first, before the cashier's own screen (the groups B2B and Finance follow)
    const top = (await sessionUser(cashier.page)).menu.map((m: { route: string | null }) => m.route);
    expect(top.filter(Boolean)).toEqual(['/DashboardAdvance', '/Payment/payment']);
    await cashier.context.close();
  });

  it('adds a role copying another’s access, keeping the input when the name is refused', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/Setting/roles');
    await page.getByRole('button', { name: 'Role', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nama role').fill('ab');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Min 3 and Max 30 characters long.', { exact: true }).last().waitFor();
    expect(await dialog.getByLabel('Nama role').inputValue()).toBe('ab');

    await dialog.getByLabel('Nama role').fill('Doctor');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Nama role sudah dipakai').waitFor();

    await dialog.getByLabel('Nama role').fill('Bidan');
    await dialog.getByLabel('Salin akses dari').click();
    await page.getByRole('option', { name: 'Nurse' }).click();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name: 'Bidan' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Fisioterapi', exact: true }).isChecked()).toBe(true);
    await shot(page, 'roles-new');

    await page.getByRole('textbox', { name: 'Cari role' }).fill('bid');
    await expect
      .poll(() => page.getByRole('list', { name: 'Daftar role' }).getByRole('button').count())
      .toBe(1);
    await context.close();
  });

  it('a role without the menu is refused the screen', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'perawat');
    await page.goto('/Setting/roles');
    await page.waitForURL('**/ErrorAuth/error');
    await context.close();
  });
});
