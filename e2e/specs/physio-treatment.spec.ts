import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const API = `/api/clinic/v1`;

async function get<T>(page: Page, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const res = await page.request.get(`${baseUrl()}${API}/${path}`, { params });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data as T;
}

interface Visit {
  _id: string;
  queueNumber: string;
  status: string;
  patient: { name: string; mrn: string };
}
interface PhysioVisit {
  programme: { plannedSessions: number; sessionsDone: number } | null;
  session: unknown;
}

/** Today's physiotherapy visits of Menteng with what the physio screen reads for each. */
async function physioVisits(page: Page) {
  const list = await get<Visit[]>(page, 'registrations/registrations/lab/mcu/populate/labpreass', {
    clinicId: 10,
    serviceType: 'PHYSIO',
  });
  return Promise.all(
    list.map(async (v) => ({ visit: v, physio: await get<PhysioVisit>(page, `physio/visits/${v._id}`) })),
  );
}

// the demo patient whose session 5 the first step notes, for the front office's step
let programmePatient: Visit['patient'] | null = null;

describe('Physiotherapy and the treatment room', () => {
  it('the nurse notes session 5 of the demo programme', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'perawat');
    // Given the demo patient half-way through a programme of 8, waiting for session 5 today
    const visits = await physioVisits(page);
    const waiting = visits.find((v) => v.physio.programme && !v.physio.session);
    expect(waiting, 'a demo visit waiting for its session').toBeTruthy();
    const { visit } = waiting!;

    // When I open the visit on /Physio
    await page.goto(`/Physio?id=${encodeURIComponent(visit._id)}`);
    const panel = page.getByTestId('physio-panel');
    await panel.getByText('Rujukan dokter').waitFor();
    await panel.getByTestId('physio-progress').getByText('Sesi 4 dari 8').waitFor();
    await panel.getByText('Sisa 4 sesi').waitFor();
    await panel.getByRole('img', { name: /Tren nyeri/ }).waitFor();
    await shot(page, 'physio-programme');

    // And I note the session with the pain before and after
    const form = page.getByRole('region', { name: 'Catatan sesi kunjungan ini' });
    await form.getByText('Sesi ke-5').waitFor();
    await form.getByRole('button', { name: 'Simpan catatan sesi' }).click();
    await form.getByText('Isi skala nyeri 0 sampai 10').first().waitFor();
    await form.getByLabel('Nyeri sebelum terapi').fill('3');
    await form.getByLabel('Nyeri sesudah terapi').fill('1');
    await form.getByLabel('Intervensi').fill('Ultrasound 5 menit, latihan penguatan core');
    await form.getByRole('button', { name: 'Simpan catatan sesi' }).click();

    // Then the visit is session 5 and 3 are left
    await panel.getByText('Kunjungan ini tercatat sebagai sesi ke-5').waitFor();
    await panel.getByTestId('physio-progress').getByText('Sesi 5 dari 8').waitFor();
    await panel.getByText('Sisa 3 sesi').waitFor();
    await shot(page, 'physio-session-noted');
    await context.close();
    programmePatient = visit.patient;
  });

  it('the front office, picking that patient, sees "sisa 3 dari 8 sesi"', async () => {
    expect(programmePatient, 'the session noted first').toBeTruthy();
    const patient = programmePatient!;
    const desk = await newPage(browser);
    await logIn(desk.page, 'pendaftaran');
    await desk.page.goto('/Registration/patient');
    const search = desk.page.getByPlaceholder('Nama, NIK, No. RM atau telepon');
    await search.waitFor();
    await search.fill(patient.name.replace(/^\w+\. /, '').toLowerCase());
    const option = desk.page.getByRole('option').filter({ hasText: patient.mrn });
    await option.click();
    await desk.page.getByTestId('physio-remaining').getByText('Fisioterapi: sisa 3 dari 8 sesi').waitFor();
    await shot(desk.page, 'physio-front-office-badge');
    await desk.context.close();
  });

  it('the first visit without a programme opens one from the assessment', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'perawat');
    const visits = await physioVisits(page);
    const fresh = visits.find((v) => !v.physio.programme);
    expect(fresh, 'a demo physio visit without a programme').toBeTruthy();
    await page.goto(`/Physio?id=${encodeURIComponent(fresh!.visit._id)}`);
    const form = page.getByRole('region', { name: 'Asesmen awal' });
    await form.getByLabel('Diagnosis fisioterapi').fill('Frozen shoulder kanan');
    await form.getByLabel('Skala nyeri (NRS 0–10)').fill('6');
    await form.getByLabel('Sendi 1').fill('Bahu kanan');
    await form.getByLabel('Gerakan 1').fill('Abduksi');
    await form.getByLabel('Otot 1').fill('Deltoid');
    await form.getByLabel('Nilai 0–5 1').fill('3');
    await form.getByLabel('Jumlah sesi direncanakan').fill('6');
    await form.getByRole('button', { name: 'Simpan asesmen dan buka program' }).click();
    // a range of motion row without its degrees is refused on the field
    await form.getByText('Isi derajat 0 sampai 360').waitFor();
    await shot(page, 'physio-assessment-refused');
    await form.getByLabel('Derajat 1').fill('90');
    await form.getByRole('button', { name: 'Simpan asesmen dan buka program' }).click();
    const panel = page.getByTestId('physio-panel');
    await panel.getByTestId('physio-progress').getByText('Sesi 0 dari 6').waitFor();
    await panel.getByText(/Bahu kanan Abduksi 90°/).waitFor();
    await shot(page, 'physio-programme-opened');
    await context.close();
  });

  it('the treatment room records a nebulisation with consumables and voids a wrong entry', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'perawat');
    await page.goto('/Treatment');
    await page.getByRole('heading', { name: 'Tindakan', exact: true }).waitFor();
    // the demo's dressed wound shows its procedure
    const rows = page.getByTestId('treatment-row');
    await rows.filter({ hasText: 'Rawat Luka' }).first().click();
    await page.getByTestId('procedure').filter({ hasText: 'Kasa steril' }).waitFor();
    await shot(page, 'treatment-wound-care');

    // When I open the visit waiting for a nebulisation
    await rows.filter({ hasText: 'Nebulisasi' }).first().click();
    await page
      .getByTestId('treatment-visit')
      .getByText(/Nebulisasi/)
      .first()
      .waitFor();
    const form = page.getByRole('region', { name: 'Catat tindakan' });
    // saving without a code is refused on the field
    await form.getByRole('button', { name: 'Simpan tindakan' }).click();
    await form.getByText('Pilih kode ICD-9-CM').waitFor();
    await form.getByLabel('Layanan tindakan (katalog)').click();
    await page.getByRole('option', { name: /Nebulisasi \(TND-NEBU\)/ }).click();
    await form.getByText('93.94').first().waitFor();
    await form.getByRole('button', { name: 'Tambah bahan' }).click();
    await form.getByLabel('Nama bahan 1').fill('Masker nebulizer dewasa');
    await form.getByLabel('Satuan 1').fill('pcs');
    await form.getByLabel('Catatan').fill('Sesak berkurang, SpO2 97%');
    await form.getByRole('button', { name: 'Simpan tindakan' }).click();

    // Then it is on the visit's list, performed by me
    const done = page.getByTestId('procedure').filter({ hasText: 'Masker nebulizer dewasa' });
    await done.waitFor();
    expect(await done.textContent()).toContain('Siti Nurhaliza');
    await shot(page, 'treatment-recorded');

    // And voiding it asks why, and keeps it marked
    await done.getByRole('button', { name: 'Batalkan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Batalkan tindakan' });
    await dialog.getByLabel(/Alasan pembatalan/).fill('Salah pilih pasien');
    await dialog.getByRole('button', { name: 'Batalkan tindakan' }).click();
    await done.getByText('Dibatalkan oleh Siti Nurhaliza: Salah pilih pasien').waitFor();
    await shot(page, 'treatment-voided');
    await context.close();
  });
});
