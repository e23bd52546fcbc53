import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { ServiceMasterPage } from './service-master-page.tsx';

const API = '/api/clinic/v1';
const LIST = `${API}/services`;
const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });

const kons = {
  uid: 's1',
  code: 'KONS-UMUM',
  nameId: 'Konsultasi Dokter Umum',
  nameEn: 'General practitioner consultation',
  group: 'consultation',
  unit: 'kunjungan',
  taxCategory: 'exempt',
  icd9Code: null,
  specialistId: null,
  specialist: null,
  isPackage: false,
  active: true,
  generalPrice: 90_000,
  updatedAt: '2026-01-05T03:00:00.000Z',
};
const panel = {
  ...kons,
  uid: 's2',
  code: 'LAB-P-HATI',
  nameId: 'Panel Fungsi Hati',
  nameEn: 'Liver function panel',
  group: 'lab',
  unit: 'panel',
  isPackage: true,
  generalPrice: null,
  active: false,
};
const page = (docs: unknown[], over: object = {}) =>
  ok({ docs, page: 1, totalPages: 2, limit: 20, totalDocs: 31, ...over });
const price = (over: object) => ({
  uid: 'p1',
  clinicId: null,
  clinicName: null,
  payerClass: 'general',
  validFrom: '2026-01-01',
  validTo: null,
  facilityFee: 22_500,
  professionalFee: 67_500,
  consumablesFee: 0,
  total: 90_000,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const konsDetail = {
  ...kons,
  items: [],
  prices: [
    price({}),
    price({
      uid: 'p2',
      validFrom: '2025-01-01',
      validTo: '2025-12-31',
      total: 83_000,
      facilityFee: 21_000,
      professionalFee: 62_000,
    }),
    price({ uid: 'p3', clinicId: 13, clinicName: 'Klinik Pratama Klinikita Makassar', total: 75_000 }),
  ],
};

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const listQueries = (calls: Calls) =>
  calls
    .filter(([u, init]) => String(u).split('?')[0] === LIST && (init?.method ?? 'GET') === 'GET')
    .map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));
const writes = (calls: Calls) => calls.filter(([, init]) => init?.method && init.method !== 'GET');

const renderPage = () =>
  renderWithApp(
    <ModalsProvider>
      <ServiceMasterPage />
    </ModalsProvider>,
  );

