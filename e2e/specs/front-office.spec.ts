import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A NIK that passes the check: Jakarta Selatan (31 71 xx), a woman's birth day (+40), serial ≠ 0000. */
function newWoman() {
  const day = randomInt(1, 28);
  const month = randomInt(1, 12);
  const year = randomInt(1970, 1999);
  const nik = `3171${pad(randomInt(1, 10))}${pad(day + 40)}${pad(month)}${pad(year % 100)}${pad(randomInt(1, 9999), 4)}`;
  const surname = ['Anggraini', 'Puspitasari', 'Kusumawati', 'Handayani', 'Permatasari'][randomInt(0, 4)];
  return {
    nik,
    name: `Ratna ${surname} ${String.fromCharCode(65 + randomInt(0, 25))}`,
    dob: `${pad(day)}/${pad(month)}/${year}`,
    phone: `0813${randomInt(10_000_000, 99_999_999)}`,
  };
}

const today = (page: Page) => page.getByRole('list', { name: 'Daftar pendaftaran hari ini' });
const ticket = (page: Page) => page.getByRole('dialog', { name: 'Tiket antrean' });
/** The accessible label of the focused field. */
const focused = (page: Page) => page.evaluate('document.activeElement?.getAttribute("aria-label")');

/** When the ticket is shown, its queue number; then on to the next patient. */
async function takeTicket(page: Page, name: string): Promise<string> {
  const number = (await ticket(page).getByTestId('ticket-number').textContent())!.trim();
  await shot(page, name);
  await page.keyboard.press('Escape');
  await ticket(page).waitFor({ state: 'hidden' });
  await expect.poll(() => focused(page)).toBe('Cari pasien');
  return number;
}

