import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const API = () => `${baseUrl()}/api/clinic/v1`;
const PATIENT = { name: 'Sekar Ayuningtyas', sex: 'F', dob: '03/09/1985', allergies: 'Amoksisilin' };
const COMPLAINT = 'Batuk, pilek dan demam sejak tiga hari';

/** Cookie-borne writes must say they come from the app's own origin (the server's CSRF check). */
async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`${API()}/${path}`, { data, headers: { Origin: baseUrl() } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`POST ${path} → ${res.status()}: ${body.message}`);
  return body.data;
}

async function get(page: Page, path: string) {
  const res = await page.request.get(`${API()}/${path}`);
  const body = await res.json();
  if (!res.ok()) throw new Error(`GET ${path} → ${res.status()}: ${body.message}`);
  return body.data;
}

/** Given the front office registers a new patient for dokter at Klinik Sehat Menteng today. */
async function registerForDokter() {
  const { context, page } = await newPage(browser);
  await logIn(page, 'pendaftaran');
  // the suite's setup gives dokter a slot at Menteng whatever day it runs
  const login = await fetch(`${API()}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ username: 'dokter', password: 'klinikita' }),
  });
  const doctorId = ((await login.json()) as { data: { user: { DoctorId: number } } }).data.user.DoctorId;
  const patient = await post(page, 'patients', { clinicId: 10, ...PATIENT, confirmDuplicate: true });
  const registration = await post(page, 'registrations/registrations', {
    clinicId: 10,
    patientId: patient.uid,
    orderType: 'doctor',
    doctorId,
    payerType: 'self',
    complaint: COMPLAINT,
  });
  await context.close();
  return { patient, registration, label: `${patient.title}. ${PATIENT.name}` };
}

describe('Consultation', () => {
  // a long walk (several pages, a reload): ~30 s alone, past 60 s with two spec files on two busy cores
  it('a doctor examines a called patient, the draft survives a reload, and finishing sends the patient on', {
    timeout: 120_000,
  }, async () => {
    const { patient, registration, label } = await registerForDokter();

    // When I log in as the doctor and call the patient from the sidebar
    const { context, page } = await newPage(browser);
    await logIn(page, 'dokter');
    await page.goto('/Doctor/doctor');
    const waitingRow = page
      .getByRole('list', { name: 'Menunggu' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT.name });
    await waitingRow.getByRole('button', { name: `Panggil ${registration.queueNumber}` }).click();
    await page
      .getByRole('dialog', { name: 'Panggil pasien' })
      .getByRole('button', { name: 'Ya, panggil' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('id') === registration._id);

    // Then the examination opens under the banner, the complaint already in Subjective
    const banner = page.getByRole('region', { name: label });
    await banner.getByText(`Alergi: ${PATIENT.allergies}`).waitFor();
    const status = page.getByTestId('save-status');
    await status.waitFor();
    const vitals = page.locator('#exam-vitals');
    const soap = page.locator('#exam-soap');
    expect(await soap.getByLabel('Subjektif (keluhan & riwayat)').inputValue()).toBe(COMPLAINT);

    // When I record the vitals (in clinical order, from the keyboard) and the examination
    await vitals.getByLabel('Sistolik', { exact: true }).focus();
    for (const value of ['150', '95', '92', '20', '38,4', '97', '58', '160']) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await vitals.getByTestId('flag-systolic').getByText('Tinggi').waitFor();
    await vitals.getByTestId('flag-temperature').getByText('Tinggi').waitFor();
    await vitals.getByTestId('bmi').getByText('22,7').waitFor();
    await soap
      .getByLabel('Objektif (pemeriksaan fisik)')
      .fill('Faring hiperemis, tonsil T1-T1, paru vesikuler');
    await soap.getByLabel('Asesmen').fill('ISPA');
    await soap.getByLabel('Rencana').fill('Simtomatik, kontrol bila demam lebih dari 3 hari');

    // And I pick an ICD-10 diagnosis by typing its code (Alt+3 jumps to the search)
    await page.keyboard.press('Alt+3');
    await page.keyboard.type('J06');
    const diagnoses = page.locator('#exam-diagnoses');
    const option = diagnoses.getByRole('option', { name: /^J06\.9 / });
    await option.waitFor();
    await shot(page, 'consultation-diagnosis-search');
    await option.click();
    const picked = diagnoses.getByTestId('picked-J06.9');
    await picked.waitFor();
    expect(await picked.getByRole('radio').isChecked()).toBe(true);

    // And I prescribe a drug from the master (Alt+5), the quantity suggested from dose × frequency × days
    await page.keyboard.press('Alt+5');
    await page.keyboard.type('Paracetamol');
    const rx = page.locator('#exam-prescription');
    await rx.getByRole('option', { name: 'Paracetamol 500 mg' }).click();
    await rx.getByRole('button', { name: '3x1' }).click();
    await rx.getByLabel('Lama (hari)').fill('3');
    await expect.poll(() => rx.getByLabel('Jumlah').inputValue()).toBe('9');
    await rx.getByRole('button', { name: 'sesudah makan' }).click();
    await rx.getByRole('button', { name: 'Tambahkan ke resep' }).click();
    const lines = rx.getByRole('list', { name: 'Resep' });
    await lines.getByText('Paracetamol 500 mg').waitFor();
    expect(await lines.textContent()).toContain('9 tablet');

    // And I order a full blood count
    const orders = page.locator('#exam-orders');
    await orders.locator('label', { hasText: /^Darah Lengkap$/ }).click();
    await orders.getByText('1 dipilih').waitFor();

    // Then the draft is saved as I go
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    expect(await status.textContent()).toMatch(/Tersimpan \d\d:\d\d:\d\d/);
    await shot(page, 'consultation-draft');

    // When I reload the page, the draft comes back from the server
    await page.reload();
    await status.waitFor();
    expect(await vitals.getByLabel('Sistolik', { exact: true }).inputValue()).toBe('150');
    expect(await vitals.getByLabel('Suhu').inputValue()).toBe('38,4');
    expect(await soap.getByLabel('Asesmen').inputValue()).toBe('ISPA');
    await diagnoses.getByTestId('picked-J06.9').waitFor();
    await lines.getByText('Paracetamol 500 mg').waitFor();
    expect(await orders.getByRole('checkbox', { name: 'Darah Lengkap' }).isChecked()).toBe(true);

    // When I finish (Ctrl+Enter), the confirmation says what will happen
    await soap.getByLabel('Rencana').focus();
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: 'Selesaikan pemeriksaan' });
    await dialog.getByText('Resep (1 obat) dikirim ke farmasi; pasien menunggu resep.').waitFor();
    await dialog.getByText('Laboratorium: Darah Lengkap — masuk antrean layanan.').waitFor();
    await page.waitForTimeout(300); // the modal's fade-in, for the picture
    await shot(page, 'consultation-finish-confirm');
    await dialog.getByRole('button', { name: 'Ya, selesai & tandatangani' }).click();

    // Then the outcome shows where the patient goes and the lab queue number, and the note is signed
    const outcome = page.getByTestId('finish-outcome');
    await outcome.getByText('Pasien diteruskan ke farmasi (status Menunggu resep).').waitFor();
    const labQueue = (await outcome.locator('.mantine-Badge-root').first().textContent())?.trim() ?? '';
    expect(labQueue).toMatch(/^[A-Z]+-\d{3}$/);
    await outcome.getByRole('button', { name: /Panggil berikutnya/ }).waitFor();
    const note = page.getByRole('region', { name: /Catatan pemeriksaan/ });
    await note.getByText('Ditandatangani', { exact: true }).waitFor();
    await shot(page, 'consultation-finished');

    // And the visit is in Prescription Waiting
    const moved = await get(page, `registrations/registrations/${registration._id}`);
    expect(moved.status).toBe('Prescription Waiting');

    // And the signed note takes an addendum
    await note.getByLabel('Tambah addendum').fill('Hasil lab akan dikonfirmasi besok.');
    await note.getByRole('button', { name: 'Simpan addendum' }).click();
    await note
      .getByRole('list', { name: 'Addendum' })
      .getByText('Hasil lab akan dikonfirmasi besok.')
      .waitFor();

    // And the visit is in the record timeline, signed, with its diagnosis, prescription and order
    const timeline = await get(page, `consultations/patients/${patient.uid}/encounters`);
    const visit = timeline.docs.find(
      (e: { registration: { uid: string } }) => e.registration.uid === registration._id,
    );
    expect(visit.status).toBe('signed');
    expect(visit.systolic).toBe(150);
    expect(visit.temperature).toBe(38.4);
    expect(visit.diagnoses).toEqual([expect.objectContaining({ code: 'J06.9', primary: true })]);
    expect(visit.prescription[0]).toMatchObject({
      name: 'Paracetamol 500 mg',
      frequency: '3x1',
      quantity: 9,
    });
    expect(visit.serviceOrders[0]).toMatchObject({ serviceType: 'LAB', items: ['Darah Lengkap'] });
    expect(visit.addenda).toHaveLength(1);

    // And the doctor sees it in the record's timeline
    await page.goto(`/EMR/Detail/${patient.uid}`);
    const card = page.getByText('J06.9', { exact: true }).first();
    await card.waitFor();
    await page.getByText('Ditandatangani', { exact: true }).first().waitFor();
    await page.getByText('Hasil lab akan dikonfirmasi besok.').waitFor();
    await shot(page, 'consultation-in-record');
    await context.close();

    // And the lab that performs Menteng's lab work (Cikarang) finds the patient in its list
    const lab = await newPage(browser);
    await logIn(lab.page, 'lab');
    const res = await lab.page.request.get(
      `${API()}/registrations/registrations/lab/mcu/populate/labpreass?clinicId=11&orderType=service&serviceType=LAB&search=${encodeURIComponent(PATIENT.name)}`,
    );
    const list = (await res.json()) as {
      data: { queueNumber: string; serviceType: string; patient: { uid: string } }[];
    };
    const row = list.data.find((r) => r.patient.uid === patient.uid);
    expect(row).toMatchObject({ serviceType: 'LAB', queueNumber: labQueue });
    await lab.context.close();
  });
});
