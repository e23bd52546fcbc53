import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { ClinicServicesPage } from './clinic-services-page.tsx';

const API = '/api/clinic/v1/clinic-services';
const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });

const MENTENG = { id: 10, uid: 'c10', name: 'Klinik Menteng', mcuSite: false, timeZone: 'Asia/Jakarta' };
const CIKARANG = { id: 11, uid: 'c11', name: 'MCU Center Cikarang', mcuSite: true, timeZone: 'Asia/Jakarta' };

const darahLengkap = {
  serviceUid: 's-dl',
  code: 'LAB-DL',
  nameId: 'Darah Lengkap',
  nameEn: 'Complete blood count',
  group: 'lab',
  unit: 'pemeriksaan',
  isPackage: false,
  serviceActive: true,
  taxCategory: 'exempt',
  desk: 'LAB',
  offered: true,
  room: null,
  queuePrefix: null,
  performedAt: 'sister',
  performerClinic: { id: 11, name: 'MCU Center Cikarang' },
  partnerName: null,
  taxOverride: null,
  updatedAt: '2026-01-05T03:00:00.000Z',
};
const thorax = {
  ...darahLengkap,
  serviceUid: 's-rad',
  code: 'RAD-THORAX',
  nameId: 'Rontgen Thorax PA',
  nameEn: 'Chest X-ray PA',
  group: 'radiology',
  desk: 'RAD',
  offered: false,
  room: 'Radiologi',
  queuePrefix: 'R',
  performedAt: 'here',
  performerClinic: null,
  taxOverride: 'ppn',
};
const page = (docs: unknown[], over: object = {}) =>
  ok({ docs, page: 1, totalPages: 2, limit: 20, totalDocs: 24, ...over });

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const gets = (calls: Calls) =>
  calls
    .filter(([u, init]) => (init?.method ?? 'GET') === 'GET' && !String(u).includes('/sisters'))
    .map(([u]) => new URL(String(u), 'http://x'));
const writes = (calls: Calls, method: string) =>
  calls
    .filter(([, init]) => init?.method === method)
    .map(([u, init]) => ({ url: String(u), body: JSON.parse(String(init?.body)) }));

function api(over: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    [`${API}/10`]: () => page([darahLengkap, thorax]),
    [`${API}/11`]: () =>
      page([{ ...darahLengkap, performedAt: 'here', performerClinic: null, room: 'Laboratorium' }]),
    [`${API}/10/sisters`]: () =>
      ok([
        { id: 11, name: 'MCU Center Cikarang' },
        { id: 12, name: 'MCU Center Surabaya' },
      ]),
    ...over,
  });
}

async function pickOption(name: string, option: string, scope: HTMLElement = document.body) {
  const box = within(scope).getByRole('combobox', { name });
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}

const renderPage = () =>
  renderWithApp(
    <ModalsProvider>
      <ClinicServicesPage />
    </ModalsProvider>,
  );

const superAdmin = () =>
  makeUser({
    role: { _id: 'r', role: 'Super Admin', menu: { access: [] } },
    ClinicId: null,
    clinics: [MENTENG, CIKARANG],
  });

