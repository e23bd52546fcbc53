import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });

describe('Insurers and the accounting hand-off', () => {
  it('the admin reads the insurers with their cover, and a month of balanced journal entries', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/MedicalServices/Insurance');
    await page.getByRole('heading', { name: 'Asuransi' }).waitFor();
    await page.getByText('AdMedika (TPA)').first().waitFor();
    await shot(page, 'insurers');

    // the demo's paid company visits are booked as journal entries, each balanced
    await page.goto('/ERP/integrasi');
    await page.getByRole('heading', { name: 'Integrasi ERP' }).waitFor();
    await page.getByLabel('Dari', { exact: true }).fill(daysAgo(40));
    const journal = page.getByRole('table', { name: 'Jurnal' });
    // a month back: the demo's company visits of last month are there, booked on first reading
    await journal
      .getByText(/PT Maju Bersama Logistik/)
      .first()
      .waitFor();
    expect(await page.getByText('Tidak seimbang', { exact: true }).count()).toBe(0);
    await page.getByText('Seimbang', { exact: true }).first().waitFor();
    await shot(page, 'accounting-journal');
    await context.close();
  });

  it('the admin runs the financial consistency check and finds the demo data consistent', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/Setting/others');
    const card = page.getByRole('heading', { name: 'Cek kesesuaian keuangan' });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'billing-consistency-button');

    // when I run the check, it reads the bills, payments, number series and journal entries
    await page.getByRole('button', { name: 'Jalankan pengecekan' }).click();
    const ok = page.getByRole('status', { name: 'Semua sesuai, tidak ada selisih' });
    await ok.waitFor();
    expect(await ok.textContent()).toMatch(
      /Diperiksa: [1-9]\d* tagihan, [1-9]\d* pembayaran, [1-9]\d* seri nomor/,
    );
    expect(await page.getByText(/Ditemukan \d+ ketidaksesuaian/).count()).toBe(0);
    await page.getByRole('button', { name: 'Periksa lagi' }).waitFor();
    await shot(page, 'billing-consistency-ok');
    await context.close();
  });
});
