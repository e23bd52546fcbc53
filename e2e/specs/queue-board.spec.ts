import { callAnnouncement } from '@klinikita/domain/registrations/registration.rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const CLINIC = 10;
const API = '/api/clinic/v1';

interface Answer<T> {
  status: number;
  body: { status: boolean; message: string; data: T };
}

/** An API call with the page's session cookie; writes carry this origin, as the app's own do. */
async function call<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await page.request.fetch(`${baseUrl()}${API}/${path}`, {
    method,
    data: body,
    headers: method === 'GET' ? {} : { origin: baseUrl() },
  });
  return { status: res.status(), body: await res.json() };
}

/** A call through an API session of its own (header token), for what no screen of the test does. */
async function asUser<T>(username: string, path: string, body?: unknown): Promise<T> {
  const json = (res: Response) => res.json() as Promise<{ data: T }>;
  const login = await fetch(`${baseUrl()}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'klinikita' }),
  });
  const { token } = (await json(login)).data as { token: string };
  const res = await fetch(`${baseUrl()}${API}/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await json(res)).data;
}

interface Visit {
  _id: string;
  queueNumber: string;
  room: string;
  status: string;
}

let seq = 0;
/** Given a new patient registered today at the clinic: with the doctor on duty, else for a treatment. */
async function registerToday(page: Page, name: string) {
  seq += 1;
  const patient = await call<{ uid: string }>(page, 'POST', 'patients', {
    clinicId: CLINIC,
    name,
    sex: 'F',
    dob: `0${seq}/02/1988`,
  });
  expect(patient.status, patient.body.message).toBe(200);
  const doctors = await call<{ doctorId: number; full: boolean }[]>(
    page,
    'GET',
    `registrations/doctors/available?clinicId=${CLINIC}`,
  );
  const doctor = doctors.body.data.find((d) => !d.full);
  const created = await call<Visit>(page, 'POST', 'registrations/registrations', {
    clinicId: CLINIC,
    patientId: patient.body.data.uid,
    payerType: 'self',
    ...(doctor
      ? { orderType: 'doctor', doctorId: doctor.doctorId }
      : { orderType: 'service', serviceType: 'TREATMENT' }),
  });
  expect(created.status, created.body.message).toBe(200);
  return created.body.data;
}

const boardRow = (page: Page, queueNumber: string) =>
  page.getByRole('table', { name: 'Daftar antrean' }).locator('tr', { hasText: queueNumber });

async function openBoard(page: Page, search: string) {
  await page.goto('/PatientQueue/patientQueue');
  await page.getByRole('table', { name: 'Daftar antrean' }).waitFor();
  await page.getByRole('searchbox', { name: 'Cari antrean' }).fill(search);
}

