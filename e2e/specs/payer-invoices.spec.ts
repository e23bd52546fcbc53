import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An ISO day `days` before today in Jakarta (the demo clinics' time zone). */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });

async function openInvoice(page: Page, number: string) {
  await page.goto('/Registration/daftarTagihan');
  await page.getByRole('searchbox', { name: 'Cari nomor tagihan' }).fill(number);
  await page.getByRole('button', { name: number }).click();
  await page.getByTestId('invoice-detail').waitFor();
}

describe('Bills to partner companies', () => {
  it('the cashier makes a company’s monthly invoice, another person approves it, it is sent and partly paid', {
    timeout: 180_000,
  }, async () => {
    const kasir = await newPage(browser);
    await logIn(kasir.page, 'kasir');
    await kasir.page.goto('/Registration/daftarTagihan');
    await kasir.page.getByRole('heading', { name: 'Tagihan Perusahaan & Asuransi' }).waitFor();
    // the demo has one invoice already partly paid (PT Maju Bersama Logistik)
    await kasir.page.getByText('Dibayar sebagian').first().waitFor();
    await shot(kasir.page, 'payer-invoices-list');

    // a month of PT Bank Nusantara Sejahtera's visits, not yet invoiced, become one invoice
    await kasir.page.getByRole('button', { name: 'Buat tagihan' }).click();
    const dialog = kasir.page.getByRole('dialog', { name: 'Buat tagihan penjamin' });
    await dialog.getByRole('combobox', { name: 'Penjamin' }).click();
    await kasir.page.getByRole('option', { name: /PT Bank Nusantara Sejahtera/ }).click();
    await dialog.getByLabel('Dari tanggal').fill(daysAgo(45));
    const preview = dialog.getByTestId('invoice-preview');
    await expect.poll(() => preview.locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(kasir.page, 'payer-invoices-create');
    await dialog.getByRole('button', { name: 'Buat tagihan' }).click();
    const detail = kasir.page.getByTestId('invoice-detail');
    await detail.waitFor();
    const number = (await detail.textContent())?.match(/TG\/10\/\d{6}\/\d{4}/)?.[0];
    expect(number).toBeTruthy();
    await detail.getByText('Draf', { exact: true }).first().waitFor();

    // the preparer cannot approve it: the administrator does
    const admin = await newPage(browser);
    await logIn(admin.page, 'admin');
    await openInvoice(admin.page, number!);
    await admin.page.getByRole('button', { name: 'Setujui' }).click();
    await admin.page.getByTestId('invoice-detail').getByText('Disetujui', { exact: true }).first().waitFor();
    await admin.context.close();

    // the cashier sends it and records the company's first transfer, allocated to the oldest visits
    await openInvoice(kasir.page, number!);
    await kasir.page.getByRole('button', { name: 'Tandai terkirim' }).click();
    await detail.getByText('Terkirim', { exact: true }).first().waitFor();
    await kasir.page.getByRole('button', { name: 'Catat pembayaran' }).click();
    const payment = kasir.page.getByTestId('payment-dialog');
    await payment.getByRole('textbox', { name: 'Referensi' }).fill('TRF-E2E-0001');
    await payment.getByRole('textbox', { name: 'Jumlah', exact: true }).fill('50000');
    await payment.getByRole('button', { name: 'Simpan' }).click();
    await payment.waitFor({ state: 'detached' });
    await detail.getByText('Dibayar sebagian', { exact: true }).first().waitFor();
    expect(await detail.textContent()).toContain('TRF-E2E-0001');
    await shot(kasir.page, 'payer-invoices-partly-paid');

    // the invoice prints as a PDF, and the aging shows what the companies still owe
    const pdf = await kasir.page.getByRole('link', { name: 'PDF' }).getAttribute('href');
    const res = await kasir.page.request.get(new URL(pdf!, kasir.page.url()).toString());
    expect(res.headers()['content-type']).toBe('application/pdf');
    await kasir.page.goto('/Registration/daftarTagihan');
    await kasir.page.getByRole('tab', { name: 'Umur piutang' }).click();
    const aging = kasir.page.getByTestId('aging-table');
    await aging.getByText('PT Bank Nusantara Sejahtera').first().waitFor();
    await shot(kasir.page, 'payer-invoices-aging');
    await kasir.context.close();
  });
});

describe('An insurer’s claim batch', () => {
  it('the cashier records the insurer’s denial of a visit and sees it on the item', {
    timeout: 120_000,
  }, async () => {
    const kasir = await newPage(browser);
    await logIn(kasir.page, 'kasir');
    await kasir.page.goto('/Registration/daftarTagihan');
    // the demo's AdMedika batch: sent, one visit partly denied over the ceiling
    const row = kasir.page.getByRole('row').filter({ hasText: 'AdMedika (TPA)' });
    await row.getByRole('button').first().click();
    const detail = kasir.page.getByTestId('invoice-detail');
    await detail.getByText('Klaim asuransi').waitFor();
    const denials = detail.getByTestId('claim-denials');
    await denials.getByText('Melebihi plafon', { exact: true }).waitFor();

    // the insurer's answer on another visit: incomplete documents, Rp 10.000 of it
    await detail
      .getByRole('button', { name: /^Catat penolakan / })
      .last()
      .click();
    const dialog = kasir.page.getByTestId('denial-dialog');
    await dialog.getByRole('combobox', { name: 'Alasan penolakan' }).click();
    await kasir.page.getByRole('option', { name: 'Dokumen tidak lengkap' }).click();
    await dialog.getByRole('textbox', { name: 'Jumlah ditolak' }).fill('10000');
    await dialog.getByRole('textbox', { name: 'Catatan' }).fill('Resume medis belum dilampirkan');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await denials.getByText('Dokumen tidak lengkap', { exact: true }).first().waitFor();
    await denials.getByText('Resume medis belum dilampirkan').first().waitFor();
    expect(await detail.getByTestId('invoice-items').textContent()).toContain('Rp 10.000');
    await shot(kasir.page, 'payer-claims-denial');
    await kasir.context.close();
  });
});
