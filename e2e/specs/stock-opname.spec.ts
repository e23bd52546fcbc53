import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** `/warehouse` at a location of the demo clinic, on one of its tabs. */
async function openTab(page: Page, location: string, tab: string) {
  await page.goto('/warehouse');
  await page.getByRole('heading', { name: 'Gudang' }).first().waitFor();
  await page.getByRole('combobox', { name: 'Lokasi', exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${location} ·`) }).click();
  await page.getByRole('tab', { name: tab }).click();
}

/** '1.250 TAB' → 1250 */
const quantityOf = (text: string) => Number(text.trim().split(' ')[0].replaceAll('.', '').replace(',', '.'));

describe('Stock opname and unit requests', () => {
  it('admin counts the treatment room, one line short; farmasi approves; the card shows the opname', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await openTab(page, 'Ruang Tindakan', 'Stok Opname');
    await page.getByRole('button', { name: 'Mulai stok opname' }).click();
    const sheet = page.getByRole('dialog');
    const table = sheet.getByRole('table', { name: /^Lembar hitung SO-/ });
    await table.waitFor();
    const title = (await sheet.getByRole('heading').first().textContent()) ?? '';
    const number = title.replace('Lembar hitung ', '').trim();
    const rows = table.locator('tbody tr');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    let shortItem = '';
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const system = quantityOf((await row.locator('td').nth(3).textContent()) ?? '0');
      const counted = i === 0 ? system - 1 : system;
      if (i === 0) shortItem = ((await row.locator('td').first().textContent()) ?? '').trim();
      await row.getByRole('textbox').fill(String(counted));
    }
    await shot(page, 'opname-count-sheet');
    await sheet.getByRole('button', { name: 'Ajukan' }).click();
    await sheet.getByText('Menunggu persetujuan').waitFor();
    await sheet.getByText('Anda yang mengajukan; persetujuan oleh petugas lain').waitFor();
    expect(await sheet.getByRole('button', { name: 'Setujui' }).isDisabled()).toBe(true);
    expect(await table.locator('tbody tr').first().textContent()).toContain('−1');
    await shot(page, 'opname-submitted');
    await context.close();

    // a second person with stock.manage approves
    const second = await newPage(browser);
    await logIn(second.page, 'farmasi');
    await openTab(second.page, 'Ruang Tindakan', 'Stok Opname');
    await second.page.getByRole('button', { name: `Buka ${number}` }).click();
    const approval = second.page.getByRole('dialog');
    await approval.getByRole('button', { name: 'Setujui' }).click();
    await approval.getByText('Disetujui', { exact: true }).waitFor();
    await shot(second.page, 'opname-approved');
    await second.page.keyboard.press('Escape');

    // the stock card names the opname
    await second.page.getByRole('tab', { name: 'Daftar stok' }).click();
    await second.page.getByRole('button', { name: `Lihat ${shortItem}` }).click();
    const card = second.page.getByRole('dialog').getByRole('table', { name: 'Kartu stok' });
    await card.getByText(`Opname ${number}`).first().waitFor();
    await shot(second.page, 'opname-stock-card');
    await second.context.close();
  });

  it('the pharmacy asks the warehouse for paracetamol; the warehouse approves and sends it', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await openTab(page, 'Apotek', 'Amprahan');
    await page.getByRole('button', { name: 'Buat amprahan' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('combobox', { name: 'Barang' }).click();
    await page
      .getByRole('option', { name: /^Paracetamol 500 mg/ })
      .first()
      .click();
    await form.getByRole('textbox', { name: 'Jumlah' }).fill('30');
    await shot(page, 'request-new');
    await form.getByRole('button', { name: 'Kirim amprahan' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Gudang → Apotek' }).first();
    await row.getByText('Diminta').waitFor();
    const number = ((await row.locator('td').first().textContent()) ?? '').trim();

    // at the warehouse: approve, then send
    await openTab(page, 'Gudang', 'Amprahan');
    const incoming = page.getByRole('row').filter({ hasText: number });
    await incoming.getByRole('button', { name: 'Setujui' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Setujui' }).click();
    await incoming.getByText('Disetujui').waitFor();
    await incoming.getByRole('button', { name: 'Kirim barang' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Kirim barang' }).click();
    await incoming.getByText('Selesai').waitFor();
    await shot(page, 'request-fulfilled');
    await context.close();
  });

  it('admin opens the month’s narcotics and psychotropics report on Info Stok', {
    timeout: 60_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/stockInfo');
    await page.getByRole('tab', { name: 'Laporan Narkotika & Psikotropika' }).click();
    await page.getByText('Laporan Narkotika dan Psikotropika').waitFor();
    const month = await page.getByLabel('Bulan').inputValue();
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    const link = page.getByRole('link', { name: 'Unduh xlsx' });
    expect(await link.getAttribute('href')).toContain(`/inventory/reports/narcotics/xlsx?clinicId=`);
    const download = await Promise.all([page.waitForEvent('download'), link.click()]).then(([d]) => d);
    expect(download.suggestedFilename()).toBe(`narkotika-psikotropika-${month}.xlsx`);
    await shot(page, 'narcotics-report');
    await context.close();
  });
});
