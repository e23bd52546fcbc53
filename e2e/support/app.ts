import type { Page } from 'playwright-core';
import { vi } from 'vitest';
import { baseUrl } from './browser.ts';

export const DEMO_PASSWORD = 'klinikita';

/** When I log in as a user through the login page. */
export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL((url) => url.pathname !== '/');
  // /authentication forwards to the first screen of the menu, often in another layout (whose header
  // is a new one): wait until the user has landed, there or on the welcome page of an empty menu
  await Promise.race([
    page.waitForURL((url) => url.pathname !== '/' && url.pathname !== '/authentication'),
    page.getByRole('heading', { name: /^(Selamat datang|Welcome)/ }).waitFor(),
  ]);
}

/** The session user as the API answers it to this page's cookie. */
export async function sessionUser(page: Page) {
  const res = await page.request.get(`${baseUrl()}/api/clinic/v1/users`);
  return (await res.json()).data;
}

/**
 * Opens the header's user menu and picks an item. A screen still settling (its lists arriving, the
 * session refreshed) may re-render the header and close the menu under the click: open it again.
 */
export async function pickUserMenuItem(page: Page, item: string | RegExp): Promise<void> {
  await vi.waitFor(
    async () => {
      const entry = page.getByRole('menuitem', { name: item });
      if (!(await entry.isVisible()))
        await page.getByRole('button', { name: /Menu pengguna|User menu/ }).click();
      await entry.click({ timeout: 2000 });
    },
    { timeout: 30_000, interval: 250 },
  );
}

export async function logOut(page: Page): Promise<void> {
  await pickUserMenuItem(page, /Keluar|Sign out/);
  await page.waitForURL((url) => url.pathname === '/');
  // the guard and the logout both send the page home: Back is only meaningful once both have
  await page.getByLabel('Username').waitFor();
  await page.waitForLoadState('networkidle');
}
