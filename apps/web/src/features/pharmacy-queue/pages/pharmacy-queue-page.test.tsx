import type { PharmacyPrescription, QueueRow } from '@klinikita/domain/pharmacy/pharmacy.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, ok } from '../../../test/lab-test-kit.tsx';
import { withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { PharmacyQueuePage } from './pharmacy-queue-page.tsx';

const QUEUE = `${API}/pharmacy/prescriptions`;
const RX = `${QUEUE}/rx1`;

const row = (over: Partial<QueueRow> = {}): QueueRow => ({
  uid: 'rx1',
  status: 'ready',
  priority: 'cito',
  racikan: false,
  queueNumber: 'A-007',
  registrationId: 'reg1',
  patient: { uid: 'p1', name: 'Budi Santoso', mrn: 'RM-0001' },
  payerType: 'bpjs',
  doctorName: 'dr. Sari',
  itemCount: 1,
  submittedAt: '2026-03-05T02:00:00.000Z',
  dispensedAt: null,
  waitedMinutes: 42,
  standardMinutes: 30,
  overStandard: true,
  ...over,
});

const prescription = (over: Partial<PharmacyPrescription> = {}): PharmacyPrescription => ({
  ...row(),
  allergies: 'Amoksisilin',
  pharmacyLocation: { uid: 'loc1', name: 'Apotek' },
  lines: [
    {
      line: 0,
      item: {
        kind: 'drug',
        drugId: 'd1',
        name: 'Paracetamol 500 mg',
        dose: '1 tablet',
        frequency: '3x sehari',
        route: 'oral',
        durationDays: 3,
        quantity: 10,
        unit: 'tablet',
        instructions: null,
        ingredients: [],
        compoundForm: null,
      },
      genericName: 'paracetamol',
      baseUnit: 'tablet',
      available: 40,
      dispensed: 0,
      owed: 10,
      flags: { allergy: null, duplicateOf: null },
      batches: [
        { batchNumber: 'B-EARLY', expiryDate: '2026-06-30', quantity: 15 },
        { batchNumber: 'B-LATE', expiryDate: '2027-06-30', quantity: 25 },
      ],
      signa: '3 x sehari 1 tablet sesudah makan',
      labelColour: 'white',
      substitute: null,
      ingredients: [],
    },
  ],
  events: [
    {
      action: 'review',
      from: 'submitted',
      to: 'in_review',
      reason: null,
      userName: 'Apt. Rina',
      at: '2026-03-05T02:05:00.000Z',
    },
  ],
  review: null,
  interactions: [],
  fees: { compounding: 0, packaging: 0 },
  ...over,
});

const paged = (docs: QueueRow[]) => ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });
const pharmacist = () => makeUser({ username: 'farmasi', ...withScreens('Pharmacy', ['/pharmacyQueue']) });
const queueQueries = (calls: ReturnType<typeof mockApi>['mock']['calls']) =>
  calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === QUEUE);

/** Picks an option of a Mantine Select (its list is rendered apart, hidden to the a11y tree). */
async function pick(box: HTMLElement, option: string | RegExp) {
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

/** A controllable EventSource: `emit(type)` delivers a live event to the page's subscription. */
function liveStream() {
  const listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  class FakeEventSource {
    constructor(readonly url: string) {}
    addEventListener(type: string, fn: (e: MessageEvent) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), fn]);
    }
    close() {}
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  return (type: string) => {
    for (const fn of listeners.get(type) ?? [])
      fn(new MessageEvent(type, { data: JSON.stringify({ clinicId: 1, type, id: 'rx2' }) }));
  };
}

