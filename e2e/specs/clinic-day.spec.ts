import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, call } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, newPage, shot } from '../support/browser.ts';
import { mcuCompanyDay } from '../support/mcu-day.ts';

/**
 * The clinic day of shared/clinic-day.md at Klinik Pratama Klinikita Menteng, each step by the
 * role that does it, in the browser. It grows with each capability; today it carries the front
 * office, the nurse's check-in, the doctor's examination with a lab order and a prescription, the
 * order arriving in the queue of the lab that performs it (Cikarang) from the `encounter.finished`
 * event, the pharmacist's review and handover (the visit on to payment), and the admin's view of
 * the automatic processes. Payment and SATUSEHAT join as they land. The same day's company MCU at
 * Cikarang (clinic 11) walks in e2e/support/mcu-day.ts.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A walk-in man with a valid NIK (Jakarta Pusat, born on a day ≤ 28, serial ≠ 0000). */
function walkIn() {
  const day = randomInt(1, 28);
  const month = randomInt(1, 12);
  const year = randomInt(1975, 1999);
  return {
    nik: `3171${pad(randomInt(1, 8))}${pad(day)}${pad(month)}${pad(year % 100)}${pad(randomInt(1, 9999), 4)}`,
    name: `Hendra Wijaksono ${String.fromCharCode(65 + randomInt(0, 25))}${String.fromCharCode(65 + randomInt(0, 25))}`,
    dob: `${pad(day)}/${pad(month)}/${year}`,
    phone: `0812${randomInt(10_000_000, 99_999_999)}`,
  };
}

/** Darah Lengkap in print order: Hb, Ht, leukocytes (high), platelets, RBC, MCV, MCH, MCHC, differential, ESR. */
const BLOOD_COUNT = [
  '13,8',
  '42',
  '12,4',
  '250',
  '4,9',
  '88',
  '29',
  '33',
  '0',
  '2',
  '3',
  '65',
  '25',
  '5',
  '8',
];

const ticket = (page: Page) => page.getByRole('dialog', { name: 'Tiket antrean' });

