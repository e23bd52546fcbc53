import {
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import {
  API,
  bodies,
  FakeEventSource,
  fail,
  ok,
  registration,
  stubEventSource,
  urls,
} from '../test/queue-test-kit.ts';
import { QueueBoardPage } from './queue-board-page.tsx';

const LIST = `${API}/registrations/registrations`;

const rows: Registration[] = [
  registration(),
  registration({
    _id: 'r2',
    queueNumber: 'A-002',
    status: 'Examination',
    patient: { ...registration().patient, uid: 'p2', mrn: 'RM-1-000002', name: 'Siti Aminah', title: 'Ny' },
    payerType: 'company',
    company: { id: 3, name: 'PT Maju Jaya' },
  }),
  registration({
    _id: 'r3',
    queueNumber: 'L-001',
    status: 'Paid',
    orderType: 'service',
    serviceType: 'LAB',
    doctor: null,
    room: 'Laboratorium',
    patient: { ...registration().patient, uid: 'p3', mrn: 'RM-1-000003', name: 'Andi Saputra' },
  }),
];

const COUNTS: Partial<Record<RegistrationStatus, number>> = { Waiting: 4, Examination: 2, Paid: 7 };

/** The list (filtered by status when asked) and the status counts beside it. */
function listHandler(current: () => Registration[]) {
  return (_init: RequestInit | undefined, url: URL) => {
    const status = url.searchParams.get('status') as RegistrationStatus | null;
    const docs = current().filter((r) => !status || r.status === status);
    return ok({ docs, page: 1, totalPages: 1, limit: 25, totalDocs: docs.length });
  };
}
const countsHandler = () => ok(Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, COUNTS[s] ?? 0])));

const renderBoard = () =>
  renderWithApp(
    <ModalsProvider>
      <QueueBoardPage />
    </ModalsProvider>,
    { route: '/PatientQueue/patientQueue' },
  );

const row = async (queueNumber: string) => (await screen.findByText(queueNumber)).closest('tr')!;

/** The front office's grant of the queue board (the moves it may make come from the catalogue). */
const boardAccess = [
  {
    parent: {
      enabled: true,
      status: true,
      menu: { _id: 'm1', menu: { name: 'Antrean Pasien', route: '/PatientQueue/patientQueue' } },
    },
    childs: [],
  },
];

