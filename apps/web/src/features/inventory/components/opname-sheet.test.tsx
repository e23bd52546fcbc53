import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { OpnameSheet } from './opname-sheet.tsx';
import { referenceLabel } from './stock-format.ts';

const line = (
  id: number,
  itemName: string,
  batchNumber: string,
  systemQuantity: number,
  counted: number | null,
) => ({
  id,
  itemUid: `i${id}`,
  itemName,
  kind: 'drug',
  baseUnit: 'TAB',
  batchNumber,
  expiryDate: '2027-05-01',
  systemQuantity,
  counted,
  difference: counted === null ? null : counted - systemQuantity,
  unitCost: 500,
  value: counted === null ? null : (counted - systemQuantity) * 500,
});
const opname = (over: object = {}) => ({
  uid: 'op1',
  number: 'SO-000004',
  locationUid: 'loc-g',
  locationName: 'Gudang',
  status: 'counting',
  note: null,
  started: { name: 'Apt. Rina', at: '2026-03-01T02:00:00.000Z' },
  submitted: null,
  approved: null,
  cancelled: null,
  cancelReason: null,
  lines: 2,
  counted: 1,
  differing: 1,
  value: -1000,
  submittedByMe: false,
  shortageValue: -1000,
  surplusValue: 0,
  items: [line(1, 'Amoksisilin', 'A1', 10, 8), line(2, 'Parasetamol', 'P1', 20, null)],
  ...over,
});

describe('the stock count sheet', { timeout: 30_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(
      makeUser({
        ClinicId: 10,
        clinics: [plainClinic],
        role: { _id: 'r', role: 'Pharmacy', menu: { access: [] } },
      }),
    ),
  );

  it('shows system, counted, difference and value; searches; saves only the changed counts', async () => {
    const fetch = mockApi({
      [`${API}/inventory/opnames/op1`]: () => ok(opname()),
      [`${API}/inventory/opnames/op1/counts`]: () => ok(opname(), 'inventory.opnameCounted'),
    });
    renderWithApp(<OpnameSheet uid="op1" manage onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Lembar hitung SO-000004' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Amoksisilin');
    expect(rows[1]).toHaveTextContent('10 TAB');
    expect(rows[1]).toHaveTextContent('−2');
    expect(rows[1]).toHaveTextContent('−Rp 1.000');
    expect(screen.getByText('1 dari 2 dihitung')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari barang di lembar hitung' }), {
      target: { value: 'para' },
    });
    expect(within(table).queryByText('Amoksisilin')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Hitung Parasetamol P1' }), {
      target: { value: '19' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan hitungan' }));
    await waitFor(() => {
      const put = fetch.mock.calls.find(
        ([u, init]) => String(u).endsWith('/counts') && init?.method === 'PUT',
      );
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ lines: [{ lineId: 2, counted: 19 }] });
    });
  });

  it('does not let the submitter approve', async () => {
    mockApi({
      [`${API}/inventory/opnames/op1`]: () => ok(opname({ status: 'submitted', submittedByMe: true })),
    });
    renderWithApp(<OpnameSheet uid="op1" manage onClose={() => {}} />);
    expect(
      await screen.findByText('Anda yang mengajukan; persetujuan oleh petugas lain'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Setujui' })).toBeDisabled();
  });
});

describe('stock card references', () => {
  const t = ((key: string, p?: Record<string, string>) => `${key}${p ? JSON.stringify(p) : ''}`) as never;
  it('names what a movement was', () => {
    const base = { referenceUid: 'abcdef123456', referenceNumber: null, counterpart: null };
    expect(
      referenceLabel(t, { ...base, kind: 'transfer_out', referenceType: 'transfer', counterpart: 'Apotek' }),
    ).toBe('inventory.reference.transferTo{"location":"Apotek"}');
    expect(
      referenceLabel(t, { ...base, kind: 'opname', referenceType: 'opname', referenceNumber: 'SO-000001' }),
    ).toBe('inventory.reference.opname{"number":"SO-000001"}');
    expect(
      referenceLabel(t, {
        ...base,
        kind: 'dispense',
        referenceType: 'prescription',
        referenceNumber: 'A-012',
      }),
    ).toBe('inventory.reference.prescription{"number":"A-012"}');
    expect(referenceLabel(t, { ...base, kind: 'receipt', referenceType: 'receipt' })).toBe(
      'receipt abcdef12',
    );
  });
});
