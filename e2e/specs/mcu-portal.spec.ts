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

describe('The company portal (issue 20 §8)', () => {
  it('the company’s HR user lands on its portal: its events and the invoices issued to it', {
    timeout: 120_000,
  }, async () => {
    const { page, context } = await newPage(browser);
    await logIn(page, 'hrd');
    // the role has one menu: the portal is the first screen
    expect(new URL(page.url()).pathname).toBe('/Portal/mcu');
    await page.getByRole('heading', { name: 'Portal Perusahaan' }).waitFor();
    await page
      .getByText(/PT Maju Bersama Logistik/)
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Kegiatan MCU' }).waitFor();
    // the demo's invoice to PT Maju Bersama Logistik, sent and partly paid
    await page.getByRole('heading', { name: 'Tagihan' }).waitFor();
    await page.getByText('Dibayar sebagian').first().waitFor();
    await shot(page, 'mcu-portal');

    // an event, when the demo has one: its participants with their categories
    const open = page.getByRole('button', { name: 'Lihat peserta' });
    if (await open.count()) {
      await open.first().click();
      await page.getByRole('heading', { name: /^Peserta:/ }).waitFor();
      await page.getByRole('textbox', { name: 'Cari nama, nomor karyawan atau nomor MCU' }).waitFor();
      await shot(page, 'mcu-portal-participants');
      // the event's recap: the clinic's workbook, the medical columns only of who consented
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Unduh rekap (xlsx)' }).click();
      const file = await (await download).path();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile(file)).buffer as ArrayBuffer);
      expect(book.worksheets.map((s) => s.name)).toEqual(['Rekap', 'Statistik']);
      const heads = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
      expect(heads).toContain('Hasil');
      expect(heads).toContain('Kesimpulan Akhir');
      expect(book.worksheets[0].rowCount).toBeGreaterThan(1);
      await page.getByText(/tersimpan$/).waitFor();
      await shot(page, 'mcu-portal-recap');
    }
    // nothing of the clinic: another screen is refused
    await page.goto('/Registration/daftarTagihan');
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/Registration/daftarTagihan');
    await context.close();
  });
});