describe('ServiceMasterPage', { timeout: 30_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(
      makeUser({
        role: { _id: 'r', role: 'Super Admin', menu: { access: [] } },
        clinics: [
          {
            id: 10,
            uid: 'c10',
            name: 'Klinik Pratama Klinikita Menteng',
            mcuSite: false,
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

  it('lists services with group, tax and today’s general tariff, and filters on the server', async () => {
    const fetchMock = mockApi({ [LIST]: () => page([kons, panel]) });
    renderPage();
    const row = (await screen.findByText('Konsultasi Dokter Umum')).closest('tr')!;
    expect(within(row).getByText('KONS-UMUM')).toBeInTheDocument();
    expect(within(row).getByText('Konsultasi')).toBeInTheDocument();
    expect(within(row).getByText('Bebas PPN')).toBeInTheDocument();
    expect(within(row).getByText('Rp 90.000')).toBeInTheDocument();
    const other = screen.getByText('Panel Fungsi Hati').closest('tr')!;
    expect(within(other).getByText('Paket')).toBeInTheDocument();
    expect(within(other).getByText('Belum ada tarif')).toBeInTheDocument();
    expect(
      within(other).getByRole('button', { name: 'Aktifkan LAB-P-HATI Panel Fungsi Hati' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ekspor xlsx' })).toHaveAttribute('href', `${LIST}/export/xlsx`);
    expect(listQueries(fetchMock.mock.calls)[0]).toEqual({ page: '1', limit: '20' });

    fireEvent.click(screen.getByRole('radio', { name: 'Nonaktif' }));
    await waitFor(() =>
      expect(listQueries(fetchMock.mock.calls).at(-1)).toEqual({ active: 'false', page: '1', limit: '20' }),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari layanan' }), { target: { value: 'hati' } });
    await waitFor(() =>
      expect(listQueries(fetchMock.mock.calls).at(-1)).toEqual({
        search: 'hati',
        active: 'false',
        page: '1',
        limit: '20',
      }),
    );
  });

  it('checks a new service in the browser first, then shows the server’s refusal on the code', async () => {
    const fetchMock = mockApi({
      [LIST]: (init) =>
        init?.method === 'POST'
          ? {
              status: 409,
              body: {
                status: false,
                message: 'Kode layanan KONS-UMUM sudah dipakai',
                errors: [{ path: 'code', message: 'Kode ini sudah dipakai layanan lain' }],
              },
            }
          : page([kons]),
      [`${API}/doctors/specialists`]: () => ok({ specialists: [{ _id: 'sp1', name: 'Penyakit Dalam' }] }),
    });
    renderPage();
    await screen.findByText('Konsultasi Dokter Umum');
    fireEvent.click(screen.getByRole('button', { name: 'Tambah layanan' }));
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer).getByText('Simpan layanan terlebih dahulu untuk menambah tarif.'),
    ).toBeInTheDocument();
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Kode' }), {
      target: { value: 'kons umum' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Nama dalam Bahasa Indonesia wajib diisi')).toBeInTheDocument();
    expect(within(drawer).getByText('Pilih kelompok layanan')).toBeInTheDocument();
    expect(within(drawer).getByText('Satuan wajib diisi')).toBeInTheDocument();
    expect(writes(fetchMock.mock.calls)).toHaveLength(0);
    // typed codes are upper case without spaces
    expect(within(drawer).getByRole('textbox', { name: 'Kode' })).toHaveValue('KONSUMUM');

    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Kode' }), {
      target: { value: 'KONS-UMUM' },
    });
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Nama \(Bahasa Indonesia\)/ }), {
      target: { value: 'Konsultasi' },
    });
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Nama \(Bahasa Inggris\)/ }), {
      target: { value: 'Consultation' },
    });
    const groupBox = within(drawer).getByRole('combobox', { name: 'Kelompok' });
    fireEvent.click(groupBox);
    const options = await waitFor(
      () => document.getElementById(groupBox.getAttribute('aria-controls') ?? '')!,
    );
    fireEvent.click(within(options).getByRole('option', { name: 'Konsultasi', hidden: true }));
    fireEvent.change(within(drawer).getByRole('combobox', { name: 'Satuan' }), {
      target: { value: 'kunjungan' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Kode ini sudah dipakai layanan lain')).toBeInTheDocument();
    expect(within(drawer).getByText('Kode layanan KONS-UMUM sudah dipakai')).toBeInTheDocument();
    const [, init] = writes(fetchMock.mock.calls)[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      code: 'KONS-UMUM',
      nameId: 'Konsultasi',
      nameEn: 'Consultation',
      group: 'consultation',
      unit: 'kunjungan',
      taxCategory: 'exempt',
      icd9Code: null,
      specialistId: null,
      isPackage: false,
      items: [],
    });
    // the input stays
    expect(within(drawer).getByRole('textbox', { name: /Nama \(Bahasa Indonesia\)/ })).toHaveValue(
      'Konsultasi',
    );
  });

  it('shows a service’s tariff periods and adds a new tariff with its total', async () => {
    const fetchMock = mockApi({
      [LIST]: () => page([kons]),
      [`${LIST}/s1`]: () => ok(konsDetail),
      [`${LIST}/s1/prices`]: () => ({
        status: 409,
        body: {
          status: false,
          message: 'Tarif Umum berlaku mulai 01/01/2026 tanpa tanggal akhir sudah ada',
          errors: [
            { path: 'validFrom', message: 'Periode ini bertumpang tindih dengan tarif yang sudah ada' },
          ],
        },
      }),
      [`${API}/doctors/specialists`]: () => ok({ specialists: [] }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah KONS-UMUM Konsultasi Dokter Umum' }));
    const tariffs = await screen.findByRole('table', { name: 'Tarif' });
    const rows = within(tariffs).getAllByRole('row');
    expect(within(rows[1]).getByText('Seluruh klinik')).toBeInTheDocument();
    expect(within(rows[1]).getByText('01/01/2026 – seterusnya')).toBeInTheDocument();
    expect(within(rows[2]).getByText('01/01/2025 – 31/12/2025')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Lampau')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Rp 83.000')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Klinik Pratama Klinikita Makassar')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Tarif baru' }));
    const form = await screen.findByRole('form', { name: 'Tarif baru' });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan tarif' }));
    expect(await within(form).findAllByText('Nominal wajib diisi')).toHaveLength(3);
    expect(writes(fetchMock.mock.calls)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/Berlaku mulai/), { target: { value: '2026-01-01' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Jasa sarana/ }), {
      target: { value: '25000' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Jasa medis/ }), {
      target: { value: '70000' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /BHP/ }), { target: { value: '0' } });
    expect(within(form).getByTestId('price-total')).toHaveTextContent('Rp 95.000');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan tarif' }));
    expect(
      await within(form).findByText('Tarif Umum berlaku mulai 01/01/2026 tanpa tanggal akhir sudah ada'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Periode ini bertumpang tindih dengan tarif yang sudah ada'),
    ).toBeInTheDocument();
    const [url, init] = writes(fetchMock.mock.calls)[0];
    expect(String(url)).toBe(`${LIST}/s1/prices`);
    expect(JSON.parse(String(init?.body))).toEqual({
      clinicId: null,
      payerClass: 'general',
      validFrom: '2026-01-01',
      validTo: null,
      facilityFee: 25_000,
      professionalFee: 70_000,
      consumablesFee: 0,
    });
  });

  it('lists each bad cell of a refused import', async () => {
    mockApi({
      [LIST]: () => page([kons]),
      [`${LIST}/import/xlsx`]: () => ({
        status: 422,
        body: {
          status: false,
          message: 'Impor dibatalkan: 2 baris bermasalah, tidak ada data yang diubah',
          code: 'importRejected',
          data: {
            issues: [
              {
                sheet: 'services',
                row: 3,
                field: 'group',
                message: 'Nilai tidak dikenal; pilih dari daftar',
              },
              {
                sheet: 'prices',
                row: 7,
                field: 'validFrom',
                message: 'Tarif Umum berlaku 01/01/2025–31/12/2025 sudah ada',
              },
            ],
          },
        },
      }),
    });
    const { container } = renderPage();
    await screen.findByText('Konsultasi Dokter Umum');
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'layanan.xlsx')] } });
    const dialog = await screen.findByRole('dialog', { name: 'Hasil impor' });
    expect(
      within(dialog).getByText('Impor dibatalkan: 2 baris bermasalah, tidak ada data yang diubah'),
    ).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(
      rows.slice(1).map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Layanan', '3', 'Kelompok', 'Nilai tidak dikenal; pilih dari daftar'],
      ['Tarif', '7', 'Berlaku mulai', 'Tarif Umum berlaku 01/01/2025–31/12/2025 sudah ada'],
    ]);
  });
});
