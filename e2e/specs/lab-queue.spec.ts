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
// a first name longer than 15 characters, so the row shows it cut with an ellipsis
const PATIENT = {
  name: 'Kusumawardhaniati Lab Etoe',
  firstName: 'Kusumawardhaniati',
  shown: 'Kusumawardhania...',
};

/** Writes through the API with the page's cookie: the server wants a same-origin Origin on writes. */
async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(`${baseUrl()}${API}/${path}`, { data, headers: { origin: baseUrl() } });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data as T;
}

/** Given a patient registered for LAB at clinic 11 (an MCU site) today, by the superadmin. */
async function registerLabPatient(): Promise<{ id: string; queueNumber: string }> {
  const { context, page } = await newPage(browser);
  await logIn(page, 'superadmin');
  const patient = await post<{ uid: string }>(page, 'patients', {
    clinicId: 11,
    name: PATIENT.name,
    sex: 'F',
    dob: '12/08/1991',
    confirmDuplicate: true,
  });
  const registration = await post<{ _id: string; queueNumber: string }>(page, 'registrations/registrations', {
    clinicId: 11,
    patientId: patient.uid,
    orderType: 'service',
    serviceType: 'LAB',
    payerType: 'self',
    complaint: 'Cek darah rutin',
  });
  await context.close();
  return { id: registration._id, queueNumber: registration.queueNumber };
}

describe('Lab / MCU patient sidebar', () => {
  it('the lab opens a LAB patient, marks the sample taken, and its filter survives a reload', async () => {
    const { id, queueNumber } = await registerLabPatient();
    const numberPart = queueNumber.split('-')[1];

    const { context, page } = await newPage(browser);
    await logIn(page, 'lab');
    await page.goto('/Lab/home-page-mcu');
    await page.getByRole('heading', { name: 'Daftar pasien' }).waitFor();
    await page.getByText('Belum ada pasien dipilih').waitFor();

    // When I search for the patient in Daftar pasien
    await page.getByRole('searchbox', { name: 'Cari pasien' }).fill(PATIENT.firstName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('lab-row').filter({ hasText: PATIENT.shown });
    await row.waitFor();
    expect(await row.textContent()).toContain(numberPart);
    expect(await row.textContent()).not.toContain(queueNumber);
    await shot(page, 'lab-queue-list');

    // And I open it: clinic 11 is an MCU site
    await row.click();
    await page.waitForURL(
      (url) => url.pathname === '/Lab/home-page-mcu' && url.searchParams.get('id') === id,
    );
    await expect.poll(() => row.getAttribute('aria-current')).toBe('page');
    const banner = page.getByTestId('patient-banner');
    await banner.getByRole('heading', { name: new RegExp(PATIENT.name) }).waitFor();
    await banner.getByText('Cek darah rutin').waitFor();

    // And I mark the sample taken: the amber legend shows in the row
    expect(await row.getByRole('img', { name: 'Sampel diambil' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sampel diambil', exact: true }).click();
    await page.getByRole('button', { name: 'Batalkan Sampel diambil' }).waitFor();
    await row.getByRole('img', { name: 'Sampel diambil' }).waitFor();
    await shot(page, 'lab-queue-sampled');

    // And I start the examination
    await page.getByRole('button', { name: 'Mulai periksa' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ya, ubah' }).click();
    await expect.poll(() => page.getByTestId('exam-status').textContent()).toBe('Pemeriksaan');
    await page.getByRole('button', { name: 'Selesai periksa' }).waitFor();

    // When I untick MCU in Set Filter and reload
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Filter' });
    await dialog.getByRole('checkbox', { name: 'MCU' }).uncheck();
    await shot(page, 'lab-queue-filter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId('lab-filter-summary').textContent())
      .toContain('TREATMENT, RAD, LAB');

    const listCall = page.waitForRequest((r) => r.url().includes('/lab/mcu/populate/labpreass'));
    await page.reload();
    const query = new URL((await listCall).url()).searchParams;
    // Then the filter is still applied
    expect(query.get('serviceType')).toBe('TREATMENT_RAD_LAB');
    expect(await page.getByTestId('lab-filter-summary').textContent()).toContain('TREATMENT, RAD, LAB');
    await page.getByRole('button', { name: /Filter aktif/ }).click();
    expect(await dialog.getByRole('checkbox', { name: 'MCU' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: 'LAB' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // the selected patient (LAB) is still listed and highlighted, with its amber check
    await page.getByRole('searchbox', { name: 'Cari pasien' }).fill(PATIENT.firstName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await row.getByRole('img', { name: 'Sampel diambil' }).waitFor();
    expect(await row.getAttribute('aria-current')).toBe('page');
    await shot(page, 'lab-queue-reloaded');

    // at tablet width the page still reads
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'lab-queue-tablet');
    await context.close();
  });
});
