import { readFile } from 'node:fs/promises';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { normalValues } from '@klinikita/domain/mcu/mcu-stations';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, apiUrl, call } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const NAME = 'Wahyu Hasil Mcu';
const TODAY = clinicDay('Asia/Jakarta');

/** Given an event at Cikarang today with one participant examined, concluded and approved. */
async function approvedParticipant() {
  const admin = await apiSession(browser, 'superadmin');
  const page = admin.page;
  const serial = String(Date.now() % 100_000).padStart(5, '0');
  const [xray] = (
    await call<{ docs: { uid: string }[] }>(page, 'GET', 'services?search=RAD-THORAX&page=1&limit=5')
  ).docs;
  const pkg = await call<{ uid: string }>(page, 'POST', 'services', {
    code: `MCU-HSL-${serial}`,
    nameId: `Paket MCU Hasil ${serial}`,
    nameEn: `MCU results ${serial}`,
    group: 'mcu',
    unit: 'paket',
    taxCategory: 'exempt',
    isPackage: true,
    items: [{ serviceUid: xray.uid, quantity: 1 }],
  });
  const stations = ['anamnesis', 'vitals', 'physical'] as const;
  await call(page, 'PUT', `mcu/packages/${pkg.uid}`, { examType: 'periodic', stations });
  const [company] = (await call<{ docs: { uid: string }[] }>(page, 'GET', 'partner-companies?page=1&limit=1'))
    .docs;
  const eventName = `MCU hasil ${serial}`;
  const event = await call<{ uid: string }>(page, 'POST', 'mcu/events', {
    name: eventName,
    companyUid: company.uid,
    clinicId: 11,
    examType: 'periodic',
    startDate: TODAY,
    endDate: TODAY,
    packages: [{ jobGroup: 'Staf', packageUid: pkg.uid }],
  });
  await call(page, 'POST', `mcu/events/${event.uid}/participants`, {
    employeeNumber: `H-${serial}`,
    name: NAME,
    nik: `31710105048${serial}`,
    department: 'Produksi',
    job: 'Operator mesin',
    package: 'Staf',
    sex: 'L',
    birthDate: '05/04/1988',
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
  await admin.context.close();

  const doctor = await apiSession(browser, 'dokter2');
  for (const station of stations) {
    const data: Record<string, string | number> = normalValues(station);
    if (station === 'vitals')
      Object.assign(data, {
        systolic: 150,
        diastolic: 95,
        pulse: 80,
        respiratoryRate: 18,
        height: 168,
        weight: 80,
      });
    await call(doctor.page, 'PUT', `mcu/participants/${participant.uid}/stations/${station}`, { data });
  }
  await call(doctor.page, 'PUT', `mcu/participants/${participant.uid}/conclusion`, {
    category: 'FIT_NOTE',
    conclusion: 'Layak bekerja dengan catatan hipertensi',
    advice: 'Kontrol tekanan darah',
    restrictions: 'Tidak bekerja di ketinggian',
  });
  await call(doctor.page, 'POST', `mcu/participants/${participant.uid}/conclusion/approve`);
  await doctor.context.close();
  return { participantUid: participant.uid, eventName };
}

describe('MCU results', () => {
  it('the lab at Cikarang previews an approved report, verifies its QR link and downloads the recap', {
    timeout: 180_000,
  }, async () => {
    const { participantUid, eventName } = await approvedParticipant();
    const { context, page } = await newPage(browser);
    await logIn(page, 'lab');
    await page.goto('/Layanan/previewHasil');
    await page.getByRole('heading', { name: 'Hasil MCU' }).waitFor();
    await page.getByRole('searchbox', { name: 'Cari peserta' }).fill(NAME);
    const table = page.getByRole('table', { name: 'Hasil MCU' });
    await table.getByText(NAME).waitFor();
    expect(await table.textContent()).toContain('Layak kerja dengan catatan');
    await shot(page, 'mcu-results-list');

    await page.getByRole('button', { name: `Pratinjau ${NAME}` }).click();
    await page.getByRole('heading', { name: `Laporan MCU ${NAME}` }).waitFor();
    await page.getByRole('button', { name: 'Surat keterangan sehat' }).waitFor();
    expect(await page.getByRole('button', { name: 'Surat keterangan sehat' }).isEnabled()).toBe(true);
    await page.waitForTimeout(1500);
    await shot(page, 'mcu-results-preview');

    // the report's QR code carries the public page: valid, without the name
    const pdf = await page.request.get(`${apiUrl()}/mcu/participants/${participantUid}/report.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const listed = await call<{ docs: { uid: string; conclusion: { verifyPath: string | null } | null }[] }>(
      page,
      'GET',
      `mcu/results?q=${encodeURIComponent(NAME)}`,
    );
    const link = listed.docs.find((d) => d.uid === participantUid)?.conclusion?.verifyPath;
    expect(link).toMatch(/^\/verify\/mcu\//);
    const visitor = await newPage(browser);
    await visitor.page.goto(link!);
    await visitor.page.getByText('Laporan ini SAH').waitFor();
    expect(await visitor.page.textContent('body')).not.toContain(NAME);
    await shot(visitor.page, 'mcu-verify');
    await visitor.context.close();

    // the recap of the event
    await page.getByRole('button', { name: 'Kembali ke daftar' }).click();
    await page.getByRole('combobox', { name: 'Kegiatan MCU' }).click();
    await page.getByRole('option', { name: new RegExp(eventName) }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh rekap (xlsx)' }).click();
    const file = await (await download).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(file)).buffer as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Rekap', 'Statistik']);
    const heads = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(heads).toContain('Kesimpulan Akhir');
    expect(heads).toContain('Ekstremitas');
    expect(book.worksheets[0].rowCount).toBe(2);
    await shot(page, 'mcu-results-recap');
    await context.close();
  });
});
