import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

/** Debian's Chromium, headless, with nothing reaching outside the machine. */
export async function launchBrowser(): Promise<Browser> {
  if (!CHROMIUM) throw new Error('Chromium not found: apt-get install -y chromium');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * This spec file's server: each worker has its own (global-setup.ts), so files running side by
 * side never share a database.
 */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};

export async function newPage(
  browser: Browser,
  viewport = { width: 1366, height: 768 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  const page = await context.newPage();
  // a failing step leaves a picture of the screen behind, for whoever reads the failure
  onTestFailed(async ({ task }) => {
    const dir = path.resolve(import.meta.dirname, '../screenshots');
    mkdirSync(dir, { recursive: true });
    const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
    await page.screenshot({ path: path.join(dir, `failed-${name}.png`) }).catch(() => undefined);
  });
  return { context, page };
}

/** Screenshots for a person to look at, under e2e/screenshots when E2E_SHOTS is set. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
