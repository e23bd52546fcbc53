import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, call, labVisitOf, releaseLabResults, signedDoctorVisit } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

/**
 * Issue 19 "Done means" against the bundled simulator: the demo clinic is set up (its rooms are
 * Locations), a doctor finishes a visit, the pharmacy hands the drug over and Cikarang's lab
 * releases the blood count; the admin sees the visit, the handover and the result accepted on
 * the sync screen, and the doctor sees the badge on the visit in the record.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A citizen the platform knows: the demo patient holding the sandbox's dummy NIK (satusehat.md). */
const SANDBOX_NIK = '9271060312000001';
/** A KFA code the bundled simulator knows (a sample value; a clinic fills real ones from the KFA browser) */
const SAMPLE_KFA = '93000001';

interface Drug {
  uid: string;
  name: string;
  genericName: string | null;
  form: string;
  strength: string | null;
  unit: string;
  kfaCode: string | null;
  price: number;
  active: boolean;
}

/** Paracetamol 500 mg, given a KFA code by the admin when it has none (the drug master's field). */
async function drugWithKfa(admin: Page): Promise<Drug> {
  const [drug] = await call<{ docs: Drug[] }>(
    admin,
    'GET',
    'settings/pharmacy/drugs?search=Paracetamol%20500&active=true',
  ).then((d) => d.docs);
  expect(drug).toBeDefined();
  if (drug.kfaCode) return drug;
  const { uid, ...fields } = drug;
  return call<Drug>(admin, 'PUT', `settings/pharmacy/drugs/${uid}`, { ...fields, kfaCode: SAMPLE_KFA });
}

/** The sync screen's rows of the patient, as "kind: state" (the screen refetches every 10 s). */
async function rowsOf(page: Page, patient: string): Promise<string[]> {
  const rows = page.getByTestId('sync-row').filter({ hasText: patient });
  const texts: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = rows.nth(i).getByRole('cell');
    texts.push(
      `${(await cells.nth(1).textContent())?.trim()}: ${(await cells.nth(2).textContent())?.trim()}`,
    );
  }
  return texts.sort();
}

