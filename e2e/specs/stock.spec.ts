import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const BATCH = 'E2E-PCT-01';

describe('Stock', () => {
  it('the pharmacist receives two boxes into the warehouse, reads the stock card and checks the cards', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'farmasi');
    await page.goto('/warehouse');
    await page.getByRole('heading', { name: 'Gudang' }).first().waitFor();
    await page.getByText('Paracetamol 500 mg').first().waitFor();
    await shot(page, 'stock-warehouse');

    // a batch that expired before today is refused, naming the field, and the form keeps its input
    await page.getByRole('button', { name: 'Penerimaan' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('combobox', { name: 'Barang' }).fill('Paracetamol');
    await page
      .getByRole('option', { name: /Paracetamol 500 mg/ })
      .first()
      .click();
    await form.getByRole('textbox', { name: 'Nomor batch' }).fill(BATCH);
    await form.getByRole('textbox', { name: 'Kedaluwarsa' }).fill('01012020');
    await form.getByRole('textbox', { name: 'Jumlah' }).fill('2');
    await form.getByRole('combobox', { name: 'Satuan' }).click();
    await page.getByRole('option', { name: /^BOX/ }).click();
    await form.getByText('= 200 tablet').waitFor();
    await form.getByRole('textbox', { name: 'Harga per satuan' }).fill('15000');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.getByText('Tanggal kedaluwarsa sebelum tanggal terima').waitFor();
    expect(await form.getByRole('textbox', { name: 'Nomor batch' }).inputValue()).toBe(BATCH);
    await shot(page, 'stock-receive-refused');

    // with a good expiry the two boxes arrive as 200 tablets
    await form.getByRole('textbox', { name: 'Kedaluwarsa' }).fill('31122028');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Lihat Paracetamol 500 mg' }).click();
    const card = page.getByRole('dialog');
    const row = card.getByRole('row').filter({ hasText: BATCH });
    await row.first().waitFor();
    // the batch table comes first; the stock card below it loads on its own
    await expect.poll(() => card.textContent()).toContain('+200');
    await shot(page, 'stock-card-received');
    await page.keyboard.press('Escape');

    // every stock card sums to the stock on hand
    await page.getByRole('button', { name: 'Cek kesesuaian kartu stok' }).click();
    await page.getByText('Semua kartu stok cocok dengan stok').waitFor();
    await context.close();
  });

  it('the admin reads what a lab sample takes from the lab’s stock on the consumables screen', {
    timeout: 60_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/Inventory/consumable');
    await page.getByRole('heading', { name: 'Bahan Habis Pakai' }).waitFor();
    await page.getByRole('tab', { name: 'BHP Laboratorium' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Tabung EDTA (ungu)' });
    await row.getByText('Tabung EDTA 3 ml').waitFor();
    const draw = page.getByRole('row').filter({ hasText: 'Pengambilan darah (sekali per kunjungan)' });
    await draw.getByText('Jarum vakum 21G').waitFor();
    await page.getByRole('button', { name: 'Simpan daftar' }).waitFor();
    await shot(page, 'stock-lab-consumables');
    await context.close();
  });
});
