import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { TransactionReportPage } from './transaction-report-page.tsx';

const today = clinicDay('Asia/Jakarta');
const ENDPOINT = `${API}/reports/transactions`;
const zeroCategories = {
  registration: 0,
  consultation: 0,
  procedure: 0,
  lab: 0,
  radiology: 0,
  physio: 0,
  drug: 0,
  compounding: 0,
  consumable: 0,
  extra: 0,
};
const zeroMethods = {
  TUNAI: 0,
  DEBIT: 0,
  KREDIT: 0,
  QRIS: 0,
  TRANSFER: 0,
  DEPOSIT: 0,
  PERUSAHAAN: 0,
  ASURANSI: 0,
};
const amounts = (net: number, paid: Partial<typeof zeroMethods>) => ({
  categories: { ...zeroCategories, registration: 40_000, consultation: net - 40_000 },
  gross: net,
  discount: 0,
  dpp: net,
  ppn: 0,
  net,
  methods: { ...zeroMethods, ...paid },
  outstanding: net - Object.values(paid).reduce((a, b) => a + (b ?? 0), 0),
});
const row = (n: number, net: number, paid: Partial<typeof zeroMethods>, status: string) => ({
  ...amounts(net, paid),
  billUid: `b${n}`,
  postedAt: `${today}T02:00:00.000Z`,
  postedLocal: `${today} 09:0${n}`,
  serviceDay: today,
  lastPaidAt: null,
  invoiceNumber: `INV/10/202611/000${n}`,
  receiptNumbers: status === 'LUNAS' ? [`KW/10/202611/000${n}`] : [],
  mrn: `RM-00${n}`,
  patientName: `Pasien ${n}`,
  clinicId: 10,
  clinicName: 'Klinik Menteng',
  doctorName: 'dr. Andi',
  payerType: 'self',
  payerName: null,
  cashiers: ['Kasir Satu'],
  status,
});
const answer = {
  docs: [row(1, 1_250_000, { TUNAI: 1_250_000 }, 'LUNAS'), row(2, 130_000, {}, 'BELUM_LUNAS')],
  page: 1,
  totalPages: 1,
  limit: 25,
  totalDocs: 2,
  from: today,
  to: today,
  basis: 'service',
  totals: { ...amounts(1_380_000, { TUNAI: 1_250_000 }), bills: 2 },
};
const options = {
  cashiers: [{ id: 7, name: 'Kasir Satu' }],
  doctors: [{ id: 3, name: 'dr. Andi' }],
  companies: [],
};

const signIn = () =>
  sessionStore.signIn(
    makeUser({
      ClinicId: 10,
      clinics: [plainClinic],
      role: { _id: 'r', role: 'Kasir', menu: { access: [] } },
    }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('transaction report', { timeout: 30_000 }, () => {
  it('shows the page of bills with rupiah amounts, statuses and the totals of the whole set', async () => {
    signIn();
    const fetch = mockApi({
      [ENDPOINT]: () => ok(answer),
      [`${ENDPOINT}/options`]: () => ok(options),
    });
    renderWithApp(<TransactionReportPage />);
    const table = await screen.findByRole('table', { name: 'Laporan Transaksi' });
    const first = within(table).getByText('INV/10/202611/0001').closest('tr') as HTMLElement;
    expect(within(first).getAllByText('Rp 1.250.000').length).toBeGreaterThan(0);
    expect(within(first).getByText('Lunas')).toBeTruthy();
    const second = within(table).getByText('INV/10/202611/0002').closest('tr') as HTMLElement;
    expect(within(second).getByText('Belum Lunas')).toBeTruthy();
    const footer = within(table).getByText('Total (2 tagihan)').closest('tr') as HTMLElement;
    expect(within(footer).getAllByText('Rp 1.380.000').length).toBeGreaterThan(0);
    const asked = new URL(
      String(fetch.mock.calls.find(([u]) => String(u).startsWith(`${ENDPOINT}?`))?.[0]),
      'http://x',
    );
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      basis: 'service',
      from: today,
      to: today,
      clinicId: '10',
      page: '1',
      limit: '25',
    });

    // the status filter asks the server again
    const box = screen.getAllByLabelText(/^Status/).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    fireEvent.click(box);
    const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(await within(list).findByRole('option', { name: 'Dibatalkan', hidden: true }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => String(u).includes('status=DIBATALKAN'))).toBe(true),
    );
  });

  it('refuses a range over 92 days on the field before asking', async () => {
    signIn();
    const fetch = mockApi({ [ENDPOINT]: () => ok(answer), [`${ENDPOINT}/options`]: () => ok(options) });
    renderWithApp(<TransactionReportPage />);
    await screen.findByRole('table', { name: 'Laporan Transaksi' });
    const calls = fetch.mock.calls.length;
    fireEvent.change(screen.getByLabelText('Dari'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Sampai'), { target: { value: '2026-06-30' } });
    expect(await screen.findByText('Rentang tanggal paling lama 92 hari')).toBeTruthy();
    expect(fetch.mock.calls.slice(calls).some(([u]) => String(u).includes('from=2026-01-01'))).toBe(false);
  });

  it('exports the xlsx as it streams, with the announced row count, and saves it', async () => {
    signIn();
    const api = mockApi({ [ENDPOINT]: () => ok(answer), [`${ENDPOINT}/options`]: () => ok(options) });
    const saved: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).startsWith(`${ENDPOINT}/xlsx`)) return api(input, init);
        return new Response(new Uint8Array(4096), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="laporan-transaksi-${today}_${today}.xlsx"`,
            'x-row-count': '2',
          },
        });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderWithApp(<TransactionReportPage />);
    await screen.findByRole('table', { name: 'Laporan Transaksi' });
    fireEvent.click(screen.getByRole('button', { name: 'Ekspor xlsx' }));
    expect(await screen.findByText(`Berkas laporan-transaksi-${today}_${today}.xlsx tersimpan`)).toBeTruthy();
    expect(saved).toEqual([`laporan-transaksi-${today}_${today}.xlsx`]);
    click.mockRestore();
  });
});
