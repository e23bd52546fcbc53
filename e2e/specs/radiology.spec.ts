import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const API = '/api/clinic/v1';
const IMAGE = path.resolve(import.meta.dirname, '../fixtures/avatar.png');
const PATIENT = 'Radiantika Thorax Etoe';

async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(`${baseUrl()}${API}/${url}`, { data, headers: { origin: baseUrl() } });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data as T;
}

/** Given a patient registered for a cito chest X-ray at Cikarang (clinic 11) today, by the superadmin. */
async function registerRadPatient(): Promise<{ id: string }> {
  const { context, page } = await newPage(browser);
  await logIn(page, 'superadmin');
  const patient = await post<{ uid: string }>(page, 'patients', {
    clinicId: 11,
    name: PATIENT,
    sex: 'M',
    dob: '04/05/1980',
    confirmDuplicate: true,
  });
  const registration = await post<{ _id: string }>(page, 'registrations/registrations', {
    clinicId: 11,
    patientId: patient.uid,
    orderType: 'service',
    serviceType: 'RAD',
    payerType: 'self',
    complaint: 'Foto Thorax PA, cito',
  });
  await context.close();
  return { id: registration._id };
}

describe('Radiology', () => {
  it('the radiologist finds the visit on the worklist, reports from the template, attaches an image, signs, amends and prints', async () => {
    const { id } = await registerRadPatient();
    const { context, page } = await newPage(browser);
    await logIn(page, 'radiologi');
    await page.goto('/Radiology');

    // the day's worklist with accession numbers, modality and the report status
    const worklist = page.getByTestId('radiology-worklist');
    await worklist.waitFor();
    await worklist.getByRole('textbox', { name: 'Cari nama, No. RM atau No. aksesi' }).fill('Radiantika');
    const row = worklist.getByTestId('radiology-row').filter({ hasText: PATIENT });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toMatch(/RAD-11-\d{8}-\d{4}/);
    expect(rowText).toContain('CR');
    expect(rowText).toContain('CITO');
    expect(rowText).toContain('Belum ada laporan');
    await shot(page, 'radiology-worklist');

    await row.click();
    await page.waitForURL((url) => url.pathname === '/Radiology' && url.searchParams.get('id') === id);
    const order = page.getByTestId('radiology-order');
    await order.getByText('CITO', { exact: true }).waitFor();
    expect(await order.getByTestId('radiology-examination').textContent()).toBe('Foto Thorax PA');
    expect(await order.getByTestId('accession').textContent()).toBe(rowText.match(/RAD-11-\d{8}-\d{4}/)![0]);

    // the MCU chest X-ray template fills findings and impression; saved
    const report = page.getByTestId('radiology-report');
    await report.getByRole('button', { name: 'Pakai templat' }).click();
    await expect
      .poll(() => report.getByLabel('Kesan').inputValue())
      .toBe('Cor dan pulmo dalam batas normal.');
    expect(await report.getByLabel('Temuan').inputValue()).toContain('Cor tidak membesar');
    await report.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Laporan radiologi disimpan').waitFor();
    await report.getByTestId('report-status').getByText('Draf').waitFor();

    // an image, uploaded with its progress, shows as a thumbnail
    const images = page.getByTestId('radiology-images');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      images.getByRole('button', { name: 'Unggah gambar' }).click(),
    ]);
    await chooser.setFiles(IMAGE);
    await images.getByTestId('radiology-image').first().waitFor();
    await page.getByText('Gambar ditambahkan').waitFor();
    const thumb = images.getByRole('img', { name: 'avatar.png' });
    await expect
      .poll(() => thumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);

    // signed after the confirmation: the blue "Ditandatangani", read-only text, the PDF
    await report.getByRole('button', { name: 'Tandatangani' }).click();
    const confirm = page.getByRole('dialog', { name: 'Tandatangani laporan?' });
    await confirm.getByRole('button', { name: 'Tandatangani' }).click();
    await report.getByTestId('report-status').getByText('Ditandatangani').waitFor();
    await report.getByText(/^Ditandatangani Dimas Prasetyo/).waitFor();
    expect(await report.getByLabel('Temuan').getAttribute('readonly')).not.toBeNull();
    await shot(page, 'radiology-signed');
    const pdf = await page.request.get(`${baseUrl()}${API}/radiology/visits/${id}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // amended with a reason: version 2 as a draft, version 1 kept and shown as replaced
    await report.getByRole('button', { name: 'Ubah laporan' }).click();
    const amend = page.getByRole('dialog', { name: 'Ubah laporan yang sudah ditandatangani' });
    await amend.getByLabel('Alasan perubahan').fill('Kesan dilengkapi');
    await amend.getByRole('button', { name: 'Buka versi baru' }).click();
    await report.getByText('Versi 2').waitFor();
    await report.getByText('Laporan diubah: Kesan dilengkapi').waitFor();
    const history = page.getByTestId('radiology-history');
    await history.getByText('Versi 1').waitFor();
    await history.getByText('Diganti', { exact: true }).waitFor();
    await report.getByLabel('Kesan').fill('Cor dan pulmo dalam batas normal. Tidak tampak TB aktif.');
    await report.getByRole('button', { name: 'Tandatangani' }).click();
    await page
      .getByRole('dialog', { name: 'Tandatangani laporan?' })
      .getByRole('button', { name: 'Tandatangani' })
      .click();
    await report.getByTestId('report-status').getByText('Ditandatangani').waitFor();
    await shot(page, 'radiology-amended');

    // back on the worklist: signed and marked amended
    await page.goto('/Radiology');
    await page
      .getByTestId('radiology-worklist')
      .getByRole('textbox', { name: /Cari nama/ })
      .fill('Radiantika');
    const after = page.getByTestId('radiology-row').filter({ hasText: PATIENT });
    await after.getByText('Ditandatangani').waitFor();
    await after.getByText('Diubah').waitFor();
    await context.close();
  }, 180_000);
});