describe('Front office', () => {
  it('a clerk registers a new and a returning patient', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'pendaftaran');
    await page.goto('/Registration/patient');
    await today(page).or(page.getByText('Belum ada pendaftaran hari ini.')).first().waitFor();
    // the search box has the focus from the start
    await expect.poll(() => focused(page)).toBe('Cari pasien');
    await shot(page, 'front-office');
    // nothing chosen yet: Ctrl+Enter says what is missing and goes back to the search
    await page.getByRole('radio', { name: 'Umum' }).focus();
    await page.keyboard.press('Control+Enter');
    await page.getByText('Pilih pasien terlebih dahulu').waitFor();
    await expect.poll(() => focused(page)).toBe('Cari pasien');

    // a new patient, added from the front office with F4
    const woman = newWoman();
    await page.keyboard.press('F4');
    const add = page.getByRole('dialog', { name: 'Pasien baru' });
    await add.getByLabel(/^NIK/).fill(woman.nik);
    await add.getByLabel(/^Nama lengkap/).fill(woman.name);
    await add.getByRole('radio', { name: 'Perempuan' }).check();
    await add.getByLabel(/^Tanggal lahir/).fill(woman.dob);
    await add.getByLabel(/^Telepon/).fill(woman.phone);
    await shot(page, 'front-office-quick-add');
    await add.getByRole('button', { name: 'Simpan & pilih' }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByTestId('picked-patient').getByText(woman.name).waitFor();

    // to a doctor with room left today
    const doctors = page.getByRole('radiogroup', { name: 'Dokter praktik hari ini' });
    const open = doctors.locator('[role="radio"]:not([aria-disabled="true"])');
    await open.first().waitFor();
    await open.first().click();
    await page.getByRole('textbox', { name: 'Keluhan' }).fill('Demam dan batuk sejak kemarin');
    await page.keyboard.press('Control+Enter');
    await ticket(page).waitFor();
    await ticket(page).getByText(woman.name).waitFor();
    // on paper only the ticket: the app is hidden, the ticket's print copy shown
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#root').isVisible()).toBe(false);
    await page.locator('body > [aria-hidden]').getByText(woman.name).waitFor();
    await shot(page, 'front-office-ticket-print');
    // one page of an 80 mm roll (226.77 pt wide)
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf)!;
    expect(Math.round(Number(box[1]))).toBe(227);
    await page.emulateMedia({ media: 'screen' });
    const doctorNumber = await takeTicket(page, 'front-office-ticket');
    expect(doctorNumber).toMatch(/^A-0\d\d$/);

    // a returning patient of the demo data, found by part of the name, for LAB
    const res = await page.request.get(`${baseUrl()}/api/clinic/v1/patients`, {
      params: { limit: 1, page: 3 },
    });
    const demo = (await res.json()).data.docs[0] as { name: string; mrn: string };
    const [first, second = ''] = demo.name.split(' ');
    await page.keyboard.press('F2');
    await page.keyboard.type(`${first} ${second.slice(0, 3)}`.trim().toLowerCase());
    const option = page.getByRole('option').filter({ hasText: demo.mrn });
    await option.waitFor();
    await shot(page, 'front-office-search');
    await option.click();
    await page.getByTestId('picked-patient').getByText(demo.name).waitFor();
    // the focus is on the service; its number key chooses LAB
    await page.keyboard.press('2');
    expect(await page.getByRole('radio', { name: 'Laboratorium' }).isChecked()).toBe(true);
    await shot(page, 'front-office-picked');
    await page.getByRole('radio', { name: 'Umum' }).check();
    await page.getByRole('button', { name: 'Daftar' }).click();
    await ticket(page).waitFor();
    const labNumber = await takeTicket(page, 'front-office-ticket-lab');
    expect(labNumber).toMatch(/^L-\d{3,}$/);

    // both are in today's list, waiting
    for (const number of [doctorNumber, labNumber]) {
      const row = today(page).getByRole('button', { name: `Tampilkan tiket ${number}` });
      await row.waitFor();
      await row.getByText('Menunggu').waitFor();
    }
    await today(page).getByText(woman.name).waitFor();
    await shot(page, 'front-office-after');
    await page.setViewportSize({ width: 820, height: 1180 });
    await shot(page, 'front-office-tablet');

    // and in English
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByText('EN', { exact: true }).first().click();
    await page.getByRole('heading', { name: 'Patient Registration' }).waitFor();
    await page.getByRole('radio', { name: 'Doctor consultation' }).waitFor();
    await shot(page, 'front-office-en');
    await context.close();
  });

  it('a clerk registers an insured patient with the insurer of the master and its eligibility', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'pendaftaran');
    await page.goto('/Registration/patient');
    await today(page).or(page.getByText('Belum ada pendaftaran hari ini.')).first().waitFor();
    const woman = newWoman();
    await page.keyboard.press('F4');
    const add = page.getByRole('dialog', { name: 'Pasien baru' });
    await add.getByLabel(/^NIK/).fill(woman.nik);
    await add.getByLabel(/^Nama lengkap/).fill(woman.name);
    await add.getByRole('radio', { name: 'Perempuan' }).check();
    await add.getByLabel(/^Tanggal lahir/).fill(woman.dob);
    await add.getByRole('button', { name: 'Simpan & pilih' }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByTestId('picked-patient').getByText(woman.name).waitFor();
    const open = page
      .getByRole('radiogroup', { name: 'Dokter praktik hari ini' })
      .locator('[role="radio"]:not([aria-disabled="true"])');
    await open.first().waitFor();
    await open.first().click();

    // paid by the TPA of the master; the clerk checked the eligibility and has the guarantee letter
    await page.getByRole('radio', { name: 'Asuransi' }).check();
    const insurer = page.getByRole('combobox', { name: /^Penjamin \(asuransi/ });
    await insurer.click();
    await insurer.fill('adm');
    await page.getByRole('option', { name: 'AdMedika (TPA) (ADM)' }).click();
    await page.getByRole('textbox', { name: 'No. polis / kartu' }).fill('ADM-0099123');
    await page.getByRole('radio', { name: 'Sudah' }).check();
    await page.getByRole('radio', { name: 'Eligibel', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'No. jaminan / referensi' }).fill('GL-ADM-2026-0415');
    await page.getByRole('textbox', { name: 'Plafon dijamin' }).fill('750000');
    await shot(page, 'front-office-insurer');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await ticket(page).waitFor();
    await ticket(page).getByText('AdMedika (TPA)').waitFor();
    await ticket(page).getByText('Eligibilitas: terverifikasi').waitFor();
    await ticket(page).getByText('Plafon Rp 750.000').waitFor();
    const number = await takeTicket(page, 'front-office-insurer-ticket');

    // the visit in today's list says who pays and that eligibility was checked
    const row = today(page).getByRole('button', { name: `Tampilkan tiket ${number}` });
    await row.getByTitle('Eligibilitas: terverifikasi').getByText('terverifikasi').waitFor();
    await row.getByText('AdMedika (TPA)').waitFor();
    await shot(page, 'front-office-insurer-list');
    await context.close();
  });
});
