import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiSession, call } from './api.ts';

/**
 * What the company day at Cikarang (mcu-day.ts) starts from and repeats: the run's company event
 * and employees, HR's sheet, the clinic's MCU package, and the lab user's pass through a
 * participant's stations.
 */

export const TODAY = clinicDay('Asia/Jakarta');
export const SERIAL = String(Date.now() % 100_000).padStart(5, '0');
export const EVENT = `MCU Berkala BNS ${SERIAL}`;
/** The run's mark in the employees' names (letters: names take no digits). */
export const TAG = [...SERIAL]
  .map((d) => 'ABCDEFGHIJ'[Number(d)])
  .join('')
  .toLowerCase()
  .replace(/^./, (c) => c.toUpperCase());
export const COMPANY = 'PT Bank Nusantara Sejahtera';
export const GROUP = 'Staf Kantor';
export const EMPLOYEES = 40;
/** The sheet's row (1-based, under the heading) whose NIK is one digit short. */
export const BAD = 7;
const FIRST = ['Agus', 'Budi', 'Citra', 'Dewi', 'Eko', 'Fitri', 'Gita', 'Hadi', 'Indah', 'Joko'];
const LAST = ['Saputra', 'Lestari', 'Wibowo', 'Rahmawati'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Employee `i` (0-based): a Bekasi NIK matching the sex and the birth date. */
export function employee(i: number) {
  const female = i % 2 === 1;
  const day = (i % 28) + 1;
  const month = (i % 12) + 1;
  const year = 1975 + (i % 25);
  const nik = `321601${pad(day + (female ? 40 : 0))}${pad(month)}${pad(year % 100)}`;
  return {
    employeeNumber: `BNS-${SERIAL}-${pad(i + 1, 3)}`,
    name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10)]} ${TAG}`,
    nik: `${nik}${pad(((Number(SERIAL) + i) % 9000) + 1000, 4)}`,
    sex: female ? 'P' : 'L',
    birthDate: `${pad(day)}/${pad(month)}/${year}`,
  };
}

/** The company's sheet, its columns as its HR types them (NIK as text). */
export async function companySheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Karyawan');
  sheet.addRow([
    'NO',
    'NIK-KARYAWAN',
    'NAMA KARYAWAN',
    'NIK',
    'BAGIAN',
    'PEKERJAAN',
    'JENIS PAKET',
    'JK',
    'TGL LAHIR',
    'ALAMAT',
  ]);
  for (let i = 0; i < EMPLOYEES; i++) {
    const e = employee(i);
    sheet.addRow([
      i + 1,
      e.employeeNumber,
      e.name,
      i + 1 === BAD ? e.nik.slice(0, 15) : e.nik,
      i % 3 ? 'Operasional' : 'Teller',
      i % 3 ? 'Staf operasional' : 'Teller',
      GROUP,
      e.sex,
      e.birthDate,
      'Cikarang, Bekasi',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Given the clinic's MCU package for office staff (vitals, physical, eye, audiometry, chest X-ray, glucose) priced for companies. */
export async function officePackage(browser: Browser) {
  const { context, page } = await apiSession(browser, 'superadmin');
  const item = async (code: string) =>
    (
      await call<{ docs: { uid: string; code: string }[] }>(
        page,
        'GET',
        `services?search=${code}&page=1&limit=5`,
      )
    ).docs.find((d) => d.code === code)!;
  const pkg = await call<{ uid: string }>(page, 'POST', 'services', {
    code: `MCU-BNS-${SERIAL}`,
    nameId: `Paket MCU Staf Bank ${SERIAL}`,
    nameEn: `Bank staff MCU ${SERIAL}`,
    group: 'mcu',
    unit: 'paket',
    taxCategory: 'exempt',
    isPackage: true,
    items: [
      { serviceUid: (await item('RAD-THORAX')).uid, quantity: 1 },
      { serviceUid: (await item('LAB-GDS')).uid, quantity: 1 },
    ],
  });
  await call(page, 'POST', `services/${pkg.uid}/prices`, {
    payerClass: 'company',
    validFrom: addDays(TODAY, -30),
    facilityFee: 450_000,
    professionalFee: 0,
    consumablesFee: 0,
  });
  await call(page, 'PUT', `mcu/packages/${pkg.uid}`, {
    examType: 'periodic',
    stations: ['vitals', 'physical', 'eye', 'audiometry', 'xray'],
  });
  await context.close();
  return `MCU-BNS-${SERIAL}`;
}

/** A Mantine select: open it, pick the option (a second click on the chosen one would clear it). */
export async function pick(page: Page, combobox: ReturnType<Page['getByRole']>, option: string | RegExp) {
  const chosen = await combobox.inputValue();
  if (typeof option === 'string' ? chosen === option : option.test(chosen)) return;
  await combobox.click();
  await page.getByRole('option', { name: option }).first().click();
}

export async function openInWorklist(page: Page, name: string) {
  await page.goto('/Lab/home-page-mcu?mode=mcu');
  await page.getByRole('heading', { name: 'Daftar peserta MCU' }).waitFor();
  await page.getByRole('searchbox', { name: 'Cari nama, NIK, no. MCU' }).fill(name);
  const row = page.getByTestId('mcu-worklist-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Buka' }).click();
  await page.getByTestId('mcu-identity').getByText(name).waitFor();
}

/** The lab user passes a participant through the package's stations; `hypertensive` gives the one finding. */
export async function examine(page: Page, name: string, hypertensive: boolean) {
  await openInWorklist(page, name);
  // the package's stations, the lab's among them
  for (const tab of [
    'Tanda vital & IMT',
    'Pemeriksaan fisik',
    'Mata',
    'Audiometri',
    'Rontgen toraks',
    'Laboratorium',
  ])
    await page.getByRole('tab', { name: tab }).waitFor();
  const saved = async (tab: string, fill: () => Promise<void>) => {
    await page.getByRole('tab', { name: tab }).click();
    await fill();
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('mcu-checklist').textContent())
      .not.toMatch(new RegExp(`Belum diperiksa:.*${tab.replace(/[&]/g, '.')}`));
  };
  await saved('Tanda vital & IMT', async () => {
    await page.getByLabel('Sistolik (mmHg)').fill(hypertensive ? '150' : '118');
    await page.getByLabel('Diastolik (mmHg)').fill(hypertensive ? '95' : '76');
    await page.getByLabel('Nadi (x/menit)').fill('78');
    await page.getByLabel('Frekuensi napas (x/menit)').fill('16');
    await page.getByLabel('Suhu (°C)').fill('36,6');
    await page.getByLabel('Tinggi badan (cm)').fill('168');
    await page.getByLabel('Berat badan (kg)').fill('62');
    if (hypertensive)
      await page
        .getByTestId('mcu-station-findings')
        .getByText('Hipertensi derajat 1 (150/95 mmHg)')
        .waitFor();
  });
  for (const tab of ['Pemeriksaan fisik', 'Mata', 'Rontgen toraks'])
    await saved(tab, () => page.getByRole('button', { name: 'Normal semua' }).click());
  await saved('Audiometri', async () => {
    for (const ear of ['Kanan', 'Kiri'])
      for (const hz of [250, 500, 1000, 2000, 3000, 4000, 6000, 8000])
        await page.getByLabel(`${ear} ${hz} Hz (dB)`).fill('15');
  });
  if (hypertensive)
    await page.getByTestId('mcu-findings').getByText('Hipertensi derajat 1 (150/95 mmHg)').waitFor();
  // the lab station waits for the lab's release
  expect(await page.getByTestId('mcu-checklist').textContent()).toContain('Belum diperiksa: Laboratorium');
}
