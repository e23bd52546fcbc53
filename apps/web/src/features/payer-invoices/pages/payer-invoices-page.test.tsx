import type { PayerInvoice } from '@klinikita/domain/billing/payer-invoices.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n/i18n.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { PayerInvoicesPage } from './payer-invoices-page.tsx';

const BASE = `${API}/billing/payer-invoices`;
const page = (docs: unknown[]) => ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });

const summary = {
  uid: 'i1',
  clinicId: 10,
  number: 'TG/10/202611/0001',
  payer: 'company:pt1',
  payerKind: 'company' as const,
  payerName: 'PT Maju Bersama',
  periodFrom: '2026-10-01',
  periodTo: '2026-10-31',
  issueDate: '2026-11-02',
  dueDate: '2026-12-02',
  status: 'SENT' as const,
  total: 1_250_000,
  paid: 0,
  writtenOff: 0,
  denied: 0,
  reclaimed: 0,
  open: 1_250_000,
};
const item = (uid: string, name: string, amount: number) => ({
  receivableUid: uid,
  billNumber: `INV/10/202610/${uid}`,
  visitDay: '2026-10-05',
  patientName: name,
  mrn: `RM-${uid}`,
  amount,
  paid: 0,
  writtenOff: 0,
  denied: 0,
  reclaimed: 0,
  open: amount,
});
const invoice: PayerInvoice = {
  ...summary,
  termDays: 30,
  note: null,
  disputeReason: null,
  writeOffReason: null,
  writeOffRequestedBy: null,
  cancelReason: null,
  preparedBy: { id: 7, name: 'Lestari', at: '2026-11-02T02:00:00.000Z' },
  approvedBy: { id: 1, name: 'Rina', at: '2026-11-02T03:00:00.000Z' },
  sentBy: { id: 7, name: 'Lestari', at: '2026-11-02T04:00:00.000Z' },
  items: [item('r1', 'Budi Hartono', 750_000), item('r2', 'Ani Lestari', 500_000)],
  payments: [],
};

const finance = () =>
  makeUser({
    username: 'kasir',
    ClinicId: 10,
    clinics: [plainClinic],
    ...withScreens('Cashier', ['/Registration/daftarTagihan', '/Registration/laporanTransaksi']),
  });

