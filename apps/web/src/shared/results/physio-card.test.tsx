import type { ServiceOrder } from '@klinikita/domain/consultations/encounter.schema';
import type { PhysioProgramme, PhysioSession } from '@klinikita/domain/physio/physio.schema';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SCREENS, withScreens } from '../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../test/render.tsx';
import { useLiveRegistrations } from '../live/live-events.ts';
import { sessionStore } from '../session/session-store.ts';
import { PhysioCard } from './physio-card.tsx';

const PROGRAMMES = '/api/clinic/v1/physio/patients/p1/programmes';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });

const session = (over: Partial<PhysioSession>): PhysioSession => ({
  uid: 's1',
  registrationId: 'phy-1',
  sessionNumber: 1,
  kind: 'session',
  painBefore: 6,
  painAfter: 4,
  rangeOfMotion: [],
  strength: [],
  function: null,
  interventions: 'TENS 15 menit',
  note: null,
  performedBy: 'Ft. Rina',
  performedAt: '2026-03-02T03:00:00.000Z',
  ...over,
});

const programme = (over: Partial<PhysioProgramme> = {}): PhysioProgramme => ({
  uid: 'prog-1',
  status: 'active',
  clinicName: 'Klinik Menteng',
  registrationId: 'phy-1',
  referral: null,
  diagnosis: 'Low back pain mekanik',
  assessment: { painScale: 7, rangeOfMotion: [], strength: [], function: null },
  goals: null,
  plannedSessions: 8,
  sessionsDone: 3,
  remaining: 5,
  createdBy: 'Ft. Rina',
  createdAt: '2026-03-02T02:00:00.000Z',
  sessions: [
    session({}),
    session({
      uid: 's2',
      registrationId: 'phy-2',
      sessionNumber: 2,
      kind: 'reevaluation',
      painBefore: 4,
      painAfter: 3,
      rangeOfMotion: [{ joint: 'Lumbal', movement: 'Fleksi', degrees: 60 }],
      strength: [{ muscle: 'Erector spinae', grade: 4 }],
      function: 'Membungkuk membaik',
      performedAt: '2026-03-05T03:00:00.000Z',
    }),
    session({
      uid: 's3',
      registrationId: 'phy-3',
      sessionNumber: 3,
      painBefore: 3,
      painAfter: 1,
      interventions: 'Latihan McKenzie',
      note: 'Sudah kembali bekerja',
      performedAt: '2026-03-09T03:00:00.000Z',
    }),
  ],
  ...over,
});

const physioOrder = (registrationId: string | null, items = ['Fisioterapi per Sesi']): ServiceOrder => ({
  uid: `o-${registrationId}`,
  serviceType: 'PHYSIO',
  items,
  note: null,
  registrationId,
  queueNumber: 'F-001',
  status: 'Waiting',
  result: null,
  resultAt: null,
});

