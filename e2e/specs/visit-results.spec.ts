import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, labVisitOf, releaseLabResults, signedDoctorVisit } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PATIENT = { name: 'Ratna Hasil Cetak', sex: 'F', dob: '12/03/1984' };

/**
 * Given a Menteng doctor ordered a blood count and Cikarang's lab released it (one critical
 * haemoglobin): the order through the API, as the doctor's and the lab's screens send it.
 */
async function releasedBloodCount() {
  const { patient } = await signedDoctorVisit(browser, PATIENT, 'Lemas', {
    subjective: 'Lemas',
    diagnoses: [{ code: 'D64.9', title: 'Anemia', primary: true }],
    orders: [{ serviceType: 'LAB', items: ['Darah Lengkap'], note: null }],
  });

  const lab = await apiSession(browser, 'lab');
  // the order becomes Cikarang's lab visit once the event is handled; a critical haemoglobin
  const labVisit = await labVisitOf(lab.page, patient.mrn);
  await releaseLabResults(lab.page, labVisit, (code) => (code === 'HB' ? 6.2 : undefined));
  await lab.context.close();
  return { patient, labVisit };
}

describe('Hasil Non MCU', () => {
  it('the front office finds the released blood count, opens it and prints the result sheet', {
    timeout: 240_000,
  }, async () => {
    const { patient, labVisit } = await releasedBloodCount();

    // When I open Review Hasil › Hasil Non MCU at Menteng and search the patient
    const { context, page } = await newPage(browser);
    await logIn(page, 'pendaftaran');
    await page.goto('/Layanan/previewHasilnonMcu');
    await page.getByRole('heading', { name: 'Hasil Pemeriksaan' }).waitFor();
    await page.getByRole('searchbox', { name: 'Cari' }).fill('Ratna Hasil');
    const row = page.getByRole('row').filter({ hasText: patient.mrn });
    await row.waitFor();
    expect(await row.textContent()).toContain('Laboratorium');
    expect(await row.textContent()).toContain('Klinikita MCU Center Cikarang');
    await shot(page, 'visit-results-list');

    // Then the visit's released values show, the critical haemoglobin marked
    await row.getByRole('button', { name: `Buka ${PATIENT.name}` }).click();
    await page.waitForURL((url) => url.searchParams.get('visit') === labVisit);
    await page.getByRole('heading', { name: PATIENT.name }).waitFor();
    const hb = page.getByTestId('result-HB');
    await hb.waitFor();
    expect(await hb.textContent()).toContain('6,2');
    expect(await hb.textContent()).toContain('Kritis');
    await page.getByText('dr. ', { exact: false }).first().waitFor();
    await shot(page, 'visit-results-view');

    // And "Cetak hasil" opens the sheet as a PDF in a new tab
    const print = page.getByRole('link', { name: 'Cetak hasil' });
    const href = await print.getAttribute('href');
    expect(href).toBe(`/api/clinic/v1/visit-results/visits/${labVisit}/lab-pdf`);
    const pdf = await page.request.get(`${baseUrl()}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // And the view survives a reload, and goes back to the list
    await page.reload();
    await page.getByTestId('result-HB').waitFor();
    await page.getByRole('button', { name: 'Kembali ke daftar' }).click();
    await page.getByRole('searchbox', { name: 'Cari' }).waitFor();

    // And the Menteng doctor is told of the critical haemoglobin: a red alert that stays, a red badge
    const doctor = await newPage(browser);
    await logIn(doctor.page, 'dokter');
    // the alert is raised once per release, where the doctor lands (a reload would not raise it
    // again): go to the examination screen only if the landing screen is another one
    if (new URL(doctor.page.url()).pathname !== '/Doctor/doctor') await doctor.page.goto('/Doctor/doctor');
    const alert = doctor.page.getByRole('alert').filter({ hasText: `Nilai kritis: ${PATIENT.name}` });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Hemoglobin 6,2');
    await shot(doctor.page, 'visit-results-critical-alert');
    await context.close();
    await doctor.context.close();
  });
});
