import type { Shift } from '@klinikita/domain/billing/cashier-shifts.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, ok, plainClinic, registration } from '../../../test/lab-test-kit.tsx';
import { withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { CashierPage } from './cashier-page.tsx';

/**
 * The shift bar of `/Payment/payment` (issue 18 §4): opening a shift with its float, "Bayar"
 * disabled while none is open, the running totals, closing with a variance computed as typed
 * and its reason required, the approvals of an approver and the day close's refusal.
 */

const LIST = `${API}/registrations/registrations`;
const CURRENT = `${API}/billing/shifts/current`;
const SHIFTS = `${API}/billing/shifts`;

const shift = (over: Partial<Shift> = {}): Shift => ({
  uid: 's1',
  clinicId: 10,
  cashier: { id: 7, name: 'Sinta Kasir' },
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
    cashIn: 150_000,
    cashRefunds: 0,
    expectedCash: 650_000,
    nonCash: [{ method: 'QRIS', amount: 80_000 }],
    payments: 2,
    deposits: { received: 0, refunded: 0 },
  },
  ...over,
});
const page = (docs: unknown[]) => ok({ docs, page: 1, totalPages: 1, limit: 50, totalDocs: docs.length });
const user = (routes: string[]) =>
  makeUser({ username: 'kasir', ClinicId: 10, clinics: [plainClinic], ...withScreens('Cashier', routes) });
const waiting = registration({ _id: 'v1', clinicId: 10, queueNumber: 'A-012', status: 'Payment' });