describe('PharmacyQueuePage', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(pharmacist()));
  afterEach(() => vi.unstubAllGlobals());

  it('refetches the queue when a prescription moves elsewhere', async () => {
    const emit = liveStream();
    let rows = [row()];
    mockApi({ [QUEUE]: () => paged(rows) });
    renderWithApp(<PharmacyQueuePage />);
    await screen.findByText('Budi Santoso');
    rows = [
      ...rows,
      row({ uid: 'rx2', queueNumber: 'A-008', patient: { uid: 'p2', name: 'Sari Dewi', mrn: 'RM-0002' } }),
    ];
    emit('prescription.updated');
    expect(await screen.findByText('Sari Dewi')).toBeInTheDocument();
  });

  it('substitutes a line only with a drug and a reason', async () => {
    const api = mockApi({
      [QUEUE]: () => paged([row({ status: 'in_review' })]),
      [RX]: () => ok(prescription({ status: 'in_review' })),
      [`${API}/settings/pharmacy/drugs`]: () =>
        ok({
          docs: [
            {
              uid: 'd9',
              name: 'Sanmol',
              genericName: 'paracetamol',
              form: 'tablet',
              strength: '500 mg',
              unit: 'tablet',
              kfaCode: null,
              price: 500,
              active: true,
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
          ],
          page: 1,
          totalPages: 1,
          limit: 10,
          totalDocs: 1,
        }),
      [`${RX}/substitutions`]: () => ok(prescription({ status: 'in_review' }), 'Obat pengganti disimpan'),
    });
    renderWithApp(<PharmacyQueuePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Budi Santoso' }));
    fireEvent.click(
      await within(await screen.findByTestId('rx-detail')).findByRole('button', { name: 'Ganti obat' }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Ganti obat baris 1/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan penggantian' }));
    expect(await within(dialog).findByText('Alasan wajib diisi')).toBeInTheDocument();
    expect(within(dialog).getByText('Wajib diisi')).toBeInTheDocument();
    const box = within(dialog).getByRole('combobox', { name: /Obat pengganti/ });
    fireEvent.change(box, { target: { value: 'Sanmol' } });
    await pick(box, 'Sanmol 500 mg (paracetamol)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Alasan penggantian/ }), {
      target: { value: 'Stok kosong, merek lain dengan zat aktif sama' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan penggantian' }));
    await waitFor(() =>
      expect(bodies(api.mock.calls, 'pharmacy/prescriptions/rx1/substitutions', 'POST')).toEqual([
        { line: 0, itemUid: 'd9', reason: 'Stok kosong, merek lain dengan zat aktif sama' },
      ]),
    );
  });

  it('lists the day with the waiting time over the standard in red, and filters through the API', async () => {
    const api = mockApi({ [QUEUE]: () => paged([row()]) });
    renderWithApp(<PharmacyQueuePage />);
    const table = await screen.findByTestId('pharmacy-queue');
    expect(within(table).getByText('Budi Santoso')).toBeInTheDocument();
    expect(within(table).getByText('Cito')).toBeInTheDocument();
    expect(within(table).getByText('Siap diserahkan')).toBeInTheDocument();
    expect(within(table).getByText('42 / 30 menit').closest('[data-over]')).not.toBeNull();

    await pick(screen.getByRole('combobox', { name: 'Racikan' }), 'Dengan racikan');
    await pick(screen.getByRole('combobox', { name: 'Penjamin' }), 'BPJS');
    fireEvent.change(screen.getByRole('textbox', { name: 'Cari' }), { target: { value: 'budi' } });
    await waitFor(() => {
      const last = queueQueries(api.mock.calls).at(-1)!;
      expect(last.searchParams.get('racikan')).toBe('true');
      expect(last.searchParams.get('payerType')).toBe('bpjs');
      expect(last.searchParams.get('search')).toBe('budi');
      expect(last.searchParams.get('clinicId')).toBe('1');
      expect(last.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  it('hands over only once the five rights are ticked, with one request key however often clicked', async () => {
    const api = mockApi({
      [QUEUE]: () => paged([row()]),
      [RX]: () => ok(prescription()),
      [`${RX}/dispense`]: () => ok(prescription({ status: 'dispensed' }), 'Obat berhasil diserahkan'),
    });
    renderWithApp(<PharmacyQueuePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Budi Santoso' }));
    const detail = await screen.findByTestId('rx-detail');
    // the allergy is shown before anything else of the patient
    expect(within(detail).getByText('Amoksisilin')).toBeInTheDocument();
    expect(within(detail).getByText(/B-EARLY/)).toBeInTheDocument();
    fireEvent.click(within(detail).getByRole('button', { name: 'Serahkan obat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Penyerahan obat' });
    const submit = within(dialog).getByRole('button', { name: 'Serahkan obat' });
    expect(submit).toBeDisabled();
    for (const right of ['Tepat pasien', 'Tepat obat', 'Tepat dosis', 'Tepat rute'])
      fireEvent.click(within(dialog).getByRole('checkbox', { name: right }));
    expect(submit).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tepat waktu' }));
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('Obat berhasil diserahkan')).toBeInTheDocument();
    const sent = bodies(api.mock.calls, 'pharmacy/prescriptions/rx1/dispense', 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ lines: [{ line: 0, quantity: 10 }], overrideReason: null });
    expect(sent[0].requestKey.length).toBeGreaterThanOrEqual(8);
  });

  it('asks a reason for a batch other than the first to expire', async () => {
    const api = mockApi({
      [QUEUE]: () => paged([row()]),
      [RX]: () => ok(prescription()),
      [`${RX}/dispense`]: () => ok(prescription({ status: 'dispensed' }), 'Obat berhasil diserahkan'),
    });
    renderWithApp(<PharmacyQueuePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Budi Santoso' }));
    fireEvent.click(
      await within(await screen.findByTestId('rx-detail')).findByRole('button', { name: 'Serahkan obat' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Penyerahan obat' });
    await pick(within(dialog).getByRole('combobox', { name: 'Batch Paracetamol 500 mg' }), /B-LATE/);
    for (const right of ['Tepat pasien', 'Tepat obat', 'Tepat dosis', 'Tepat rute', 'Tepat waktu'])
      fireEvent.click(within(dialog).getByRole('checkbox', { name: right }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Serahkan obat' }));
    expect(
      await within(dialog).findByText('Alasan wajib diisi bila batch tidak kedaluwarsa terdekat'),
    ).toBeInTheDocument();
    expect(bodies(api.mock.calls, 'pharmacy/prescriptions/rx1/dispense', 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Alasan tidak memakai batch/ }), {
      target: { value: 'Batch awal rusak kemasannya' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Serahkan obat' }));
    await waitFor(() =>
      expect(bodies(api.mock.calls, 'pharmacy/prescriptions/rx1/dispense', 'POST')[0]).toMatchObject({
        lines: [{ line: 0, quantity: 10, batches: [{ batchNumber: 'B-LATE', quantity: 10 }] }],
        overrideReason: 'Batch awal rusak kemasannya',
      }),
    );
  });

  it('holds only with a reason, and keeps the reason when the server refuses', async () => {
    const api = mockApi({
      [QUEUE]: () => paged([row({ status: 'in_review' })]),
      [RX]: () => ok(prescription({ status: 'in_review' })),
      [`${RX}/moves`]: () => ({
        status: 409,
        body: {
          status: false,
          message: 'Langkah ini tidak dapat dilakukan pada status resep sekarang; muat ulang antrean',
        },
      }),
    });
    renderWithApp(<PharmacyQueuePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Budi Santoso' }));
    const detail = await screen.findByTestId('rx-detail');
    // moves allowed from in review only: no "Serahkan" and no "Mulai telaah"
    expect(within(detail).queryByRole('button', { name: 'Mulai telaah' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Serahkan obat' })).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Tahan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tahan: alasan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tahan' }));
    expect(await within(dialog).findByText('Alasan wajib diisi')).toBeInTheDocument();
    expect(bodies(api.mock.calls, 'pharmacy/prescriptions/rx1/moves', 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Alasan/ }), {
      target: { value: 'Dosis perlu dikonfirmasi dokter' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tahan' }));
    expect(await within(dialog).findByText(/muat ulang antrean/)).toBeInTheDocument();
    expect(bodies(api.mock.calls, 'pharmacy/prescriptions/rx1/moves', 'POST')).toEqual([
      { action: 'hold', reason: 'Dosis perlu dikonfirmasi dokter' },
    ]);
    expect(within(dialog).getByRole('textbox', { name: /Alasan/ })).toHaveValue(
      'Dosis perlu dikonfirmasi dokter',
    );
  });

  it('saves the review checks with their notes', async () => {
    const api = mockApi({
      [QUEUE]: () => paged([row({ status: 'in_review' })]),
      [RX]: () => ok(prescription({ status: 'in_review' })),
      [`${RX}/review`]: () => ok(prescription({ status: 'in_review' }), 'Telaah resep berhasil disimpan'),
    });
    renderWithApp(<PharmacyQueuePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Budi Santoso' }));
    const review = await screen.findByTestId('review-checklist');
    expect(within(review).getByText('Administratif')).toBeInTheDocument();
    expect(within(review).getByText('Farmasetik')).toBeInTheDocument();
    expect(within(review).getByText('Klinis')).toBeInTheDocument();
    fireEvent.click(within(review).getByRole('button', { name: 'Tandai semua sesuai' }));
    fireEvent.change(within(review).getByRole('textbox', { name: 'Catatan Alergi' }), {
      target: { value: 'Alergi amoksisilin; resep tanpa penisilin' },
    });
    fireEvent.click(within(review).getByRole('button', { name: 'Simpan telaah' }));
    await waitFor(() => {
      const [sent] = bodies(api.mock.calls, 'pharmacy/prescriptions/rx1/review', 'PUT');
      expect(Object.keys(sent.checks)).toHaveLength(13);
      expect(sent.checks.allergy).toEqual({ ok: true, note: 'Alergi amoksisilin; resep tanpa penisilin' });
      expect(sent.checks.patientIdentity).toEqual({ ok: true, note: null });
    });
  });
});
