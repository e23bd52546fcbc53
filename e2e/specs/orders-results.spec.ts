import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, call, signedDoctorVisit } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

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

const PATIENT = { name: 'Yohana Penunjang Kembali', sex: 'F', dob: '21/08/1979' };
const IMPRESSION = 'Bronkitis ringan, tidak tampak TB aktif';

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
  const { patient, registrationId } = await signedDoctorVisit(browser, PATIENT, 'Batuk dan nyeri bahu', {
    subjective: 'Batuk 2 minggu, nyeri bahu kanan',
    diagnoses: [{ code: 'J20.9', title: 'Bronkitis akut', primary: true }],
    orders: [
      { serviceType: 'RAD', items: ['Foto Thorax PA'], note: null },
      { serviceType: 'PHYSIO', items: ['Fisioterapi bahu'], note: null },
      { serviceType: 'TREATMENT', items: ['Nebulisasi'], note: null },
    ],
  });

  // Menteng performs its own radiology, physiotherapy and treatment
  const desk = await apiSession(browser, 'superadmin');
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

  const nurse = await apiSession(browser, 'perawat');
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
  return { patient, visitId: registrationId };
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
