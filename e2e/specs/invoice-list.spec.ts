import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('Invoice', () => {
  it('the cashier finds a paid company bill, opens its invoice on 80 mm, then its receipt', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    // When I log in as the cashier and open Finance → Invoice from the sidebar
    await logIn(page, 'kasir');
    const nav = page.getByRole('navigation');
    await nav.getByText('Finance', { exact: true }).first().click();
    await nav.getByRole('link', { name: 'Invoice', exact: true }).click();
    await page.waitForURL('**/Registration/invoice');
    await page.getByRole('heading', { name: 'Invoice', exact: true }).waitFor();

    // the demo's company visits of the past month at Menteng were paid by the company
    // (the list keeps the previous rows, dimmed, until the new answer is in: each step waits for its
    // own answer and for the table to be no longer busy before it reads a row)
    const table = page.getByRole('table', { name: 'Daftar invoice' });
    const answered = (part: string) =>
      page.waitForResponse((r) => r.url().includes('/billing/bills?') && r.url().includes(part));
    const companies = answered('payerType=company');
    await page.getByRole('combobox', { name: 'Jenis penjamin' }).click();
    await page.getByRole('option', { name: 'Perusahaan' }).click();
    await companies;
    await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(1);
    await table.getByText('Lunas').first().waitFor();
    await shot(page, 'invoice-list');

    // And I search one by its invoice number
    const number = (await table.locator('tbody tr').first().textContent())?.match(
      /INV\/10\/\d{6}\/\d{4}/,
    )?.[0];
    expect(number).toBeTruthy();
    const found = answered(`q=${encodeURIComponent(number!)}`);
    await page.getByRole('searchbox').fill(number!);
    await found;
    await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);

    // Then its invoice opens in the modal, with the clinic's bank account, and prints on 80 mm too
    await table.getByRole('button', { name: `Rincian ${number}` }).click();
    const invoice = page.getByRole('dialog', { name: `Rincian biaya ${number}` });
    await invoice.getByText(/^Pembayaran transfer ke Bank Mandiri /).waitFor();
    const frame = invoice.getByTitle('Pratinjau dokumen');
    expect(await frame.getAttribute('src')).toMatch(/invoice\.pdf\?paper=a4$/);
    const pdf = await page.request.get(new URL((await frame.getAttribute('src'))!, page.url()).toString());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await page.waitForTimeout(1_000);
    await shot(page, 'invoice-modal-a4');
    const roll = page.waitForResponse((r) => r.url().includes('invoice.pdf?paper=roll80'));
    await invoice.getByText('80 mm', { exact: true }).click();
    await expect.poll(() => frame.getAttribute('src')).toMatch(/invoice\.pdf\?paper=roll80$/);
    expect((await roll).headers()['content-type']).toBe('application/pdf');
    await page.waitForTimeout(2_000);
    await shot(page, 'invoice-modal-80mm');
    await invoice.getByRole('button', { name: 'Tutup' }).click();
    await invoice.waitFor({ state: 'hidden' });

    // And its receipt (kuitansi) opens in the receipt modal
    const receiptPdf = page.waitForResponse((r) => r.url().includes('receipt.pdf?paper=a4'));
    await table.getByRole('button', { name: /^Kuitansi KW\/10\// }).click();
    const receipt = page.getByRole('dialog', { name: /^Kuitansi KW\/10\// });
    const receiptFrame = receipt.getByTitle('Pratinjau dokumen');
    expect(await receiptFrame.getAttribute('src')).toMatch(/receipt\.pdf\?paper=a4$/);
    expect(await receipt.getByText(/Pembayaran transfer/).count()).toBe(0);
    expect((await receiptPdf).headers()['content-type']).toBe('application/pdf');
    await page.waitForTimeout(2_000);
    await shot(page, 'receipt-modal');
    await context.close();
  });
});