describe('QueueBoardPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.signIn(
      makeUser({
        username: 'pendaftaran',
        role: { _id: 'r2', role: 'Registration', menu: { access: boardAccess } },
      }),
    );
    stubEventSource();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the day with status colours and counts, and offers only the legal moves of each status', async () => {
    const fetchMock = mockApi({
      [LIST]: listHandler(() => rows),
      [`${LIST}/counts`]: countsHandler,
      [`${API}/registrations/doctors/available`]: () => ok([]),
    });
    renderBoard();

    const waiting = await row('A-001');
    expect(within(waiting).getByText('Tn. Budi Hartono')).toBeInTheDocument();
    expect(within(waiting).getByText('RM-1-000001')).toBeInTheDocument();
    expect(within(waiting).getByText('dr. Sari Dewi')).toBeInTheDocument();
    // 01:15 UTC is 08:15 in Jakarta
    expect(within(waiting).getByText('08:15')).toBeInTheDocument();
    expect(within(waiting).getByText('Menunggu')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Panggil A-001' })).toBeEnabled();
    expect(within(waiting).getByRole('button', { name: 'Lewati A-001' })).toBeEnabled();
    fireEvent.click(within(waiting).getByRole('button', { name: 'Ubah status A-001' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((i) => i.textContent),
    ).toEqual(['Ubah ke Mengantri', 'Batalkan kunjungan']);
    fireEvent.keyDown(menu, { key: 'Escape' });

    const exam = await row('A-002');
    expect(within(exam).getByText('PT Maju Jaya')).toBeInTheDocument();
    expect(within(exam).getByRole('button', { name: 'Panggil A-002' })).toBeDisabled();
    expect(within(exam).getByRole('button', { name: 'Lewati A-002' })).toBeEnabled();
    // a doctor visit reaches Exam Done only through the doctor's signed note: the board offers no move
    expect(within(exam).getByRole('button', { name: 'Ubah status A-002' })).toBeDisabled();

    const paid = await row('L-001');
    expect(within(paid).getByText('Laboratorium')).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: 'Panggil L-001' })).toBeDisabled();
    expect(within(paid).getByRole('button', { name: 'Lewati L-001' })).toBeDisabled();
    expect(within(paid).getByRole('button', { name: 'Ubah status L-001' })).toBeDisabled();

    // counts per status, all of them together, and a status filter that goes to the server
    const filter = screen.getByRole('radiogroup', { name: 'Filter status' });
    await waitFor(() => expect(within(filter).getByRole('radio', { name: 'Semua 13' })).toBeChecked());
    fireEvent.click(within(filter).getByRole('radio', { name: 'Pemeriksaan 2' }));
    await waitFor(() =>
      expect(
        urls(fetchMock.mock.calls, 'registrations/registrations')
          .filter((u) => u.searchParams.get('limit') === '25')
          .at(-1)!
          .searchParams.get('status'),
      ).toBe('Examination'),
    );
    await waitFor(() => expect(screen.queryByText('A-001')).not.toBeInTheDocument());

    // today's queue by default: no dates, the server takes the clinic's today
    const first = urls(fetchMock.mock.calls, 'registrations/registrations')[0];
    expect(first.searchParams.get('clinicId')).toBe('1');
    expect(first.searchParams.get('startDate')).toBeNull();
    // the board follows the clinic's live stream
    expect(FakeEventSource.instances.map((s) => s.url)).toContain(`${API}/events?clinicId=1`);
  });

  it('searches by name, MRN or queue number, with / to reach the box, and looks at another day', async () => {
    const fetchMock = mockApi({
      [LIST]: listHandler(() => rows),
      [`${LIST}/counts`]: countsHandler,
      [`${API}/registrations/doctors/available`]: () => ok([]),
    });
    renderBoard();
    await row('A-001');
    const search = screen.getByRole('searchbox', { name: 'Cari antrean' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(search).toHaveFocus();
    fireEvent.change(search, { target: { value: ' A-002 ' } });
    await waitFor(() =>
      expect(
        urls(fetchMock.mock.calls, 'registrations/registrations').at(-1)!.searchParams.get('search'),
      ).toBe('A-002'),
    );

    fireEvent.change(screen.getByLabelText('Tanggal'), { target: { value: '2026-03-31' } });
    await waitFor(() => {
      const last = urls(fetchMock.mock.calls, 'registrations/registrations').at(-1)!;
      expect(last.searchParams.get('startDate')).toBe('31_3_2026');
      expect(last.searchParams.get('endDate')).toBe('1_4_2026');
    });
    // calls are for today's queue only
    expect(await screen.findByText(/Menampilkan antrean 31\/3\/2026/)).toBeInTheDocument();
    expect(within(await row('A-001')).getByRole('button', { name: 'Panggil A-001' })).toBeDisabled();
  });

  it('calls after a confirmation, sending the status it showed', async () => {
    let current = rows;
    const fetchMock = mockApi({
      [LIST]: listHandler(() => current),
      [`${LIST}/counts`]: countsHandler,
      [`${API}/registrations/doctors/available`]: () => ok([]),
      [`${API}/registrations/registrations/r1`]: () => {
        current = [{ ...rows[0], status: 'Examination' }, ...rows.slice(1)];
        return ok(current[0], 'Status berhasil diubah menjadi Examination');
      },
    });
    renderBoard();
    fireEvent.click(within(await row('A-001')).getByRole('button', { name: 'Panggil A-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Panggil pasien' });
    expect(within(dialog).getByText('Panggil A-001 – Tn. Budi Hartono ke Poli Umum?')).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations/r1', 'PATCH')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Panggil' }));

    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'registrations/registrations/r1', 'PATCH')).toEqual([
        { clinicId: 1, doctorId: 5, fromStatus: 'Waiting', updateField: { status: 'Examination' } },
      ]),
    );
    expect(await screen.findByText('Status berhasil diubah menjadi Examination')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByText('A-001').closest('tr')!).getByText('Pemeriksaan')).toBeInTheDocument(),
    );
  });

  it('shows the server message when someone else moved the patient first, and refreshes', async () => {
    let current = rows;
    const fetchMock = mockApi({
      [LIST]: listHandler(() => current),
      [`${LIST}/counts`]: countsHandler,
      [`${API}/registrations/doctors/available`]: () => ok([]),
      [`${API}/registrations/registrations/r1`]: () => {
        current = [{ ...rows[0], status: 'Examination' }, ...rows.slice(1)];
        return fail(409, 'Pasien A-001 sudah dipanggil (status sekarang Examination)');
      },
    });
    renderBoard();
    fireEvent.click(within(await row('A-001')).getByRole('button', { name: 'Lewati A-001' }));
    const warning = await screen.findByRole('dialog', { name: 'Peringatan' });
    expect(
      within(warning).getByText('Pasien A-001 sudah dipanggil (status sekarang Examination)'),
    ).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations/r1', 'PATCH')[0]).toMatchObject({
      fromStatus: 'Waiting',
      updateField: { status: 'Skip' },
    });
    await waitFor(() =>
      expect(within(screen.getByText('A-001').closest('tr')!).getByText('Pemeriksaan')).toBeInTheDocument(),
    );
    fireEvent.click(within(warning).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Peringatan' })).not.toBeInTheDocument());
  });

  it('refreshes when the live stream reports a change made elsewhere', async () => {
    let current = rows;
    mockApi({
      [LIST]: listHandler(() => current),
      [`${LIST}/counts`]: countsHandler,
      [`${API}/registrations/doctors/available`]: () => ok([]),
    });
    renderBoard();
    await row('A-001');
    current = [{ ...rows[0], status: 'Skip' }, ...rows.slice(1)];
    const stream = FakeEventSource.instances.find((s) => s.url.endsWith('events?clinicId=1'))!;
    act(() => stream.emit('registration.updated', { clinicId: 1, type: 'registration.updated', id: 'r1' }));
    await waitFor(() =>
      expect(within(screen.getByText('A-001').closest('tr')!).getByText('Dilewati')).toBeInTheDocument(),
    );
  });
});