describe('PhysioCard', { timeout: 20_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(makeUser({ DoctorId: 5, ...withScreens('Doctor', DEMO_SCREENS.Doctor) })),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('shows the programme: sessions done of planned, the last session’s pain and note, the last re-evaluation', async () => {
    mockApi({ [PROGRAMMES]: () => ok([programme()]) });
    renderWithApp(<PhysioCard patientUid="p1" />);
    const block = await screen.findByTestId('physio-programme-prog-1');
    expect(within(block).getByText('Low back pain mekanik')).toBeInTheDocument();
    expect(within(block).getByText('Aktif')).toBeInTheDocument();
    expect(within(block).getByText(/^Sesi 3 dari 8 · Dibuka 2 Mar 2026/)).toBeInTheDocument();
    // the last session: pain before → after, interventions, note
    expect(within(block).getByText('Sesi terakhir')).toBeInTheDocument();
    expect(within(block).getByText(/^Sesi ke-3 · 9 Mar 2026.* · Ft\. Rina$/)).toBeInTheDocument();
    expect(within(block).getByText('3 → 1')).toBeInTheDocument();
    expect(within(block).getByText('Intervensi: Latihan McKenzie')).toBeInTheDocument();
    expect(within(block).getByText('Catatan: Sudah kembali bekerja')).toBeInTheDocument();
    // the re-evaluation before it, with its measures
    expect(within(block).getByText('Evaluasi ulang terakhir')).toBeInTheDocument();
    expect(within(block).getByText('4 → 3')).toBeInTheDocument();
    expect(within(block).getByText('Lumbal Fleksi 60° · Erector spinae 4/5')).toBeInTheDocument();
    expect(within(block).getByText('Fungsi dan aktivitas: Membungkuk membaik')).toBeInTheDocument();
    // the first session is history, not on the card
    expect(within(block).queryByText('6 → 4')).toBeNull();
  });

  it('marks the programme of this visit’s order, and says an order not yet worked on is awaited', async () => {
    mockApi({ [PROGRAMMES]: () => ok([programme()]) });
    renderWithApp(
      <PhysioCard patientUid="p1" orders={[physioOrder('phy-3'), physioOrder('phy-9', ['TENS'])]} />,
    );
    const block = await screen.findByTestId('physio-programme-prog-1');
    expect(within(block).getByText('Permintaan kunjungan ini')).toBeInTheDocument();
    expect(screen.getByText('Menunggu catatan fisioterapi: TENS')).toBeInTheDocument();
  });

  it('shows a programme without sessions yet by its first assessment', async () => {
    mockApi({ [PROGRAMMES]: () => ok([programme({ sessions: [], sessionsDone: 0, remaining: 8 })]) });
    renderWithApp(<PhysioCard patientUid="p1" />);
    expect(await screen.findByText('Belum ada sesi tercatat · Nyeri awal 7/10')).toBeInTheDocument();
  });

  it('stays away when there is no programme and nothing was ordered', async () => {
    const fetchMock = mockApi({ [PROGRAMMES]: () => ok([]) });
    renderWithApp(<PhysioCard patientUid="p1" />);
    await expect.poll(() => fetchMock.mock.calls.length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByTestId('physio-card')).toBeNull());
  });

  it('for a visit of the record shows only the programme of its orders, and nothing without one', async () => {
    const other = programme({
      uid: 'prog-0',
      registrationId: 'phy-0',
      diagnosis: 'Frozen shoulder',
      sessions: [],
    });
    const fetchMock = mockApi({ [PROGRAMMES]: () => ok([programme(), other]) });
    const { unmount } = renderWithApp(
      <PhysioCard patientUid="p1" orders={[physioOrder('phy-1')]} visitOnly />,
    );
    expect(await screen.findByTestId('physio-programme-prog-1')).toBeInTheDocument();
    expect(screen.queryByText('Frozen shoulder')).toBeNull();
    expect(screen.queryByText('Permintaan kunjungan ini')).toBeNull();
    unmount();
    fetchMock.mockClear();
    renderWithApp(<PhysioCard patientUid="p1" orders={[]} visitOnly />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('physio-card')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refetches when the clinic’s live stream says a service was performed', async () => {
    const sources: { type: string; listener: (e: MessageEvent<string>) => void }[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
          sources.push({ type, listener });
        }
        close() {}
      },
    );
    let list = [programme({ sessions: [], sessionsDone: 0 })];
    mockApi({ [PROGRAMMES]: () => ok(list) });
    function Live() {
      useLiveRegistrations(1);
      return null;
    }
    renderWithApp(
      <>
        <Live />
        <PhysioCard patientUid="p1" />
      </>,
    );
    expect(await screen.findByText('Belum ada sesi tercatat · Nyeri awal 7/10')).toBeInTheDocument();
    list = [programme()];
    const performed = sources.filter((s) => s.type === 'service.performed');
    expect(performed.length).toBeGreaterThan(0);
    act(() => {
      for (const s of performed)
        s.listener(new MessageEvent('service.performed', { data: JSON.stringify({ clinicId: 1 }) }));
    });
    expect(await screen.findByText('Catatan: Sudah kembali bekerja')).toBeInTheDocument();
  });
});
