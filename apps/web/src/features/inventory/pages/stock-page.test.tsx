import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { StockInfoPage, WarehousePage } from './stock-page.tsx';

const today = clinicDay('Asia/Jakarta');
const LOCATIONS = `${API}/inventory/locations`;
const locations = [
  { uid: 'loc-g', clinicId: 10, name: 'Gudang', type: 'warehouse', active: true },
  { uid: 'loc-a', clinicId: 10, name: 'Apotek', type: 'pharmacy', active: true },
];
const paracetamol = {
  itemUid: 'd1',
  name: 'Paracetamol',
  strength: '500 mg',
  kind: 'drug',
  drugClass: 'otc',
  baseUnit: 'tablet',
  minStock: 200,
  onHand: 150,
  averageCost: 150,
  value: 22_500,
  batches: [
    { batchNumber: 'PCT-01', expiryDate: addDays(today, 40), quantity: 50, expired: false },
    { batchNumber: 'PCT-02', expiryDate: addDays(today, 400), quantity: 100, expired: false },
  ],
};
const amoxicillin = {
  ...paracetamol,
  itemUid: 'd2',
  name: 'Amoxicillin',
  drugClass: 'hard',
  minStock: 50,
  onHand: 300,
  value: 90_000,
  batches: [{ batchNumber: 'AMX-7', expiryDate: addDays(today, 500), quantity: 300, expired: false }],
};
const page = (docs: unknown[]) => ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });
const alerts = ok({
  belowMinimum: [{ itemUid: 'd1', name: 'Paracetamol', baseUnit: 'tablet', onHand: 150, minStock: 200 }],
  nearExpiry: [],
  deadStock: [],
  until: addDays(today, 90),
});
const card = ok({
  docs: [
    {
      uid: 'm2',
      at: '2026-03-05T03:15:00.000Z',
      kind: 'transfer_out',
      batchNumber: 'PCT-01',
      expiryDate: addDays(today, 40),
      quantity: -50,
      batchBalance: 50,
      balance: 150,
      unitCost: 150,
      referenceType: 'transfer',
      referenceUid: 'tr-abcdef123',
      reason: null,
      by: 'Apt. Rina',
    },
    {
      uid: 'm1',
      at: '2026-03-01T02:00:00.000Z',
      kind: 'receipt',
      batchNumber: 'PCT-01',
      expiryDate: addDays(today, 40),
      quantity: 100,
      batchBalance: 100,
      balance: 200,
      unitCost: 150,
      referenceType: 'receipt',
      referenceUid: 'rc-1',
      reason: null,
      by: 'Apt. Rina',
    },
  ],
  page: 1,
  totalPages: 1,
  limit: 20,
  totalDocs: 2,
});
const settings = ok({
  uid: 'd1',
  name: 'Paracetamol',
  strength: '500 mg',
  form: 'tablet',
  kind: 'drug',
  drugClass: 'otc',
  baseUnit: 'tablet',
  minStock: 200,
  units: [{ name: 'BOX', factor: 100 }],
  baseUnitLocked: true,
});

