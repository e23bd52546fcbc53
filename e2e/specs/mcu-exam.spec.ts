import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, call } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const NAME = 'Bagus Pemeriksaan Mcu';
const TODAY = clinicDay('Asia/Jakarta');

/** Given a company's event at Cikarang today with one participant checked in (package: anamnesis, vitals, physical). */
async function checkedInParticipant(name = NAME, stations: string[] = ['anamnesis', 'vitals', 'physical']) {
  const { context, page } = await apiSession(browser, 'superadmin');
  const serial = String(Date.now() % 100_000).padStart(5, '0');
  const [xray] = (
    await call<{ docs: { uid: string }[] }>(page, 'GET', 'services?search=RAD-THORAX&page=1&limit=5')
  ).docs;
  const pkg = await call<{ uid: string }>(page, 'POST', 'services', {
    code: `MCU-E2E-${serial}`,
    nameId: `Paket MCU Karyawan ${serial}`,
    nameEn: `Employee MCU ${serial}`,
    group: 'mcu',
    unit: 'paket',
    taxCategory: 'exempt',
    isPackage: true,
    items: [{ serviceUid: xray.uid, quantity: 1 }],
  });
  await call(page, 'PUT', `mcu/packages/${pkg.uid}`, {
    examType: 'periodic',
    stations,
  });
  const [company] = (await call<{ docs: { uid: string }[] }>(page, 'GET', 'partner-companies?page=1&limit=1'))
    .docs;
  const event = await call<{ uid: string }>(page, 'POST', 'mcu/events', {
    name: `MCU berkala ${serial}`,
    companyUid: company.uid,
    clinicId: 11,
    examType: 'periodic',
    startDate: TODAY,
    endDate: TODAY,
    packages: [{ jobGroup: 'Staf', packageUid: pkg.uid }],
  });
  await call(page, 'POST', `mcu/events/${event.uid}/participants`, {
    employeeNumber: `K-${serial}`,
    name,
    nik: `3171010504${name === NAME ? '9' : '8'}${serial}`,
    department: 'Produksi',
    job: 'Operator mesin',
    package: 'Staf',
    sex: 'L',
    birthDate: '05/04/1990',
    address: 'Cikarang',
  });
  const [participant] = (
    await call<{ docs: { uid: string }[] }>(
      page,
      'GET',
      `mcu/events/${event.uid}/participants?page=1&limit=5`,
    )
  ).docs;
  await call(page, 'POST', `mcu/participants/${participant.uid}/check-in`);
  await context.close();
  return participant.uid;
}

async function openParticipant(page: Page, name = NAME) {
  await page.goto('/Lab/home-page-mcu?mode=mcu');
  await page.getByRole('heading', { name: 'Daftar peserta MCU' }).waitFor();
  await page.getByRole('searchbox', { name: 'Cari nama, NIK, no. MCU' }).fill(name);
  const row = page.getByTestId('mcu-worklist-row').filter({ hasText: name });
  await row.waitFor();
  return row;
}

