import type { ServiceOrder } from '@klinikita/domain/consultations/encounter.schema';
import type { PatientTreatmentProcedure } from '@klinikita/domain/treatment/treatment.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SCREENS, withScreens } from '../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../test/render.tsx';
import { sessionStore } from '../session/session-store.ts';
import { TreatmentCard } from './treatment-card.tsx';

const PROCEDURES = '/api/clinic/v1/treatment/patients/p1/procedures';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });

const procedure = (over: Partial<PatientTreatmentProcedure>): PatientTreatmentProcedure => ({
  uid: 'tp-1',
  registrationId: 'trt-1',
  clinicName: 'Klinik Menteng',
  icd9Code: '93.57',
  name: 'Perawatan luka',
  consumables: [],
  notes: null,
  performedBy: 'Siti Nurhaliza',
  performedAt: '2026-03-05T03:00:00.000Z',
  ...over,
});

// newest first, as the server answers
const PROCEDURES_DATA = [
  procedure({
    uid: 'tp-9',
    registrationId: 'trt-9',
    consumables: [
      { name: 'Kasa steril', quantity: 2, unit: 'lembar' },
      { name: 'NaCl 0,9%', quantity: 1, unit: 'botol' },
    ],
    notes: 'Luka bersih, dibalut',
    performedAt: '2026-03-10T03:00:00.000Z',
  }),
  ...[1, 2, 3, 4].map((n) =>
    procedure({
      uid: `tp-old-${n}`,
      registrationId: `trt-old-${n}`,
      icd9Code: '93.94',
      name: `Nebulisasi ${n}`,
      performedAt: `2026-02-0${n}T03:00:00.000Z`,
    }),
  ),
];

const treatmentOrder = (registrationId: string | null, items = ['Perawatan luka']): ServiceOrder => ({
  uid: `o-${registrationId}`,
  serviceType: 'TREATMENT',
  items,
  note: null,
  registrationId,
  queueNumber: 'T-001',
  status: 'Waiting',
  result: null,
  resultAt: null,
});

describe('TreatmentCard', { timeout: 20_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(makeUser({ DoctorId: 5, ...withScreens('Doctor', DEMO_SCREENS.Doctor) })),
  );

  it('shows the procedure of this visit’s order first: ICD-9-CM code, name, who, when, consumables, notes', async () => {
    mockApi({ [PROCEDURES]: () => ok(PROCEDURES_DATA) });
    renderWithApp(<TreatmentCard patientUid="p1" orders={[treatmentOrder('trt-9')]} />);
    const current = await screen.findByRole('list', { name: 'Permintaan kunjungan ini' });
    const item = within(current).getByTestId('procedure-tp-9');
    expect(within(item).getByText('93.57')).toBeInTheDocument();
    expect(within(item).getByText('Perawatan luka')).toBeInTheDocument();
    expect(
      within(item).getByText(/^10 Mar 2026.* oleh Siti Nurhaliza · Klinik Menteng$/),
    ).toBeInTheDocument();
    expect(
      within(item).getByText('Bahan habis pakai: Kasa steril 2 lembar, NaCl 0,9% 1 botol'),
    ).toBeInTheDocument();
    expect(within(item).getByText('Catatan: Luka bersih, dibalut')).toBeInTheDocument();
    // the earlier ones below, three at first
    const earlier = screen.getByRole('list', { name: 'Tindakan sebelumnya' });
    expect(within(earlier).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan 1 tindakan lainnya' }));
    expect(within(earlier).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText(/^Menunggu tindakan/)).toBeNull();
  });

  it('says an ordered procedure is awaited', async () => {
    mockApi({ [PROCEDURES]: () => ok(PROCEDURES_DATA) });
    renderWithApp(<TreatmentCard patientUid="p1" orders={[treatmentOrder('trt-new', ['Jahit luka'])]} />);
    expect(await screen.findByText('Menunggu tindakan: Jahit luka')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Permintaan kunjungan ini' })).toBeNull();
  });

  it('stays away when nothing was done and nothing was ordered', async () => {
    const fetchMock = mockApi({ [PROCEDURES]: () => ok([]) });
    renderWithApp(<TreatmentCard patientUid="p1" />);
    await expect.poll(() => fetchMock.mock.calls.length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByTestId('treatment-card')).toBeNull());
  });

  it('for a visit of the record shows only the procedures of its orders, and nothing without one', async () => {
    const fetchMock = mockApi({ [PROCEDURES]: () => ok(PROCEDURES_DATA) });
    const { unmount } = renderWithApp(
      <TreatmentCard patientUid="p1" orders={[treatmentOrder('trt-old-2')]} visitOnly />,
    );
    const card = await screen.findByTestId('treatment-card');
    expect(await within(card).findByText('Nebulisasi 2')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
    expect(within(card).queryByText('Tindakan sebelumnya')).toBeNull();
    unmount();
    fetchMock.mockClear();
    renderWithApp(<TreatmentCard patientUid="p1" orders={[]} visitOnly />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('treatment-card')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
