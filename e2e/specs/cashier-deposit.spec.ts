import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedDoctorVisit } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const suffix = () =>
  String.fromCharCode(65 + Math.floor(Math.random() * 26), 65 + Math.floor(Math.random() * 26));

/**
 * A patient's deposit at the cashier (issue 18 §2): the kasir receives a deposit for a patient
 * waiting at Payment, prints its receipt, then pays the bill with the deposit and cash and sees
 * the balance drop.
 */
describe('A deposit at the cashier', () => {
  it('is received, printed, and drawn in a split payment with cash', async () => {
    const name = `Dewi Uang Muka ${suffix()}`;
    // given a patient examined by the GP without a prescription: the visit waits at the cashier
    await signedDoctorVisit(browser, { name, sex: 'F', dob: '14/07/1986' }, 'Pusing', {
      subjective: 'Pusing',
      diagnoses: [{ code: 'R51', title: 'Sakit kepala', primary: true }],
    });

    const kasir = await newPage(browser);
    const page = kasir.page;
    await logIn(page, 'kasir');
    await page.goto('/Payment/payment');
    await page.getByRole('heading', { name: 'Kasir' }).waitFor();
    // when the kasir's shift is not open yet, it is opened with a float
    const shiftBar = page.getByTestId('shift-bar');
    const openButton = shiftBar.getByRole('button', { name: 'Buka shift' });
    const expectedCash = shiftBar.getByTestId('shift-expected');
    await expect
      .poll(async () => (await openButton.count()) + (await expectedCash.count()), { timeout: 15_000 })
      .toBeGreaterThan(0);
    if (await openButton.count()) {
      await shiftBar.getByRole('textbox', { name: 'Modal awal (Rp)' }).fill('500000');
      await openButton.click();
    }
    await expectedCash.waitFor();
    const rupiah = async () => Number(((await expectedCash.textContent()) ?? '').replace(/\D/g, ''));
    const cashBefore = await rupiah();

    // the kasir opens the patient's bill: no deposit yet
    await page.getByRole('textbox', { name: 'Cari' }).fill(name);
    await page.getByRole('button', { name: `Buka tagihan ${name}` }).click();
    const balance = page.getByTestId('deposit-balance');
    await expect.poll(() => balance.textContent()).toBe('Rp 0');

    // receives Rp 50.000 in cash as a deposit; its receipt prints
    await page.getByTestId('deposit-panel').getByRole('button', { name: 'Deposit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Terima deposit' });
    await dialog.getByText(`Telah terima dari ${name} untuk Deposit`).waitFor();
    await dialog.getByRole('textbox', { name: 'Jumlah' }).fill('50000');
    await shot(page, 'cashier-deposit-receive');
    await dialog.getByRole('button', { name: 'Terima deposit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const receipt = page.getByTestId('deposit-receipt');
    await expect
      .poll(() => receipt.textContent())
      .toMatch(/^Deposit diterima, kuitansi DP\/10\/\d{6}\/\d{4} · Rp 50\.000$/);
    await expect.poll(() => balance.textContent()).toBe('Rp 50.000');
    const href = await page
      .getByTestId('deposit-panel')
      .getByRole('link', { name: /^Cetak kuitansi DP\// })
      .getAttribute('href');
    const pdf = await page.request.get(new URL(href!, baseUrl()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    // the cash deposit is in the drawer
    await expect.poll(rupiah).toBe(cashBefore + 50_000);

    // pays the bill: the deposit (prefilled with its balance) and the rest in cash
    const form = page.getByTestId('payment-form');
    const firstMethod = form
      .getByTestId('payment-part')
      .first()
      .getByRole('combobox', { name: 'Cara bayar' });
    await firstMethod.click();
    await page.getByRole('option', { name: 'Deposit' }).click();
    await expect
      .poll(() =>
        form.getByTestId('payment-part').first().getByRole('textbox', { name: 'Jumlah' }).inputValue(),
      )
      .toBe('Rp 50.000');
    await form.getByRole('button', { name: 'Tambah cara bayar' }).click();
    await expect.poll(() => form.getByTestId('remaining').textContent()).toBe('Rp 0');
    await shot(page, 'cashier-deposit-split');
    await form.getByRole('button', { name: 'Bayar', exact: true }).click();
    await page.getByTestId('receipt-number').waitFor();
    await page.getByText('Tagihan ini sudah lunas').waitFor();
    // the balance dropped by what was drawn
    await expect.poll(() => balance.textContent()).toBe('Rp 0');
    await shot(page, 'cashier-deposit-paid');
    await kasir.context.close();
  });
});