describe('MCU examination', () => {
  it('the lab passes a participant through the stations, the doctor concludes and approves', {
    timeout: 120_000,
  }, async () => {
    await checkedInParticipant();
    const { context, page } = await newPage(browser);
    await logIn(page, 'lab');
    const row = await openParticipant(page);
    expect(await row.textContent()).toContain('Anamnesis');
    await shot(page, 'mcu-exam-worklist');
    await row.getByRole('button', { name: 'Buka' }).click();
    await page.getByTestId('mcu-identity').getByText(NAME).waitFor();

    // Anamnesis: normal in one click
    await page.getByRole('tab', { name: 'Anamnesis' }).click();
    await page.getByRole('button', { name: 'Normal semua' }).click();
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByText(/^Diperiksa Maya Anggraini/).waitFor();
    await expect
      .poll(() => page.getByTestId('mcu-checklist').textContent())
      .toContain('Belum diperiksa: Tanda vital & IMT, Pemeriksaan fisik');

    // Vitals: a high blood pressure becomes a finding as it is typed
    await page.getByRole('tab', { name: 'Tanda vital & IMT' }).click();
    await page.getByLabel('Sistolik (mmHg)').fill('150');
    await page.getByLabel('Diastolik (mmHg)').fill('95');
    await page.getByLabel('Nadi (x/menit)').fill('80');
    await page.getByLabel('Tinggi badan (cm)').fill('170');
    await page.getByLabel('Berat badan (kg)').fill('90');
    const findings = page.getByTestId('mcu-station-findings');
    await findings.getByText('Hipertensi derajat 1 (150/95 mmHg)').waitFor();
    await findings.getByText('IMT 31.1 (obesitas I)').waitFor();
    await shot(page, 'mcu-exam-vitals');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByTestId('mcu-findings').getByText('Hipertensi derajat 1 (150/95 mmHg)').waitFor();

    // Physical examination: one system abnormal with its note
    await page.getByRole('tab', { name: 'Pemeriksaan fisik' }).click();
    await page.getByRole('radiogroup', { name: 'Kulit' }).getByText('Tidak normal').click();
    await page.getByLabel('Kulit – Catatan').fill('Dermatitis kontak di tangan');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByTestId('mcu-findings').getByText('Kulit: Dermatitis kontak di tangan').waitFor();
    await page.getByTestId('mcu-checklist').getByText('Semua pos selesai').waitFor();

    // Exposures: noise suggests audiometry, which the package lacks
    await page.getByRole('tab', { name: 'Riwayat pekerjaan & paparan' }).click();
    await page.getByRole('button', { name: 'Tambah paparan' }).click();
    await page.getByRole('combobox', { name: 'Faktor bahaya' }).fill('Kebisingan');
    await page.getByRole('textbox', { name: 'Jam/hari' }).fill('8');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    const suggested = page.getByTestId('mcu-suggested-tests');
    await suggested.getByText('Audiometri').waitFor();
    await suggested.getByText('tidak ada di paket').waitFor();
    await shot(page, 'mcu-exam-exposures');
    await context.close();

    // The doctor concludes and approves (the demo's Doctor role has the Medical Check Up menu)
    {
      const doctor = await newPage(browser);
      await logIn(doctor.page, 'dokter2');
      const doctorRow = await openParticipant(doctor.page);
      await doctorRow.getByRole('button', { name: 'Buka' }).click();
      const panel = doctor.page.getByTestId('mcu-conclusion');
      await panel.getByRole('combobox', { name: 'Kategori' }).click();
      await doctor.page.getByRole('option', { name: 'Layak kerja dengan catatan' }).click();
      await panel
        .getByRole('textbox', { name: 'Kesimpulan' })
        .fill('Layak bekerja dengan catatan hipertensi');
      await panel.getByRole('button', { name: 'Tambah saran dari templat' }).click();
      await doctor.page.getByRole('menuitem', { name: 'Kontrol tekanan darah rutin ke dokter.' }).click();
      await panel.getByRole('button', { name: 'Simpan draf' }).click();
      await panel.getByText('Versi 1 · Draf').waitFor();
      await panel.getByRole('button', { name: 'Setujui' }).click();
      await panel.getByText('Versi 1 · Disetujui').waitFor();
      await doctor.page.getByText('Hasil sudah disetujui dan terkunci.').waitFor();
      await shot(doctor.page, 'mcu-exam-approved');

      // a change after approval is a new version with its reason (the toast over the button closed first)
      await doctor.page
        .getByRole('alert')
        .filter({ hasText: 'Kesimpulan disetujui' })
        .getByRole('button')
        .click();
      await panel.getByRole('button', { name: 'Buat versi baru' }).click();
      await panel.getByRole('textbox', { name: 'Alasan perubahan' }).fill('Tensi ulang normal');
      await panel.getByRole('button', { name: 'Simpan draf' }).click();
      await panel.getByText('Versi 2 · Draf').waitFor();
      await doctor.context.close();
    }
  });

  it('the lab attaches the ECG tracing after saving the station, the doctor opens it', {
    timeout: 120_000,
  }, async () => {
    const name = 'Citra Rekam Jantung';
    await checkedInParticipant(name, ['vitals', 'ecg']);
    const { context, page } = await newPage(browser);
    await logIn(page, 'lab');
    const row = await openParticipant(page, name);
    await row.getByRole('button', { name: 'Buka' }).click();
    await page.getByTestId('mcu-identity').getByText(name).waitFor();
    await page.getByRole('tab', { name: 'EKG' }).click();
    await page.getByText(/Simpan pos dulu untuk melampirkan berkas/).waitFor();
    await page.getByRole('button', { name: 'Normal semua' }).click();
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByText(/^Diperiksa /).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Lampirkan berkas' }).click();
    await (await chooser).setFiles({
      name: 'ekg.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    const open = page.getByTestId('mcu-attachment-open');
    await open.waitFor();
    await shot(page, 'mcu-exam-ecg-attachment');
    const href = (await open.getAttribute('href'))!;
    expect(href).toMatch(/\/mcu\/participants\/[^/]+\/stations\/ecg\/attachment$/);
    await context.close();

    const doctor = await newPage(browser);
    await logIn(doctor.page, 'dokter2');
    const file = await doctor.page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await doctor.context.close();
  });
});
