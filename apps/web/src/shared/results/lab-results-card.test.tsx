import type { ServiceOrder } from '@klinikita/domain/consultations/encounter.schema';
import type { PatientLabResult } from '@klinikita/domain/lab/lab-results.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SCREENS, withScreens } from '../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../test/render.tsx';
import { sessionStore } from '../session/session-store.ts';
import { LabResultsCard } from './lab-results-card.tsx';

const RESULTS = '/api/clinic/v1/lab-results/patients/p1';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });

const result = (over: Partial<PatientLabResult>): PatientLabResult => ({
  registrationId: 'lab-1',
  reportUid: 'rep-1',
  version: 1,
  amended: false,
  releasedAt: '2026-03-05T03:00:00.000Z',
  clinicName: 'Klinik Cikarang',
  testCode: 'LAB-DL',
  testNameId: 'Darah Lengkap',
  testNameEn: 'Complete Blood Count',
  parameterCode: 'HB',
  nameId: 'Hemoglobin',
  nameEn: 'Haemoglobin',
  value: 14.2,
  unit: 'g/dL',
  range: null,
  flag: 'N',
  ...over,
});

// newest first, as the server answers
const RESULTS_DATA = [
  result({
    registrationId: 'lab-9',
    reportUid: 'rep-9',
    releasedAt: '2026-03-10T03:00:00.000Z',
    value: 6.5,
    flag: 'LL',
  }),
  result({
    registrationId: 'lab-9',
    reportUid: 'rep-9',
    releasedAt: '2026-03-10T03:00:00.000Z',
    parameterCode: 'LEU',
    nameId: 'Leukosit',
    nameEn: 'Leukocytes',
    value: 12.3,
    unit: '10³/µL',
    flag: 'H',
  }),
  result({
    registrationId: 'lab-9',
    reportUid: 'rep-9',
    releasedAt: '2026-03-10T03:00:00.000Z',
    parameterCode: 'ERI',
    nameId: 'Eritrosit',
    nameEn: 'Erythrocytes',
    value: 4.5,
    unit: '10⁶/µL',
    flag: 'N',
  }),
  result({
    registrationId: 'lab-1',
    reportUid: 'rep-1b',
    version: 2,
    amended: true,
    testCode: 'LAB-UL',
    testNameId: 'Urinalisis',
    testNameEn: 'Urinalysis',
    parameterCode: 'PROT',
    nameId: 'Protein urin',
    nameEn: 'Urine protein',
    value: '+1',
    unit: null,
    flag: 'A',
  }),
];

const labOrder = (registrationId: string | null): ServiceOrder => ({
  uid: `o-${registrationId}`,
  serviceType: 'LAB',
  items: ['Darah Lengkap'],
  note: null,
  registrationId,
  queueNumber: 'L-001',
  status: 'Waiting',
  result: null,
  resultAt: null,
});

describe('LabResultsCard', { timeout: 20_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(makeUser({ DoctorId: 5, ...withScreens('Doctor', DEMO_SCREENS.Doctor) })),
  );

  it('lists the patient’s released results newest first, by test, with their flags', async () => {
    mockApi({ [RESULTS]: () => ok(RESULTS_DATA) });
    renderWithApp(<LabResultsCard patientUid="p1" />);
    const list = await screen.findByRole('list', { name: 'Hasil sebelumnya' });
    const reports = within(list).getAllByRole('listitem');
    expect(reports).toHaveLength(2);
    // the newer report first: its critical haemoglobin in red words, the leukocytes high
    expect(within(reports[0]).getByText('Darah Lengkap')).toBeInTheDocument();
    expect(within(reports[0]).getByText('6,5 g/dL')).toBeInTheDocument();
    expect(within(reports[0]).getByText('Kritis')).toBeInTheDocument();
    expect(within(reports[0]).getByText('12,3 10³/µL')).toBeInTheDocument();
    expect(within(reports[0]).getByText('H')).toBeInTheDocument();
    expect(within(reports[0]).getByText(/^Dirilis 10 Mar 2026/)).toBeInTheDocument();
    // compact: a normal value of an earlier report waits behind "Semua nilai"
    expect(within(reports[0]).queryByText('Eritrosit')).toBeNull();
    fireEvent.click(within(reports[0]).getByRole('button', { name: 'Semua nilai (3)' }));
    expect(within(reports[0]).getByText('4,5 10⁶/µL')).toBeInTheDocument();
    // the amended one says so
    expect(within(reports[1]).getByText('Urinalisis')).toBeInTheDocument();
    expect(within(reports[1]).getByText('+1')).toBeInTheDocument();
    expect(within(reports[1]).getByText('Amandemen')).toBeInTheDocument();
    expect(within(reports[1]).getByText('A')).toBeInTheDocument();
  });

  it('puts the results of this visit’s lab orders first, or says they are awaited', async () => {
    mockApi({ [RESULTS]: () => ok(RESULTS_DATA) });
    const { unmount } = renderWithApp(<LabResultsCard patientUid="p1" orders={[labOrder('lab-9')]} />);
    const current = await screen.findByRole('list', { name: 'Permintaan kunjungan ini' });
    // the visit's own order: every value, the normal ones too
    expect(within(current).getByText('6,5 g/dL')).toBeInTheDocument();
    expect(within(current).getByText('4,5 10⁶/µL')).toBeInTheDocument();
    const earlier = screen.getByRole('list', { name: 'Hasil sebelumnya' });
    expect(within(earlier).getAllByRole('listitem')).toHaveLength(1);
    expect(within(earlier).getByText('Urinalisis')).toBeInTheDocument();
    unmount();

    renderWithApp(<LabResultsCard patientUid="p1" orders={[labOrder('lab-new')]} />);
    expect(await screen.findByText('Menunggu hasil lab dirilis')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Permintaan kunjungan ini' })).toBeNull();
  });

  it('says so when nothing is released yet', async () => {
    mockApi({ [RESULTS]: () => ok([]) });
    renderWithApp(<LabResultsCard patientUid="p1" />);
    expect(await screen.findByText('Belum ada hasil lab yang dirilis.')).toBeInTheDocument();
  });
});