describe('ClinicServicesPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.signIn(superAdmin());
  });

  it('lists the corporate’s services as the clinic has them, filtered on the server, and switches clinic', async () => {
    const fetchMock = api();
    renderPage();
    const row = (await screen.findByText('Darah Lengkap')).closest('tr')!;
    expect(within(row).getByText('LAB-DL')).toBeInTheDocument();
    expect(within(row).getByText('Laboratorium')).toBeInTheDocument();
    expect(within(row).getByText('MCU Center Cikarang')).toBeInTheDocument();
    expect(within(row).getByText('Ikut master (Bebas PPN)')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Tersedia di klinik ini: Darah Lengkap' })).toBeChecked();
    const other = screen.getByText('Rontgen Thorax PA').closest('tr')!;
    expect(within(other).getByRole('switch')).not.toBeChecked();
    expect(within(other).getByText('Kena PPN')).toBeInTheDocument();
    expect(screen.getByText('1–20 dari 24')).toBeInTheDocument();
    expect(Object.fromEntries(gets(fetchMock.mock.calls)[0].searchParams)).toEqual({
      page: '1',
      limit: '20',
    });

    await pickOption('Kelompok layanan', 'Laboratorium');
    fireEvent.click(screen.getByRole('radio', { name: 'Tidak tersedia' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari layanan' }), { target: { value: 'darah' } });
    await waitFor(() =>
      expect(Object.fromEntries(gets(fetchMock.mock.calls).at(-1)!.searchParams)).toEqual({
        group: 'lab',
        offered: 'false',
        search: 'darah',
        page: '1',
        limit: '20',
      }),
    );

    await pickOption('Klinik', 'MCU Center Cikarang');
    await waitFor(() => expect(gets(fetchMock.mock.calls).at(-1)!.pathname).toBe(`${API}/11`));
  });

  it('offers a service with its switch and asks before stopping one', async () => {
    const fetchMock = api({
      [`${API}/10/s-rad`]: () =>
        ok({ ...thorax, offered: true }, 'Pengaturan layanan Rontgen Thorax PA disimpan'),
      [`${API}/10/s-dl`]: () =>
        ok({ ...darahLengkap, offered: false }, 'Pengaturan layanan Darah Lengkap disimpan'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Tersedia di klinik ini: Rontgen Thorax PA' }));
    await waitFor(() => expect(writes(fetchMock.mock.calls, 'PUT')).toHaveLength(1));
    expect(writes(fetchMock.mock.calls, 'PUT')[0]).toEqual({
      url: `${API}/10/s-rad`,
      body: {
        offered: true,
        room: 'Radiologi',
        queuePrefix: 'R',
        performedAt: 'here',
        performerClinicId: null,
        partnerName: null,
        taxCategory: 'ppn',
      },
    });
    expect(await screen.findByText('Pengaturan layanan Rontgen Thorax PA disimpan')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: 'Tersedia di klinik ini: Darah Lengkap' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Hentikan Darah Lengkap di Klinik Menteng\?/)).toBeInTheDocument();
    expect(writes(fetchMock.mock.calls, 'PUT')).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hentikan' }));
    await waitFor(() => expect(writes(fetchMock.mock.calls, 'PUT')).toHaveLength(2));
    expect(writes(fetchMock.mock.calls, 'PUT')[1].body).toMatchObject({
      offered: false,
      performedAt: 'sister',
      performerClinicId: 11,
    });
  });

  it('edits a service: field messages first, then the server’s refusal on the field with the input kept', async () => {
    const fetchMock = api({
      [`${API}/10/s-dl`]: () => ({
        status: 409,
        body: {
          status: false,
          message: 'MCU Center Surabaya tidak mengerjakan Darah Lengkap di kliniknya sendiri.',
          errors: [
            {
              path: 'performerClinicId',
              message: 'Klinik pelaksana tidak mengerjakan layanan ini di kliniknya sendiri',
            },
          ],
        },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Atur Darah Lengkap' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Klinik lain dalam grup' })).toBeChecked();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Mitra luar' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Prefiks antrean' }), {
      target: { value: 'l1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Nama mitra wajib diisi')).toBeInTheDocument();
    expect(within(dialog).getByText('Prefiks antrean 1 sampai 3 huruf, mis. L')).toBeInTheDocument();
    expect(writes(fetchMock.mock.calls, 'PUT')).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Prefiks antrean' }), {
      target: { value: 'lb' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Klinik lain dalam grup' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Klinik pelaksana' })).toBeEnabled(),
    );
    await pickOption('Klinik pelaksana', 'MCU Center Surabaya', dialog);
    await pickOption('Pajak di klinik ini', 'Kena PPN', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(writes(fetchMock.mock.calls, 'PUT')).toHaveLength(1));
    expect(writes(fetchMock.mock.calls, 'PUT')[0]).toEqual({
      url: `${API}/10/s-dl`,
      body: {
        offered: true,
        room: null,
        queuePrefix: 'LB',
        performedAt: 'sister',
        performerClinicId: 12,
        partnerName: null,
        taxCategory: 'ppn',
      },
    });
    expect(
      await within(dialog).findByText('Klinik pelaksana tidak mengerjakan layanan ini di kliniknya sendiri'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('MCU Center Surabaya tidak mengerjakan Darah Lengkap di kliniknya sendiri.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Prefiks antrean' })).toHaveValue('LB');
  });

  it('sets a whole group at once, asking before stopping it', async () => {
    const fetchMock = api({
      [`${API}/10/bulk`]: () => ok({ changed: 13 }, '13 layanan Laboratorium diperbarui'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Atur per kelompok' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terapkan' }));
    expect(await within(dialog).findByText('Pilih kelompok layanan')).toBeInTheDocument();

    await pickOption('Kelompok layanan', 'Laboratorium', dialog);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Klinik lain dalam grup' }));
    await pickOption('Klinik pelaksana', 'MCU Center Cikarang', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terapkan' }));
    await waitFor(() => expect(writes(fetchMock.mock.calls, 'POST')).toHaveLength(1));
    expect(writes(fetchMock.mock.calls, 'POST')[0]).toEqual({
      url: `${API}/10/bulk`,
      body: {
        group: 'lab',
        offered: true,
        room: null,
        queuePrefix: null,
        performedAt: 'sister',
        performerClinicId: 11,
        partnerName: null,
      },
    });
    expect(await screen.findByText('13 layanan Laboratorium diperbarui')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Atur per kelompok' }));
    const again = await screen.findByRole('dialog');
    await pickOption('Kelompok layanan', 'Fisioterapi', again);
    fireEvent.click(within(again).getByRole('switch', { name: 'Tersedia di klinik ini' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Terapkan' }));
    expect(
      await screen.findByText(/Hentikan semua layanan Fisioterapi di Klinik Menteng\?/),
    ).toBeInTheDocument();
    expect(writes(fetchMock.mock.calls, 'POST')).toHaveLength(1);
  });

  it('shows the settings without the controls to whoever may only read them', async () => {
    sessionStore.signIn(
      makeUser({
        role: { _id: 'r', role: 'Registration', menu: { access: [] } },
        ClinicId: 10,
        clinics: [MENTENG],
      }),
    );
    api();
    renderPage();
    const row = (await screen.findByText('Darah Lengkap')).closest('tr')!;
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Atur/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Anda dapat melihat pengaturan ini, tetapi tidak dapat mengubahnya.'),
    ).toBeInTheDocument();
    // one clinic: nothing to choose
    expect(screen.queryByRole('combobox', { name: 'Klinik' })).not.toBeInTheDocument();
  });
});
