import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('Turnaround times', () => {
  it('the admin reads today’s waiting times at Menteng, with the pharmacy against its standards, and breaks one down', {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/DashboardAdvance/turnAroundTime');
    await page.getByRole('heading', { name: 'Waktu tunggu layanan' }).waitFor();
    // the demo day at Menteng has prescriptions handed over: the non-racikan row counts them
    const pharmacy = page
      .getByRole('row')
      .filter({ hasText: 'Farmasi: resep masuk → diserahkan (Non-racikan)' });
    await pharmacy.waitFor();
    await expect.poll(async () => (await pharmacy.textContent()) ?? '').toContain('≤ 30 menit');
    const count = Number((await pharmacy.getByRole('cell').nth(1).textContent())?.trim());
    expect(count).toBeGreaterThan(0);
    await shot(page, 'turnaround-today');

    // the last 7 days, broken down by payer
    await page.getByRole('button', { name: '7 hari' }).click();
    await page.getByText('Per penjamin', { exact: true }).click();
    await page.getByText('Umum', { exact: true }).first().waitFor();
    await shot(page, 'turnaround-by-payer');
    await context.close();
  });
});