describe('A clinic day at Klinik Menteng', () => {
  it('front office → nurse → doctor → the lab order in the performing lab’s queue → the admin sees the processes run', async () => {
    const patient = walkIn();

    // 07:30 — the front office adds a walk-in from the NIK (sex and birth date come from it)
    const front = await newPage(browser);
    await logIn(front.page, 'pendaftaran');
    await front.page.goto('/Registration/patient');
    await front.page.getByRole('combobox', { name: 'Cari pasien' }).waitFor();
    const available = (await (
      await front.page.request.get(`${baseUrl()}/api/clinic/v1/registrations/doctors/available?clinicId=10`)
    ).json()) as { data: { doctorId: number; name: string }[] };
    const login = await fetch(`${baseUrl()}/api/clinic/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ username: 'dokter', password: 'klinikita' }),
    });
    const doctorId = ((await login.json()) as { data: { user: { DoctorId: number } } }).data.user.DoctorId;
    const dokter = available.data.find((d) => d.doctorId === doctorId)!;
    expect(dokter).toBeDefined();

    await front.page.keyboard.press('F4');
    const add = front.page.getByRole('dialog', { name: 'Pasien baru' });
    await add.getByLabel(/^NIK/).fill(patient.nik);
    await add.getByLabel(/^Nama lengkap/).fill(patient.name);
    await expect.poll(() => add.getByRole('radio', { name: 'Laki-laki' }).isChecked()).toBe(true);
    await expect.poll(() => add.getByLabel(/^Tanggal lahir/).inputValue()).toBe(patient.dob);
    await add.getByLabel(/^Telepon/).fill(patient.phone);
    await add.getByRole('button', { name: 'Simpan & pilih' }).click();
    await add.waitFor({ state: 'hidden' });
    await front.page.getByTestId('picked-patient').getByText(patient.name).waitFor();
    // the confirmation toast sits bottom right: the header's clock and user menu stay visible
    const toast = front.page.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThan(768 / 2);

    // registered to the GP with a complaint; the ticket prints
    const doctors = front.page.getByRole('radiogroup', { name: 'Dokter praktik hari ini' });
    await doctors.getByRole('radio').filter({ hasText: dokter.name }).click();
    await front.page.getByRole('textbox', { name: 'Keluhan' }).fill('Batuk pilek dan demam sejak dua hari');
    await front.page.keyboard.press('Control+Enter');
    await ticket(front.page).getByText(patient.name).waitFor();
    const queueNumber = (await ticket(front.page).getByTestId('ticket-number').textContent())!.trim();
    expect(queueNumber).toMatch(/^A-\d{3,}$/);
    await shot(front.page, 'clinic-day-ticket');
    await front.page.keyboard.press('Escape');
    await front.context.close();

    // the nurse checks the patient in on the queue board (vital signs taken): Waiting → Queueing
    const nurse = await newPage(browser);
    await logIn(nurse.page, 'perawat');
    await nurse.page.goto('/PatientQueue/patientQueue');
    // the day's list is long by now: the nurse looks the patient up
    await nurse.page.getByRole('searchbox', { name: 'Cari antrean' }).fill(patient.name);
    const row = nurse.page
      .getByRole('row')
      .filter({ hasText: patient.name })
      .filter({ hasText: queueNumber });
    await row.waitFor();
    await row.getByRole('button', { name: `Ubah status ${queueNumber}` }).click();
    await nurse.page.getByRole('menuitem', { name: 'Ubah ke Mengantri' }).click();
    await row.getByText('Mengantri').waitFor();
    await shot(nurse.page, 'clinic-day-checked-in');
    await nurse.context.close();

    // the doctor calls the patient, writes the note, orders a blood count and prescribes
    const doc = await newPage(browser);
    const page = doc.page;
    await logIn(page, 'dokter');
    await page.goto('/Doctor/doctor');
    const waitingRow = page.getByRole('list', { name: 'Menunggu' }).getByRole('listitem').filter({
      hasText: patient.name,
    });
    await waitingRow.getByRole('button', { name: `Panggil ${queueNumber}` }).click();
    await page
      .getByRole('dialog', { name: 'Panggil pasien' })
      .getByRole('button', { name: 'Ya, panggil' })
      .click();
    const soap = page.locator('#exam-soap');
    await soap.getByLabel('Asesmen').waitFor();
    await page.locator('#exam-vitals').getByLabel('Sistolik', { exact: true }).focus();
    for (const value of ['128', '84', '96', '20', '38,2', '97', '68', '170']) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await soap.getByLabel('Asesmen').fill('ISPA');
    await page.keyboard.press('Alt+3');
    await page.keyboard.type('ispa');
    const diagnoses = page.locator('#exam-diagnoses');
    await diagnoses.getByRole('option', { name: /^J06\.9 / }).click();
    await diagnoses.getByTestId('picked-J06.9').waitFor();
    await page.keyboard.press('Alt+5');
    await page.keyboard.type('Paracetamol');
    const rx = page.locator('#exam-prescription');
    await rx.getByRole('option', { name: 'Paracetamol 500 mg' }).click();
    await rx.getByRole('button', { name: '3x1' }).click();
    await rx.getByLabel('Lama (hari)').fill('3');
    await rx.getByRole('button', { name: 'Tambahkan ke resep' }).click();
    await rx.getByRole('list', { name: 'Resep' }).getByText('Paracetamol 500 mg').waitFor();
    const orders = page.locator('#exam-orders');
    await orders.locator('label', { hasText: /^Darah Lengkap$/ }).click();
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('saved');

    // finishing signs the note; the lab order reaches the lab's queue from the signed note's event
    await page.keyboard.press('Control+Enter');
    await page
      .getByRole('dialog', { name: 'Selesaikan pemeriksaan' })
      .getByRole('button', { name: 'Ya, selesai & tandatangani' })
      .click();
    const outcome = page.getByTestId('finish-outcome');
    await outcome.getByText('Pasien diteruskan ke farmasi (status Menunggu resep).').waitFor();
    const labBadge = outcome.locator('.mantine-Badge-root').first();
    await labBadge.waitFor();
    const labNumber = (await labBadge.textContent())!.trim();
    expect(labNumber).toMatch(/^L-\d{3,}$/);
    await shot(page, 'clinic-day-finished');
    // the doctor's screen of this visit, to come back to once the lab has released its results
    const doctorVisitUrl = page.url();
    expect(new URL(doctorVisitUrl).searchParams.get('id')).toBeTruthy();
    await doc.context.close();

    // the front office's board shows the doctor's visit gone on to the pharmacy; Menteng's lab
    // work is performed at Cikarang (Layanan per klinik), so the lab visit is not on this board
    const board = await newPage(browser);
    await logIn(board.page, 'pendaftaran');
    await board.page.goto('/PatientQueue/patientQueue');
    await board.page.getByRole('searchbox', { name: 'Cari antrean' }).fill(patient.name);
    await board.page
      .getByRole('row')
      .filter({ hasText: patient.name })
      .filter({ hasText: queueNumber })
      .getByText('Menunggu resep')
      .waitFor();
    // (polled: the list narrows to the patient a moment after the search is typed)
    await expect.poll(() => board.page.getByRole('row').filter({ hasText: labNumber }).count()).toBe(0);
    await shot(board.page, 'clinic-day-board');
    await board.context.close();

    // the pharmacist reviews the prescription, prepares it and hands it over with the five rights;
    // the visit goes on to the cashier
    const farmasi = await newPage(browser);
    await logIn(farmasi.page, 'farmasi');
    await farmasi.page.goto('/pharmacyQueue');
    await farmasi.page.getByRole('textbox', { name: 'Cari' }).fill(patient.name);
    await farmasi.page.getByTestId('pharmacy-queue').getByRole('button', { name: patient.name }).click();
    const rxDetail = farmasi.page.getByTestId('rx-detail');
    await rxDetail.getByText('Paracetamol 500 mg').first().waitFor();
    await rxDetail.getByRole('button', { name: 'Mulai telaah' }).click();
    const telaah = farmasi.page.getByTestId('review-checklist');
    await telaah.getByRole('button', { name: 'Tandai semua sesuai' }).click();
    await telaah.getByRole('button', { name: 'Simpan telaah' }).click();
    await telaah.getByText(/Ditelaah oleh/).waitFor();
    await rxDetail.getByRole('button', { name: 'Siapkan' }).click();
    await rxDetail.getByRole('button', { name: 'Siap diserahkan' }).click();
    await rxDetail.getByRole('button', { name: 'Serahkan obat' }).click();
    const handover = farmasi.page.getByRole('dialog', { name: 'Penyerahan obat' });
    for (const right of ['Tepat pasien', 'Tepat obat', 'Tepat dosis', 'Tepat rute', 'Tepat waktu'])
      await handover.getByRole('checkbox', { name: right }).check();
    await handover.getByRole('button', { name: 'Serahkan obat' }).click();
    await handover.waitFor({ state: 'detached' });
    await rxDetail.getByText('Diserahkan', { exact: true }).first().waitFor();
    await shot(farmasi.page, 'clinic-day-pharmacy');
    await farmasi.context.close();
    const cashier = await newPage(browser);
    await logIn(cashier.page, 'pendaftaran');
    await cashier.page.goto('/PatientQueue/patientQueue');
    await cashier.page.getByRole('searchbox', { name: 'Cari antrean' }).fill(patient.name);
    await cashier.page
      .getByRole('row')
      .filter({ hasText: patient.name })
      .filter({ hasText: queueNumber })
      .getByText('Pembayaran')
      .waitFor();
    await cashier.context.close();

    // the cashier takes the bill: part in cash (change given), the rest by QRIS with its reference;
    // the visit becomes Paid and the receipt prints
    const kasir = await newPage(browser);
    await logIn(kasir.page, 'kasir');
    await kasir.page.goto('/Payment/payment');
    await kasir.page.getByRole('heading', { name: 'Kasir' }).waitFor();
    // payments are taken within the kasir's open shift: the demo opens it at Menteng with a float
    // of Rp 500.000 (a rerun after the shift was closed opens it here)
    const shiftBar = kasir.page.getByTestId('shift-bar');
    const openButton = shiftBar.getByRole('button', { name: 'Buka shift' });
    const expectedCash = shiftBar.getByTestId('shift-expected');
    await expect
      .poll(async () => (await openButton.count()) + (await expectedCash.count()), { timeout: 15_000 })
      .toBeGreaterThan(0);
    if (await openButton.count()) {
      await shiftBar.getByRole('textbox', { name: 'Modal awal (Rp)' }).fill('500000');
      await openButton.click();
    }
    const rupiah = async () => Number(((await expectedCash.textContent()) ?? '').replace(/\D/g, ''));
    await expectedCash.waitFor();
    const expectedBefore = await rupiah();
    await kasir.page.getByRole('textbox', { name: 'Cari' }).fill(patient.name);
    await kasir.page.getByRole('button', { name: `Buka tagihan ${patient.name}` }).click();
    const bill = kasir.page.getByTestId('payment-form');
    await bill.waitFor();
    await kasir.page.getByText('Paracetamol 500 mg (tablet)').first().waitFor();
    const parts = bill.getByTestId('payment-part');
    const total = Number(
      (await parts.first().getByRole('textbox', { name: 'Jumlah', exact: true }).inputValue()).replace(
        /\D/g,
        '',
      ),
    );
    expect(total).toBeGreaterThan(0);
    const cash = Math.round(total / 2 / 1000) * 1000 || 1000;
    await parts.first().getByRole('textbox', { name: 'Jumlah', exact: true }).fill(String(cash));
    await parts
      .first()
      .getByRole('textbox', { name: 'Uang diterima', exact: true })
      .fill(String(cash + 50_000));
    await expect.poll(async () => parts.first().getByTestId('change').textContent()).toBe('Rp 50.000');
    await bill.getByRole('button', { name: 'Tambah cara bayar' }).click();
    await parts.nth(1).getByRole('combobox', { name: 'Cara bayar', exact: true }).click();
    await kasir.page.getByRole('option', { name: 'QRIS' }).click();
    await parts.nth(1).getByRole('textbox', { name: 'No. referensi', exact: true }).fill('QRIS-E2E-0001');
    await expect.poll(async () => bill.getByTestId('remaining').textContent()).toBe('Rp 0');
    await shot(kasir.page, 'clinic-day-cashier-split');
    await bill.getByRole('button', { name: 'Bayar', exact: true }).click();
    const receiptNumber = kasir.page.getByTestId('receipt-number');
    await receiptNumber.waitFor();
    expect(await receiptNumber.textContent()).toMatch(/^No\. kuitansi: KW\/10\/\d{6}\/\d{4}/);
    const receiptLink = kasir.page.getByRole('link', { name: 'Cetak kuitansi' }).first();
    const receiptHref = await receiptLink.getAttribute('href');
    const receipt = await kasir.page.request.get(new URL(receiptHref!, baseUrl()).toString());
    expect(receipt.headers()['content-type']).toBe('application/pdf');
    await shot(kasir.page, 'clinic-day-cashier-paid');
    // the patient has left the waiting list and is under today's paid visits
    await kasir.page.getByRole('tab', { name: 'Lunas hari ini' }).click();
    await kasir.page.getByRole('button', { name: `Buka tagihan ${patient.name}` }).waitFor();

    // the kasir closes the shift counting Rp 1.000 less than expected (the cash part went in),
    // gives the reason, and the shift waits for a second person's approval
    await expect.poll(rupiah).toBe(expectedBefore + cash);
    await shiftBar.getByRole('button', { name: 'Tutup shift' }).click();
    const closeDialog = kasir.page.getByRole('dialog');
    await closeDialog
      .getByRole('textbox', { name: 'Kas yang dihitung (Rp)' })
      .fill(String(expectedBefore + cash - 1_000));
    await expect.poll(async () => closeDialog.getByTestId('variance').textContent()).toBe('−Rp 1.000');
    const varianceReason = `Kembalian kurang, ${patient.name}`;
    await closeDialog.getByRole('textbox', { name: /Alasan selisih/ }).fill(varianceReason);
    await closeDialog.getByRole('button', { name: 'Tutup shift' }).click();
    await closeDialog.waitFor({ state: 'detached' });
    await shiftBar.getByText('Shift menunggu persetujuan selisih −Rp 1.000').first().waitFor();
    await shiftBar.getByText('Shift belum dibuka').waitFor();
    await shot(kasir.page, 'clinic-day-shift-pending');
    await kasir.context.close();

    // the administrator (bill.approve, not the shift's cashier) approves the variance
    const supervisor = await newPage(browser);
    await logIn(supervisor.page, 'admin');
    await supervisor.page.goto('/Payment/payment');
    const pendingRow = supervisor.page
      .getByTestId('shift-approvals')
      .getByRole('row')
      .filter({ hasText: varianceReason });
    await pendingRow.getByRole('button', { name: 'Setujui' }).click();
    await expect.poll(async () => pendingRow.count()).toBe(0);
    await supervisor.context.close();

    // the lab at Cikarang, which performs Menteng's lab orders, finds the patient waiting in its list
    const lab = await newPage(browser);
    await logIn(lab.page, 'lab');
    await lab.page.goto('/Lab/home-page-lab');
    await lab.page.getByRole('searchbox', { name: 'Cari pasien' }).fill(patient.name);
    await lab.page.getByRole('button', { name: 'Search', exact: true }).click();
    // the list narrows to the patient a moment after the search (other rows may share the digits,
    // and the list shows first names only)
    await expect.poll(() => lab.page.getByTestId('lab-row').count()).toBe(1);
    const labRow = lab.page.getByTestId('lab-row').filter({ hasText: labNumber.split('-')[1] });
    await labRow.waitFor();
    await shot(lab.page, 'clinic-day-lab-cikarang');

    // the lab makes the sample's label, takes the blood and receives the tube; the tube and the
    // blood draw's needle leave the lab's stock (read as the administrator sees it)
    const stockReader = await apiSession(browser, 'superadmin');
    const labLocation = (
      await call<{ uid: string; type: string }[]>(stockReader.page, 'GET', 'inventory/locations?clinicId=11')
    ).find((l) => l.type === 'lab')!;
    const labStock = async () =>
      Object.fromEntries(
        (
          await call<{ docs: { name: string; onHand: number }[] }>(
            stockReader.page,
            'GET',
            `inventory/locations/${labLocation.uid}/stock?limit=100`,
          )
        ).docs.map((d) => [d.name, d.onHand]),
      );
    const stockBefore = await labStock();
    await labRow.click();
    const specimens = lab.page.getByTestId('lab-specimens');
    await specimens.getByRole('button', { name: 'Buat label' }).click();
    const tube = specimens.getByTestId('specimen-row');
    await expect.poll(() => tube.count()).toBe(1);
    expect(await tube.textContent()).toContain('EDTA');
    await lab.page.getByRole('button', { name: 'Sampel diambil', exact: true }).first().click();
    await specimens.getByText('Semua sampel sudah diambil').waitFor();
    await tube.getByRole('button', { name: 'Sampel diterima' }).click();
    await tube.getByText('Diterima', { exact: true }).waitFor();
    await expect
      .poll(async () => {
        const now = await labStock();
        return [
          stockBefore['Tabung EDTA'] - now['Tabung EDTA'],
          stockBefore['Jarum vakum'] - now['Jarum vakum'],
        ];
      })
      .toEqual([1, 1]);
    await stockReader.context.close();

    // the analyst enters the blood count from the keyboard, saves, validates and releases it
    const hemoglobin = lab.page.getByRole('textbox', { name: 'Hemoglobin', exact: true });
    await hemoglobin.waitFor();
    await hemoglobin.focus();
    for (const value of BLOOD_COUNT) {
      await lab.page.keyboard.type(value);
      await lab.page.keyboard.press('Enter');
    }
    await lab.page.getByRole('button', { name: 'Simpan hasil' }).click();
    await lab.page.getByText('Hasil lab disimpan').waitFor();
    await lab.page.getByRole('button', { name: 'Validasi' }).click();
    await lab.page.getByText('Hasil lab divalidasi').waitFor();
    await lab.page.getByRole('button', { name: 'Rilis', exact: true }).click();
    await lab.page.getByRole('dialog').getByRole('button', { name: 'Rilis', exact: true }).click();
    await lab.page.getByText('Hasil lab dirilis; dokter pengirim dapat melihatnya').waitFor();
    await shot(lab.page, 'clinic-day-lab-released');
    await lab.context.close();

    // back at Menteng the doctor sees the released values on the visit's note
    const back = await newPage(browser);
    await logIn(back.page, 'dokter');
    await back.page.goto(new URL(doctorVisitUrl).pathname + new URL(doctorVisitUrl).search);
    await back.page.getByText('Permintaan kunjungan ini').waitFor();
    await back.page.getByText('Leukosit').first().waitFor();
    await shot(back.page, 'clinic-day-doctor-results');
    await back.context.close();

    // the front office finds the released blood count under Hasil Non MCU and prints it for the patient
    const desk = await newPage(browser);
    await logIn(desk.page, 'pendaftaran');
    await desk.page.goto('/Layanan/previewHasilnonMcu');
    await desk.page.getByRole('heading', { name: 'Hasil Pemeriksaan' }).waitFor();
    await desk.page.getByRole('searchbox', { name: 'Cari' }).fill(patient.name);
    await desk.page.getByRole('button', { name: `Buka ${patient.name}` }).click();
    await desk.page.getByRole('heading', { name: patient.name }).waitFor();
    await desk.page.getByText('Leukosit').first().waitFor();
    expect(await desk.page.getByRole('link', { name: 'Cetak hasil' }).getAttribute('href')).toMatch(
      /lab-pdf$/,
    );
    await shot(desk.page, 'clinic-day-results-desk');
    await desk.context.close();

    // the administrator sees the automatic processes running and nothing held back
    const admin = await newPage(browser);
    await logIn(admin.page, 'superadmin');
    await admin.page.goto('/Setting/others');
    const processes = admin.page.getByRole('list', { name: 'Proses' });
    await processes.getByText(/Order ke antrean layanan · Lancar/).waitFor();
    await processes.getByText(/Surat rujukan · Lancar/).waitFor();
    await processes.getByText(/Hasil lab ke status kunjungan · Lancar/).waitFor();
    await admin.page.getByText('Tidak ada peristiwa tertahan.').waitFor();
    await shot(admin.page, 'clinic-day-processes');

    // and the visit, its handover and its blood count have reached SATUSEHAT (the bundled simulator)
    await admin.page.goto('/Setting/satuSehat?tab=sync');
    await admin.page.getByRole('heading', { name: 'Sinkronisasi SATUSEHAT' }).waitFor();
    await admin.page
      .getByRole('textbox', { name: 'Cari pasien, no. RM atau no. antrean' })
      .fill(patient.name);
    const sent = admin.page.getByTestId('sync-row').filter({ hasText: patient.name });
    const states = async () => {
      const rows: string[] = [];
      for (let i = 0; i < (await sent.count()); i++) {
        const cells = sent.nth(i).getByRole('cell');
        rows.push(
          `${(await cells.nth(1).textContent())?.trim()}: ${(await cells.nth(2).textContent())?.trim()}`,
        );
      }
      return rows.sort();
    };
    await expect
      .poll(states, { timeout: 60_000, interval: 2_000 })
      .toEqual(['Hasil lab: Diterima', 'Kunjungan: Diterima', 'Penyerahan obat: Diterima']);
    await shot(admin.page, 'clinic-day-satusehat');
    await admin.context.close();
  }, 240_000); // the whole day, role by role: it grows with each capability

  // the same day at Klinikita MCU Center Cikarang (e2e/support/mcu-day.ts): PT Bank Nusantara
  // Sejahtera's 40 employees imported (one bad row fixed), checked in, two through the stations,
  // the doctor's categories, the recap xlsx, the company's invoice and its HR user's portal
  it(
    'MCU at Cikarang: the admin imports the company’s list → check-in → stations → the doctor’s categories → recap, invoice and portal',
    () => mcuCompanyDay(browser),
    300_000,
  );
});
