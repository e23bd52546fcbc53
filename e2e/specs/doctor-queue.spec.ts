import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, pickUserMenuItem, sessionUser } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const API = () => `${baseUrl()}/api/clinic/v1`;
const PATIENT = { name: 'Wulan Prameswari', sex: 'F', dob: '12/04/1988', allergies: 'Penisilin' };
const COMPLAINT = 'Batuk dan pilek sejak dua hari';

/** Cookie-borne writes must say they come from the app's own origin (the server's CSRF check). */
async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`${API()}/${path}`, { data, headers: { Origin: baseUrl() } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`POST ${path} → ${res.status()}: ${body.message}`);
  return body.data;
}

describe('Doctor queue', () => {
  it('a doctor sees a new patient waiting, calls them, and finds them in the examination list and the agenda', async () => {
    // Given the front office registers a new patient for dokter at Klinik Sehat Menteng today
    const front = await newPage(browser);
    await logIn(front.page, 'pendaftaran');
    const available = await (
      await front.page.request.get(`${API()}/registrations/doctors/available?clinicId=10`)
    ).json();
    // the suite's setup gives dokter a slot at Menteng whatever day it runs
    // by id: the profile spec may have renamed him
    const login = await fetch(`${baseUrl()}/api/clinic/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ username: 'dokter', password: 'klinikita' }),
    });
    const doctorId = ((await login.json()) as { data: { user: { DoctorId: number } } }).data.user.DoctorId;
    const dokter = available.data.find((d: { doctorId: number }) => d.doctorId === doctorId);
    expect(dokter).toBeDefined();
    const patient = await post(front.page, 'patients', {
      clinicId: 10,
      ...PATIENT,
      confirmDuplicate: true,
    });
    const registration = await post(front.page, 'registrations/registrations', {
      clinicId: 10,
      patientId: patient.uid,
      orderType: 'doctor',
      doctorId: dokter.doctorId,
      payerType: 'self',
      complaint: COMPLAINT,
    });
    expect(registration.status).toBe('Waiting');
    await front.context.close();
    const label = `${patient.title}. ${PATIENT.name}`;

    // When I log in as the doctor, the patient waits in the lower list
    const { context, page } = await newPage(browser);
    await logIn(page, 'dokter');
    await page.goto('/Doctor/doctor');
    const menteng = (await sessionUser(page)).clinics.find((c: { id: number }) => c.id === 10);
    const waiting = page.getByRole('list', { name: 'Menunggu' });
    const waitingRow = waiting.getByRole('listitem').filter({ hasText: PATIENT.name });
    await waitingRow.waitFor();
    await page.getByText('Pilih pasien dari Patient List di sebelah kiri untuk mulai memeriksa.').waitFor();
    await shot(page, 'doctor-queue-waiting');

    // And I call them, confirming
    await waitingRow.getByRole('button', { name: `Panggil ${registration.queueNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Panggil pasien' });
    await dialog.getByText(`Panggil ${registration.queueNumber} ${label} ke ruang periksa?`).waitFor();
    await dialog.getByRole('button', { name: 'Ya, panggil' }).waitFor();
    await page.waitForTimeout(400); // the modal's fade-in, for the picture
    await shot(page, 'doctor-queue-confirm');
    await dialog.getByRole('button', { name: 'Ya, panggil' }).click();

    // Then the examination page opens on them, and they moved to the upper list
    await page.waitForURL((url) => url.searchParams.get('id') === registration._id);
    const banner = page.getByRole('region', { name: label });
    await banner.getByRole('heading', { name: label }).waitFor();
    await banner.getByText(`Alergi: ${PATIENT.allergies}`).waitFor();
    await banner.getByText(COMPLAINT).waitFor();
    await banner.getByText('Pemeriksaan', { exact: true }).waitFor();
    await banner.getByRole('button', { name: 'Selesai Periksa' }).waitFor();
    const upperRow = page
      .getByRole('list', { name: 'Pemeriksaan' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT.name });
    await upperRow.waitFor();
    expect(await upperRow.getByRole('link').getAttribute('aria-current')).toBe('page');
    await expect.poll(() => waiting.getByText(PATIENT.name).count()).toBe(0);
    await shot(page, 'doctor-queue-examination');

    // the filter modal: Exam Done patients join the upper list when ticked
    await page.getByRole('button', { name: 'Filter' }).click();
    const filter = page.getByRole('dialog', { name: 'Set Filter' });
    await filter.getByRole('checkbox', { name: 'Exam Done' }).check();
    await page.waitForTimeout(300);
    await shot(page, 'doctor-queue-filter');
    await filter.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('list', { name: 'Pemeriksaan' })
      .getByText('Selesai periksa', { exact: true })
      .first()
      .waitFor();

    // And Lihat Jadwal shows them under today at Menteng
    await pickUserMenuItem(page, 'Lihat Jadwal');
    await page.waitForURL('**/Doctor/doctor-agenda');
    const today = page.getByRole('table', { name: menteng.name }).locator('tr[aria-current="date"]');
    await today.getByText(`${registration.queueNumber}`).first().waitFor();
    await today.getByText(label).waitFor();
    await shot(page, 'doctor-queue-agenda');

    // the tablet keeps the sidebar's lists usable
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/Doctor/doctor?id=${registration._id}`);
    await banner.getByRole('heading', { name: label }).waitFor();
    await shot(page, 'doctor-queue-tablet');
    await context.close();
  });
});
