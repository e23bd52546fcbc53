import { ACCOUNT_KEYS, DEFAULT_ACCOUNTS } from '@klinikita/domain/accounting/accounting.rules';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { AccountingPage } from './accounting-page.tsx';

const today = clinicDay('Asia/Jakarta');
const line = (accountCode: string, accountName: string, debit: number, credit: number) => ({
  accountKey: 'x',
  accountCode,
  accountName,
  debit,
  credit,
});
const journal = {
  docs: [
    {
      uid: 'e1',
      day: today,
      source: 'bill',
      sourceUid: 'b1',
      reference: 'INV/10/202611/0001',
      description: 'Tagihan INV/10/202611/0001',
      lines: [line('1121', 'Piutang Pasien', 130_000, 0), line('4102', 'Pendapatan Jasa Dokter', 0, 130_000)],
      debit: 130_000,
      credit: 130_000,
      balanced: true,
    },
    {
      uid: 'e2',
      day: today,
      source: 'payment',
      sourceUid: 'p1',
      reference: 'KW/10/202611/0001',
      description: 'Pembayaran KW/10/202611/0001',
      lines: [line('1101', 'Kas', 130_000, 0), line('1121', 'Piutang Pasien', 0, 130_000)],
      debit: 130_000,
      credit: 130_000,
      balanced: true,
    },
  ],
  page: 1,
  totalPages: 1,
  limit: 50,
  totalDocs: 2,
  from: today,
  to: today,
  totals: { debit: 260_000, credit: 260_000, balanced: true },
};
const mapping = {
  clinicId: 10,
  accounts: ACCOUNT_KEYS.map((key) => ({ key, ...DEFAULT_ACCOUNTS[key], isDefault: true })),
  updatedAt: null,
};

const signIn = () =>
  sessionStore.signIn(
    makeUser({
      ClinicId: 10,
      clinics: [plainClinic],
      role: { _id: 'r', role: 'Admin', menu: { access: [] } },
    }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('ERP integration', { timeout: 30_000 }, () => {
  it('shows the day’s entries with their lines, the balanced totals, and keeps the mapping', async () => {
    signIn();
    const saved: unknown[] = [];
    const fetch = mockApi({
      [`${API}/accounting/journal`]: () => ok(journal),
      [`${API}/accounting/mapping`]: (init) => {
        if (init?.method === 'PUT') saved.push(JSON.parse(String(init.body)));
        return ok(mapping);
      },
    });
    renderWithApp(<AccountingPage />);
    const table = await screen.findByRole('table', { name: 'Jurnal' });
    expect(within(table).getByText(/INV\/10\/202611\/0001 · Tagihan/)).toBeTruthy();
    expect(within(table).getByText(/KW\/10\/202611\/0001 · Pembayaran/)).toBeTruthy();
    expect(within(table).getAllByText('Pendapatan Jasa Dokter').length).toBe(1);
    expect(within(table).getAllByText('Seimbang').length).toBe(3);
    expect(within(table).getAllByText('Rp 260.000').length).toBe(2);
    const asked = new URL(
      String(fetch.mock.calls.find(([u]) => String(u).includes('/accounting/journal'))?.[0]),
      'http://x',
    );
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ clinicId: '10', from: today, to: today });

    fireEvent.click(screen.getByRole('tab', { name: 'Pemetaan akun' }));
    const cash = await screen.findByLabelText('Kode akun Kas (tunai)');
    expect((cash as HTMLInputElement).value).toBe('1101');
    expect(screen.getByText('Bawaan: 2105 PPN Keluaran')).toBeTruthy();
    // a bad code is refused on its field before asking, and the input is kept
    fireEvent.change(cash, { target: { value: 'kas besar!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan pemetaan' }));
    expect(await screen.findByText('Kode akun hanya huruf, angka, titik, dan tanda hubung')).toBeTruthy();
    expect((cash as HTMLInputElement).value).toBe('kas besar!');
    expect(saved).toHaveLength(0);
    fireEvent.change(cash, { target: { value: '1-1001' } });
    expect(screen.getByText('Diubah')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan pemetaan' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { accounts: { key: string; code: string }[] }).accounts[0]).toMatchObject({
      key: 'cash',
      code: '1-1001',
    });
  });
});
