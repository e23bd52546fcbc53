import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SUPPLIER = 'PT E2E Sehat Farma';
const API = () => `${baseUrl()}/api/clinic/v1`;

/** The order's status badge in its dialog. */
const status = (dialog: ReturnType<Page['getByRole']>, text: string) =>
  dialog.locator('.mantine-Badge-root').filter({ hasText: new RegExp(`^${text}$`) });

/** Paracetamol's stock in Menteng's Gudang, as the stock screens read it (tablets). */
async function paracetamolInGudang(page: Page): Promise<number> {
  const locations = (await (await page.request.get(`${API()}/inventory/locations?clinicId=10`)).json()).data;
  const gudang = locations.find((l: { name: string }) => l.name === 'Gudang');
  const stock = (
    await (
      await page.request.get(`${API()}/inventory/locations/${gudang.uid}/stock?search=Paracetamol`)
    ).json()
  ).data;
  return stock.docs.find((d: { name: string }) => d.name === 'Paracetamol')?.onHand ?? 0;
}

describe('Purchasing', () => {
  it('the admin adds a supplier, orders, receives part then the rest against invoices, and returns some', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');

    // When I add a supplier: a bad NPWP is refused under its field, the input stays
    await page.goto('/supplier');
    await page.getByRole('heading', { name: 'Supplier' }).first().waitFor();
    await page.getByText('PT Enseval Putera Megatrading').waitFor();
    await page.getByRole('button', { name: 'Tambah supplier' }).click();
    const supplierForm = page.getByRole('dialog');
    await supplierForm.getByRole('textbox', { name: 'Nama supplier' }).fill(SUPPLIER);
    await supplierForm.getByRole('textbox', { name: /^NPWP/ }).fill('12.345');
    await supplierForm.getByRole('textbox', { name: 'Kontak person' }).fill('Ibu Rina');
    await supplierForm.getByRole('button', { name: 'Simpan' }).click();
    await supplierForm.getByText('NPWP harus 15 atau 16 angka').waitFor();
    expect(await supplierForm.getByRole('textbox', { name: 'Nama supplier' }).inputValue()).toBe(SUPPLIER);
    await shot(page, 'purchasing-supplier-refused');
    await supplierForm.getByRole('textbox', { name: /^NPWP/ }).fill('01.234.567.8-901.000');
    await supplierForm.getByRole('button', { name: 'Simpan' }).click();
    await supplierForm.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: SUPPLIER }).first().waitFor();
    await shot(page, 'purchasing-suppliers');

    // When I draft a purchase order of 4 boxes of Paracetamol and order it
    await page.goto('/purchaseOrder');
    await page.getByRole('heading', { name: 'Purchase Order' }).first().waitFor();
    await page.getByText('Diterima sebagian').first().waitFor();
    await shot(page, 'purchasing-orders');
    await page.getByRole('button', { name: 'Buat PO' }).click();
    const orderForm = page.getByRole('dialog');
    await orderForm.getByRole('combobox', { name: 'Supplier' }).click();
    await page.getByRole('option', { name: SUPPLIER }).click();
    await orderForm.getByRole('combobox', { name: 'Barang' }).fill('Paracetamol');
    await page
      .getByRole('option', { name: /^Paracetamol 500 mg/ })
      .first()
      .click();
    await orderForm.getByRole('combobox', { name: 'Satuan' }).click();
    await page.getByRole('option', { name: /^BOX/ }).click();
    await orderForm.getByRole('textbox', { name: 'Jumlah' }).fill('4');
    await orderForm.getByRole('textbox', { name: 'Harga per satuan' }).fill('12000');
    await orderForm.getByRole('textbox', { name: 'Diskon (%)' }).fill('10');
    // 4 × 12.000 = 48.000, less 10% = 43.200; PPN 11% of the DPP = 4.752
    await orderForm.getByText('Rp 47.952').waitFor();
    await shot(page, 'purchasing-order-form');
    await orderForm.getByRole('button', { name: 'Simpan' }).click();
    const detail = page.getByRole('dialog');
    await status(detail, 'Draf').waitFor();
    await detail.getByRole('button', { name: 'Pesan ke supplier' }).click();
    await status(detail, 'Dipesan').waitFor();

    // When the supplier delivers 2 of the 4 boxes: an expiry not after today is refused, then received
    const before = await paracetamolInGudang(page);
    await detail.getByRole('button', { name: 'Terima barang' }).click();
    const receive = page.getByRole('dialog');
    await receive.getByRole('textbox', { name: 'Nomor faktur' }).fill('FKT-E2E-001');
    await receive.getByRole('textbox', { name: /^Nomor batch/ }).fill('E2E-PO-1');
    await receive.getByRole('textbox', { name: /^Kedaluwarsa/ }).fill('01012020');
    await receive.getByRole('textbox', { name: /^Jumlah/ }).fill('2');
    await receive.getByRole('button', { name: 'Terima barang' }).click();
    await receive.getByText('Kedaluwarsa harus setelah tanggal terima').waitFor();
    expect(await receive.getByRole('textbox', { name: /^Nomor batch/ }).inputValue()).toBe('E2E-PO-1');
    await shot(page, 'purchasing-receive-refused');
    await receive.getByRole('textbox', { name: /^Kedaluwarsa/ }).fill('31122028');
    await receive.getByRole('button', { name: 'Terima barang' }).click();
    const partly = page.getByRole('dialog');
    await status(partly, 'Diterima sebagian').waitFor();
    await partly.getByText(/FKT-E2E-001/).waitFor();
    await shot(page, 'purchasing-order-partly-received');
    expect(await paracetamolInGudang(page)).toBe(before + 200);

    // When the rest arrives on a second invoice, the order is received
    await partly.getByRole('button', { name: 'Terima barang' }).click();
    const rest = page.getByRole('dialog');
    await rest.getByRole('textbox', { name: 'Nomor faktur' }).fill('FKT-E2E-002');
    await rest.getByRole('textbox', { name: /^Nomor batch/ }).fill('E2E-PO-2');
    await rest.getByRole('textbox', { name: /^Kedaluwarsa/ }).fill('30062029');
    expect(await rest.getByRole('textbox', { name: /^Jumlah/ }).inputValue()).toBe('2');
    await rest.getByRole('button', { name: 'Terima barang' }).click();
    const received = page.getByRole('dialog');
    await status(received, 'Diterima').waitFor();
    await shot(page, 'purchasing-order-received');
    expect(await paracetamolInGudang(page)).toBe(before + 400);
    await page.keyboard.press('Escape');

    // When I return 50 tablets of the first delivery to the supplier, stock falls
    await page.goto('/ReturnReceive');
    await page.getByRole('heading', { name: 'Retur Penerimaan' }).first().waitFor();
    await page.getByRole('searchbox', { name: 'Cari' }).fill('FKT-E2E-001');
    const delivery = page.getByRole('row').filter({ hasText: 'FKT-E2E-001' });
    await delivery.waitFor();
    await delivery.getByRole('button', { name: /^Retur PN\// }).click();
    const giveBack = page.getByRole('dialog');
    await giveBack.getByRole('textbox', { name: /^Jumlah retur/ }).fill('50');
    await giveBack.getByRole('button', { name: 'Retur' }).click();
    await giveBack.getByText('Alasan wajib diisi (minimal 3 huruf)').waitFor();
    await giveBack.getByRole('textbox', { name: 'Alasan' }).fill('Kemasan penyok');
    await shot(page, 'purchasing-return-form');
    await giveBack.getByRole('button', { name: 'Retur' }).click();
    await giveBack.waitFor({ state: 'detached' });
    expect(await paracetamolInGudang(page)).toBe(before + 350);
    await page
      .locator('label')
      .filter({ hasText: /^Retur$/ })
      .click();
    await page.getByText('Kemasan penyok').waitFor();
    await shot(page, 'purchasing-returns');

    // When a delivery comes without a purchase order, it is received against its invoice alone
    await page.goto('/purchaseOrder');
    await page.getByRole('button', { name: 'Terima tanpa PO' }).click();
    const direct = page.getByRole('dialog');
    await direct.getByRole('combobox', { name: 'Supplier' }).click();
    await page.getByRole('option', { name: SUPPLIER }).click();
    await direct.getByRole('textbox', { name: 'Nomor faktur' }).fill('FKT-E2E-003');
    await direct.getByRole('combobox', { name: 'Barang' }).fill('Paracetamol');
    await page
      .getByRole('option', { name: /^Paracetamol 500 mg/ })
      .first()
      .click();
    await direct.getByRole('combobox', { name: 'Satuan' }).click();
    await page.getByRole('option', { name: /^BOX/ }).click();
    await direct.getByRole('textbox', { name: 'Nomor batch' }).fill('E2E-NOPO');
    await direct.getByRole('textbox', { name: 'Kedaluwarsa' }).fill('31122029');
    await direct.getByRole('textbox', { name: 'Jumlah' }).fill('1');
    await direct.getByRole('textbox', { name: 'Harga per satuan' }).fill('12500');
    await shot(page, 'purchasing-direct-receive');
    await direct.getByRole('button', { name: 'Terima barang' }).click();
    await direct.waitFor({ state: 'detached' });
    expect(await paracetamolInGudang(page)).toBe(before + 450);
    await context.close();
  });
});
