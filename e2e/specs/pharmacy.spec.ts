import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, call, signedDoctorVisit } from '../support/api.ts';
import { logIn } from '../support/app.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

/**
 * Issue 17 "Done means" at the pharmacy counter of Klinik Menteng, in Chromium as `farmasi`: a
 * doctor's signed prescription is reviewed with the checklist, prepared, labelled and handed over
 * with the five rights; the stock at the pharmacy falls by the batch first to expire and the visit
 * goes on to payment. Another prescription is held with a reason (the doctor answers on the
 * doctor's screen), then rejected.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const QUANTITY = 10;

/**
 * Given the Menteng doctor saw `name` and signed a note prescribing ten Paracetamol 500 mg (as the
 * examination screen sends it), the prescription's visit once it reached the pharmacy queue.
 */
async function prescribed(name: string, dob: string) {
  let drugName = '';
  const { patient, registrationId } = await signedDoctorVisit(
    browser,
    { name, sex: 'M', dob },
    'Demam dan pusing',
    async (doctor) => {
      const [drug] = await call<{ docs: { uid: string; name: string }[] }>(
        doctor,
        'GET',
        'settings/pharmacy/drugs?search=Paracetamol%20500&active=true',
      ).then((d) => d.docs);
      expect(drug).toBeDefined();
      drugName = drug.name;
      return {
        subjective: 'Demam sejak kemarin',
        assessment: 'Demam',
        diagnoses: [{ code: 'R50.9', title: 'Demam, tidak spesifik', primary: true }],
        prescription: [
          {
            kind: 'drug',
            drugId: drug.uid,
            name: drug.name,
            dose: '1 tablet',
            frequency: '3x sehari',
            route: 'oral',
            durationDays: 3,
            quantity: QUANTITY,
            unit: 'tablet',
            instructions: 'Sesudah makan, bila demam',
            ingredients: [],
            compoundForm: null,
          },
        ],
      };
    },
  );
  return { mrn: patient.mrn, registrationId, drugName };
}

interface StockItem {
  itemUid: string;
  name: string;
  onHand: number;
  batches: { batchNumber: string; quantity: number }[];
}

/** Paracetamol 500 mg on hand at Menteng's pharmacy, by batch (earliest expiry first). */
async function pharmacyStock(page: Page): Promise<StockItem> {
  const locations = await call<{ uid: string; type: string }[]>(
    page,
    'GET',
    'inventory/locations?clinicId=10',
  );
  const pharmacy = locations.find((l) => l.type === 'pharmacy')!;
  const stock = await call<{ docs: StockItem[] }>(
    page,
    'GET',
    `inventory/locations/${pharmacy.uid}/stock?search=Paracetamol&page=1&limit=20`,
  );
  return stock.docs.find((i) => /500/.test(i.name) || stock.docs.length === 1)!;
}

const detail = (page: Page) => page.getByTestId('rx-detail');

async function openPrescription(page: Page, mrn: string, patientName: string) {
  await page.getByRole('textbox', { name: 'Cari' }).fill(mrn);
  await page.getByTestId('pharmacy-queue').getByRole('button', { name: patientName }).click();
  await detail(page).getByRole('heading', { name: patientName }).waitFor();
}

