import type { Bill } from '@klinikita/domain/billing/billing.schema';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n/i18n.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, ok, plainClinic, registration } from '../../../test/lab-test-kit.tsx';
import { withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { CashierPage } from './cashier-page.tsx';

const LIST = `${API}/registrations/registrations`;
const BILL = `${API}/billing/visits/v1/bill`;
const PAY = `${API}/billing/bills/b1/payments`;
/** The kasir's open shift (issue 18 §4): without one "Bayar" stays disabled. */
const OPEN_SHIFT = {
  [`${API}/billing/shifts/current`]: () =>
    ok({
      shift: {
        uid: 's1',
        clinicId: 10,
        cashier: { id: 7, name: 'Kasir' },
        day: '2026-03-05',
        openedAt: '2026-03-05T01:00:00.000Z',
        openingFloat: 500_000,
        closedAt: null,
        countedCash: null,
        expectedCash: null,
        variance: null,
        varianceReason: null,
        approvedBy: null,
        approvedAt: null,
        status: 'open',
        totals: {
          cashIn: 0,
          cashRefunds: 0,
          expectedCash: 500_000,
          nonCash: [],
          payments: 0,
          deposits: { received: 0, refunded: 0 },
        },
      },
      pending: [],
    }),
};

const waiting = registration({
  _id: 'v1',
  clinicId: 10,
  queueNumber: 'A-012',
  status: 'Payment',
  orderType: 'doctor',
  serviceType: null,
  doctor: { doctorId: 3, name: 'dr. Sari' },
  room: 'Poli Umum',
});
const budi = waiting.patient;
const ani = registration({
  _id: 'v2',
  clinicId: 10,
  queueNumber: 'A-013',
  status: 'Payment',
  patient: { ...budi, uid: 'p2', mrn: 'RM-10-000002', name: 'Ani Lestari', firstName: 'Ani' },
});

const line = (over: Partial<Bill['lines'][number]>): Bill['lines'][number] => ({
  key: 'x',
  category: 'consultation',
  sourceType: 'visit',
  sourceUid: 'v1',
  code: null,
  description: 'Konsultasi dokter umum',
  quantity: 1,
  unitPrice: 150_000,
  gross: 150_000,
  discount: 0,
  taxCode: 'SERVICE_EXEMPT',
  dpp: 150_000,
  ppn: 0,
  net: 150_000,
  payerPortion: 0,
  patientPortion: 150_000,
  adjustmentUid: null,
  ...over,
});

const bill = (over: Partial<Bill> = {}): Bill => ({
  uid: 'b1',
  visitUid: 'v1',
  clinicId: 10,
  number: null,
  status: 'draft',
  payerType: 'self',
  payerName: null,
  serviceDay: '2026-03-05',
  settings: { isPkp: false, pricesIncludePpn: true, discountApprovalThreshold: 100_000 },
  lines: [
    line({
      key: 'reg',
      category: 'registration',
      description: 'Biaya pendaftaran',
      unitPrice: 25_000,
      gross: 25_000,
      net: 25_000,
      patientPortion: 25_000,
    }),
    line({ key: 'cons' }),
    line({
      key: 'drug',
      category: 'drug',
      description: 'Paracetamol 500 mg',
      quantity: 10,
      unitPrice: 1_500,
      gross: 15_000,
      discount: 1_500,
      taxCode: 'GOODS_NON_PKP',
      dpp: 13_500,
      net: 13_500,
      patientPortion: 13_500,
    }),
  ],
  adjustments: [
    {
      uid: 'adj1',
      kind: 'discount',
      lineKey: 'cons',
      discountType: 'fixed',
      value: 120_000,
      amount: 120_000,
      description: null,
      reason: 'Karyawan klinik',
      status: 'pending',
      requestedBy: 7,
      decidedBy: null,
      createdAt: '2026-03-05T03:00:00.000Z',
    },
  ],
  totals: {
    gross: 190_000,
    discount: 1_500,
    dpp: 188_500,
    ppn: 0,
    net: 188_500,
    payerPortion: 0,
    patientPortion: 188_500,
  },
  paid: 0,
  receivable: 0,
  outstanding: 188_500,
  payments: [],
  postedAt: null,
  ...over,
});

const page = (docs: unknown[]) => ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });
const cashier = (routes: string[] = ['/Payment/payment']) =>
  makeUser({ username: 'kasir', ClinicId: 10, clinics: [plainClinic], ...withScreens('Cashier', routes) });
