import type { ServiceOrder } from '@klinikita/domain/consultations/encounter.schema';
import type { PatientLabResult } from '@klinikita/domain/lab/lab-results.schema';
import type { PhysioProgramme } from '@klinikita/domain/physio/physio.schema';
import type { PatientRadiologyReport } from '@klinikita/domain/radiology/radiology.schema';
import type { PatientTreatmentProcedure } from '@klinikita/domain/treatment/treatment.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { API, encounter, ok, signInDoctor } from '../test/emr-fixtures.tsx';
import { VisitCard } from './visit-card.tsx';

const order = (serviceType: ServiceOrder['serviceType'], registrationId: string, items: string[]) => ({
  uid: `o-${registrationId}`,
  serviceType,
  items,
  note: null,
  registrationId,
  queueNumber: 'X-001',
  status: 'Done',
  result: null,
  resultAt: null,
});

const lab = (over: Partial<PatientLabResult>): PatientLabResult => ({
  registrationId: 'r-lab',
  reportUid: 'rep-1',
  version: 1,
  amended: false,
  releasedAt: '2026-11-23T05:00:00.000Z',
  clinicName: 'Klinik Cikarang',
  testCode: 'LAB-KOL',
  testNameId: 'Kolesterol Total',
  testNameEn: 'Total Cholesterol',
  parameterCode: 'CHOL',
  nameId: 'Kolesterol total',
  nameEn: 'Total cholesterol',
  value: 245,
  unit: 'mg/dL',
  range: null,
  flag: 'H',
  ...over,
});

const radiology: PatientRadiologyReport = {
  registrationId: 'r-rad',
  reportUid: 'rad-1',
  version: 1,
  amended: false,
  accessionNumber: 'RAD-10-20261123-0001',
  modality: 'CR',
  examination: 'Foto Thorax PA',
  clinicName: 'Klinik Menteng',
  findings: 'Cor tidak membesar.',
  impression: 'Cor dan pulmo dalam batas normal.',
  signedBy: 'dr. Dimas, Sp.Rad',
  signedAt: '2026-11-23T06:00:00.000Z',
  serviceOrderUid: 'o-r-rad',
};

const programme: PhysioProgramme = {
  uid: 'prog-1',
  status: 'active',
  clinicName: 'Klinik Menteng',
  registrationId: 'r-phy',
  referral: null,
  diagnosis: 'Frozen shoulder kanan',
  assessment: { painScale: 7, rangeOfMotion: [], strength: [], function: null },
  goals: null,
  plannedSessions: 6,
  sessionsDone: 1,
  remaining: 5,
  createdBy: 'Ft. Rina',
  createdAt: '2026-11-24T02:00:00.000Z',
  sessions: [
    {
      uid: 's1',
      registrationId: 'r-phy',
      sessionNumber: 1,
      kind: 'session',
      painBefore: 7,
      painAfter: 5,
      rangeOfMotion: [],
      strength: [],
      function: null,
      interventions: 'Ultrasound, latihan pendulum',
      note: null,
      performedBy: 'Ft. Rina',
      performedAt: '2026-11-24T03:00:00.000Z',
    },
  ],
};

const procedure = (over: Partial<PatientTreatmentProcedure>): PatientTreatmentProcedure => ({
  uid: 'tp-1',
  registrationId: 'r-trt',
  clinicName: 'Klinik Menteng',
  icd9Code: '93.94',
  name: 'Nebulisasi',
  consumables: [{ name: 'Salbutamol nebule', quantity: 1, unit: 'ampul' }],
  notes: 'Sesak berkurang',
  performedBy: 'Siti Nurhaliza',
  performedAt: '2026-11-23T04:00:00.000Z',
  ...over,
});