const access = (route: string) => ({
  parent: { enabled: true, status: true, menu: { _id: route, menu: { name: route, route } } },
  childs: [],
});
const signInWith = (...routes: string[]) =>
  sessionStore.signIn(
    makeUser({
      ClinicId: 10,
      clinics: [plainClinic],
      role: { _id: 'r', role: 'Pharmacy', menu: { access: routes.map(access) } },
    }),
  );

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const posted = (calls: Calls, path: string) =>
  calls
    .filter(([u, init]) => String(u) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

async function pick(label: string, option: string) {
  const box = screen
    .getAllByLabelText(new RegExp(`^${label}`))
    .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('stock screens', { timeout: 30_000 }, () => {
  beforeEach(() => signInWith('/stockInfo'));

  it('lists a location’s items with on-hand, nearest expiry and badges, and opens the stock card', async () => {
    const fetch = mockApi({
      [LOCATIONS]: () => ok(locations),
      [`${LOCATIONS}/loc-g/stock`]: () => page([paracetamol, amoxicillin]),
      [`${API}/inventory/alerts`]: () => alerts,
      [`${API}/inventory/items/d1`]: () => settings,
      [`${LOCATIONS}/loc-g/items/d1/card`]: () => card,
    });
    renderWithApp(<StockInfoPage />);
    const row = (await screen.findByRole('button', { name: 'Lihat Paracetamol 500 mg' })).closest('tr')!;
    expect(within(row).getByText('150 tablet')).toBeInTheDocument();
    expect(within(row).getByText(addDays(today, 40).split('-').reverse().join('/'))).toBeInTheDocument();
    expect(within(row).getByText('Di bawah minimum')).toBeInTheDocument();
    expect(within(row).getByText('Hampir kedaluwarsa')).toBeInTheDocument();
    expect(within(row).getByText('Rp 22.500')).toBeInTheDocument();
    const other = screen.getByRole('button', { name: 'Lihat Amoxicillin 500 mg' }).closest('tr')!;
    expect(within(other).queryByText('Di bawah minimum')).toBeNull();
    expect(within(other).queryByText('Hampir kedaluwarsa')).toBeNull();
    // read only: no receive, transfer or adjust without stock.manage
    expect(screen.queryByRole('button', { name: 'Penerimaan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mutasi' })).toBeNull();
    // the alerts panel
    expect(await screen.findByText('Di bawah minimum (1)')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Lihat Paracetamol 500 mg' }));
    const dialog = await screen.findByRole('dialog');
    const batches = within(dialog).getByRole('table', { name: 'Batch' });
    expect(
      within(batches)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Nomor batchKedaluwarsaJumlah',
      expect.stringMatching(/^PCT-01.*Hampir kedaluwarsa50 tablet$/),
      expect.stringMatching(/^PCT-02.*100 tablet$/),
    ]);
    const stockCard = within(dialog).getByRole('table', { name: 'Kartu stok' });
    await within(stockCard).findByText('Mutasi keluar');
    const lines = within(stockCard).getAllByRole('row');
    expect(lines[1]).toHaveTextContent('05/03/2026 10:15');
    expect(lines[1]).toHaveTextContent('Mutasi keluar');
    expect(lines[1]).toHaveTextContent('−50');
    expect(lines[1]).toHaveTextContent('150 tablet');
    expect(lines[1]).toHaveTextContent('Apt. Rina');
    expect(lines[2]).toHaveTextContent('Penerimaan');
    expect(lines[2]).toHaveTextContent('+100');
    expect(await within(dialog).findByText(/1 BOX = 100 tablet/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/card?page=1&limit=20'))).toBe(true);
  });

  it('receives in a packaging unit, shows the server’s field message and keeps the input', async () => {
    signInWith('/warehouse', '/Setting/Pharmacy/drug');
    let refuse = true;
    const fetch = mockApi({
      [LOCATIONS]: () => ok(locations),
      [`${LOCATIONS}/loc-g/stock`]: () => page([paracetamol]),
      [`${API}/inventory/alerts`]: () => alerts,
      [`${API}/inventory/items/d1`]: () => settings,
      [`${API}/settings/pharmacy/drugs`]: () =>
        page([{ uid: 'd1', name: 'Paracetamol', strength: '500 mg', genericName: null }]),
      [`${LOCATIONS}/loc-g/receipts`]: () =>
        refuse
          ? {
              status: 400,
              body: {
                status: false,
                message: 'Tanggal kedaluwarsa sebelum tanggal terima',
                errors: [{ path: 'expiryDate', message: 'inventory.expiryBeforeReceipt' }],
              },
            }
          : ok({}, 'inventory.received'),
    });
    renderWithApp(<WarehousePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Penerimaan' }));
    const dialog = await screen.findByRole('dialog');
    await pick('Barang', 'Paracetamol 500 mg');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nomor batch' }), {
      target: { value: 'pct-09' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Kedaluwarsa' }), {
      target: { value: '01012020' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Jumlah' }), { target: { value: '2' } });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByLabelText(/^Satuan/)
          .find((el) => el.tagName === 'INPUT'),
      ).toBeEnabled(),
    );
    await pick('Satuan', 'BOX (= 100 tablet)');
    expect(await within(dialog).findByText('= 200 tablet')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Harga per satuan' }), {
      target: { value: '15000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(posted(fetch.mock.calls, `${LOCATIONS}/loc-g/receipts`)).toHaveLength(1));
    expect(posted(fetch.mock.calls, `${LOCATIONS}/loc-g/receipts`)[0]).toEqual({
      itemUid: 'd1',
      batchNumber: 'PCT-09',
      expiryDate: '2020-01-01',
      quantity: 2,
      unit: 'BOX',
      unitCost: 15000,
    });
    expect(await within(dialog).findByText('Tanggal kedaluwarsa sebelum tanggal terima')).toBeInTheDocument();
    const expiry = within(dialog).getByRole('textbox', { name: 'Kedaluwarsa' });
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(expiry).toHaveValue('01/01/2020');
    expect(within(dialog).getByRole('textbox', { name: 'Nomor batch' })).toHaveValue('pct-09');

    refuse = false;
    fireEvent.change(expiry, { target: { value: '01012029' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(fetch.mock.calls, `${LOCATIONS}/loc-g/receipts`)[1].expiryDate).toBe('2029-01-01');
  });
});
