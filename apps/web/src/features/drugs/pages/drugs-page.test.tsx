import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { DrugsPage } from './drugs-page.tsx';

const API = '/api/clinic/v1';
const LIST = `${API}/settings/pharmacy/drugs`;
const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });

const paracetamol = {
  uid: 'd1',
  name: 'Paracetamol',
  genericName: 'Parasetamol',
  form: 'tablet',
  strength: '500 mg',
  unit: 'tablet',
  kfaCode: '93000123',
  price: 1500,
  active: true,
  updatedAt: '2026-01-05T03:00:00.000Z',
};
const ranitidine = {
  ...paracetamol,
  uid: 'd2',
  name: 'Ranitidine',
  genericName: 'Ranitidin',
  strength: '150 mg',
  kfaCode: null,
  price: 500,
  active: false,
};
const page = (docs: unknown[], over: object = {}) =>
  ok({ docs, page: 1, totalPages: 3, limit: 20, totalDocs: 41, ...over });

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const listQueries = (calls: Calls) =>
  calls
    .filter(([u, init]) => String(u).startsWith(LIST) && (init?.method ?? 'GET') === 'GET')
    .map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));
const bodies = (calls: Calls, method: string) =>
  calls
    .filter(([, init]) => init?.method === method)
    .map(([u, init]) => ({ url: String(u), body: JSON.parse(String(init?.body)) }));

/** The input labelled `label` (an autocomplete's option list carries the same label). */
const textbox = (label: RegExp) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(textbox(label), { target: { value } });

const renderPage = () =>
  renderWithApp(
    <ModalsProvider>
      <DrugsPage />
    </ModalsProvider>,
  );

describe('DrugsPage', { timeout: 30_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(makeUser({ role: { _id: 'r', role: 'Pharmacy', menu: { access: [] } } })),
  );

  it('lists drugs with rupiah prices and searches, filters and pages on the server', async () => {
    const fetchMock = mockApi({
      [LIST]: (_init, url) =>
        page(url.searchParams.get('active') === 'false' ? [ranitidine] : [paracetamol, ranitidine], {
          page: Number(url.searchParams.get('page')),
        }),
    });
    renderPage();
    const row = (await screen.findByText('Paracetamol')).closest('tr')!;
    expect(within(row).getByText('Parasetamol')).toBeInTheDocument();
    expect(within(row).getByText('Rp 1.500')).toBeInTheDocument();
    expect(within(row).getByText('93000123')).toBeInTheDocument();
    expect(within(row).getByText('Aktif')).toBeInTheDocument();
    const other = screen.getByText('Ranitidine').closest('tr')!;
    expect(within(other).getByText('Nonaktif')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Aktifkan Ranitidine 150 mg' })).toBeInTheDocument();
    expect(screen.getByText('1–20 dari 41')).toBeInTheDocument();
    expect(listQueries(fetchMock.mock.calls)[0]).toEqual({ page: '1', limit: '20' });

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(listQueries(fetchMock.mock.calls).at(-1)).toEqual({ page: '2', limit: '20' }));

    // typing searches after a pause, from the first page again
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari obat' }), { target: { value: 'para' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari obat' }), {
      target: { value: 'parasetamol' },
    });
    await waitFor(() =>
      expect(listQueries(fetchMock.mock.calls).at(-1)).toEqual({
        search: 'parasetamol',
        page: '1',
        limit: '20',
      }),
    );
    expect(listQueries(fetchMock.mock.calls).some((q) => q.search === 'para')).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'Nonaktif' }));
    await waitFor(() =>
      expect(listQueries(fetchMock.mock.calls).at(-1)).toEqual({
        search: 'parasetamol',
        active: 'false',
        page: '1',
        limit: '20',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Paracetamol')).not.toBeInTheDocument());
  });

  it('adds a drug: field messages first, nothing sent, then the payload and the server message', async () => {
    const fetchMock = mockApi({
      [LIST]: (init) =>
        init?.method === 'POST' ? ok({ ...paracetamol, uid: 'd9' }, 'Data obat berhasil disimpan') : page([]),
    });
    renderPage();
    expect(await screen.findByText('Belum ada obat. Tambahkan obat pertama.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah obat' }));
    const dialog = await screen.findByRole('dialog');
    type(/^Kode KFA/, '12ab');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Nama obat wajib diisi')).toBeInTheDocument();
    expect(screen.getByText('Bentuk sediaan wajib diisi')).toBeInTheDocument();
    expect(screen.getByText('Satuan wajib diisi')).toBeInTheDocument();
    expect(screen.getByText('Harga wajib diisi')).toBeInTheDocument();
    expect(screen.getByText('Kode KFA harus 8 sampai 20 digit angka')).toBeInTheDocument();
    expect(textbox(/^Nama obat/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodies(fetchMock.mock.calls, 'POST')).toHaveLength(0);

    type(/^Nama obat/, 'Cetirizine');
    expect(screen.queryByText('Nama obat wajib diisi')).not.toBeInTheDocument();
    type(/^Nama generik/, 'Setirizin');
    type(/^Bentuk sediaan/, 'tablet');
    type(/^Kekuatan/, '10 mg');
    type(/^Satuan/, 'tablet');
    type(/^Harga per satuan/, '1500');
    type(/^Kode KFA/, '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'POST')).toEqual([
        {
          url: LIST,
          body: {
            name: 'Cetirizine',
            genericName: 'Setirizin',
            form: 'tablet',
            strength: '10 mg',
            unit: 'tablet',
            kfaCode: '',
            price: 1500,
            active: true,
          },
        },
      ]),
    );
    expect(await screen.findByText('Data obat berhasil disimpan')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a duplicate next to the name and keeps the input', async () => {
    mockApi({
      [`${LIST}/d1`]: () => ({
        status: 409,
        body: {
          status: false,
          message: 'Obat Paracetamol 500 mg tablet sudah ada (nama, kekuatan dan bentuk sediaan yang sama)',
          errors: [{ path: 'name', message: 'Obat sudah ada' }],
        },
      }),
      [LIST]: () => page([paracetamol]),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Paracetamol 500 mg' }));
    await screen.findByRole('dialog');
    expect(textbox(/^Nama obat/).value).toBe('Paracetamol');
    expect(textbox(/^Harga per satuan/).value).toBe('Rp 1.500');
    type(/^Kekuatan/, '650 mg');
    fireEvent.submit(textbox(/^Nama obat/).closest('form')!);
    expect(await screen.findByText('Obat sudah ada')).toBeInTheDocument();
    expect(textbox(/^Nama obat/)).toHaveAttribute('aria-invalid', 'true');
    expect(textbox(/^Kekuatan/).value).toBe('650 mg');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deactivates a drug only after the confirmation, sending it whole', async () => {
    const fetchMock = mockApi({
      [`${LIST}/d1`]: () => ok({ ...paracetamol, active: false }, 'Data obat berhasil disimpan'),
      [LIST]: () => page([paracetamol]),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan Paracetamol 500 mg' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Nonaktifkan Paracetamol 500 mg? Obat tidak dapat diresepkan lagi');
    expect(bodies(fetchMock.mock.calls, 'PUT')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'PUT')).toEqual([
        {
          url: `${LIST}/d1`,
          body: {
            name: 'Paracetamol',
            genericName: 'Parasetamol',
            form: 'tablet',
            strength: '500 mg',
            unit: 'tablet',
            kfaCode: '93000123',
            price: 1500,
            active: false,
          },
        },
      ]),
    );
  });
});
