import { toDMY } from '@klinikita/domain/common/dates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import {
  LAB_LIST,
  labList,
  labListQueries,
  mcuClinic,
  plainClinic,
  registration,
  stubEventSource,
} from '../../../test/lab-test-kit.tsx';
import { DEMO_SCREENS, withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { clinicTodayIso, LAB_FILTER_KEY } from '../lab-filter.ts';
import { PHYSIO_CHANNEL } from '../physio-broadcast.ts';
import { LabSidebar } from './lab-sidebar.tsx';

/** A Lab user granted the MCU page alone, unless the test grants other screens. */
const labUser = (overrides: Parameters<typeof makeUser>[0] = {}) =>
  makeUser({
    username: 'lab',
    ...withScreens('Lab', ['/Lab/home-page-mcu']),
    ClinicId: 11,
    clinics: [mcuClinic],
    ...overrides,
  });

const rows = [
  registration({
    _id: 'r1',
    queueNumber: 'L-007',
    patient: {
      ...registration().patient,
      firstName: 'Muhammadiyah Abdurrahman',
      name: 'Muhammadiyah Abdurrahman',
    },
  }),
  registration({
    _id: 'r2',
    queueNumber: 'M-012',
    serviceType: 'MCU',
    patient: { ...registration().patient, firstName: 'Sari', name: 'Sari Dewi' },
    flaggingSamplingDone: true,
    dataLabPreAss: { isDone: true, radDone: true },
  }),
];

const rowOf = (text: string) => screen.getByText(text).closest('a')!;

describe('LabSidebar', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    stubEventSource();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the number part and the first name cut to 15, highlights the selected row, shows the legend', async () => {
    sessionStore.signIn(labUser());
    const fetchMock = mockApi({ [LAB_LIST]: () => labList(rows) });
    renderWithApp(<LabSidebar variant="lab" />, { route: '/Lab/home-page-mcu?id=r2' });

    expect(screen.getByRole('heading', { name: 'Daftar pasien' })).toBeInTheDocument();
    const first = await waitFor(() => rowOf('Muhammadiyah Ab...'));
    expect(within(first).getByText('007')).toBeInTheDocument();
    expect(first).not.toHaveAttribute('aria-current');
    expect(within(first).queryByRole('img')).toBeNull();

    const second = rowOf('Sari');
    expect(within(second).getByText('012')).toBeInTheDocument();
    expect(second).toHaveAttribute('aria-current', 'page');
    expect(second).toHaveAttribute('data-active');
    // green examination done, blue radiology done, amber sampling done
    expect(within(second).getByRole('img', { name: 'Pemeriksaan selesai' })).toHaveStyle({
      color: 'var(--mantine-color-green-6)',
    });
    expect(within(second).getByRole('img', { name: 'Radiologi selesai' })).toHaveStyle({
      color: 'var(--mantine-color-blue-6)',
    });
    expect(within(second).getByRole('img', { name: 'Sampel diambil' })).toHaveStyle({
      color: 'var(--mantine-color-yellow-7)',
    });
    expect(screen.getByText('Keterangan')).toBeInTheDocument();

    // spec 7: order, service order type, the default services, today to tomorrow, 50 at a time
    const query = labListQueries(fetchMock.mock.calls)[0];
    expect(query).toMatchObject({
      order: 'arrivedAt_1',
      orderType: 'service',
      serviceType: 'MCU_TREATMENT_RAD_LAB',
      clinicId: '11',
      limit: '50',
    });
    const [d, m, y] = query.startDate.split('_').map(Number);
    const [ed, em, ey] = query.endDate.split('_').map(Number);
    expect(new Date(ey, em - 1, ed).getTime() - new Date(y, m - 1, d).getTime()).toBe(86_400_000);
  });

  it('opens Lab-home-page-mcu at an MCU site and Lab-home-page-lab elsewhere', async () => {
    sessionStore.signIn(labUser());
    mockApi({ [LAB_LIST]: () => labList(rows) });
    const view = renderWithApp(<LabSidebar variant="lab" />, { route: '/Lab/home-page-mcu' });
    await waitFor(() => expect(rowOf('Sari')).toHaveAttribute('href', '/Lab/home-page-mcu?id=r2'));
    fireEvent.click(rowOf('Sari'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Lab/home-page-mcu'));
    view.unmount();

    sessionStore.signIn(labUser({ ClinicId: 10, clinics: [plainClinic] }));
    renderWithApp(<LabSidebar variant="lab" />, { route: '/Lab/home-page-lab' });
    await waitFor(() => expect(rowOf('Sari')).toHaveAttribute('href', '/Lab/home-page-lab?id=r2'));
  });

  it('shows the back button only with more than one menu, and the doctor button only with a doctor id', async () => {
    // the demo radiologist: one menu, no back button
    sessionStore.signIn(labUser(withScreens('Radiologi', DEMO_SCREENS.Radiologi)));
    mockApi({ [LAB_LIST]: () => labList([]) });
    const view = renderWithApp(<LabSidebar variant="lab" />, { route: '/Radiology' });
    await screen.findByText('Belum ada pasien.');
    expect(screen.queryByRole('link', { name: /^Kembali/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ke halaman dokter' })).toBeNull();
    view.unmount();

    // a front-office clerk who also works the lab: back to the front office
    sessionStore.signIn(
      labUser({
        DoctorId: 5,
        ...withScreens('Registration', ['/Registration/patient', '/Lab/home-page-mcu']),
      }),
    );
    renderWithApp(<LabSidebar variant="lab" />, { route: '/Lab/home-page-mcu' });
    expect(await screen.findByRole('link', { name: 'Kembali ke pendaftaran' })).toHaveAttribute(
      'href',
      '/Registration/patient',
    );
    expect(screen.getByRole('link', { name: 'Ke halaman dokter' })).toHaveAttribute('href', '/Doctor/doctor');
  });

  it('the demo lab user (two menus, no front office) goes back to the home page the login lands on', async () => {
    sessionStore.signIn(labUser(withScreens('Lab', DEMO_SCREENS.Lab)));
    mockApi({ [LAB_LIST]: () => labList([]) });
    renderWithApp(<LabSidebar variant="lab" />, { route: '/Lab/home-page-mcu' });
    await screen.findByText('Belum ada pasien.');
    expect(screen.queryByRole('link', { name: 'Kembali ke pendaftaran' })).toBeNull();
    const back = screen.getByRole('link', { name: 'Kembali ke beranda' });
    expect(back).toHaveAttribute('href', '/Lab/home-page-lab');
    fireEvent.click(back);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Lab/home-page-lab'));
  });

  it('keeps the service filter in local storage across a remount; the date range is sent end exclusive', async () => {
    sessionStore.signIn(labUser());
    const fetchMock = mockApi({ [LAB_LIST]: () => labList(rows) });
    const view = renderWithApp(<LabSidebar variant="lab" />, { route: '/Lab/home-page-mcu' });
    await waitFor(() => rowOf('Sari'));

    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filter' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'MCU' }));
    fireEvent.change(within(dialog).getByLabelText('Dari tanggal'), { target: { value: '2026-03-02' } });
    fireEvent.change(within(dialog).getByLabelText('Sampai tanggal'), { target: { value: '2026-03-04' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(labListQueries(fetchMock.mock.calls).at(-1)).toMatchObject({
        serviceType: 'TREATMENT_RAD_LAB',
        startDate: '2_3_2026',
        endDate: '5_3_2026',
      }),
    );
    expect(JSON.parse(localStorage.getItem(LAB_FILTER_KEY)!)).toEqual(['TREATMENT', 'RAD', 'LAB']);
    expect(screen.getByRole('button', { name: /Filter aktif/ })).toBeInTheDocument();
    view.unmount();

    fetchMock.mockClear();
    renderWithApp(<LabSidebar variant="lab" />, { route: '/Lab/home-page-mcu' });
    await waitFor(() =>
      expect(labListQueries(fetchMock.mock.calls)[0]?.serviceType).toBe('TREATMENT_RAD_LAB'),
    );
    fireEvent.click(screen.getByRole('button', { name: /Filter/ }));
    const again = await screen.findByRole('dialog', { name: 'Set Filter' });
    expect(within(again).getByRole('checkbox', { name: 'MCU' })).not.toBeChecked();
    expect(within(again).getByRole('checkbox', { name: 'LAB' })).toBeChecked();

    // no service left is refused
    for (const s of ['TREATMENT', 'RAD', 'LAB'])
      fireEvent.click(within(again).getByRole('checkbox', { name: s }));
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByText('Pilih minimal satu layanan')).toBeInTheDocument();
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(JSON.parse(localStorage.getItem(LAB_FILTER_KEY)!)).toEqual(['TREATMENT', 'RAD', 'LAB']);
  });

  it('forces RAD for the Radiologi role and disables the checkboxes', async () => {
    localStorage.setItem(LAB_FILTER_KEY, JSON.stringify(['MCU', 'LAB']));
    sessionStore.signIn(
      labUser({ username: 'radiologi', role: { _id: 'r-rad', role: 'Radiologi', menu: { access: [] } } }),
    );
    const fetchMock = mockApi({ [LAB_LIST]: () => labList([]) });
    renderWithApp(<LabSidebar variant="lab" />, { route: '/Lab/home-page-mcu' });
    await waitFor(() => expect(labListQueries(fetchMock.mock.calls)[0]?.serviceType).toBe('RAD'));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filter' });
    for (const s of ['MCU', 'TREATMENT', 'RAD', 'LAB']) {
      expect(within(dialog).getByRole('checkbox', { name: s })).toBeDisabled();
    }
    expect(within(dialog).getByRole('checkbox', { name: 'RAD' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'MCU' })).not.toBeChecked();
    expect(within(dialog).getByText('Role Radiologi hanya melihat layanan RAD.')).toBeInTheDocument();
  });

  it('searches with the Search button, asks all dates, refreshes, and loads 50 more', async () => {
    sessionStore.signIn(labUser());
    const fetchMock = mockApi({ [LAB_LIST]: () => labList(rows, 120) });
    renderWithApp(<LabSidebar variant="lab" />, { route: '/Lab/home-page-mcu' });
    await waitFor(() => rowOf('Sari'));
    const count = () => labListQueries(fetchMock.mock.calls).length;

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari pasien' }), { target: { value: ' sari ' } });
    expect(labListQueries(fetchMock.mock.calls).at(-1)?.search).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(labListQueries(fetchMock.mock.calls).at(-1)?.search).toBe('sari'));

    fireEvent.click(screen.getByRole('button', { name: 'All date' }));
    // the last 31 days: the most one list request may cover
    const [y, m, d] = clinicTodayIso('Asia/Jakarta').split('-').map(Number);
    const first = new Date(y, m - 1, d - 30);
    await waitFor(() => expect(labListQueries(fetchMock.mock.calls).at(-1)?.startDate).toBe(toDMY(first)));
    expect(screen.getByRole('button', { name: 'All date' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('lab-filter-summary')).toHaveTextContent('Semua tanggal');

    const before = count();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(count()).toBe(before + 1));

    expect(screen.getByText('2 dari 120 pasien')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Muat lebih banyak' }));
    await waitFor(() => expect(labListQueries(fetchMock.mock.calls).at(-1)?.limit).toBe('100'));
  });

  it('in the physio variant lists PHYSIO, opens Physio and broadcasts the patient', async () => {
    sessionStore.signIn(labUser({ role: { _id: 'r-n', role: 'Nurse', menu: { access: [] } } }));
    const fetchMock = mockApi({
      [LAB_LIST]: () => labList([registration({ _id: 'f1', queueNumber: 'F-003', serviceType: 'PHYSIO' })]),
    });
    const heard: unknown[] = [];
    const other = new BroadcastChannel(PHYSIO_CHANNEL);
    other.onmessage = (e) => heard.push(e.data);
    renderWithApp(<LabSidebar variant="physio" />, { route: '/Physio' });
    await waitFor(() => expect(rowOf('Budi')).toHaveAttribute('href', '/Physio?id=f1'));
    expect(labListQueries(fetchMock.mock.calls)[0].serviceType).toBe('PHYSIO');

    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filter' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(rowOf('Budi'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Physio'));
    await waitFor(() => expect(heard).toEqual([{ registrationId: 'f1' }]));
    other.close();
  });
});
