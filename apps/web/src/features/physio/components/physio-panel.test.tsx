import type { PhysioProgramme, PhysioVisit } from '@klinikita/domain/physio/physio.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, ok, plainClinic, withModals } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { PhysioPanel } from './physio-panel.tsx';

const VISIT = `${API}/physio/visits/v5`;

const programme = (over: Partial<PhysioProgramme> = {}): PhysioProgramme => ({
  uid: 'pg1',
  status: 'active',
  clinicName: 'Klinik Menteng',
  registrationId: 'v1',
  referral: 'Fisioterapi, TENS',
  diagnosis: 'Low back pain mekanik',
  assessment: {
    painScale: 7,
    rangeOfMotion: [{ joint: 'Lumbal', movement: 'Fleksi', degrees: 40 }],
    strength: [{ muscle: 'Erector spinae', grade: 3 }],
    function: null,
  },
  goals: 'Kembali bekerja',
  plannedSessions: 8,
  sessionsDone: 4,
  remaining: 4,
  createdBy: 'Siti Rahma',
  createdAt: '2026-03-01T03:00:00.000Z',
  sessions: [1, 2, 3, 4].map((n) => ({
    uid: `s${n}`,
    registrationId: `v${n}`,
    sessionNumber: n,
    kind: n === 3 ? ('reevaluation' as const) : ('session' as const),
    painBefore: 8 - n,
    painAfter: 6 - n,
    rangeOfMotion: [],
    strength: [],
    function: null,
    interventions: 'TENS 15 menit',
    note: null,
    performedBy: 'Siti Rahma',
    performedAt: `2026-03-0${n + 1}T03:00:00.000Z`,
  })),
  ...over,
});

const visit = (over: Partial<PhysioVisit> = {}): PhysioVisit => ({
  registrationId: 'v5',
  clinicId: 10,
  patient: { uid: 'p1', name: 'Budi Hartono', mrn: 'RM-10-000001' },
  order: {
    doctorName: 'dr. Andi',
    clinicName: 'Klinik Menteng',
    diagnosis: 'M54.5 Low back pain',
    note: 'Nyeri punggung bawah',
    items: ['Fisioterapi per Sesi', 'TENS'],
  },
  programme: null,
  session: null,
  ...over,
});

const renderPanel = () => renderWithApp(withModals(<PhysioPanel registrationId="v5" />));
const type = (el: HTMLElement, text: string) => fireEvent.change(el, { target: { value: text } });

describe('PhysioPanel', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ ClinicId: 10, clinics: [plainClinic] })));

  it('shows the referral and, on a first visit, refuses an incomplete assessment before sending it', async () => {
    const fetch = mockApi({ [VISIT]: () => ok(visit()) });
    renderPanel();
    const referral = await screen.findByRole('region', { name: 'Rujukan dokter' });
    expect(within(referral).getByText('M54.5 Low back pain')).toBeInTheDocument();
    expect(within(referral).getByText('Fisioterapi per Sesi, TENS')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Asesmen awal' });
    // the referral is prefilled from the order
    expect(within(form).getByLabelText('Rujukan')).toHaveValue(
      'Fisioterapi per Sesi, TENS — Nyeri punggung bawah',
    );
    // pain and degrees left empty (the fields clamp what is typed to 0–10 and 0–360)
    type(within(form).getByLabelText('Sendi 1'), 'Lumbal');
    type(within(form).getByLabelText('Gerakan 1'), 'Fleksi');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan asesmen dan buka program' }));
    expect(await within(form).findByText('Isi skala nyeri 0 sampai 10')).toBeInTheDocument();
    expect(within(form).getByText('Isi derajat 0 sampai 360')).toBeInTheDocument();
    expect(bodies(fetch.mock.calls, 'physio/visits/v5/programme', 'POST')).toEqual([]);
  });

  it('opens the programme from a valid assessment', async () => {
    const fetch = mockApi({
      [VISIT]: () => ok(visit()),
      [`${VISIT}/programme`]: () =>
        ok(visit({ programme: programme({ sessions: [], sessionsDone: 0, remaining: 8 }) })),
    });
    renderPanel();
    const form = await screen.findByRole('region', { name: 'Asesmen awal' });
    type(within(form).getByLabelText(/Diagnosis fisioterapi/), 'Low back pain mekanik');
    type(within(form).getByLabelText(/Skala nyeri/), '7');
    type(within(form).getByLabelText('Sendi 1'), 'Lumbal');
    type(within(form).getByLabelText('Gerakan 1'), 'Fleksi');
    type(within(form).getByLabelText('Derajat 1'), '40');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan asesmen dan buka program' }));
    expect(await screen.findByText('Sesi 0 dari 8')).toBeInTheDocument();
    const [body] = bodies(fetch.mock.calls, 'physio/visits/v5/programme', 'POST');
    expect(body).toMatchObject({
      diagnosis: 'Low back pain mekanik',
      plannedSessions: 8,
      assessment: {
        painScale: 7,
        rangeOfMotion: [{ joint: 'Lumbal', movement: 'Fleksi', degrees: 40 }],
        strength: [],
      },
    });
  });

  it('shows the programme half done and notes this visit as session 5', async () => {
    const fetch = mockApi({
      [VISIT]: () => ok(visit({ programme: programme() })),
      [`${VISIT}/session`]: () => {
        const p = programme();
        const s = {
          ...p.sessions[3],
          uid: 's5',
          registrationId: 'v5',
          sessionNumber: 5,
          painBefore: 3,
          painAfter: 1,
        };
        return ok(
          visit({
            programme: { ...p, sessions: [...p.sessions, s], sessionsDone: 5, remaining: 3 },
            session: s,
          }),
        );
      },
    });
    renderPanel();
    expect(await screen.findByText('Sesi 4 dari 8')).toBeInTheDocument();
    expect(screen.getByText('Sisa 4 sesi')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Tren nyeri: 1: 7→5; 2: 6→4/ })).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Catatan sesi kunjungan ini' });
    expect(within(form).getByText(/Sesi ke-5/)).toBeInTheDocument();
    type(within(form).getByLabelText(/Nyeri sebelum terapi/), '3');
    type(within(form).getByLabelText(/Nyeri sesudah terapi/), '1');
    type(within(form).getByLabelText(/Intervensi/), 'Ultrasound 5 menit');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan catatan sesi' }));
    expect(await screen.findByText('Kunjungan ini tercatat sebagai sesi ke-5')).toBeInTheDocument();
    expect(screen.getByText('Sesi 5 dari 8')).toBeInTheDocument();
    expect(bodies(fetch.mock.calls, 'physio/visits/v5/session', 'POST')).toEqual([
      {
        kind: 'session',
        painBefore: 3,
        painAfter: 1,
        interventions: 'Ultrasound 5 menit',
        note: null,
        measures: null,
      },
    ]);
  });
});