describe('SATUSEHAT delivery', () => {
  it('the demo: yesterday’s visits sent with one refused, today’s on the sync screen, the refusal counted on the dashboard card', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/Setting/satuSehat?tab=sync');
    await page.getByRole('heading', { name: 'Sinkronisasi SATUSEHAT' }).waitFor();
    const states = page.getByRole('group', { name: 'Status' });
    // today (the screen opens on it): the demo's signed visits of the day
    await expect
      .poll(async () => page.getByTestId('sync-row').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await shot(page, 'satusehat-sync-today');
    // yesterday: sent, one refused by the platform
    await page.getByLabel('Tanggal', { exact: true }).fill(addDays(clinicDay('Asia/Jakarta'), -1));
    await expect
      .poll(async () => (await states.textContent()) ?? '', { timeout: 60_000, interval: 1_000 })
      .toMatch(/Diterima \([1-9]\d*\).*Ditolak \(1\)/);
    await shot(page, 'satusehat-sync-yesterday');
    // the admin's dashboard card counts the refusal
    await page.goto('/DashboardAdvance');
    const card = page.getByTestId('satusehat-card');
    await expect.poll(async () => (await card.textContent()) ?? '').toMatch(/SATUSEHAT: [1-9]\d* ditolak/);
    await shot(page, 'satusehat-dashboard-card');
    await context.close();
  });

  it('a finished visit, its handover and its lab result are accepted by the platform and shown on the sync screen and in the record', {
    timeout: 240_000,
  }, async () => {
    // Given Menteng's rooms are Locations at the platform and Paracetamol carries a KFA code
    const admin = await apiSession(browser, 'admin');
    await call(admin.page, 'POST', 'satu-sehat/locations/register', { clinicId: 10 });
    const drug = await drugWithKfa(admin.page);
    const [known] = await call<{ docs: { uid: string; mrn: string; name: string }[] }>(
      admin.page,
      'GET',
      `patients?search=${SANDBOX_NIK}`,
    ).then((d) => d.docs);
    expect(known).toBeDefined();
    await admin.context.close();
    const PATIENT = { name: known.name };

    // When the doctor signs the visit with a diagnosis, a prescription and a blood count
    const { patient } = await signedDoctorVisit(browser, known, 'Demam tiga hari', {
      subjective: 'Demam tiga hari, batuk',
      assessment: 'ISPA',
      diagnoses: [{ code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut', primary: true }],
      prescription: [
        {
          kind: 'drug',
          drugId: drug.uid,
          name: drug.name,
          dose: '1 tablet',
          frequency: '3x sehari',
          route: 'oral',
          durationDays: 3,
          quantity: 9,
          unit: 'tablet',
          instructions: 'Sesudah makan',
          ingredients: [],
          compoundForm: null,
        },
      ],
      orders: [{ serviceType: 'LAB', items: ['Darah Lengkap'], note: null }],
    });

    // And the pharmacy hands the drug over
    const farmasi = await apiSession(browser, 'farmasi');
    let prescriptionUid = '';
    await expect
      .poll(async () => {
        const queue = await call<{ docs: { uid: string }[] }>(
          farmasi.page,
          'GET',
          `pharmacy/prescriptions?clinicId=10&search=${patient.mrn}`,
        );
        prescriptionUid = queue.docs[0]?.uid ?? '';
        return prescriptionUid;
      })
      .toBeTruthy();
    for (const action of ['review', 'prepare', 'ready']) {
      await call(farmasi.page, 'POST', `pharmacy/prescriptions/${prescriptionUid}/moves`, { action });
    }
    await call(farmasi.page, 'POST', `pharmacy/prescriptions/${prescriptionUid}/dispense`, {
      requestKey: `satusehat-e2e-${Date.now()}`,
      lines: [],
    });
    await farmasi.context.close();

    // And Cikarang's lab enters, validates and releases the blood count
    const lab = await apiSession(browser, 'lab');
    const labVisit = await labVisitOf(lab.page, patient.mrn);
    await releaseLabResults(lab.page, labVisit);
    await lab.context.close();

    // Then the admin's sync screen shows the three deliveries of the visit accepted
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/Setting/satuSehat?tab=sync');
    await page.getByRole('heading', { name: 'Sinkronisasi SATUSEHAT' }).waitFor();
    await page.getByRole('textbox', { name: 'Cari pasien, no. RM atau no. antrean' }).fill(patient.mrn);
    await expect
      .poll(() => rowsOf(page, PATIENT.name), { timeout: 90_000, interval: 2_000 })
      .toEqual(
        expect.arrayContaining(['Hasil lab: Diterima', 'Kunjungan: Diterima', 'Penyerahan obat: Diterima']),
      );
    // the visit's bundle: the Encounter, its diagnosis and the prescription line, each with the platform's id
    const visitRow = page
      .getByTestId('sync-row')
      .filter({ hasText: PATIENT.name })
      .filter({ hasText: 'Kunjungan' })
      .filter({ hasText: 'MedicationRequest' });
    await visitRow.waitFor();
    // the search has answered (only the patient's rows left): the rows no longer move under the click
    await expect
      .poll(async () =>
        (await page.getByTestId('sync-row').allTextContents()).every((text) => text.includes(PATIENT.name)),
      )
      .toBe(true);
    // a lab report's long list folds after three
    const labRow = page
      .getByTestId('sync-row')
      .filter({ hasText: PATIENT.name })
      .filter({ hasText: 'Hasil lab' });
    await labRow.getByRole('button', { name: /^\+\d+ lainnya$/ }).click();
    await labRow.getByText('DiagnosticReport').waitFor();
    const ids = (await visitRow.getByRole('cell').nth(6).textContent()) ?? '';
    expect(ids).toMatch(/Encounter [\w-]{8,}/);
    expect(ids).toMatch(/Condition [\w-]{8,}/);
    await shot(page, 'satusehat-sync-accepted');
    await context.close();

    // And the doctor sees the visit sent in the patient's record
    const doctor = await newPage(browser);
    await logIn(doctor.page, 'dokter');
    await doctor.page.goto(`/EMR/Detail/${patient.uid}`);
    await doctor.page.getByText('SATUSEHAT: Diterima').first().waitFor();
    await shot(doctor.page, 'satusehat-record-badge');
    await doctor.context.close();
  });

  it('a refusal is read, corrected at its source and sent again: the patient’s mistyped IHS number', {
    timeout: 180_000,
  }, async () => {
    // Given yesterday's demo visit of a patient imported with a mistyped IHS number, refused by the platform
    const yesterday = addDays(clinicDay('Asia/Jakarta'), -1);
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin');
    await page.goto('/Setting/satuSehat?tab=sync');
    await page.getByRole('heading', { name: 'Sinkronisasi SATUSEHAT' }).waitFor();
    await page.getByLabel('Tanggal', { exact: true }).fill(yesterday);
    const states = page.getByRole('group', { name: 'Status' });
    await states.getByText(/^Ditolak \(\d+\)$/).click();
    const refused = page.getByTestId('sync-row').filter({ hasText: 'Ditolak' }).first();
    await refused.waitFor();
    const text = (await refused.textContent()) ?? '';
    // the platform's words, what they mean and the field it names
    expect(text).toMatch(/Referenced Patient\/P\d+ does not exist/);
    expect(text).toContain('Bundle.entry[0].resource.subject');
    const name = ((await refused.getByRole('cell').first().locator('p').nth(1).textContent()) ?? '').trim();
    expect(name).not.toBe('');
    await shot(page, 'satusehat-sync-refused');

    // When the front office checks the patient's IHS number again at SATUSEHAT (by the NIK)
    const [patient] = await call<{ docs: { uid: string; name: string }[] }>(
      page,
      'GET',
      `patients?search=${encodeURIComponent(name)}`,
    ).then((d) => d.docs);
    const front = await newPage(browser);
    await logIn(front.page, 'pendaftaran');
    await front.page.goto(`/MasterPasien/edit?id=${patient.uid}`);
    await front.page.getByRole('button', { name: 'Periksa ulang IHS' }).click();
    await front.page.getByText(/^Nomor IHS diperbaiki dari SATUSEHAT: P\d+ menjadi P\d+$/).waitFor();
    await shot(front.page, 'satusehat-ihs-corrected');
    await front.context.close();

    // And the admin sends the visit again: the platform takes it
    await refused.getByRole('button', { name: /^Kirim ulang/ }).click();
    await states.getByText(/^Semua/).click();
    const row = page.getByTestId('sync-row').filter({ hasText: name });
    await expect
      .poll(async () => (await row.getByRole('cell').nth(2).textContent())?.trim(), { timeout: 60_000 })
      .toBe('Diterima');
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('2');
    await shot(page, 'satusehat-sync-resent');
    await context.close();
  });
});
