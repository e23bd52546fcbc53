import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { CodeListsPage } from './code-lists-page.tsx';

const API = '/api/clinic/v1';
const LISTS = `${API}/code-lists`;
const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });
const page = (docs: unknown[], over: object = {}) =>
  ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length, ...over });

const item = (code: string, nameId: string, nameEn: string, sort: number, over: object = {}) => ({
  uid: `u-${code}`,
  list: 'cancellation',
  code,
  nameId,
  nameEn,
  sort,
  active: true,
  updatedAt: '2026-01-05T03:00:00.000Z',
  ...over,
});
const batal = item('BTL-DATANG', 'Pasien batal datang', 'Patient did not come', 10);
const salah = item('SALAH-DAFTAR', 'Salah pendaftaran', 'Registered in error', 20);
const fit = item('FIT', 'Layak kerja', 'Fit', 10, { list: 'mcuConclusion' });

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const gets = (calls: Calls, prefix: string) =>
  calls
    .filter(([u, init]) => String(u).startsWith(prefix) && (init?.method ?? 'GET') === 'GET')
    .map(([u]) => {
      const url = new URL(String(u), 'http://x');
      return { path: url.pathname, ...Object.fromEntries(url.searchParams) };
    });
const writes = (calls: Calls, method: string) =>
  calls
    .filter(([, init]) => init?.method === method)
    .map(([u, init]) => ({ url: String(u), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

const textbox = (label: RegExp) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(textbox(label), { target: { value } });

const renderPage = (route = '/statesCode') =>
  renderWithApp(
    <ModalsProvider>
      <CodeListsPage />
    </ModalsProvider>,
    { route },
  );

describe('CodeListsPage', { timeout: 30_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(
      makeUser({
        role: { _id: 'r', role: 'Super Admin', menu: { access: [] } },
        clinics: [
          {
            id: 12,
            uid: 'c12',
            name: 'Klinikita MCU Center Surabaya',
            mcuSite: true,
            timeZone: 'Asia/Jakarta',
          },
          {
            id: 13,
            uid: 'c13',
            name: 'Klinik Pratama Klinikita Makassar',
            mcuSite: false,
            timeZone: 'Asia/Makassar',
          },
        ],
      }),
    ),
  );

  it('shows a tab per list, lists the entries in order and searches, filters and moves on the server', async () => {
    const fetchMock = mockApi({
      [`${LISTS}/cancellation/items`]: () => page([batal, salah]),
      [`${LISTS}/mcuConclusion/items`]: () => page([fit]),
      [`${LISTS}/cancellation/items/u-SALAH-DAFTAR/move`]: () => ok(salah, 'Urutan entri diubah'),
    });
    renderPage();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Alasan pembatalan',
      'Penolakan sampel',
      'Pengembalian dana',
      'Diskon',
      'Kesimpulan MCU',
      'Koreksi & favorit ICD',
    ]);
    const row = (await screen.findByText('Pasien batal datang')).closest('tr')!;
    expect(within(row).getByText('BTL-DATANG')).toBeInTheDocument();
    expect(within(row).getByText('Patient did not come')).toBeInTheDocument();
    expect(within(row).getByText('Aktif')).toBeInTheDocument();
    expect(screen.getByText(/Entri tidak dapat dihapus karena mungkin sudah dipakai/)).toBeInTheDocument();
    // the first entry cannot go up, the last not down
    expect(screen.getByRole('button', { name: 'Naikkan BTL-DATANG Pasien batal datang' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Turunkan SALAH-DAFTAR Salah pendaftaran' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Naikkan SALAH-DAFTAR Salah pendaftaran' }));
    await waitFor(() =>
      expect(writes(fetchMock.mock.calls, 'POST')).toEqual([
        { url: `${LISTS}/cancellation/items/u-SALAH-DAFTAR/move`, body: { direction: 'up' } },
      ]),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari entri' }), { target: { value: 'batal' } });
    await waitFor(() =>
      expect(gets(fetchMock.mock.calls, LISTS).at(-1)).toEqual({
        path: `${LISTS}/cancellation/items`,
        search: 'batal',
        page: '1',
        limit: '20',
      }),
    );
    // while searching, the order cannot be changed
    expect(screen.queryByRole('button', { name: /^Naikkan/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Nonaktif' }));
    await waitFor(() => expect(gets(fetchMock.mock.calls, LISTS).at(-1)).toMatchObject({ active: 'false' }));

    fireEvent.click(screen.getByRole('tab', { name: 'Kesimpulan MCU' }));
    expect(await screen.findByText('Layak kerja')).toBeInTheDocument();
    expect(gets(fetchMock.mock.calls, LISTS).at(-1)).toEqual({
      path: `${LISTS}/mcuConclusion/items`,
      page: '1',
      limit: '20',
    });
  });

  it('opens the tab the address names', async () => {
    mockApi({ [`${LISTS}/mcuConclusion/items`]: () => page([fit]) });
    renderPage('/statesCode?tab=mcuConclusion');
    expect(await screen.findByText('Layak kerja')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Kesimpulan MCU' })).toHaveAttribute('aria-selected', 'true');
  });

  it('adds an entry: field messages first, nothing sent, then the payload in capitals', async () => {
    const fetchMock = mockApi({
      [`${LISTS}/cancellation/items`]: (init) =>
        init?.method === 'POST' ? ok(item('PINDAH-KOTA', 'x', 'y', 30), 'Entri berhasil disimpan') : page([]),
    });
    renderPage();
    expect(
      await screen.findByText('Daftar ini belum berisi entri. Tambahkan entri pertama.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah entri' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Tambah entri: Alasan pembatalan');
    type(/^Kode/, 'pindah kota');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText('Kode hanya boleh berisi huruf, angka, titik, garis bawah atau tanda hubung'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nama (Indonesia) wajib diisi')).toBeInTheDocument();
    expect(screen.getByText('Nama (Inggris) wajib diisi')).toBeInTheDocument();
    expect(writes(fetchMock.mock.calls, 'POST')).toHaveLength(0);

    type(/^Kode/, 'pindah-kota');
    type(/^Nama \(Indonesia\)/, 'Pasien pindah kota');
    type(/^Nama \(Inggris\)/, 'Patient moved away');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(writes(fetchMock.mock.calls, 'POST')).toEqual([
        {
          url: `${LISTS}/cancellation/items`,
          body: {
            code: 'PINDAH-KOTA',
            nameId: 'Pasien pindah kota',
            nameEn: 'Patient moved away',
            sort: null,
          },
        },
      ]),
    );
    expect(await screen.findByText('Entri berhasil disimpan')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a duplicate code next to the code and keeps the input', async () => {
    mockApi({
      [`${LISTS}/cancellation/items/u-BTL-DATANG`]: () => ({
        status: 409,
        body: {
          status: false,
          message: 'Kode SALAH-DAFTAR sudah ada di daftar ini',
          errors: [{ path: 'code', message: 'Kode ini sudah dipakai di daftar ini' }],
        },
      }),
      [`${LISTS}/cancellation/items`]: () => page([batal, salah]),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah BTL-DATANG Pasien batal datang' }));
    await screen.findByRole('dialog');
    expect(textbox(/^Kode/).value).toBe('BTL-DATANG');
    expect(textbox(/^Urutan/).value).toBe('10');
    type(/^Kode/, 'SALAH-DAFTAR');
    type(/^Nama \(Indonesia\)/, 'Batal');
    fireEvent.submit(textbox(/^Kode/).closest('form')!);
    expect(await screen.findByText('Kode ini sudah dipakai di daftar ini')).toBeInTheDocument();
    expect(textbox(/^Kode/)).toHaveAttribute('aria-invalid', 'true');
    expect(textbox(/^Nama \(Indonesia\)/).value).toBe('Batal');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deactivates an entry only after a confirmation that says why it is not deleted', async () => {
    const fetchMock = mockApi({
      [`${LISTS}/cancellation/items/u-BTL-DATANG/deactivate`]: () =>
        ok({ ...batal, active: false }, 'Entri dinonaktifkan'),
      [`${LISTS}/cancellation/items`]: () => page([batal]),
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Nonaktifkan BTL-DATANG Pasien batal datang' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Nonaktifkan BTL-DATANG Pasien batal datang? Entri tidak dapat dipilih lagi. Entri tidak dihapus karena mungkin sudah dipakai pada kunjungan sebelumnya',
    );
    expect(writes(fetchMock.mock.calls, 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() =>
      expect(writes(fetchMock.mock.calls, 'POST')).toEqual([
        { url: `${LISTS}/cancellation/items/u-BTL-DATANG/deactivate`, body: undefined },
      ]),
    );
    expect(await screen.findByText('Entri dinonaktifkan')).toBeInTheDocument();
  });

  it('lists the clinics’ ICD corrections and favourites and undoes them after a confirmation', async () => {
    const corrected = {
      clinicId: 12,
      clinicName: 'Klinikita MCU Center Surabaya',
      system: 'icd10',
      code: 'Z02.1',
      officialTitleId: 'Pemeriksaan pra-kerja',
      officialTitleEn: 'Pre-employment examination',
      titleId: 'MCU pra-kerja',
      titleEn: null,
      favourite: true,
      updatedAt: '2026-01-05T03:00:00.000Z',
    };
    const favourite = {
      ...corrected,
      clinicId: 13,
      clinicName: 'Klinik Pratama Klinikita Makassar',
      code: 'I10',
      officialTitleId: 'Hipertensi esensial (primer)',
      officialTitleEn: 'Essential (primary) hypertension',
      titleId: null,
    };
    const fetchMock = mockApi({
      [`${API}/clinic-codes`]: () => page([corrected, favourite]),
      [`${API}/codes/icd10/Z02.1`]: () => ok({}, 'Kode berhasil disimpan'),
      [`${API}/codes/icd10/I10`]: () => ok({}, 'Kode berhasil disimpan'),
    });
    renderPage('/statesCode?tab=icd');
    const row = (await screen.findByText('MCU pra-kerja')).closest('tr')!;
    expect(within(row).getByText('Klinikita MCU Center Surabaya')).toBeInTheDocument();
    expect(within(row).getByText('Pemeriksaan pra-kerja')).toBeInTheDocument();
    expect(within(row).getByText('Dikoreksi')).toBeInTheDocument();
    expect(within(row).getByText('Favorit')).toBeInTheDocument();
    const other = screen.getByText('I10').closest('tr')!;
    expect(within(other).getByText('Tidak dikoreksi')).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /Batalkan koreksi/ })).not.toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /^Batalkan koreksi Z02.1/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('judul resmi: Pemeriksaan pra-kerja');
    expect(writes(fetchMock.mock.calls, 'PUT')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batalkan koreksi' }));
    await waitFor(() =>
      expect(writes(fetchMock.mock.calls, 'PUT')).toEqual([
        { url: `${API}/codes/icd10/Z02.1`, body: { clinicId: 12, titleId: null, titleEn: null } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(within(other).getByRole('button', { name: /^Hapus favorit I10/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hapus favorit' }));
    await waitFor(() =>
      expect(writes(fetchMock.mock.calls, 'PUT').at(-1)).toEqual({
        url: `${API}/codes/icd10/I10`,
        body: { clinicId: 13, favourite: false },
      }),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Koreksi judul' }));
    await waitFor(() =>
      expect(gets(fetchMock.mock.calls, `${API}/clinic-codes`).at(-1)).toEqual({
        path: `${API}/clinic-codes`,
        kind: 'corrected',
        page: '1',
        limit: '20',
      }),
    );
  });
});
