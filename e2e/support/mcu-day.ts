import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { apiSession, call, releaseLabResults } from './api.ts';
import { logIn } from './app.ts';
import { newPage, shot } from './browser.ts';
import {
  BAD,
  COMPANY,
  companySheet,
  EMPLOYEES,
  EVENT,
  employee,
  examine,
  GROUP,
  officePackage,
  openInWorklist,
  pick,
  SERIAL,
  TAG,
  TODAY,
} from './mcu-day-setup.ts';

/**
 * The company day at Klinikita MCU Center Cikarang (shared/clinic-day.md): PT Bank Nusantara
 * Sejahtera's 40 employees imported from its sheet (one bad row fixed), checked in, two of them
 * through the stations of their package (one with a finding), the doctor's categories, the recap
 * xlsx, the company's invoice (approved by another person and sent), and the company's HR user —
 * given her portal login by the admin — following the event and the invoice in the portal.
 */

export async function mcuCompanyDay(browser: Browser) {
  const packageCode = await officePackage(browser);
  const people = Array.from({ length: EMPLOYEES }, (_, i) => employee(i));
  const [fit, noted, third] = [people[0], people[1], people[2]];

  // 1. the admin makes the company's event at Cikarang today and imports HR's sheet
  const admin = await newPage(browser);
  const page = admin.page;
  await logIn(page, 'admin');
  await page.goto('/Registration/daftarPerusahaan');
  await page.getByRole('heading', { name: 'MCU Perusahaan' }).waitFor();
  await page.getByRole('button', { name: 'Kegiatan baru' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: 'Nama kegiatan' }).fill(EVENT);
  await form.getByRole('combobox', { name: 'Perusahaan' }).fill('Bank Nusantara');
  await page
    .getByRole('option', { name: new RegExp(COMPANY) })
    .first()
    .click();
  await pick(page, form.getByRole('combobox', { name: 'Lokasi MCU' }), 'Klinikita MCU Center Cikarang');
  await form.getByLabel(/^Mulai/).fill(TODAY);
  await form.getByLabel(/^Selesai/).fill(TODAY);
  await form.getByRole('textbox', { name: 'Kelompok kerja 1' }).fill(GROUP);
  await pick(page, form.getByRole('combobox', { name: 'Paket 1' }), new RegExp(packageCode));
  await shot(page, 'clinic-day-mcu-event-form');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: EVENT }).waitFor();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Impor peserta' }).click();
  await (await chooser).setFiles({
    name: 'karyawan-bns.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await companySheet(),
  });
  // the report: 39 in, the short NIK refused with its row
  await page.getByText(/39 baru · 0 diubah · 0 tetap · 1 ditolak/).waitFor();
  const issues = page.getByRole('table', { name: 'Baris yang ditolak' });
  const issue = issues.locator('tbody tr').first();
  expect(await issue.textContent()).toContain('NIK harus 16 digit angka');
  expect(await issue.textContent()).toContain(String(BAD + 1));
  await page.getByText('39 peserta').waitFor();
  await shot(page, 'clinic-day-mcu-import-report');
  // the clerk fixes the row in the form (its cells as the sheet had them)
  await issue.getByRole('button', { name: 'Perbaiki' }).click();
  const fix = page.getByRole('dialog', { name: `Perbaiki baris ${BAD + 1}` });
  expect(await fix.getByLabel('NAMA KARYAWAN').inputValue()).toBe(people[BAD - 1].name);
  await fix.getByLabel('NIK', { exact: true }).fill(people[BAD - 1].nik);
  await fix.getByRole('button', { name: 'Simpan peserta' }).click();
  await fix.waitFor({ state: 'detached' });
  await page.getByText('40 peserta').waitFor();
  const rows = page.getByRole('table', { name: 'Peserta' }).locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(20);
  for (const text of await rows.allTextContents()) {
    expect(text).toContain(GROUP);
    expect(text).toContain(packageCode);
  }
  await shot(page, 'clinic-day-mcu-participants');

  // 2. the front desk checks the first three in on the screen, the rest in one go
  const search = page.getByRole('searchbox', { name: 'Cari nama, NIK, NIK karyawan atau no. MCU' });
  for (const p of [fit, noted, third]) {
    await search.fill(p.employeeNumber);
    const row = rows.filter({ hasText: p.name });
    await expect.poll(() => rows.count()).toBe(1);
    await row.getByRole('button', { name: 'Check-in' }).click();
    await expect.poll(() => row.textContent()).toContain('Sedang diperiksa');
    // the toast names the queue number; the clerk closes it (toasts stacked bottom right cover the
    // next rows' Check-in buttons, and one under the mouse stays)
    const toast = page.getByRole('alert').filter({ hasText: `${p.name} check-in, antrean M-` });
    await shot(page, 'clinic-day-mcu-checked-in');
    await toast.getByRole('button').click();
    await toast.waitFor({ state: 'detached' });
  }
  const eventUid = (
    await call<{ docs: { uid: string; name: string }[] }>(
      page,
      'GET',
      `mcu/events?search=${encodeURIComponent(EVENT)}`,
    )
  ).docs.find((e) => e.name === EVENT)!.uid;
  const participants = (
    await call<{ docs: { uid: string; name: string; status: string; registrationUid: string | null }[] }>(
      page,
      'GET',
      `mcu/events/${eventUid}/participants?page=1&limit=100`,
    )
  ).docs;
  for (const p of participants.filter((x) => x.status === 'registered'))
    await call(page, 'POST', `mcu/participants/${p.uid}/check-in`);

  // 3. the lab at Cikarang passes two through the stations; the "belum diperiksa" filter shows who is left
  const lab = await newPage(browser);
  await logIn(lab.page, 'lab');
  await examine(lab.page, fit.name, false);
  await examine(lab.page, noted.name, true);
  await shot(lab.page, 'clinic-day-mcu-stations');
  await lab.page.getByRole('button', { name: 'Kembali ke daftar' }).click();
  await pick(lab.page, lab.page.getByRole('combobox', { name: 'Pos', exact: true }), 'Audiometri');
  await lab.page.getByRole('checkbox', { name: 'Belum diperiksa di pos ini' }).check();
  const worklist = lab.page.getByTestId('mcu-worklist-row');
  const searchWorklist = lab.page.getByRole('searchbox', { name: 'Cari nama, NIK, no. MCU' });
  await searchWorklist.fill(TAG);
  // 38 of the company's still to hear (a page of 25 shown); the two examined are not among them
  await expect.poll(() => worklist.count()).toBe(25);
  await searchWorklist.fill(fit.name);
  await expect.poll(() => worklist.count()).toBe(0);
  await searchWorklist.fill(third.name);
  await worklist
    .filter({ hasText: third.name })
    .getByText(/Audiometri/)
    .waitFor();
  await shot(lab.page, 'clinic-day-mcu-not-done');
  // the lab releases the glucose of the two, the participants' lab station done
  const visits = new Map(participants.map((p) => [p.name, p.registrationUid]));
  const analyst = await apiSession(browser, 'lab');
  for (const p of [fit, noted]) await releaseLabResults(analyst.page, visits.get(p.name)!);
  await analyst.context.close();
  await searchWorklist.fill(noted.name);
  await lab.page.getByRole('checkbox', { name: 'Belum diperiksa di pos ini' }).uncheck();
  await expect
    .poll(() => worklist.filter({ hasText: noted.name }).textContent())
    .toContain('Semua pos selesai');
  await lab.context.close();

  // 4. dokter2 concludes: one fit, one fit with a note on the blood pressure
  const doctor = await newPage(browser);
  await logIn(doctor.page, 'dokter2');
  for (const [p, category, text] of [
    [fit, 'Layak kerja', 'Sehat, layak bekerja sesuai jabatan'],
    [noted, 'Layak kerja dengan catatan', 'Layak bekerja dengan catatan hipertensi derajat 1'],
  ] as const) {
    await openInWorklist(doctor.page, p.name);
    const panel = doctor.page.getByTestId('mcu-conclusion');
    if (p === noted)
      await doctor.page
        .getByTestId('mcu-findings')
        .getByText(/Hipertensi derajat 1/)
        .waitFor();
    await pick(doctor.page, panel.getByRole('combobox', { name: 'Kategori' }), category);
    await panel.getByRole('textbox', { name: 'Kesimpulan' }).fill(text);
    if (p === noted) {
      await panel.getByRole('button', { name: 'Tambah saran dari templat' }).click();
      await doctor.page.getByRole('menuitem', { name: 'Kontrol tekanan darah rutin ke dokter.' }).click();
    }
    await panel.getByRole('button', { name: 'Simpan draf' }).click();
    await panel.getByText('Versi 1 · Draf').waitFor();
    await panel.getByRole('button', { name: 'Setujui' }).click();
    await panel.getByText('Versi 1 · Disetujui').waitFor();
    await shot(doctor.page, `clinic-day-mcu-approved-${p === fit ? 'fit' : 'note'}`);
  }
  await doctor.context.close();

  // 5. the admin downloads the company's recap at Cikarang: the dictionary's Indonesian headings
  await page.goto('/Layanan/previewHasil');
  await page.getByRole('heading', { name: 'Hasil MCU' }).waitFor();
  await pick(
    page,
    page.getByRole('combobox', { name: 'Klinik', exact: true }),
    'Klinikita MCU Center Cikarang',
  );
  await pick(page, page.getByRole('combobox', { name: 'Kegiatan MCU' }), new RegExp(EVENT));
  const results = page.getByRole('table', { name: 'Hasil MCU' });
  await results.getByText(noted.name).waitFor();
  expect(await results.textContent()).toContain('Layak kerja dengan catatan');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh rekap (xlsx)' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await (await download).path())!)).buffer as ArrayBuffer);
  const recap = book.worksheets[0];
  const heads = (recap.getRow(1).values as unknown[]).slice(1);
  expect(heads).toEqual(
    expect.arrayContaining([
      'Tanda Vital',
      'Mata',
      'Telinga',
      'Paru',
      'Jantung',
      'Ekstremitas',
      'Hasil',
      'Saran',
      'Kesimpulan Akhir',
    ]),
  );
  const recapRows = recap.getRows(2, recap.rowCount - 1) ?? [];
  const lineOf = (name: string) =>
    recapRows.map((r) => (r.values as unknown[]).map(String).join('|')).find((l) => l.includes(name)) ?? '';
  expect(lineOf(fit.name)).toContain('Layak kerja');
  expect(lineOf(noted.name)).toContain('Layak kerja dengan catatan');
  await shot(page, 'clinic-day-mcu-recap');

  // 6. the approved participants' bills reach the company's invoice at Cikarang
  await page.goto('/Registration/daftarTagihan');
  await page.getByRole('heading', { name: 'Tagihan Perusahaan & Asuransi' }).waitFor();
  await page.getByRole('button', { name: 'Buat tagihan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat tagihan penjamin' });
  await pick(page, dialog.getByRole('combobox', { name: 'Penjamin' }), new RegExp(COMPANY));
  const preview = dialog.getByTestId('invoice-preview');
  await preview.getByText(fit.name).waitFor();
  await preview.getByText(noted.name).waitFor();
  // only the approved are billed: the checked-in participants still under examination are not
  expect(await preview.getByText(third.name).count()).toBe(0);
  await shot(page, 'clinic-day-mcu-invoice-preview');
  await dialog.getByRole('button', { name: 'Buat tagihan' }).click();
  const detail = page.getByTestId('invoice-detail');
  await detail.waitFor();
  const number = (await detail.textContent())?.match(/TG\/11\/\d{6}\/\d{4}/)?.[0];
  expect(number).toBeTruthy();
  expect(await detail.textContent()).toContain(noted.name);
  await shot(page, 'clinic-day-mcu-invoice');
  // another person approves it (Super Admin picks the clinic on the invoice screen), then the admin
  // sends it to the company
  const approver = await newPage(browser);
  await logIn(approver.page, 'superadmin');
  await approver.page.goto('/Registration/daftarTagihan');
  await pick(
    approver.page,
    approver.page.getByRole('combobox', { name: 'Klinik', exact: true }),
    'Klinikita MCU Center Cikarang',
  );
  await approver.page.getByRole('searchbox', { name: 'Cari nomor tagihan' }).fill(number!);
  await approver.page.getByRole('button', { name: number }).click();
  await approver.page.getByRole('button', { name: 'Setujui' }).click();
  await approver.page.getByTestId('invoice-detail').getByText('Disetujui', { exact: true }).first().waitFor();
  await approver.context.close();
  await page.goto('/Registration/daftarTagihan');
  await page.getByRole('searchbox', { name: 'Cari nomor tagihan' }).fill(number!);
  await page.getByRole('button', { name: number }).click();
  await detail.getByText('Disetujui', { exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Tandai terkirim' }).click();
  await detail.getByText('Terkirim', { exact: true }).first().waitFor();

  // 7. the admin gives the company's HR a portal login (Perusahaan Rekanan › Akun portal) …
  const hr = { name: 'Wulan Sari', username: `hrbns${SERIAL}`, password: `Bns-${SERIAL}-awal` };
  await page.goto('/Registration/perusahaanRekanan');
  await page.getByRole('heading', { name: 'Perusahaan Rekanan' }).waitFor();
  await page.getByText(COMPANY).first().click();
  await page.getByRole('tab', { name: 'Akun portal' }).click();
  await page.getByRole('button', { name: 'Tambah Akun' }).click();
  const account = page.getByRole('dialog');
  await account.getByLabel(/^Nama/).fill(hr.name);
  await account.getByLabel(/^Username/).fill(hr.username);
  await account.getByLabel(/^Password/).fill(hr.password);
  await account.getByRole('button', { name: 'Simpan' }).click();
  await account.waitFor({ state: 'detached' });
  await page.getByRole('table', { name: 'Akun portal' }).getByText(hr.username).waitFor();
  await shot(page, 'clinic-day-mcu-portal-account');
  await admin.context.close();

  // … who logs in, picks her own password, and follows the event in the company portal
  const portal = await newPage(browser);
  const hrd = portal.page;
  await hrd.goto('/');
  await hrd.getByLabel('Username').fill(hr.username);
  await hrd.getByLabel('Password', { exact: true }).fill(hr.password);
  await hrd.getByLabel('Password', { exact: true }).press('Enter');
  await hrd.getByRole('heading', { name: 'Buat password Anda sendiri' }).waitFor();
  await hrd.getByLabel(/^Password Saat Ini/).fill(hr.password);
  await hrd.getByLabel(/^Password Baru/).fill(`${hr.password}-milik-wulan`);
  await hrd.getByLabel(/^Konfirmasi Password/).fill(`${hr.password}-milik-wulan`);
  await hrd.getByRole('button', { name: 'Simpan password' }).click();
  await hrd.getByRole('heading', { name: 'Portal Perusahaan' }).waitFor();
  expect(new URL(hrd.url()).pathname).toBe('/Portal/mcu');
  await hrd.getByText(COMPANY).first().waitFor();
  // the company has this one event: its progress, 2 of the 40 approved
  await hrd.getByText(EVENT).first().waitFor();
  await hrd.getByText('2 dari 40 peserta selesai disetujui').waitFor();
  // and the invoice sent to the company
  await hrd.getByRole('row').filter({ hasText: number! }).getByText('Terkirim').waitFor();
  await shot(hrd, 'clinic-day-mcu-portal');
  await portal.context.close();
}
