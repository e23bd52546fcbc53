import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, call } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const API = '/api/clinic/v1';
const PATIENT = 'Wulandari Sampel Etoe';

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(`${baseUrl()}${API}/${path}`, { data, headers: { origin: baseUrl() } });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data as T;
}

/** Given a patient registered at Cikarang's lab (clinic 11) for a blood count and a random glucose. */
async function registerLabPatient(): Promise<{ id: string; queueNumber: string }> {
  const { context, page } = await newPage(browser);
  await logIn(page, 'superadmin');
  const patient = await post<{ uid: string }>(page, 'patients', {
    clinicId: 11,
    name: PATIENT,
    sex: 'F',
    dob: '03/04/1993',
    confirmDuplicate: true,
  });
  const registration = await post<{ _id: string; queueNumber: string }>(page, 'registrations/registrations', {
    clinicId: 11,
    patientId: patient.uid,
    orderType: 'service',
    serviceType: 'LAB',
    payerType: 'self',
    complaint: 'Darah Lengkap, Glukosa Darah Sewaktu',
  });
  await context.close();
  return { id: registration._id, queueNumber: registration.queueNumber };
}

/** The on-hand of Cikarang's Laboratorium per item name, as the stock screens read it (superadmin). */
async function labStock(page: Page): Promise<Record<string, number>> {
  const locations = await call<{ uid: string; type: string }[]>(
    page,
    'GET',
    'inventory/locations?clinicId=11',
  );
  const lab = locations.find((l) => l.type === 'lab')!;
  const stock = await call<{ docs: { name: string; onHand: number }[] }>(
    page,
    'GET',
    `inventory/locations/${lab.uid}/stock?limit=100`,
  );
  return Object.fromEntries(stock.docs.map((d) => [d.name, d.onHand]));
}

