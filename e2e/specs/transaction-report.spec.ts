import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
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

describe('Transaction report', () => {
  it('the cashier reads a month of bills with their totals and exports them as xlsx', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'kasir');
    await page.goto('/Registration/laporanTransaksi');
    await page.getByRole('heading', { name: 'Laporan Transaksi' }).waitFor();
    // the demo's company visits of the past month were paid and put on receivables
    await page.getByLabel('Dari', { exact: true }).fill(daysAgo(40));
    const table = page.getByRole('table', { name: 'Laporan Transaksi' });
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByText(/^Total \(\d+ tagihan\)$/).waitFor();
    expect(await table.textContent()).toContain('Lunas');
    await shot(page, 'transaction-report');

    // the export: one file, the spec's layout (sheet name ≤ 30, width 20, grey header)
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ekspor xlsx' }).click();
    const file = await (await download).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(file)).buffer as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name.length).toBeLessThanOrEqual(30);
    expect(sheet.getColumn(1).width).toBe(20);
    const fill = sheet.getRow(1).getCell(1).fill as ExcelJS.FillPattern;
    expect(fill.fgColor?.argb).toBe('FFD9D9D9');
    expect(sheet.rowCount).toBeGreaterThan(2);
    await context.close();
  });
});
