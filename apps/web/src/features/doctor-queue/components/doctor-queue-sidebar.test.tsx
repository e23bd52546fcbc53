import { toDMY } from '@klinikita/domain/common/dates';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SCREENS, withScreens } from '../../../test/menu-grants.ts';
import { mockApi } from '../../../test/render.tsx';
import { addDays, clinicToday } from '../queue-params.ts';
import {
  API,
  CLINIC_10,
  CLINIC_11,
  CLINIC_12,
  doctorUser,
  FakeEventSource,
  LIST_URL,
  listQueries,
  nurseUser,
  ok,
  page,
  patches,
  reg,
  renderQueue,
  signIn,
  stubEventSource,
} from '../test/queue-fixtures.tsx';
import { DoctorQueueSidebar } from './doctor-queue-sidebar.tsx';

const EXAM = 'Examination_Paid_Prescription Waiting_Payment';
const WAITING = 'Waiting_Queueing_Skip';

/** Answers the two list queries by their status parameter. */
function mockLists(upper: Registration[], lower: Registration[], more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [LIST_URL]: (_init, url) => {
      const status = url.searchParams.get('status') ?? '';
      return page(
        status.startsWith('Examination') || status.startsWith('Paid') || status === 'Exam Done'
          ? upper
          : lower,
      );
    },
    [`${API}/registrations/doctors/available`]: () =>
      ok([
        {
          doctorId: 5,
          name: 'dr. Alexander Wijaya',
          title: 'dr.',
          specialist: 'Umum',
          room: 'Poli Umum',
          slots: [],
          limit: 0,
          booked: 0,
          full: false,
        },
        {
          doctorId: 6,
          name: 'dr. Bunga Lestari',
          title: 'dr.',
          specialist: 'Umum',
          room: 'Poli 2',
          slots: [],
          limit: 0,
          booked: 0,
          full: false,
        },
      ]),
    ...more,
  });
}

const list = (name: string) => screen.findByRole('list', { name });
const rowTexts = async (name: string) =>
  within(await list(name))
    .getAllByRole('listitem')
    .map((li) => within(li).getByRole('link').textContent);

