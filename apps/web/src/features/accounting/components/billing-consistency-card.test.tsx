import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { BillingConsistencyCard } from './billing-consistency-card.tsx';

const checked = { bills: 12, payments: 9, counters: 3, journals: 21 };
const signIn = () =>
  sessionStore.signIn(
    makeUser({
      ClinicId: 10,
      clinics: [plainClinic],
      role: { _id: 'r', role: 'Super Admin', menu: { access: [] } },
    }),
  );
const consistencyCalls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([u]) => String(u).includes('/billing/consistency')).length;

afterEach(() => vi.unstubAllGlobals());

describe('BillingConsistencyCard', { timeout: 20_000 }, () => {
  it('runs the check only when asked and says all is consistent, with what it read', async () => {
    signIn();
    const fetch = mockApi({ [`${API}/billing/consistency`]: () => ok({ ok: true, checked, problems: [] }) });
    renderWithApp(<BillingConsistencyCard />);
    expect(screen.getByRole('heading', { name: 'Cek kesesuaian keuangan' })).toBeTruthy();
    expect(consistencyCalls(fetch)).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Jalankan pengecekan' }));
    const status = await screen.findByRole('status', { name: 'Semua sesuai, tidak ada selisih' });
    expect(
      within(status).getByText(
        'Diperiksa: 12 tagihan, 9 pembayaran, 3 seri nomor dokumen (per klinik dan bulan), 21 jurnal.',
      ),
    ).toBeTruthy();
    expect(consistencyCalls(fetch)).toBe(1);

    // asked again, it reads again (no cached answer)
    fireEvent.click(screen.getByRole('button', { name: 'Periksa lagi' }));
    await vi.waitFor(() => expect(consistencyCalls(fetch)).toBe(2));
  });

  it('lists each problem with its kind in words, its reference and detail', async () => {
    signIn();
    mockApi({
      [`${API}/billing/consistency`]: () =>
        ok({
          ok: false,
          checked,
          problems: [
            {
              kind: 'paidMismatch',
              ref: 'INV/10/202611/0004',
              detail: 'total 150000, paid 100000, receivable 0, status paid',
            },
            {
              kind: 'journalUnbalanced',
              ref: 'KW/10/202611/0002 (payment)',
              detail: 'debit 50000, credit 40000',
            },
            { kind: 'numberGap', ref: 'KW/10/202611', detail: 'missing 3; duplicate -' },
            { kind: 'partsMismatch', ref: 'p-uid-1', detail: '' },
            {
              kind: 'depositOverdrawn',
              ref: 'patient:7',
              detail: 'balance -5000, received 10000, drawn 15000, refunded 0',
            },
            { kind: 'somethingNew', ref: 'x1', detail: 'd' },
          ],
        }),
    });
    renderWithApp(<BillingConsistencyCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Jalankan pengecekan' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Ditemukan 6 ketidaksesuaian')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Cek kesesuaian keuangan' });
    const row = (text: string) => within(within(table).getByText(text).closest('tr')!);
    const paid = row('INV/10/202611/0004');
    expect(
      paid.getByText(
        'Tagihan lunas, tetapi jumlah pembayaran dan piutangnya tidak sama dengan total tagihan',
      ),
    ).toBeTruthy();
    // the detail's labels in Indonesian, its amounts in rupiah
    expect(paid.getByText('total Rp 150.000, dibayar Rp 100.000, piutang Rp 0, status paid')).toBeTruthy();
    const journal = row('KW/10/202611/0002 (Pembayaran)');
    expect(journal.getByText('Jurnal tidak seimbang: debit tidak sama dengan kredit')).toBeTruthy();
    expect(journal.getByText('debit Rp 50.000, kredit Rp 40.000')).toBeTruthy();
    const deposit = row('Deposit pasien #7');
    expect(deposit.getByText('Saldo deposit pasien di bawah nol')).toBeTruthy();
    expect(
      deposit.getByText('saldo Rp -5.000, diterima Rp 10.000, dipakai Rp 15.000, dikembalikan Rp 0'),
    ).toBeTruthy();
    expect(row('KW/10/202611').getByText('Nomor dokumen melompat atau terpakai dua kali')).toBeTruthy();
    expect(row('KW/10/202611').getByText('nomor hilang 3; nomor ganda -')).toBeTruthy();
    expect(row('p-uid-1').getByText('–')).toBeTruthy();
    // a kind this screen does not know yet is still shown, by its name
    expect(row('x1').getByText('Ketidaksesuaian lain (somethingNew)')).toBeTruthy();
    expect(row('x1').getByText('d')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Semua sesuai, tidak ada selisih' })).toBeNull();
  });

  it('shows a failed check as an error and can be run again', async () => {
    signIn();
    let failing = true;
    mockApi({
      [`${API}/billing/consistency`]: () =>
        failing
          ? { status: 500, body: { status: false, message: 'Server sedang sibuk' } }
          : ok({ ok: true, checked, problems: [] }),
    });
    renderWithApp(<BillingConsistencyCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Jalankan pengecekan' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Pengecekan tidak dapat dijalankan')).toBeTruthy();
    expect(within(alert).getByText('Server sedang sibuk')).toBeTruthy();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Jalankan pengecekan' }));
    expect(await screen.findByText('Semua sesuai, tidak ada selisih')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