describe('the cashier shift bar', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.signIn(user(['/Payment/payment'])));
  afterEach(() => vi.unstubAllGlobals());

  it('opens a shift with its float; until then "Bayar" is disabled with a hint', async () => {
    let current: Shift | null = null;
    const fetch = mockApi({
      [LIST]: () => page([waiting]),
      [CURRENT]: () => ok({ shift: current, pending: [] }),
      [`${API}/billing/visits/v1/bill`]: () =>
        ok({
          uid: 'b1',
          visitUid: 'v1',
          clinicId: 10,
          number: null,
          status: 'draft',
          payerType: 'self',
          payerName: null,
          serviceDay: '2026-03-05',
          settings: { isPkp: false, pricesIncludePpn: true, discountApprovalThreshold: 100_000 },
          lines: [],
          adjustments: [],
          totals: {
            gross: 0,
            discount: 0,
            dpp: 0,
            ppn: 0,
            net: 25_000,
            payerPortion: 0,
            patientPortion: 25_000,
          },
          paid: 0,
          receivable: 0,
          outstanding: 25_000,
          payments: [],
          postedAt: null,
        }),
      [SHIFTS]: () => {
        current = shift({
          totals: {
            cashIn: 0,
            cashRefunds: 0,
            expectedCash: 500_000,
            nonCash: [],
            payments: 0,
            deposits: { received: 0, refunded: 0 },
          },
        });
        return ok(current, 'Shift kasir berhasil dibuka');
      },
    });
    renderWithApp(<CashierPage />);
    const bar = await screen.findByTestId('shift-bar');
    expect(await within(bar).findByText('Shift belum dibuka')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Buka tagihan Budi Hartono' }));
    expect(await screen.findByTestId('pay-hint')).toHaveTextContent(
      'Buka shift kasir terlebih dahulu untuk menerima pembayaran',
    );
    expect(screen.getByRole('button', { name: 'Bayar' })).toBeDisabled();

    fireEvent.change(within(bar).getByRole('textbox', { name: 'Modal awal (Rp)' }), {
      target: { value: '500000' },
    });
    fireEvent.click(within(bar).getByRole('button', { name: 'Buka shift' }));
    await waitFor(() =>
      expect(bodies(fetch.mock.calls, 'billing/shifts', 'POST')).toEqual([
        { clinicId: 10, openingFloat: 500_000 },
      ]),
    );
    expect(await within(bar).findByTestId('shift-expected')).toHaveTextContent('Rp 500.000');
    await waitFor(() => expect(screen.queryByTestId('pay-hint')).toBeNull());
    expect(screen.getByRole('button', { name: 'Bayar' })).toBeEnabled();
  });

  it('closes the shift with the variance computed as typed and its reason required', async () => {
    let current: { shift: Shift | null; pending: Shift[] } = { shift: shift(), pending: [] };
    const fetch = mockApi({
      [LIST]: () => page([]),
      [CURRENT]: () => ok(current),
      [`${SHIFTS}/s1/close`]: () => {
        const closed = shift({ status: 'pending_approval', countedCash: 649_000, variance: -1_000 });
        current = { shift: null, pending: [closed] };
        return ok(closed);
      },
    });
    renderWithApp(<CashierPage />);
    const bar = await screen.findByTestId('shift-bar');
    expect(await within(bar).findByTestId('shift-expected')).toHaveTextContent('Rp 650.000');
    expect(within(bar).getByText('QRIS')).toBeInTheDocument();
    expect(within(bar).getByText('Rp 80.000')).toBeInTheDocument();

    fireEvent.click(within(bar).getByRole('button', { name: 'Tutup shift' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('expected-cash')).toHaveTextContent('Rp 650.000');
    const counted = within(dialog).getByRole('textbox', { name: 'Kas yang dihitung (Rp)' });
    fireEvent.change(counted, { target: { value: '650000' } });
    expect(within(dialog).getByTestId('variance')).toHaveTextContent('Rp 0');
    expect(within(dialog).queryByRole('textbox', { name: /Alasan selisih/ })).toBeNull();
    fireEvent.change(counted, { target: { value: '649000' } });
    expect(within(dialog).getByTestId('variance')).toHaveTextContent('−Rp 1.000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup shift' }));
    expect(
      await within(dialog).findByText('Alasan wajib diisi bila ada selisih (minimal 3 huruf)'),
    ).toBeInTheDocument();
    expect(bodies(fetch.mock.calls, 'billing/shifts/s1/close', 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Alasan selisih/ }), {
      target: { value: 'Kembalian kurang' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup shift' }));
    await waitFor(() =>
      expect(bodies(fetch.mock.calls, 'billing/shifts/s1/close', 'POST')).toEqual([
        { countedCash: 649_000, reason: 'Kembalian kurang' },
      ]),
    );
    expect(await within(bar).findByText('Shift menunggu persetujuan selisih −Rp 1.000')).toBeInTheDocument();
    expect(within(bar).getByText('Shift belum dibuka')).toBeInTheDocument();
  });

  it('lets an approver approve a pending shift and shows the day close’s refusal', async () => {
    sessionStore.signIn(user(['/Payment/payment', '/Registration/laporanTransaksi']));
    vi.stubGlobal('confirm', () => true);
    const pending = shift({
      status: 'pending_approval',
      variance: -1_000,
      varianceReason: 'Kembalian kurang',
    });
    // the approver's own shift waiting too: shown in the bar, not offered for approval
    const own = shift({
      uid: 's2',
      cashier: { id: 8, name: 'Kasir Sendiri' },
      status: 'pending_approval',
      variance: 2_000,
      varianceReason: 'Lebih',
    });
    const fetch = mockApi({
      [LIST]: () => page([]),
      [CURRENT]: () => ok({ shift: null, pending: [own] }),
      [SHIFTS]: () => page([pending, own]),
      [`${SHIFTS}/s1/approve`]: () => ok({ ...pending, status: 'closed' }),
      [`${API}/billing/days/close`]: () => ({
        status: 409,
        body: {
          status: false,
          message:
            'Hari 2026-03-05 belum dapat ditutup: 1 tagihan belum lunas, 0 kunjungan menunggu pembayaran, 1 shift kasir masih dibuka',
        },
      }),
    });
    renderWithApp(<CashierPage />);
    const approvals = await screen.findByTestId('shift-approvals');
    expect(within(approvals).getByText('Sinta Kasir')).toBeInTheDocument();
    expect(within(approvals).getByText('Kembalian kurang')).toBeInTheDocument();
    expect(within(approvals).queryByText('Kasir Sendiri')).toBeNull();
    expect(screen.getByText('Shift menunggu persetujuan selisih Rp 2.000')).toBeInTheDocument();
    fireEvent.click(within(approvals).getByRole('button', { name: 'Setujui' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter(
          ([u, init]) => String(u) === `${SHIFTS}/s1/approve` && init?.method === 'POST',
        ),
      ).toHaveLength(1),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tutup hari' }));
    expect(await screen.findByTestId('day-close-refusal')).toHaveTextContent(
      /belum dapat ditutup: 1 tagihan belum lunas/,
    );
    expect(bodies(fetch.mock.calls, 'billing/days/close', 'POST')[0]).toMatchObject({ clinicId: 10 });
  });
});