describe('Pharmacy queue', () => {
  it('the racikan filter narrows the list to compounded prescriptions', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'farmasi');
    await page.goto('/pharmacyQueue');
    const list = page.getByTestId('pharmacy-queue');
    await list.waitFor();
    await page.getByRole('combobox', { name: 'Racikan' }).click();
    await page.getByRole('option', { name: 'Dengan racikan' }).click();
    await expect
      .poll(async () => {
        const rows = await list.locator('tbody tr').count();
        return rows > 0 && rows === (await list.locator('tbody tr', { hasText: 'Racikan' }).count());
      })
      .toBe(true);
    // a racikan: its ingredients, the standard of 60 minutes, the compounding fee
    await list.locator('tbody tr').first().getByRole('button').click();
    await detail(page).getByText('Bahan racikan').first().waitFor();
    await shot(page, 'pharmacy-detail-racikan');
    await context.close();
  });

  it('farmasi reviews, prepares, labels and hands over a prescription; stock falls by batch and the visit goes to payment', {
    timeout: 180_000,
  }, async () => {
    const name = 'Bagus Resep Farmasi';
    const rx = await prescribed(name, '12/04/1984');
    const { context, page } = await newPage(browser);
    await logIn(page, 'farmasi');
    const before = await pharmacyStock(page);
    expect(before.onHand).toBeGreaterThanOrEqual(QUANTITY);

    await page.goto('/pharmacyQueue');
    await page.getByRole('heading', { name: 'Antrean Farmasi' }).waitFor();
    // the day's list, cito first (the demo's prescriptions in every state, and the one just signed)
    await page.getByTestId('pharmacy-queue').waitFor();
    await shot(page, 'pharmacy-queue-list');

    await openPrescription(page, rx.mrn, name);
    await detail(page).getByRole('button', { name: 'Mulai telaah' }).click();
    await detail(page).getByText('Ditelaah', { exact: true }).first().waitFor();

    // the review: all checks ok, a note on the allergy check, saved
    const review = page.getByTestId('review-checklist');
    await review.getByRole('button', { name: 'Tandai semua sesuai' }).click();
    await review.getByRole('textbox', { name: 'Catatan Alergi' }).fill('Tidak ada alergi obat tercatat');
    await review.getByRole('button', { name: 'Simpan telaah' }).click();
    await page.getByText('Telaah resep berhasil disimpan').first().waitFor();
    await review.getByText(/Ditelaah oleh/).waitFor();
    await detail(page).getByText('Daftar interaksi ini tidak lengkap', { exact: false }).waitFor();
    await shot(page, 'pharmacy-detail-reviewed');

    await detail(page).getByRole('button', { name: 'Siapkan' }).click();
    await detail(page).getByRole('button', { name: 'Siap diserahkan' }).click();
    await detail(page).getByText('Siap diserahkan', { exact: true }).first().waitFor();
    await detail(page).getByRole('button', { name: 'Serahkan obat' }).waitFor();

    // the labels: the 80 mm roll opens as a PDF in a new tab
    const uid = (
      await call<{ docs: { uid: string }[] }>(
        page,
        'GET',
        `pharmacy/prescriptions?clinicId=10&search=${rx.mrn}`,
      )
    ).docs[0].uid;
    await detail(page).getByRole('button', { name: 'Cetak etiket' }).click();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Kertas 80 mm' }).click(),
    ]);
    expect(tab.url()).toContain(`/pharmacy/prescriptions/${uid}/labels?paper=roll80`);
    await tab.close();
    const pdf = await page.request.get(`${apiUrl()}/pharmacy/prescriptions/${uid}/labels?paper=roll80`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // the handover: the button waits for the five rights
    await detail(page).getByRole('button', { name: 'Serahkan obat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Penyerahan obat' });
    await dialog.getByRole('checkbox', { name: 'Tepat pasien' }).waitFor();
    const give = dialog.getByRole('button', { name: 'Serahkan obat' });
    expect(await give.isDisabled()).toBe(true);
    for (const right of ['Tepat pasien', 'Tepat obat', 'Tepat dosis', 'Tepat rute', 'Tepat waktu'])
      await dialog.getByRole('checkbox', { name: right }).check();
    await shot(page, 'pharmacy-dispense');
    await give.dblclick();
    await page.getByText('Obat berhasil diserahkan').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await detail(page).getByText('Diserahkan', { exact: true }).first().waitFor();
    await shot(page, 'pharmacy-detail-dispensed');

    // the stock fell by the ten tablets, taken first from the batch first to expire (once)
    const after = await pharmacyStock(page);
    expect(after.onHand).toBe(before.onHand - QUANTITY);
    const first = before.batches[0];
    const firstAfter = after.batches.find((b) => b.batchNumber === first.batchNumber)?.quantity ?? 0;
    expect(firstAfter).toBe(Math.max(0, first.quantity - QUANTITY));

    // the visit went on to the cashier
    await expect
      .poll(
        async () =>
          (await call<{ status: string }>(page, 'GET', `registrations/registrations/${rx.registrationId}`))
            .status,
        { timeout: 15_000 },
      )
      .toBe('Payment');
    await context.close();
  });

  it('farmasi holds a prescription with a reason, then rejects it', { timeout: 120_000 }, async () => {
    const name = 'Cahya Resep Ditahan';
    const rx = await prescribed(name, '03/09/1991');
    const { context, page } = await newPage(browser);
    await logIn(page, 'farmasi');
    await page.goto('/pharmacyQueue');
    await page.getByRole('heading', { name: 'Antrean Farmasi' }).waitFor();
    await openPrescription(page, rx.mrn, name);
    await detail(page).getByRole('button', { name: 'Mulai telaah' }).click();

    // a hold without a reason is not sent
    await detail(page).getByRole('button', { name: 'Tahan' }).click();
    const hold = page.getByRole('dialog', { name: 'Tahan: alasan' });
    await hold.getByRole('button', { name: 'Tahan' }).click();
    await hold.getByText('Alasan wajib diisi').waitFor();
    await hold
      .getByRole('textbox', { name: 'Alasan' })
      .fill('Dosis untuk pasien ini perlu dikonfirmasi dokter');
    await hold.getByRole('button', { name: 'Tahan' }).click();
    await hold.waitFor({ state: 'detached' });
    await detail(page).getByText('Ditahan', { exact: true }).first().waitFor();
    // the reason stands under the patient, and in the history
    await detail(page)
      .getByTestId('rx-reason')
      .getByText(/perlu dikonfirmasi dokter/)
      .waitFor();
    await page
      .getByTestId('rx-events')
      .getByText(/Dosis untuk pasien ini perlu dikonfirmasi dokter/)
      .waitFor();

    // the doctor is asked: the question stands on the doctor's queue screen, and the answer
    // reaches the pharmacist's history of the prescription live
    const doctor = await newPage(browser);
    await logIn(doctor.page, 'dokter');
    await doctor.page.goto('/Doctor/doctor');
    const held = doctor.page.getByTestId('held-prescription').filter({ hasText: name });
    await held.getByText(/perlu dikonfirmasi dokter/).waitFor();
    await held.getByRole('button', { name: 'Jawab' }).click();
    await held.getByRole('textbox', { name: 'Jawaban Anda' }).fill('Dosis sudah benar, lanjutkan');
    await held.getByRole('button', { name: 'Kirim jawaban' }).click();
    await held.getByText('Dijawab: Dosis sudah benar, lanjutkan').waitFor();
    await shot(doctor.page, 'doctor-held-prescription');
    await doctor.context.close();
    await page.getByTestId('rx-event-answer').getByText('Dosis sudah benar, lanjutkan').waitFor();
    await page.getByTestId('rx-events').getByText('Jawaban dokter').waitFor();

    await detail(page).getByRole('button', { name: 'Tolak' }).click();
    const reject = page.getByRole('dialog', { name: 'Tolak: alasan' });
    await reject
      .getByRole('textbox', { name: 'Alasan' })
      .fill('Dokter mengganti terapi; resep baru menyusul');
    await reject.getByRole('button', { name: 'Tolak' }).click();
    await reject.waitFor({ state: 'detached' });
    await detail(page).getByText('Ditolak', { exact: true }).first().waitFor();
    // a refused prescription offers no more moves but the history
    expect(await detail(page).getByRole('button', { name: 'Serahkan obat' }).count()).toBe(0);
    await shot(page, 'pharmacy-detail-rejected');
    await context.close();
  });
});
