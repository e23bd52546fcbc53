import type { ServiceOrder } from '@klinikita/domain/consultations/encounter.schema';
import type { PatientRadiologyReport } from '@klinikita/domain/radiology/radiology.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SCREENS, withScreens } from '../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../test/render.tsx';
import { sessionStore } from '../session/session-store.ts';
import { RadiologyReportCard } from './radiology-report-card.tsx';

const REPORTS = '/api/clinic/v1/radiology/patients/p1/reports';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });

const signed = (over: Partial<PatientRadiologyReport> = {}): PatientRadiologyReport => ({
  registrationId: 'rad-1',
  reportUid: 'rep-1',
  version: 1,
  amended: false,
  accessionNumber: 'RAD-11-20260305-0001',
  modality: 'CR',
  examination: 'Foto Thorax PA',
  clinicName: 'Klinik Cikarang',
  findings: 'Cor tidak membesar.',
  impression: 'Cor dan pulmo dalam batas normal.',
  signedBy: 'Dimas Prasetyo',
  signedAt: '2026-03-05T03:00:00.000Z',
  serviceOrderUid: 'o-1',
  ...over,
});

const radOrder = (registrationId: string | null, items = ['Foto Thorax PA']): ServiceOrder => ({
  uid: `o-${registrationId}`,
  serviceType: 'RAD',
  items,
  note: null,
  registrationId,
  queueNumber: 'R-001',
  status: 'Waiting',
  result: null,
  resultAt: null,
});

describe('RadiologyReportCard', { timeout: 20_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(makeUser({ DoctorId: 5, ...withScreens('Doctor', DEMO_SCREENS.Doctor) })),
  );

  it('shows the signed report of the visit’s order with its findings, impression and radiologist', async () => {
    mockApi({ [REPORTS]: () => ok([signed({ version: 2, amended: true })]) });
    renderWithApp(<RadiologyReportCard patientUid="p1" orders={[radOrder('rad-1')]} />);
    const card = await screen.findByTestId('radiology-report-card');
    const report = await within(card).findByTestId('radiology-report-rep-1');
    expect(within(report).getByText('Foto Thorax PA')).toBeInTheDocument();
    expect(within(report).getByText('Cor dan pulmo dalam batas normal.')).toBeInTheDocument();
    expect(within(report).getByText('Diubah')).toBeInTheDocument();
    expect(within(report).getByText(/Dimas Prasetyo/)).toBeInTheDocument();
    expect(within(card).queryByText(/Menunggu laporan radiologi/)).toBeNull();
  });

  it('says an ordered examination is awaited, and stays away when nothing was ordered or signed', async () => {
    mockApi({ [REPORTS]: () => ok([]) });
    const { unmount } = renderWithApp(
      <RadiologyReportCard patientUid="p1" orders={[radOrder('rad-2', ['USG Abdomen'])]} />,
    );
    expect(await screen.findByText('Menunggu laporan radiologi: USG Abdomen')).toBeInTheDocument();
    unmount();
    const fetchMock = mockApi({ [REPORTS]: () => ok([]) });
    renderWithApp(<RadiologyReportCard patientUid="p1" />);
    await expect.poll(() => fetchMock.mock.calls.length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByTestId('radiology-report-card')).toBeNull());
  });
});