describe('DoctorQueueSidebar (spec 2.8)', { timeout: 20_000 }, () => {
  beforeEach(() => stubEventSource());

  it("lists the doctor's examination group above and the waiting group below, by queue number descending", async () => {
    signIn(doctorUser());
    const fetchMock = mockLists(
      [
        reg({ queueNumber: 'A-002', status: 'Examination' }),
        reg({
          queueNumber: 'A-010',
          status: 'Payment',
          patient: { ...reg({ queueNumber: 'x' }).patient, title: 'Ny', name: 'Sari Dewi' },
        }),
        reg({ queueNumber: 'A-001', status: 'Paid' }),
      ],
      [
        reg({ queueNumber: 'A-003', status: 'Waiting' }),
        reg({ queueNumber: 'A-012', status: 'Queueing' }),
        reg({ queueNumber: 'A-005', status: 'Skip' }),
      ],
    );
    renderQueue(<DoctorQueueSidebar />);
    expect(screen.getByRole('heading', { name: 'Patient List' })).toBeInTheDocument();
    const upper = await rowTexts('Pemeriksaan');
    expect(upper.map((t) => t?.slice(0, 5))).toEqual(['A-010', 'A-002', 'A-001']);
    expect(upper[0]).toContain('Ny. Sari Dewi');
    expect(upper[0]).toContain('Pembayaran');
    expect((await rowTexts('Menunggu')).map((t) => t?.slice(0, 5))).toEqual(['A-012', 'A-005', 'A-003']);

    const queries = listQueries(fetchMock.mock.calls);
    expect(queries.map((q) => q.get('status')).sort()).toEqual([EXAM, WAITING]);
    for (const q of queries) {
      expect(q.get('order')).toBe('arrivedAt_1');
      expect(q.get('limit')).toBe('1000');
      expect(q.get('orderType')).toBe('doctor');
      expect(q.get('clinicId')).toBe('10');
      expect(q.get('doctor.doctorId')).toBe('5');
      // today: no dates, the server reads the clinic's today
      expect(q.has('startDate')).toBe(false);
    }
  });

  it('links each patient to Doctor-doctor and highlights the open one', async () => {
    signIn(doctorUser());
    const open = reg({ queueNumber: 'A-002', status: 'Examination' });
    mockLists([open], [reg({ queueNumber: 'A-004' })]);
    renderQueue(<DoctorQueueSidebar />, `/Doctor/doctor?id=${open._id}`);
    const link = within(await list('Pemeriksaan')).getByRole('link');
    expect(link).toHaveAttribute('href', `/Doctor/doctor?id=${open._id}`);
    expect(link).toHaveAttribute('aria-current', 'page');
    const other = within(await list('Menunggu')).getByRole('link');
    expect(other).not.toHaveAttribute('aria-current');
    fireEvent.click(other);
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/Doctor\/doctor\?id=r\d+$/);
    expect(other).toHaveAttribute('aria-current', 'page');
  });

  it('enables Call only from Waiting, Queuing or Skip', async () => {
    signIn(doctorUser());
    mockLists(
      [],
      [
        reg({ queueNumber: 'A-001', status: 'Waiting' }),
        reg({ queueNumber: 'A-002', status: 'Queueing' }),
        reg({ queueNumber: 'A-003', status: 'Skip' }),
        // a row that moved on between two refreshes
        reg({ queueNumber: 'A-004', status: 'Examination' }),
      ],
    );
    renderQueue(<DoctorQueueSidebar />);
    await list('Menunggu');
    for (const n of ['A-001', 'A-002', 'A-003']) {
      expect(screen.getByRole('button', { name: `Panggil ${n}` })).toBeEnabled();
    }
    expect(screen.getByRole('button', { name: 'Panggil A-004' })).toBeDisabled();
    // the upper list has no Call button
    expect(screen.queryByText('Belum ada pasien dalam pemeriksaan')).toBeInTheDocument();
  });

  it('calls after a confirmation: PATCH to Examination with clinic, doctor and the status shown, then opens the patient', async () => {
    signIn(doctorUser());
    const waiting = reg({ queueNumber: 'A-003', status: 'Queueing' });
    const fetchMock = mockLists([], [waiting], {
      [`${LIST_URL}/${waiting._id}`]: () =>
        ok({ ...waiting, status: 'Examination' }, 'Status berhasil diubah'),
    });
    renderQueue(<DoctorQueueSidebar />);
    fireEvent.click(await screen.findByRole('button', { name: 'Panggil A-003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Panggil pasien' });
    expect(dialog).toHaveTextContent('Panggil A-003 Tn. Budi Hartono ke ruang periksa?');
    expect(patches(fetchMock.mock.calls)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, panggil' }));
    await waitFor(() => expect(patches(fetchMock.mock.calls)).toHaveLength(1));
    const [sent] = patches(fetchMock.mock.calls);
    expect(sent.url).toBe(`${LIST_URL}/${waiting._id}`);
    expect(sent.body).toEqual({
      updateField: { status: 'Examination' },
      clinicId: 10,
      doctorId: 5,
      fromStatus: 'Queueing',
    });
    await waitFor(() =>
      expect(screen.getByTestId('url')).toHaveTextContent(`/Doctor/doctor?id=${waiting._id}`),
    );
  });

  it('cancelling the confirmation sends nothing; a refused move shows the server message as a warning', async () => {
    signIn(doctorUser());
    const waiting = reg({ queueNumber: 'A-003', status: 'Waiting' });
    const fetchMock = mockLists([], [waiting], {
      [`${LIST_URL}/${waiting._id}`]: () => ({
        status: 409,
        body: {
          status: false,
          message: 'Pasien A-003 sudah diproses orang lain: statusnya sekarang Examination',
        },
      }),
    });
    renderQueue(<DoctorQueueSidebar />);
    fireEvent.click(await screen.findByRole('button', { name: 'Panggil A-003' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(fetchMock.mock.calls)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Panggil A-003' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ya, panggil' }));
    expect(await screen.findByTestId('status-warning')).toHaveTextContent(
      'Pasien A-003 sudah diproses orang lain: statusnya sekarang Examination',
    );
    expect(screen.getByRole('dialog', { name: 'Peringatan' })).toBeInTheDocument();
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/Doctor\/doctor$/);
  });

  const LAB_SCREENS = ['/Lab/home-page-lab', '/Lab/home-page-mcu'];
  const ALL_SCREENS = [
    '/Registration/patient',
    '/Doctor/doctor',
    '/EMR',
    '/Physio',
    '/Radiology',
    ...LAB_SCREENS,
  ];
  it.each([
    // the demo nurse: the front office and physio, no lab screen
    { who: 'a Nurse', user: nurseUser(), home: true, lab: null },
    // the demo doctor has no service screen: no button that would end on "Akses ditolak"
    { who: 'a Doctor', user: doctorUser(), home: false, lab: null },
    {
      who: 'a Doctor with the lab screens',
      user: doctorUser(withScreens('Doctor', [...DEMO_SCREENS.Doctor, ...LAB_SCREENS])),
      home: false,
      lab: '/Lab/home-page-lab',
    },
    {
      // spec 2.8: the MCU page for clinic 12 only; clinic 11 is an MCU site, but its Lab button opens the lab page
      who: 'a Doctor with the lab screens at clinic 11',
      user: doctorUser({
        ...withScreens('Doctor', [...DEMO_SCREENS.Doctor, ...LAB_SCREENS]),
        ClinicId: 11,
        clinics: [CLINIC_11],
      }),
      home: false,
      lab: '/Lab/home-page-lab',
    },
    {
      who: 'a Doctor with the lab screens at clinic 12',
      user: doctorUser({
        ...withScreens('Doctor', [...DEMO_SCREENS.Doctor, ...LAB_SCREENS]),
        ClinicId: 12,
        clinics: [CLINIC_12],
      }),
      home: false,
      lab: '/Lab/home-page-mcu',
    },
    {
      who: 'a Doctor at clinic 12 with the lab page but not the MCU page',
      user: doctorUser({
        ...withScreens('Doctor', [...DEMO_SCREENS.Doctor, '/Lab/home-page-lab']),
        ClinicId: 12,
        clinics: [CLINIC_12],
      }),
      home: false,
      lab: null,
    },
    {
      who: 'Super Admin at clinic 12',
      user: nurseUser({ ...withScreens('Super Admin', ALL_SCREENS), ClinicId: 12, clinics: [CLINIC_12] }),
      home: true,
      lab: '/Lab/home-page-mcu',
    },
    {
      who: 'Super Admin at clinic 11',
      user: nurseUser({ ...withScreens('Super Admin', ALL_SCREENS), ClinicId: 11, clinics: [CLINIC_11] }),
      home: true,
      lab: '/Lab/home-page-lab',
    },
    {
      who: 'a Nurse without the service module',
      user: nurseUser({
        dataModul: { service: false, lab: true, pharmacy: true, payment: true, satusehat: false },
      }),
      home: false,
      lab: null,
    },
    {
      // the service module is on for those who work on a service screen
      who: 'a Nurse without any service screen',
      user: nurseUser(withScreens('Nurse', ['/Registration/patient', '/Doctor/doctor'])),
      home: false,
      lab: null,
    },
  ])('Home and Lab buttons for $who', async ({ user, home, lab }) => {
    signIn(user);
    mockLists([], []);
    renderQueue(<DoctorQueueSidebar />);
    await screen.findByText('Tidak ada pasien menunggu');
    const homeLink = screen.queryByRole('link', { name: 'Home' });
    if (home) expect(homeLink).toHaveAttribute('href', '/Registration/patient');
    else expect(homeLink).not.toBeInTheDocument();
    const labLink = screen.queryByRole('link', { name: 'Lab' });
    if (lab) expect(labLink).toHaveAttribute('href', lab);
    else expect(labLink).not.toBeInTheDocument();
  });

  it('the filter modal changes the statuses and dates asked for; All date drops the range', async () => {
    signIn(doctorUser());
    const fetchMock = mockLists([], []);
    renderQueue(<DoctorQueueSidebar />);
    await screen.findByText('Tidak ada pasien menunggu');
    const lastQueries = () => {
      const all = listQueries(fetchMock.mock.calls);
      return all.slice(-2);
    };

    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filter' });
    for (const s of ['Queueing', 'Examination', 'Skip']) {
      expect(within(dialog).getByRole('checkbox', { name: s })).toBeChecked();
    }
    expect(within(dialog).getByRole('checkbox', { name: 'Exam Done' })).not.toBeChecked();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Exam Done' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Skip' }));
    fireEvent.change(within(dialog).getByLabelText('Dari'), { target: { value: '2026-05-01' } });
    fireEvent.change(within(dialog).getByLabelText('Sampai'), { target: { value: '2026-05-03' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        lastQueries()
          .map((q) => q.get('status'))
          .sort(),
      ).toEqual(['Examination_Paid_Prescription Waiting_Payment_Exam Done', 'Waiting_Queueing']),
    );
    for (const q of lastQueries()) {
      expect(q.get('startDate')).toBe('1_5_2026');
      // the end is exclusive: one day later
      expect(q.get('endDate')).toBe('4_5_2026');
    }

    fireEvent.click(screen.getByRole('button', { name: 'All date' }));
    expect(screen.getByRole('button', { name: 'All date' })).toHaveAttribute('aria-pressed', 'true');
    const tomorrow = addDays(clinicToday('Asia/Jakarta'), 1);
    await waitFor(() => expect(lastQueries()[0].get('startDate')).toBe(toDMY(addDays(tomorrow, -31))));
    for (const q of lastQueries()) expect(q.get('endDate')).toBe(toDMY(tomorrow));
    expect(screen.getByTestId('queue-scope')).toHaveTextContent('Semua tanggal');

    // a range that is half filled is refused beside the dates
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const again = await screen.findByRole('dialog', { name: 'Set Filter' });
    fireEvent.change(within(again).getByLabelText('Dari'), { target: { value: '2026-05-01' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    expect(within(again).getByRole('alert')).toHaveTextContent('Isi kedua tanggal, atau kosongkan keduanya');
  });

  it('searches, reloads on a live event of the clinic, and lets a nurse pick one doctor', async () => {
    signIn(nurseUser());
    const fetchMock = mockLists([], []);
    renderQueue(<DoctorQueueSidebar />);
    await screen.findByText('Tidak ada pasien menunggu');
    // every doctor of the clinic until one is picked
    expect(listQueries(fetchMock.mock.calls).every((q) => !q.has('doctor.doctorId'))).toBe(true);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari pasien' }), { target: { value: 'budi' } });
    await waitFor(() => expect(listQueries(fetchMock.mock.calls).at(-1)?.get('search')).toBe('budi'));

    const before = listQueries(fetchMock.mock.calls).length;
    const stream = FakeEventSource.instances.find((s) => s.url.endsWith('/events?clinicId=10'));
    expect(stream).toBeDefined();
    act(() =>
      stream?.emit('registration.created', { clinicId: 10, type: 'registration.created', id: 'r99' }),
    );
    await waitFor(() => expect(listQueries(fetchMock.mock.calls).length).toBeGreaterThanOrEqual(before + 2));

    const doctorBox = screen.getByRole('combobox', { name: 'Dokter' });
    fireEvent.click(doctorBox);
    const options = await waitFor(
      () => document.getElementById(doctorBox.getAttribute('aria-controls') ?? '')!,
    );
    fireEvent.click(within(options).getByRole('option', { name: 'dr. Bunga Lestari', hidden: true }));
    await waitFor(() => expect(listQueries(fetchMock.mock.calls).at(-1)?.get('doctor.doctorId')).toBe('6'));
  });

  it('offers a clinic choice to a doctor practising at several; the Lab button follows the clinic', async () => {
    signIn(
      doctorUser({
        ...withScreens('Doctor', [...DEMO_SCREENS.Doctor, '/Lab/home-page-lab', '/Lab/home-page-mcu']),
        clinics: [CLINIC_10, CLINIC_12],
      }),
    );
    const fetchMock = mockLists([], []);
    renderQueue(<DoctorQueueSidebar />);
    await screen.findByText('Tidak ada pasien menunggu');
    const box = screen.getByRole('combobox', { name: 'Klinik' });
    expect(box).toHaveValue('Klinik Sehat Menteng');
    fireEvent.click(box);
    const options = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
    expect(screen.getByRole('link', { name: 'Lab' })).toHaveAttribute('href', '/Lab/home-page-lab');
    fireEvent.click(within(options).getByRole('option', { name: 'Klinik MCU Surabaya', hidden: true }));
    await waitFor(() => expect(listQueries(fetchMock.mock.calls).at(-1)?.get('clinicId')).toBe('12'));
    expect(screen.getByRole('link', { name: 'Lab' })).toHaveAttribute('href', '/Lab/home-page-mcu');
  });
});