describe('Lab samples, the worklist grid and the analyzer import', () => {
  it('the lab labels, collects, receives and rejects samples, then enters results in the worklist and imports a CSV', {
    timeout: 240_000,
  }, async () => {
    const { id, queueNumber } = await registerLabPatient();
    const admin = await apiSession(browser, 'superadmin');
    const before = await labStock(admin.page);
    const { context, page } = await newPage(browser);
    await logIn(page, 'lab');

    // When I open the visit and make its labels: one per container (EDTA, serum)
    await page.goto(`/Lab/home-page-mcu?id=${id}`);
    const card = page.getByTestId('lab-specimens');
    await card.getByText('Belum ada label sampel').waitFor();
    await card.getByRole('button', { name: 'Buat label' }).click();
    const rows = card.getByTestId('specimen-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('EDTA (ungu)');
    expect(await rows.nth(1).textContent()).toContain('Serum (merah)');
    const barcodes = (await card.locator('tbody tr td:first-child p:first-child').allTextContents()).map(
      (s) => s.trim(),
    );
    expect(barcodes[0]).toMatch(/^L011\d{10}$/);

    // And the labels print as a PDF
    await card.getByRole('link', { name: 'Cetak label' }).waitFor();
    const pdf = await page.request.get(`${baseUrl()}${API}/lab-specimens/visits/${id}/labels`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await shot(page, 'lab-specimens-labelled');

    // When I press the step "Sampel diambil": every labelled container is collected, the check shows
    await page.getByRole('button', { name: 'Sampel diambil', exact: true }).first().click();
    await card.getByText('Semua sampel sudah diambil').waitFor();
    await expect.poll(() => card.getByText('Diambil', { exact: true }).count()).toBe(2);
    // And the tubes and one blood draw's needle and plaster leave the lab's stock
    const taken = async () => {
      const now = await labStock(admin.page);
      return ['Tabung EDTA', 'Tabung serum', 'Jarum vakum', 'Plester bulat'].map((n) => before[n] - now[n]);
    };
    await expect.poll(taken, { timeout: 15_000 }).toEqual([1, 1, 1, 1]);

    // And the lab receives both tubes
    await rows.nth(0).getByRole('button', { name: 'Sampel diterima' }).click();
    await rows.nth(0).getByText('Diterima', { exact: true }).waitFor();
    await rows.nth(1).getByRole('button', { name: 'Sampel diterima' }).click();
    await rows.nth(1).getByText('Diterima', { exact: true }).waitFor();

    // When I reject the serum tube for haemolysis: it goes to the history and a new label is made
    await rows.nth(1).getByRole('button', { name: 'Tolak sampel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Tolak sampel' }).click();
    await dialog.getByText('Pilih alasan penolakan atau tulis alasannya').waitFor();
    await dialog.getByLabel('Alasan penolakan').click();
    await page.getByRole('option', { name: 'Sampel hemolisis' }).click();
    await shot(page, 'lab-specimens-reject');
    await dialog.getByRole('button', { name: 'Tolak sampel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const history = card.getByTestId('specimen-history');
    await history.getByText(/Sampel hemolisis/).waitFor();
    expect(await history.textContent()).toContain(barcodes[1]);
    await rows.nth(1).getByText(`Pengganti ${barcodes[1]}`).waitFor();
    expect(await card.getByText('Semua sampel sudah diambil').count()).toBe(0);
    await shot(page, 'lab-specimens-rejected');

    // And the new tube is collected and received
    await rows.nth(1).getByRole('button', { name: 'Sampel diambil' }).click();
    await rows.nth(1).getByRole('button', { name: 'Sampel diterima' }).click();
    await rows.nth(1).getByText('Diterima', { exact: true }).waitFor();
    const serum = (await rows.nth(1).locator('td').first().locator('p').first().textContent())!.trim();
    // the new serum tube leaves the stock too; the blood draw's set is counted once per visit
    await expect.poll(taken, { timeout: 15_000 }).toEqual([1, 2, 1, 1]);
    await admin.context.close();

    // When I open the worklist, pick Darah Lengkap and find my patient
    await page.goto('/Laboratory');
    await page.getByRole('heading', { name: 'Worklist laboratorium' }).waitFor();
    await page.getByLabel('Pemeriksaan', { exact: true }).first().click();
    await page.getByRole('option', { name: /^Darah Lengkap/ }).click();
    await page.getByRole('textbox', { name: 'Cari' }).fill(PATIENT);
    const grid = page.getByTestId('worklist-grid');
    await expect.poll(() => grid.getByTestId('worklist-row').count()).toBe(1);
    const row = grid.getByTestId('worklist-row');
    expect(await row.textContent()).toContain(queueNumber);

    // And type haemoglobin and haematocrit from the keyboard: Enter moves on
    await row.getByRole('textbox', { name: `HB ${queueNumber}` }).fill('10,9');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(':focus').getAttribute('aria-label')).toBe(`HT ${queueNumber}`);
    await page.keyboard.type('36');
    await row.getByText('L', { exact: true }).first().waitFor();
    await shot(page, 'lab-worklist-typed');
    await page.getByRole('button', { name: 'Simpan hasil' }).click();
    await page.getByText('Hasil 1 sampel disimpan').waitFor();

    // When I import an analyzer CSV with a bad row: it is listed and nothing can be saved
    const importer = page.getByTestId('analyzer-import');
    const file = (text: string) => ({
      name: 'analyzer.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(text),
    });
    await importer
      .locator('input[type=file]')
      .setInputFiles(
        file(`barcode;kode;nilai\n${barcodes[0]};LEU;7,5\n${serum};GDS;118\nL000000000000;HB;12\n`),
      );
    await importer.getByText('2 baris siap, 1 baris bermasalah').waitFor();
    await importer.getByText('Barcode tidak dikenal di klinik ini').waitFor();
    expect(await importer.getByRole('button', { name: /^Simpan/ }).isDisabled()).toBe(true);
    await shot(page, 'lab-worklist-import-preview');

    // And a clean one saves every row at once
    await importer.getByRole('button', { name: 'Batal' }).click();
    await importer
      .locator('input[type=file]')
      .setInputFiles(file(`barcode;kode;nilai\n${barcodes[0]};LEU;7,5\n${serum};GDS;118\n`));
    await importer.getByText('2 baris siap, 0 baris bermasalah').waitFor();
    await importer.getByRole('button', { name: 'Simpan 2 hasil' }).click();
    await page.getByText('Hasil dari analyzer disimpan untuk 1 sampel').waitFor();
    await expect
      .poll(() => row.getByRole('textbox', { name: `LEU ${queueNumber}` }).inputValue())
      .toBe('7,5');
    await shot(page, 'lab-worklist-imported');
    await context.close();
  });
});
