import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

/**
 * Issue 16 "Done means" for radiology, physiotherapy and treatment: a Menteng doctor's orders are
 * performed by the desks that serve them (through the API, as their screens send it — the desks'
 * own screens have their specs), and the doctor reads what came back on the examination screen
 * and in the record, in Chromium.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const API = () => `${baseUrl()}/api/clinic/v1`;
const PATIENT = { name: 'Yohana Penunjang Kembali', sex: 'F', dob: '21/08/1979' };
const IMPRESSION = 'Bronkitis ringan, tidak tampak TB aktif';

async function call<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const res = await page.request.fetch(`${API()}/${path}`, {
    method,
    data,
    headers: method === 'GET' ? {} : { origin: baseUrl() },
  });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method} ${path} → ${res.status()}: ${body.message}`);
  return body.data as T;
}

async function apiSession(username: string) {
  const opened = await newPage(browser);
  const res = await opened.page.request.post(`${API()}/auth/login`, {
    data: { username, password: 'klinikita' },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
  return opened;
}

/** The desk visit the signed note's order became at Menteng, once the event is handled. */
async function deskVisit(page: Page, serviceType: string, mrn: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const rows = await call<{ _id: string }[]>(
          page,
          'GET',
          `registrations/registrations/lab/mcu/populate/labpreass?clinicId=10&serviceType=${serviceType}&search=${mrn}`,
        );
        id = rows[0]?._id;
        return id;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return id!;
}

/** Given the doctor ordered a chest X-ray, physiotherapy and a nebulisation, and each desk did its part. */
async function ordersPerformed() {
  const front = await apiSession('pendaftaran');
  const doctor = await apiSession('dokter');
  const dokter = await call<{ DoctorId: number }>(doctor.page, 'GET', 'users');
  const patient = await call<{ uid: string; mrn: string }>(front.page, 'POST', 'patients', {
    clinicId: 10,
    ...PATIENT,
    confirmDuplicate: true,
  });
  const visit = await call<{ _id: string }>(front.page, 'POST', 'registrations/registrations', {
    clinicId: 10,
    patientId: patient.uid,
    orderType: 'doctor',
    doctorId: dokter.DoctorId,
    payerType: 'self',
    complaint: 'Batuk dan nyeri bahu',
  });
  await call(doctor.page, 'PATCH', `registrations/registrations/${visit._id}`, {
    clinicId: 10,
    updateField: { status: 'Examination' },
  });
  const opened = await call<{ uid: string; version: number }>(
    doctor.page,
    'POST',
    'consultations/encounters',
    {
      registrationId: visit._id,
    },
  );
  const saved = await call<{ version: number }>(
    doctor.page,
    'PUT',
    `consultations/encounters/${opened.uid}`,
    {
      systolic: null,
      diastolic: null,
      pulse: null,
      respiratoryRate: null,
      temperature: null,
      spo2: null,
      weight: null,
      height: null,
      subjective: 'Batuk 2 minggu, nyeri bahu kanan',
      objective: null,
      assessment: null,
      plan: null,
      diagnoses: [{ code: 'J20.9', title: 'Bronkitis akut', primary: true }],
      procedures: [],
      prescription: [],
      orders: [
        { serviceType: 'RAD', items: ['Foto Thorax PA'], note: null },
        { serviceType: 'PHYSIO', items: ['Fisioterapi bahu'], note: null },
        { serviceType: 'TREATMENT', items: ['Nebulisasi'], note: null },
      ],
      referral: null,
      version: opened.version,
    },
  );
  await call(doctor.page, 'POST', `consultations/encounters/${opened.uid}/finish`, {
    version: saved.version,
  });
  await front.context.close();
  await doctor.context.close();

  // Menteng performs its own radiology, physiotherapy and treatment
  const desk = await apiSession('superadmin');
  const rad = await deskVisit(desk.page, 'RAD', patient.mrn);
  const work = await call<{ report: { version: number } }>(desk.page, 'GET', `radiology/visits/${rad}`);
  const drafted = await call<{ report: { version: number } }>(
    desk.page,
    'PUT',
    `radiology/visits/${rad}/report`,
    {
      version: work.report.version,
      template: 'normal',
      clinicalInfo: 'Batuk 2 minggu',
      findings: 'Corakan bronkovaskular meningkat.',
      impression: IMPRESSION,
    },
  );
  await call(desk.page, 'POST', `radiology/visits/${rad}/sign`, { version: drafted.report.version });
  await desk.context.close();

  const nurse = await apiSession('perawat');
  const physio = await deskVisit(nurse.page, 'PHYSIO', patient.mrn);
  await call(nurse.page, 'POST', `physio/visits/${physio}/programme`, {
    referral: null,
    diagnosis: 'Frozen shoulder kanan',
    assessment: { painScale: 7, rangeOfMotion: [], strength: [], function: null },
    goals: null,
    plannedSessions: 6,
  });
  await call(nurse.page, 'POST', `physio/visits/${physio}/session`, {
    kind: 'session',
    painBefore: 7,
    painAfter: 5,
    interventions: 'TENS dan latihan pendulum',
    note: null,
  });
  const treatment = await deskVisit(nurse.page, 'TREATMENT', patient.mrn);
  await call(nurse.page, 'POST', `treatment/visits/${treatment}/procedures`, {
    requestKey: randomUUID(),
    icd9Code: '93.94',
    consumables: [],
    notes: 'Nebulisasi salbutamol',
  });
  await nurse.context.close();
  return { patient, visitId: visit._id };
}

describe('Orders back to the doctor', () => {
  it('the doctor reads the chest X-ray, the physiotherapy session and the nebulisation on the visit and in the record', {
    timeout: 120_000,
  }, async () => {
    const { patient, visitId } = await ordersPerformed();
    const { context, page } = await newPage(browser);
    await logIn(page, 'dokter');
    await page.goto(`/Doctor/doctor?id=${visitId}`);
    await page.getByText(IMPRESSION).first().waitFor();
    await page.getByText('Frozen shoulder kanan').first().waitFor();
    await page.getByText('TENS dan latihan pendulum').first().waitFor();
    await page.getByText('Nebulisasi salbutamol').first().waitFor();
    await shot(page, 'orders-results-examination');

    // the record: the visit's card opens what its orders brought back
    await page.goto(`/EMR/Detail/${patient.uid}`);
    const results = page.getByRole('button', { name: /Hasil penunjang \(3\)/ });
    await results.first().click();
    await page.getByText(IMPRESSION).first().waitFor();
    await page.getByText('Frozen shoulder kanan').first().waitFor();
    await page.getByText('Nebulisasi salbutamol').first().waitFor();
    await shot(page, 'orders-results-record');
    await context.close();
  });
});