const listQueries = (calls: ReturnType<typeof mockApi>['mock']['calls']) =>
  calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === LIST)
    .map((u) => Object.fromEntries(u.searchParams));

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
      fn(new MessageEvent(type, { data: JSON.stringify({ clinicId: 10, type, id: 'v9' }) }));
  };
}

const money = (label: string, index = 0) =>
  within(screen.getByTestId('payment-form')).getAllByRole('textbox', { name: label })[index];

/** Picks an option of a Mantine Select (its list is rendered apart, hidden to the a11y tree). */
async function pick(box: HTMLElement, option: string) {
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('CashierPage', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.signIn(cashier()));
  afterEach(() => vi.unstubAllGlobals());

  it('lists today’s visits waiting at the cashier, live, and the paid ones in the second tab', async () => {
    const emit = liveStream();
    let rows = [waiting, ani];
    const fetch = mockApi({
      ...OPEN_SHIFT,
      [LIST]: (_, url) => page(url.searchParams.get('status') === 'Paid' ? [] : rows),
    });
    renderWithApp(<CashierPage />);
    const table = await screen.findByTestId('cashier-queue');
    expect(within(table).getByText('A-012')).toBeInTheDocument();
    expect(within(table).getByText('Budi Hartono')).toBeInTheDocument();
    expect(within(table).getByText('dr. Sari')).toBeInTheDocument();
    expect(within(table).getByText('Ani Lestari')).toBeInTheDocument();
    expect(listQueries(fetch.mock.calls)[0]).toMatchObject({ clinicId: '10', status: 'Payment' });
    // no day sent: the server's clinic-local today
    expect(listQueries(fetch.mock.calls)[0].startDate).toBeUndefined();

    // Ani paid at another desk: the registration event refetches the list
    rows = [waiting];
    emit(REGISTRATION_EVENTS.updated);
    await waitFor(() => expect(screen.queryByText('Ani Lestari')).toBeNull());

    fireEvent.change(screen.getByRole('textbox', { name: 'Cari' }), { target: { value: 'RM-10' } });
    await waitFor(() => expect(listQueries(fetch.mock.calls).at(-1)).toMatchObject({ search: 'RM-10' }));

    fireEvent.click(screen.getByRole('tab', { name: 'Lunas hari ini' }));
    expect(await screen.findByText('Belum ada pembayaran hari ini')).toBeInTheDocument();
    expect(listQueries(fetch.mock.calls).at(-1)).toMatchObject({ status: 'Paid', order: 'arrivedAt_-1' });
  });

  it('shows the bill by category with discounts, totals and a pending discount', async () => {
    mockApi({
      ...OPEN_SHIFT,
      [LIST]: () => page([waiting]),
      [BILL]: () => ok(bill()),
    });
    renderWithApp(<CashierPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    const lines = await screen.findByTestId('bill-lines');
    expect(within(lines).getByText('Pendaftaran')).toBeInTheDocument();
    expect(within(lines).getByText('Konsultasi')).toBeInTheDocument();
    expect(within(lines).getByText('Obat')).toBeInTheDocument();
    const drug = within(lines).getByText('Paracetamol 500 mg').closest('tr')!;
    for (const text of ['10', 'Rp 1.500', 'Rp 15.000', '−Rp 1.500', 'Rp 13.500'])
      expect(within(drug).getByText(text)).toBeInTheDocument();
    expect(screen.getByTestId('total-net')).toHaveTextContent('Rp 188.500');
    expect(screen.getByTestId('total-outstanding')).toHaveTextContent('Rp 188.500');
    const pending = screen.getByTestId('adjustment');
    expect(within(pending).getByText('Menunggu persetujuan')).toBeInTheDocument();
    expect(within(pending).getByText('Karyawan klinik')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cetak rincian' })).toHaveAttribute(
      'href',
      `${API}/billing/bills/b1/invoice.pdf?paper=a4`,
    );
    // the cashier has no approval permission: no buttons
    expect(within(pending).queryByRole('button', { name: /Setujui/ })).toBeNull();
  });

  it('lets an approver decide a pending discount and shows the server’s refusal', async () => {
    sessionStore.signIn(cashier(['/Payment/payment', '/Registration/laporanTransaksi']));
    const fetch = mockApi({
      ...OPEN_SHIFT,
      [LIST]: () => page([waiting]),
      [BILL]: () => ok(bill()),
      [`${API}/billing/adjustments/adj1/decision`]: () => ({
        status: 409,
        body: { status: false, message: 'Diskon harus disetujui orang lain, bukan yang mengajukan' },
      }),
    });
    renderWithApp(<CashierPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Setujui diskon Rp 120.000' }));
    expect(
      await screen.findByText('Diskon harus disetujui orang lain, bukan yang mengajukan'),
    ).toBeInTheDocument();
    expect(bodies(fetch.mock.calls, 'billing/adjustments/adj1/decision', 'POST')).toEqual([
      { approve: true },
    ]);
  });

  it('asks a discount with its reason, keeping the input when the server refuses a field', async () => {
    const fetch = mockApi({
      ...OPEN_SHIFT,
      [LIST]: () => page([waiting]),
      [BILL]: () => ok(bill({ adjustments: [] })),
      [`${API}/billing/visits/v1/bill/discounts`]: () => ({
        status: 400,
        body: {
          status: false,
          message: 'Baris tagihan tidak ditemukan',
          errors: [{ path: 'lineKey', message: 'Baris tagihan tidak ditemukan' }],
        },
      }),
    });
    renderWithApp(<CashierPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ajukan diskon' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Persen (%)' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Besar diskon/ }), {
      target: { value: '10' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajukan diskon' }));
    // the shared schema asks for the reason first
    expect(await within(dialog).findByText('Alasan wajib diisi (minimal 3 huruf)')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Alasan/ }), {
      target: { value: 'Pasien lansia' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajukan diskon' }));
    expect((await within(dialog).findAllByText('Baris tagihan tidak ditemukan')).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('textbox', { name: /^Alasan/ })).toHaveValue('Pasien lansia');
    expect(bodies(fetch.mock.calls, 'billing/visits/v1/bill/discounts', 'POST')).toEqual([
      { lineKey: null, type: 'percent', value: 10, reason: 'Pasien lansia' },
    ]);
  });

  it('splits a payment, computes change and what is left, and sends one request with one key', async () => {
    let paid = false;
    const payment = {
      uid: 'pay1',
      billUid: 'b1',
      receiptNumber: 'KW/10/202603/0007',
      amount: 188_500,
      parts: [],
      reversesUid: null,
      reversedBy: null,
      reason: null,
      cashierId: 5,
      createdAt: '2026-03-05T04:00:00.000Z',
    };
    const fetch = mockApi({
      ...OPEN_SHIFT,
      [LIST]: () => page(paid ? [] : [waiting]),
      [BILL]: () =>
        ok(
          paid
            ? bill({ status: 'paid', paid: 188_500, outstanding: 0, adjustments: [] })
            : bill({ adjustments: [] }),
        ),
      [PAY]: () => {
        paid = true;
        return ok(
          { bill: bill({ status: 'paid', paid: 188_500, outstanding: 0 }), payment },
          'Pembayaran berhasil dicatat',
        );
      },
    });
    renderWithApp(<CashierPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    await screen.findByTestId('payment-form');
    // opens with the outstanding amount in cash
    expect(money('Jumlah')).toHaveValue('Rp 188.500');
    expect(screen.getByTestId('remaining')).toHaveTextContent('Rp 0');

    // cash 100.000 with 200.000 received, the rest by QRIS
    fireEvent.change(money('Jumlah'), { target: { value: '100000' } });
    await waitFor(() => expect(screen.getByTestId('remaining')).toHaveTextContent('Rp 88.500'));
    const pay = screen.getByRole('button', { name: 'Bayar' });
    expect(pay).toBeDisabled();
    fireEvent.change(money('Uang diterima'), { target: { value: '200000' } });
    await waitFor(() => expect(screen.getByTestId('change')).toHaveTextContent('Rp 100.000'));
    fireEvent.click(screen.getByRole('button', { name: 'Tambah cara bayar' }));
    await waitFor(() => expect(screen.getAllByTestId('payment-part')).toHaveLength(2));
    expect(money('Jumlah', 1)).toHaveValue('Rp 88.500');
    const method = within(screen.getAllByTestId('payment-part')[1])
      .getAllByLabelText('Cara bayar')
      .find((el) => el.tagName === 'INPUT')!;
    await pick(method, 'QRIS');
    // QRIS needs its reference: the shared schema says so under the field
    fireEvent.click(pay);
    expect(await screen.findByText('Nomor referensi wajib diisi')).toBeInTheDocument();
    expect(bodies(fetch.mock.calls, 'billing/bills/b1/payments', 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'No. referensi' }), {
      target: { value: 'RRN-555' },
    });
    expect(pay).toBeEnabled();
    // a double click charges once
    fireEvent.click(pay);
    fireEvent.click(pay);

    const receipt = await screen.findByTestId('receipt-number');
    expect(receipt).toHaveTextContent('KW/10/202603/0007');
    expect(within(receipt.parentElement!).getByRole('link', { name: 'Cetak kuitansi' })).toHaveAttribute(
      'href',
      `${API}/billing/payments/pay1/receipt.pdf?paper=a4`,
    );
    const sent = bodies(fetch.mock.calls, 'billing/bills/b1/payments', 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].parts).toEqual([
      { method: 'TUNAI', amount: 100_000, tendered: 200_000, reference: null },
      { method: 'QRIS', amount: 88_500, tendered: null, reference: 'RRN-555' },
    ]);
    // the visit leaves the waiting list; the bill shows as paid
    expect(await screen.findByText('Tidak ada pasien yang menunggu pembayaran')).toBeInTheDocument();
    expect(await screen.findByText('Tagihan ini sudah lunas')).toBeInTheDocument();
  });

  it('shows the patient’s deposit and draws on it in a DEPOSIT row, prefilled up to the balance', async () => {
    const fetch = mockApi({
      ...OPEN_SHIFT,
      [LIST]: () => page([waiting]),
      [BILL]: () => ok(bill({ adjustments: [] })),
      [`${API}/billing/patients/${budi.uid}/deposit`]: () =>
        ok({ patientUid: budi.uid, patientName: 'Budi Hartono', balance: 50_000, entries: [] }),
    });
    renderWithApp(<CashierPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    expect(await screen.findByTestId('deposit-balance')).toHaveTextContent('Rp 50.000');
    await screen.findByTestId('payment-form');
    fireEvent.click(screen.getByRole('button', { name: 'Tambah cara bayar' }));
    await waitFor(() => expect(screen.getAllByTestId('payment-part')).toHaveLength(2));
    fireEvent.change(money('Jumlah'), { target: { value: '100000' } });
    const method = within(screen.getAllByTestId('payment-part')[1])
      .getAllByLabelText('Cara bayar')
      .find((el) => el.tagName === 'INPUT')!;
    await pick(method, 'Deposit');
    // min(balance 50.000, what is left 88.500)
    await waitFor(() => expect(money('Jumlah', 1)).toHaveValue('Rp 50.000'));
    expect(screen.getByTestId('remaining')).toHaveTextContent('Rp 38.500');
    fireEvent.change(money('Jumlah'), { target: { value: '138500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bayar' }));
    await waitFor(() =>
      expect(bodies(fetch.mock.calls, 'billing/bills/b1/payments', 'POST')).toHaveLength(1),
    );
    expect(bodies(fetch.mock.calls, 'billing/bills/b1/payments', 'POST')[0].parts).toEqual([
      { method: 'TUNAI', amount: 138_500, tendered: null, reference: null },
      { method: 'DEPOSIT', amount: 50_000, tendered: null, reference: null },
    ]);
  });

  it('shows the server’s 409 “already paid” and does nothing else', async () => {
    const fetch = mockApi({
      ...OPEN_SHIFT,
      [LIST]: () => page([waiting]),
      [BILL]: () => ok(bill({ adjustments: [] })),
      [PAY]: () => ({
        status: 409,
        body: { status: false, message: 'Tagihan INV/10/202603/0001 sudah lunas' },
      }),
    });
    renderWithApp(<CashierPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    await screen.findByTestId('payment-form');
    fireEvent.change(money('Uang diterima'), { target: { value: '200000' } });
    await waitFor(() => expect(screen.getByTestId('change')).toHaveTextContent('Rp 11.500'));
    fireEvent.click(screen.getByRole('button', { name: 'Bayar' }));
    expect(await screen.findByText('Tagihan INV/10/202603/0001 sudah lunas')).toBeInTheDocument();
    expect(bodies(fetch.mock.calls, 'billing/bills/b1/payments', 'POST')).toHaveLength(1);
    expect(screen.queryByTestId('receipt-number')).toBeNull();
    // the input stays
    expect(money('Uang diterima')).toHaveValue('Rp 200.000');
  });

  it('retries a failed payment with the same key, and a changed payment with a new one', async () => {
    const answers = [500, 500, 200];
    const fetch = mockApi({
      ...OPEN_SHIFT,
      [LIST]: () => page([waiting]),
      [BILL]: () => ok(bill({ adjustments: [] })),
      [PAY]: () => {
        const status = answers.shift()!;
        return status === 200
          ? ok({ bill: bill({ status: 'paid', paid: 188_500, outstanding: 0 }), payment: { uid: 'pay1' } })
          : { status, body: { status: false, message: 'Server error' } };
      },
    });
    renderWithApp(<CashierPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    await screen.findByTestId('payment-form');
    const pay = screen.getByRole('button', { name: 'Bayar' });
    fireEvent.click(pay);
    await waitFor(() =>
      expect(bodies(fetch.mock.calls, 'billing/bills/b1/payments', 'POST')).toHaveLength(1),
    );
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    await waitFor(() =>
      expect(bodies(fetch.mock.calls, 'billing/bills/b1/payments', 'POST')).toHaveLength(2),
    );
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.change(money('Uang diterima'), { target: { value: '200000' } });
    await waitFor(() => expect(screen.getByTestId('change')).toHaveTextContent('Rp 11.500'));
    fireEvent.click(pay);
    await waitFor(() =>
      expect(bodies(fetch.mock.calls, 'billing/bills/b1/payments', 'POST')).toHaveLength(3),
    );
    const keys = bodies(fetch.mock.calls, 'billing/bills/b1/payments', 'POST').map((b) => b.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('opens a company visit with the company’s part and the patient’s, in English on switch', async () => {
    await changeLocale('en');
    try {
      mockApi({
        ...OPEN_SHIFT,
        [LIST]: () => page([{ ...waiting, payerType: 'company', company: { id: 4, name: 'PT Maju' } }]),
        [BILL]: () =>
          ok(
            bill({
              adjustments: [],
              payerType: 'company',
              payerName: 'PT Maju',
              totals: { ...bill().totals, payerPortion: 150_000, patientPortion: 38_500 },
            }),
          ),
      });
      renderWithApp(<CashierPage />);
      expect(await screen.findByRole('heading', { name: 'Cashier' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Paid today' })).toBeInTheDocument();
      fireEvent.click(await screen.findByRole('button', { name: 'Open the bill of Budi Hartono' }));
      await screen.findByTestId('payment-form');
      expect(screen.getByTestId('total-payerPortion')).toHaveTextContent('Rp 150.000');
      expect(screen.getByTestId('total-patientPortion')).toHaveTextContent('Rp 38.500');
      const parts = screen.getAllByTestId('payment-part');
      expect(parts).toHaveLength(2);
      const methods = parts.map(
        (p) =>
          (
            within(p)
              .getAllByLabelText('Method')
              .find((el) => el.tagName === 'INPUT') as HTMLInputElement
          ).value,
      );
      expect(methods).toEqual(['Company', 'Cash']);
      expect(money('Amount', 0)).toHaveValue('Rp 150.000');
      expect(money('Amount', 1)).toHaveValue('Rp 38.500');
      expect(screen.getByTestId('remaining')).toHaveTextContent('Rp 0');
      expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    } finally {
      await changeLocale('id');
    }
  });

  it('reverses a payment with a reason for an approver, showing the server’s refusal', async () => {
    sessionStore.signIn(cashier(['/Payment/payment', '/Registration/laporanTransaksi']));
    const taken = {
      uid: 'pay1',
      billUid: 'b1',
      receiptNumber: 'KW/10/202603/0007',
      amount: 188_500,
      parts: [
        { method: 'TUNAI' as const, amount: 188_500, tendered: 200_000, change: 11_500, reference: null },
      ],
      reversesUid: null,
      reversedBy: null,
      reason: null,
      cashierId: 5,
      createdAt: '2026-03-05T04:00:00.000Z',
    };
    const fetch = mockApi({
      ...OPEN_SHIFT,
      [LIST]: () => page([{ ...waiting, status: 'Paid' }]),
      [BILL]: () =>
        ok(
          bill({
            status: 'paid',
            number: 'INV/10/202603/0001',
            adjustments: [],
            paid: 188_500,
            outstanding: 0,
            payments: [taken],
          }),
        ),
      [`${API}/billing/payments/pay1/reverse`]: () => ({
        status: 409,
        body: {
          status: false,
          message: 'Pembatalan harus oleh orang lain, bukan kasir yang menerima pembayaran',
        },
      }),
    });
    renderWithApp(<CashierPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    const payment = await screen.findByTestId('payment');
    expect(within(payment).getByText(/Tunai Rp 188\.500 \(kembali Rp 11\.500\)/)).toBeInTheDocument();
    expect(screen.getByText('Tagihan ini sudah lunas')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-form')).toBeNull();
    fireEvent.click(within(payment).getByRole('button', { name: 'Batalkan pembayaran KW/10/202603/0007' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Alasan/ }), {
      target: { value: 'Salah input' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batalkan pembayaran' }));
    expect(
      await within(dialog).findByText(
        'Pembatalan harus oleh orang lain, bukan kasir yang menerima pembayaran',
      ),
    ).toBeInTheDocument();
    expect(bodies(fetch.mock.calls, 'billing/payments/pay1/reverse', 'POST')).toEqual([
      { reason: 'Salah input' },
    ]);
  });

  it('adds an extra charge with its reason to a draft, and as an adjustment once posted', async () => {
    let posted = false;
    const fetch = mockApi({
      ...OPEN_SHIFT,
      [LIST]: () => page([waiting]),
      [BILL]: () =>
        ok(bill({ adjustments: [], ...(posted && { status: 'posted', number: 'INV/10/202603/0001' }) })),
      [`${API}/billing/visits/v1/bill/charges`]: () => {
        // someone posts the bill meanwhile: the refetch after the charge shows it posted
        posted = true;
        return ok(bill(), 'Biaya tambahan berhasil ditambahkan');
      },
      [`${API}/billing/bills/b1/adjustments`]: () => ok(bill(), 'Penyesuaian tagihan berhasil dicatat'),
    });
    renderWithApp(<CashierPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    const addCharge = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Tambah biaya' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByRole('textbox', { name: /^Keterangan/ }), {
        target: { value: 'Surat keterangan sehat' },
      });
      fireEvent.change(within(dialog).getByRole('textbox', { name: /^Jumlah/ }), {
        target: { value: '50000' },
      });
      fireEvent.change(within(dialog).getByRole('textbox', { name: /^Alasan/ }), {
        target: { value: 'Diminta pasien' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan biaya' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    const charge = { description: 'Surat keterangan sehat', amount: 50_000, reason: 'Diminta pasien' };
    await addCharge();
    expect(bodies(fetch.mock.calls, 'billing/visits/v1/bill/charges', 'POST')).toEqual([charge]);

    await screen.findByText('Diposting');
    // a posted bill takes no new discount, only adjustments
    expect(screen.queryByRole('button', { name: 'Ajukan diskon' })).toBeNull();
    await addCharge();
    expect(bodies(fetch.mock.calls, 'billing/bills/b1/adjustments', 'POST')).toEqual([charge]);
  });
});