const RESULTS = {
  [`${API}/lab-results/patients/p1`]: () =>
    ok([lab({}), lab({ registrationId: 'r-old', reportUid: 'rep-0', value: 180, flag: 'N' })]),
  [`${API}/radiology/patients/p1/reports`]: () =>
    ok([
      radiology,
      { ...radiology, registrationId: 'r-old', reportUid: 'rad-0', impression: 'Kardiomegali' },
    ]),
  [`${API}/physio/patients/p1/programmes`]: () =>
    ok([programme, { ...programme, uid: 'prog-0', registrationId: 'r-old', diagnosis: 'LBP', sessions: [] }]),
  [`${API}/treatment/patients/p1/procedures`]: () =>
    ok([procedure({}), procedure({ uid: 'tp-0', registrationId: 'r-old', name: 'Perawatan luka' })]),
};

const card = (e = encounter()) =>
  renderWithApp(<VisitCard encounter={e} canAddAddendum={false} onAddAddendum={() => {}} />);

describe('VisitCard: the results of the visit’s orders', { timeout: 20_000 }, () => {
  beforeEach(() => signInDoctor());

  it('opens "Hasil penunjang" on the lab values with flags, the impression, the sessions and procedures of its orders only', async () => {
    const fetchMock = mockApi(RESULTS);
    card(
      encounter({
        serviceOrders: [
          order('LAB', 'r-lab', ['Kolesterol Total']),
          order('RAD', 'r-rad', ['Foto Thorax PA']),
          order('PHYSIO', 'r-phy', ['Fisioterapi per Sesi']),
          order('TREATMENT', 'r-trt', ['Nebulisasi']),
        ],
      }),
    );
    // compact: nothing fetched until the doctor opens them
    const toggle = screen.getByRole('button', { name: 'Hasil penunjang (4)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // nor its SATUSEHAT state: its page of cards asks for that
    expect(fetchMock.mock.calls).toEqual([]);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const results = await screen.findByTestId('order-results');
    const labCard = await within(results).findByTestId('lab-report-rep-1');
    expect(within(labCard).getByText('245 mg/dL')).toBeInTheDocument();
    expect(within(labCard).getByText('H')).toBeInTheDocument();
    expect(await within(results).findByText('Cor dan pulmo dalam batas normal.')).toBeInTheDocument();
    const physio = await within(results).findByTestId('physio-programme-prog-1');
    expect(within(physio).getByText('Frozen shoulder kanan')).toBeInTheDocument();
    expect(within(physio).getByText('7 → 5')).toBeInTheDocument();
    const treatment = await within(results).findByTestId('procedure-tp-1');
    expect(within(treatment).getByText('Nebulisasi')).toBeInTheDocument();
    expect(within(treatment).getByText('Bahan habis pakai: Salbutamol nebule 1 ampul')).toBeInTheDocument();
    // what other visits ordered stays with them
    expect(within(results).queryByText('180 mg/dL')).toBeNull();
    expect(within(results).queryByText('Kardiomegali')).toBeNull();
    expect(within(results).queryByText('LBP')).toBeNull();
    expect(within(results).queryByText('Perawatan luka')).toBeNull();
    expect(within(results).queryByText(/sebelumnya/i)).toBeNull();
  });

  it('shows only the kinds the visit ordered, and says what is still awaited', async () => {
    mockApi(RESULTS);
    card(encounter({ serviceOrders: [order('RAD', 'r-rad-new', ['USG Abdomen'])] }));
    fireEvent.click(screen.getByRole('button', { name: 'Hasil penunjang (1)' }));
    expect(await screen.findByText('Menunggu laporan radiologi: USG Abdomen')).toBeInTheDocument();
    expect(screen.queryByTestId('lab-results-card')).toBeNull();
    expect(screen.queryByTestId('physio-card')).toBeNull();
    expect(screen.queryByTestId('treatment-card')).toBeNull();
  });

  it('shows nothing of results when the visit ordered nothing', () => {
    const fetchMock = mockApi(RESULTS);
    card(encounter({ serviceOrders: [], orders: [] }));
    expect(screen.getByTestId('record-visit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Hasil penunjang/ })).toBeNull();
    expect(fetchMock.mock.calls).toEqual([]);
  });
});