async function pick(box: HTMLElement, option: string) {
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('PayerInvoicesPage', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.signIn(finance()));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('id');
  });

  it('lists invoices with filters and makes one from a payer’s visits of a period', async () => {
    const fetch = mockApi({
      [BASE]: (init) =>
        init?.method === 'POST'
          ? ok({ ...invoice, status: 'DRAFT', uid: 'i2', number: 'TG/10/202611/0002' }, 'Tagihan dibuat')
          : page([summary]),
      [`${BASE}/payers`]: () =>
        ok([
          {
            payer: 'company:pt2',
            payerKind: 'company',
            payerName: 'PT Sinar Jaya',
            npwp: null,
            termDays: 30,
            openCount: 2,
            openAmount: 400_000,
          },
        ]),
      [`${BASE}/open-receivables`]: () =>
        ok({ items: [item('r3', 'Citra Dewi', 150_000), item('r4', 'Dodi', 250_000)], total: 400_000 }),
      [`${BASE}/i2`]: () => ok({ ...invoice, status: 'DRAFT', uid: 'i2', number: 'TG/10/202611/0002' }),
    });
    renderWithApp(<PayerInvoicesPage />);
    const row = (await screen.findByText('TG/10/202611/0001')).closest('tr')!;
    expect(within(row).getByText('PT Maju Bersama')).toBeInTheDocument();
    expect(within(row).getAllByText('Rp 1.250.000')).toHaveLength(2);
    expect(within(row).getByText('Terkirim')).toBeInTheDocument();

    await pick(screen.getByPlaceholderText('Semua status'), 'Dibayar sebagian');
    await waitFor(() => expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('status=PARTIALLY_PAID'));

    fireEvent.click(screen.getByRole('button', { name: 'Buat tagihan' }));
    const dialog = await screen.findByRole('dialog');
    await pick(
      within(dialog).getByPlaceholderText('Pilih penjamin'),
      'PT Sinar Jaya — 2 kunjungan, Rp 400.000',
    );
    const preview = await within(dialog).findByTestId('invoice-preview');
    expect(await within(preview).findByText('Citra Dewi')).toBeInTheDocument();
    expect(within(preview).getByText('Jumlah: Rp 400.000')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat tagihan' }));
    await waitFor(() => expect(bodies(fetch.mock.calls, 'billing/payer-invoices', 'POST')).toHaveLength(1));
    expect(bodies(fetch.mock.calls, 'billing/payer-invoices', 'POST')[0]).toMatchObject({
      clinicId: 10,
      payer: 'company:pt2',
    });
    // the new draft opens, with its approval for someone else
    expect(await screen.findByText('TG/10/202611/0002')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Setujui' })).toBeInTheDocument();
  });

  it('records a payment allocated by hand and shows the refusal under the visit', async () => {
    const fetch = mockApi({
      [BASE]: () => page([summary]),
      [`${BASE}/payers`]: () => ok([]),
      [`${BASE}/i1`]: () => ok(invoice),
      [`${BASE}/i1/payments`]: () => ({
        status: 400,
        body: {
          status: false,
          message: 'Alokasi pembayaran tidak sesuai',
          errors: [{ path: 'allocations.0.amount', message: 'Melebihi sisa tagihan kunjungan ini' }],
        },
      }),
    });
    renderWithApp(<PayerInvoicesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'TG/10/202611/0001' }));
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByText('Budi Hartono')).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'PDF' })).toHaveAttribute('href', `${BASE}/i1/pdf`);
    fireEvent.click(within(detail).getByRole('button', { name: 'Catat pembayaran' }));
    const dialog = await screen.findByTestId('payment-dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Jumlah' }), {
      target: { value: '800000' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Alokasikan otomatis/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Alokasi Budi Hartono' }), {
      target: { value: '800000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Melebihi sisa tagihan kunjungan ini')).toBeInTheDocument();
    expect(bodies(fetch.mock.calls, 'billing/payer-invoices/i1/payments', 'POST')[0]).toMatchObject({
      amount: 800_000,
      method: 'TRANSFER',
      allocations: [{ receivableUid: 'r1', amount: 800_000 }],
    });
    // the input stays
    expect(within(dialog).getByRole('textbox', { name: 'Alokasi Budi Hartono' })).toHaveValue('Rp 800.000');
  });

  it('shows the aging per payer with totals, in English too', async () => {
    const row = {
      payer: 'company:pt1',
      payerKind: 'company',
      payerName: 'PT Maju Bersama',
      notInvoiced: 100_000,
      notDue: 0,
      d1to30: 250_000,
      d31to60: 0,
      d61to90: 0,
      over90: 0,
      total: 350_000,
    };
    const fetch = mockApi({
      [BASE]: () => page([]),
      [`${BASE}/payers`]: () => ok([]),
      [`${BASE}/aging`]: () => ok({ asOf: '2026-11-26', rows: [row], totals: { ...row } }),
    });
    renderWithApp(<PayerInvoicesPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Umur piutang' }));
    const table = await screen.findByTestId('aging-table');
    expect(await within(table).findByText('PT Maju Bersama')).toBeInTheDocument();
    expect(within(table).getByText('Belum jatuh tempo')).toBeInTheDocument();
    expect(within(table).getAllByText('Rp 250.000')).toHaveLength(2);
    expect(within(table).getAllByText('Rp 350.000')).toHaveLength(2);
    expect(String(fetch.mock.calls.find(([u]) => String(u).includes('/aging'))?.[0])).toContain(
      'clinicId=10',
    );
    await changeLocale('en');
    expect(await within(table).findByText('Not due')).toBeInTheDocument();
  });

  it('keeps the bank account printed on the invoices, for who keeps the billing settings', async () => {
    sessionStore.signIn(
      makeUser({
        username: 'admin',
        ClinicId: 10,
        clinics: [plainClinic],
        ...withScreens('Cashier', ['/Registration/daftarTagihan', '/Setting/others']),
      }),
    );
    const fetch = mockApi({
      [BASE]: () => page([]),
      [`${BASE}/payers`]: () => ok([]),
      [`${BASE}/settings`]: (init) =>
        ok({
          clinicId: 10,
          bankName: init?.method === 'PUT' ? 'BCA' : null,
          accountNumber: null,
          accountHolder: null,
        }),
    });
    renderWithApp(<PayerInvoicesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rekening tagihan' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Nama bank' }), {
      target: { value: 'BCA' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nomor rekening' }), {
      target: { value: '0123456789' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(bodies(fetch.mock.calls, 'billing/payer-invoices/settings', 'PUT')[0]).toEqual({
        clinicId: 10,
        bankName: 'BCA',
        accountNumber: '0123456789',
        accountHolder: null,
      }),
    );
  });

  it('offers no bank account to the cashier', async () => {
    mockApi({ [BASE]: () => page([]), [`${BASE}/payers`]: () => ok([]) });
    renderWithApp(<PayerInvoicesPage />);
    expect(await screen.findByRole('button', { name: 'Buat tagihan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rekening tagihan' })).toBeNull();
  });
});