describe('the display link dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.signIn(makeUser({ username: 'admin' }));
    stubEventSource();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the clinic's TV link and replaces it only after a warning", async () => {
    let path = '/display/old-token';
    const fetchMock = mockApi({
      [LIST]: listHandler(() => []),
      [`${LIST}/counts`]: countsHandler,
      [`${API}/registrations/doctors/available`]: () => ok([]),
      [`${API}/registrations/display-link`]: (init) => {
        if (init?.method === 'POST') path = '/display/new-token';
        return ok(
          { token: path.slice(9), path },
          'Tautan layar antrean baru dibuat; tautan lama tidak berlaku lagi',
        );
      },
    });
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Layar antrean' }));
    const link = await screen.findByRole('textbox', { name: 'Tautan layar antrean' });
    await waitFor(() => expect(link).toHaveValue('http://localhost:3000/display/old-token'));
    expect(screen.getByRole('link', { name: 'Buka' })).toHaveAttribute('target', '_blank');
    expect(urls(fetchMock.mock.calls, 'registrations/display-link')[0].searchParams.get('clinicId')).toBe(
      '1',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Buat tautan baru' }));
    expect(screen.getByText(/Tautan lama akan berhenti bekerja/)).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'registrations/display-link', 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ya, buat tautan baru' }));
    await waitFor(() => expect(link).toHaveValue('http://localhost:3000/display/new-token'));
    expect(bodies(fetchMock.mock.calls, 'registrations/display-link', 'POST')).toEqual([{ clinicId: 1 }]);
    expect(
      await screen.findByText('Tautan layar antrean baru dibuat; tautan lama tidak berlaku lagi'),
    ).toBeInTheDocument();
  });
});
