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
const PATIENT = { name: 'Ratih Kusumawardani', sex: 'F', dob: '21/03/1986', allergies: 'Ibuprofen' };

/** Cookie-borne writes must say they come from the app's own origin (the server's CSRF check). */
async function send(page: Page, method: 'POST' | 'PUT' | 'PATCH', path: string, data: unknown) {
  const res = await page.request.fetch(`${API()}/${path}`, { method, data, headers: { Origin: baseUrl() } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method} ${path} → ${res.status()}: ${body.message}`);
  return body.data;
}

const NOTE = {
  systolic: 152,
  diastolic: 96,
  pulse: 88,
  respiratoryRate: 18,
  temperature: 38.3,
  spo2: 97,
  weight: 61,
  height: 158,
  subjective: 'Demam, batuk dan pilek sejak tiga hari',
  objective: 'Faring hiperemis, paru bersih',
  assessment: 'ISPA',
  plan: 'Simtomatik, istirahat dua hari',
  diagnoses: [{ code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut', primary: true }],
  procedures: [],
  prescription: [],
  orders: [],
  referral: null,
};

describe('Medical record', () => {
  it('a signed visit is found in the record, printed, written a sick-leave letter for, and every read is audited', async () => {
    // Given the front office registers a patient for dokter at Menteng today
    const front = await newPage(browser);
    await logIn(front.page, 'pendaftaran');
    const login = await fetch(`${API()}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ username: 'dokter', password: 'klinikita' }),
    });
    const doctorId = ((await login.json()) as { data: { user: { DoctorId: number } } }).data.user.DoctorId;
    const patient = await send(front.page, 'POST', 'patients', {
      clinicId: 10,
      ...PATIENT,
      confirmDuplicate: true,
    });
    const registration = await send(front.page, 'POST', 'registrations/registrations', {
      clinicId: 10,
      patientId: patient.uid,
      orderType: 'doctor',
      doctorId,
      payerType: 'self',
      complaint: NOTE.subjective,
    });
    await front.context.close();
    const label = `${patient.title}. ${PATIENT.name}`;

    // And the doctor calls them in, writes the note and signs it
    const { context, page } = await newPage(browser);
    await logIn(page, 'dokter');
    await send(page, 'PATCH', `registrations/registrations/${registration._id}`, {
      clinicId: 10,
      updateField: { status: 'Examination' },
    });
    const opened = await send(page, 'POST', 'consultations/encounters', { registrationId: registration._id });
    const saved = await send(page, 'PUT', `consultations/encounters/${opened.uid}`, {
      ...NOTE,
      version: opened.version,
    });
    const finished = await send(page, 'POST', `consultations/encounters/${opened.uid}/finish`, {
      version: saved.version,
    });
    expect(finished.encounter.status).toBe('signed');

    // When the doctor searches the medical records by name
    await page.goto('/EMR');
    const search = page.getByRole('searchbox', { name: 'Cari rekam medis' });
    await search.fill('Kusumawardani');
    const row = page.getByRole('row', { name: `Buka rekam medis ${label}` });
    await row.waitFor();
    await row.getByText('J06.9 Infeksi saluran pernapasan atas akut').waitFor();
    await shot(page, 'emr-search');

    // Then Enter opens the record: the allergy in red, the signed visit with its findings
    await search.press('Enter');
    await page.waitForURL(`**/EMR/Detail/${patient.uid}`);
    const banner = page.getByRole('region', { name: label });
    await banner.getByRole('alert').filter({ hasText: 'Alergi: Ibuprofen' }).waitFor();
    const visit = page.getByRole('article').first();
    await visit.getByText('Ditandatangani', { exact: true }).waitFor();
    await visit.getByText('J06.9', { exact: true }).waitFor();
    await visit.getByText('Faring hiperemis, paru bersih').waitFor();
    await visit.getByText(/Tekanan darah: 152\/96 mmHg/).waitFor();
    await shot(page, 'emr-detail');

    // And the visit prints as a PDF
    const printHref = await visit.getByRole('link', { name: /Cetak kunjungan/ }).getAttribute('href');
    const visitPdf = await page.request.get(`${baseUrl()}${printHref}`);
    expect(visitPdf.status()).toBe(200);
    expect(visitPdf.headers()['content-type']).toBe('application/pdf');
    expect((await visitPdf.body()).subarray(0, 4).toString()).toBe('%PDF');

    await page.getByRole('tab', { name: 'Tren tanda vital' }).click();
    await page.getByRole('table', { name: 'Tabel tanda vital per kunjungan' }).waitFor();
    await shot(page, 'emr-vitals');

    // When the doctor writes a sick-leave letter from that visit
    await page.goto('/Doctor/itemSuratSehat');
    await page.getByRole('list', { name: 'Pasien' }).getByRole('button', { name: label }).click();
    await page.getByText('J06.9 Infeksi saluran pernapasan atas akut (utama)').waitFor();
    await page.getByText('Surat Keterangan Sakit', { exact: true }).first().click();
    await page.getByRole('textbox', { name: /Lama istirahat/ }).fill('2');
    await page.getByText(/^Istirahat sampai dengan /).waitFor();
    await page.getByRole('button', { name: 'Simpan surat' }).click();
    const written = page.getByRole('status').filter({ hasText: /Surat SKT\/10\/\d{4}\/\d{5} dibuat/ });
    await written.waitFor();
    await page
      .getByRole('table', { name: 'Surat pasien ini' })
      .getByText(/^SKT\/10\//)
      .waitFor();
    await shot(page, 'letters');

    // Then its PDF downloads
    const letterHref = await written.getByRole('link', { name: /Cetak PDF/ }).getAttribute('href');
    const letterPdf = await page.request.get(`${baseUrl()}${letterHref}`);
    expect(letterPdf.status()).toBe(200);
    expect(letterPdf.headers()['content-type']).toBe('application/pdf');
    expect(letterPdf.headers()['content-disposition']).toMatch(
      /^inline; filename="SKT-10-\d{4}-\d{5}\.pdf"$/,
    );

    // And the doctor's own patients list has them
    await page.goto('/Doctor/patient');
    await page.getByRole('row', { name: `Buka rekam medis ${label}` }).waitFor();
    await shot(page, 'doctor-patients');
    await context.close();

    // The cashier is refused the record
    const cashier = await newPage(browser);
    await logIn(cashier.page, 'kasir');
    for (const path of [
      `consultations/patients/${patient.uid}`,
      `consultations/patients/${patient.uid}/encounters`,
      `consultations/encounters/${opened.uid}/pdf`,
      `consultations/letters?patientId=${patient.uid}`,
    ])
      expect((await cashier.page.request.get(`${API()}/${path}`)).status(), path).toBe(403);
    await cashier.context.close();

    // Super Admin sees who read and printed the record in the audit log
    const admin = await newPage(browser);
    await logIn(admin.page, 'superadmin');
    await admin.page.goto('/Setting/others');
    const patientFilter = admin.page.getByRole('combobox', { name: 'Pasien' });
    await patientFilter.fill('Kusumawardani');
    await admin.page.getByRole('option', { name: new RegExp(PATIENT.name) }).click();
    const log = admin.page.getByRole('table', { name: 'Log audit' });
    for (const action of ['Membuka rekam medis', 'Mencetak kunjungan', 'Mencetak surat', 'Membuat surat'])
      await log
        .getByRole('row')
        // the profile spec may have renamed him to "dr. Alexander W."
        .filter({ hasText: 'dr. Alexander W' })
        .filter({ hasText: action })
        .first()
        .waitFor();
    await shot(admin.page, 'audit-log');
    await admin.context.close();
  });
});
