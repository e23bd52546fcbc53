import { routeByPath } from '@klinikita/domain/access/routes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, logOut, sessionUser } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface MenuNode {
  name: string;
  route: string | null;
  enabled: boolean;
  children: MenuNode[];
}

const enabledLeaves = (items: MenuNode[]): string[] =>
  items.filter((i) => i.enabled).flatMap((i) => (i.route ? [i.route] : enabledLeaves(i.children)));

const ROLES: [string, string, string][] = [
  ['superadmin', 'Super Admin', 'Klinikita Sehat Group'],
  ['admin', 'Admin', 'Klinikita Sehat Group'],
  ['dokter', 'Doctor', 'Klinik Pratama Klinikita Menteng'],
  ['dokter2', 'Doctor', 'Klinikita MCU Center Cikarang'],
  ['perawat', 'Nurse', 'Klinik Pratama Klinikita Menteng'],
  ['pendaftaran', 'Registration', 'Klinik Pratama Klinikita Menteng'],
  ['radiologi', 'Radiologi', 'Klinikita MCU Center Cikarang'],
  // not Super Admin or Admin, and no clinic of its own: the account type (spec 2.4)
  ['applimetis', 'Applimetis', 'Korporat'],
  ['lab', 'Lab', 'Klinikita MCU Center Cikarang'],
  ['farmasi', 'Pharmacy', 'Klinik Pratama Klinikita Menteng'],
  ['kasir', 'Cashier', 'Klinik Pratama Klinikita Menteng'],
  // a partner company's HR user: the company portal only, under the company's name (issue 20 §8)
  ['hrd', 'Perusahaan', 'PT Maju Bersama Logistik'],
];

describe('each demo role logs in and sees its menu', () => {
  for (const [username, role, clinicName] of ROLES) {
    it(`${username} (${role})`, async () => {
      const { context, page } = await newPage(browser);
      await logIn(page, username);
      const user = await sessionUser(page);
      expect(user.role.role).toBe(role);
      const routes = enabledLeaves(user.menu);
      // the header: the user's name, role and the clinic name rule of spec 2.4
      await expect.poll(() => page.getByTestId('header-clinic').textContent()).toBe(clinicName);
      await page.getByText(user.name, { exact: true }).first().waitFor();
      if (routes.length) {
        // lands on the first screen of its menu
        await page.waitForURL((url) => url.pathname === routes[0]);
      } else {
        // no screen of its menu is built yet: the welcome page says so, no link leads to a 404
        expect(new URL(page.url()).pathname).toBe('/authentication');
        await page.getByRole('heading', { name: `Selamat datang, ${user.name}` }).waitFor();
      }
      // the doctor, lab and physio layouts put their patient list where the menu would be (spec 2.2)
      if (routes.length > 1 && routeByPath(routes[0])?.layout === 'default') {
        // the sidebar shows every enabled item: leaves as links, groups opening onto theirs
        const nav = page.getByRole('navigation');
        for (const item of user.menu.filter((m: MenuNode) => m.enabled)) {
          // a group may share its name with its leaf (Perusahaan Rekanan): the group comes first
          if (!item.route) await nav.getByText(item.name, { exact: true }).first().click();
          for (const route of enabledLeaves([item]))
            await nav.locator(`a[href="${route}"]`).first().waitFor();
        }
      }
      await shot(page, `role-${username}`);
      await context.close();
    });
  }

  it('the dashboard shows its five section cards and opens each section', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'superadmin');
    await page.waitForURL('**/DashboardAdvance');
    for (const title of [
      'Revenue',
      'Turn Around Time',
      'Service Distribution',
      'Inventory Management',
      'CRM',
    ]) {
      await page
        .getByRole('link', { name: new RegExp(title) })
        .first()
        .waitFor();
    }
    await page
      .getByRole('link', { name: /Turn Around Time/ })
      .first()
      .click();
    await page.waitForURL('**/DashboardAdvance/turnAroundTime');
    await page.getByRole('link', { name: /CRM/ }).first().click();
    await page.waitForURL('**/DashboardAdvance/crm');
    await shot(page, 'dashboard-crm');
    await context.close();
  });
});

describe('guards and errors', () => {
  it('a logged-out visitor is sent to the login page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/DashboardAdvance');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel('Username').waitFor();
    await context.close();
  });

  it('a forbidden route lands on /ErrorAuth/error', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'radiologi');
    await page.goto('/DashboardAdvance');
    await page.waitForURL('**/ErrorAuth/error');
    await page.getByRole('heading', { name: 'Akses ditolak' }).waitFor();
    await shot(page, 'error-auth');
    await context.close();
  });

  it('Applimetis skips the menu route check', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'applimetis');
    await page.goto('/DashboardAdvance/crm');
    await page.waitForURL('**/DashboardAdvance/crm');
    await context.close();
  });

  it('an unknown route, and a route whose screen is not built, show the 404 text with a link home', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'superadmin');
    for (const path of ['/tidak/ada/halaman', '/Director/dashboard']) {
      await page.goto(path);
      await page.getByText('This page could not be found').waitFor();
      expect(await page.getByText('404').count()).toBeGreaterThan(0);
    }
    await shot(page, 'not-found');
    await page.getByRole('link', { name: 'Kembali ke beranda' }).click();
    await page.waitForURL((url) => url.pathname !== '/Director/dashboard');
    await context.close();
  });
});

describe('session', () => {
  it('logout returns to / and the back button does not reopen the app', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.waitForURL('**/DashboardAdvance');
    await page
      .getByRole('link', { name: /Turn Around Time/ })
      .first()
      .click();
    await page.waitForURL('**/DashboardAdvance/turnAroundTime');
    await page.getByRole('link', { name: /CRM/ }).first().click();
    await page.waitForURL('**/DashboardAdvance/crm');
    await logOut(page);
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    // every step back lands on the login page, never on a screen of the app
    for (let i = 0; i < 2; i++) {
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByLabel('Username').waitFor();
      expect(await page.getByTestId('header-clinic').count()).toBe(0);
    }
    await context.close();
  });

  it('a reload keeps the session (session start from the cookie)', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.waitForURL('**/DashboardAdvance');
    await page.reload();
    await page.getByTestId('header-clinic').waitFor();
    expect(new URL(page.url()).pathname).toBe('/DashboardAdvance');
    await context.close();
  });

  it('a wrong password shows the server message and keeps the username', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByLabel('Username').fill('pendaftaran');
    await page.getByLabel('Password', { exact: true }).fill('bukan-ini');
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.getByText('Username atau password salah').waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('pendaftaran');
    await shot(page, 'login-failed');
    await context.close();
  });
});

describe('language', () => {
  it('the switch to English survives a reload and back to Indonesian', async () => {
    const { context, page } = await newPage(browser);
    // the cashier lands on his screen, Kasir
    await logIn(page, 'kasir');
    await page.getByRole('heading', { name: 'Kasir', exact: true }).waitFor();
    await page.getByText('EN', { exact: true }).first().click();
    await page.getByRole('heading', { name: 'Cashier', exact: true }).waitFor();
    const locale = (await context.cookies()).find((c) => c.name === 'locale');
    expect(locale?.value).toBe('en');
    expect(locale!.expires * 1000).toBeGreaterThan(Date.now() + 364 * 24 * 3600 * 1000);
    await page.reload();
    await page.getByRole('heading', { name: 'Cashier', exact: true }).waitFor();
    await shot(page, 'cashier-en');
    await page.getByText('ID', { exact: true }).first().click();
    await page.getByRole('heading', { name: 'Kasir', exact: true }).waitFor();
    await context.close();
  });
});