describe('Antrean Pasien and the waiting-room display', () => {
  // a long walk (several pages, a reload): ~30 s alone, past 60 s with two spec files on two busy cores
  it('a clerk calls a patient: a second board and the TV follow without reload, and the TV says the call', {
    timeout: 120_000,
  }, async () => {
    const clerk = await newPage(browser);
    await logIn(clerk.page, 'pendaftaran');
    const patientName = 'Wulan Antrean Satu';
    const visit = await registerToday(clerk.page, patientName);

    // the display link, as an admin hands it out
    type Link = { path: string | null };
    let link = await asUser<Link>('admin', `registrations/display-link?clinicId=${CLINIC}`);
    if (!link.path) link = await asUser<Link>('admin', 'registrations/display-link', { clinicId: CLINIC });
    const displayPath = link.path ?? '';
    expect(displayPath).toMatch(/^\/display\/.+/);

    // the TV: a browser of its own with nobody logged in, its speech recorded
    const tv = await newPage(browser, { width: 1920, height: 1080 });
    await tv.context.addInitScript(`
      window.__spoken = [];
      Object.defineProperty(window, 'speechSynthesis', {
        configurable: true,
        value: { speak: (u) => window.__spoken.push({ text: u.text, lang: u.lang, volume: u.volume }), cancel() {}, getVoices: () => [] },
      });
    `);
    await tv.page.goto(displayPath);
    await tv.page.getByText('Klinik Pratama Klinikita Menteng').waitFor();
    await shot(tv.page, 'queue-display-sound-off');
    await tv.page.getByRole('button', { name: /Klik untuk mengaktifkan suara/ }).click();
    await tv.page.getByText('Suara aktif').waitFor();

    // the clerk's board, and a nurse's board in a second browser
    await openBoard(clerk.page, visit.queueNumber);
    const row = boardRow(clerk.page, visit.queueNumber);
    await row.getByText('Menunggu').waitFor();
    await row.getByText(`${patientName}`).waitFor();
    const nurse = await newPage(browser);
    await logIn(nurse.page, 'perawat');
    await openBoard(nurse.page, visit.queueNumber);
    const nurseRow = boardRow(nurse.page, visit.queueNumber);
    await nurseRow.getByText('Menunggu').waitFor();

    // the display link dialog shows the same link
    await clerk.page.getByRole('button', { name: 'Layar antrean' }).click();
    const dialog = clerk.page.getByRole('dialog');
    expect(await dialog.getByLabel('Tautan layar antrean').inputValue()).toBe(`${baseUrl()}${displayPath}`);
    await dialog.getByRole('button', { name: 'Buat tautan baru' }).waitFor();
    // the dialog's opening transition
    await clerk.page.waitForTimeout(400);
    await shot(clerk.page, 'queue-board-display-link');
    await clerk.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // When I call the patient
    await row.getByRole('button', { name: `Panggil ${visit.queueNumber}` }).click();
    const confirm = clerk.page.getByRole('dialog', { name: 'Panggil pasien' });
    await confirm.getByText(`Panggil ${visit.queueNumber}`).waitFor();
    await confirm.getByRole('button', { name: 'Panggil' }).click();
    await row.getByText('Pemeriksaan').waitFor();

    // Then the nurse's board and the TV follow, without a reload
    await nurseRow.getByText('Pemeriksaan').waitFor({ timeout: 5000 });
    const current = tv.page.getByTestId('current-call');
    await current.getByText(visit.queueNumber, { exact: true }).waitFor({ timeout: 5000 });
    await current.getByText(visit.room, { exact: true }).waitFor();
    const sentence = callAnnouncement(visit.queueNumber, visit.room);
    await expect
      .poll(async () =>
        (
          (await tv.page.evaluate('window.__spoken')) as { text: string; lang: string; volume: number }[]
        ).filter((u) => u.volume > 0),
      )
      .toEqual([{ text: sentence, lang: 'id-ID', volume: 1 }]);

    await clerk.page.getByRole('searchbox', { name: 'Cari antrean' }).fill('');
    const table = clerk.page.getByRole('table', { name: 'Daftar antrean' });
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(1);
    await shot(clerk.page, 'queue-board-1366');
    await shot(tv.page, 'queue-display-1920');
    await tv.page.setViewportSize({ width: 1366, height: 768 });
    await shot(tv.page, 'queue-display-1366');
    await clerk.page.setViewportSize({ width: 1920, height: 1080 });
    await shot(clerk.page, 'queue-board-1920');
    await clerk.page.setViewportSize({ width: 1024, height: 768 });
    await shot(clerk.page, 'queue-board-tablet');
    await clerk.page.setViewportSize({ width: 1366, height: 768 });

    // a board that still shows the old status is told, with the server's message
    const second = await registerToday(clerk.page, 'Wulan Antrean Dua');
    await nurse.page.getByRole('searchbox', { name: 'Cari antrean' }).fill(second.queueNumber);
    const staleRow = boardRow(nurse.page, second.queueNumber);
    await staleRow.getByText('Menunggu').waitFor();
    await staleRow.getByRole('button', { name: `Panggil ${second.queueNumber}` }).click();
    const nurseConfirm = nurse.page.getByRole('dialog', { name: 'Panggil pasien' });
    await nurseConfirm.waitFor();
    const first = await call(clerk.page, 'PATCH', `registrations/registrations/${second._id}`, {
      clinicId: CLINIC,
      fromStatus: 'Waiting',
      updateField: { status: 'Skip' },
    });
    expect(first.status).toBe(200);
    await nurseConfirm.getByRole('button', { name: 'Panggil' }).click();
    const warning = nurse.page.getByRole('dialog', { name: 'Peringatan' });
    await warning
      .getByText(`Pasien ${second.queueNumber} sudah diproses orang lain`, { exact: false })
      .waitFor();
    await shot(nurse.page, 'queue-board-409');
    await warning.getByRole('button', { name: 'OK' }).click();
    await staleRow.getByText('Dilewati').waitFor();

    await Promise.all([clerk.context.close(), nurse.context.close(), tv.context.close()]);
  });

  it('two clerks call the same patient at once: one succeeds, the other is told', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await logIn(a.page, 'pendaftaran');
    await logIn(b.page, 'perawat');
    const visit = await registerToday(a.page, 'Wulan Antrean Tiga');
    const move = (page: Page) =>
      call(page, 'PATCH', `registrations/registrations/${visit._id}`, {
        clinicId: CLINIC,
        fromStatus: 'Waiting',
        updateField: { status: 'Examination' },
      });
    const answers = await Promise.all([move(a.page), move(b.page)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const refused = answers.find((x) => x.status === 409)!;
    expect(refused.body.status).toBe(false);
    expect(refused.body.message).toContain(visit.queueNumber);
    expect(refused.body.message).toMatch(/sudah dipanggil|sudah diproses/);
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('a display link that is not valid says so on the TV', async () => {
    const tv = await newPage(browser, { width: 1920, height: 1080 });
    await tv.page.goto('/display/not-a-real-token');
    await tv.page.getByRole('alert').getByText('Tautan layar antrean tidak berlaku').waitFor();
    await shot(tv.page, 'queue-display-invalid');
    await tv.context.close();
  });
});
