import type { ResultVisit, VisitResults } from '@klinikita/domain/results/visit-results.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { VisitResultsPage } from './visit-results-page.tsx';

const API = '/api/clinic/v1';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });

const visit: ResultVisit = {
  registrationId: 'v1',
  queueNumber: 'L-002',
  queueDate: '2026-11-26',
  serviceType: 'LAB',
  clinicName: 'Klinikita MCU Center Cikarang',
  patient: { uid: 'p1', name: 'Sari Wulandari', mrn: 'RM-10-000079' },
  lab: true,
  radiology: 1,
  physio: 0,
  treatment: 0,
};

const range = { criticalLow: 7, criticalHigh: 20, impossibleLow: 0, impossibleHigh: 30, normalText: null };
const results = (over: Partial<VisitResults> = {}): VisitResults => ({
  registrationId: 'v1',
  queueNumber: 'L-002',
  queueDate: '2026-11-26',
  serviceType: 'LAB',
  clinicName: 'Klinikita MCU Center Cikarang',
  patient: { uid: 'p1', name: 'Sari Wulandari', mrn: 'RM-10-000079', sex: 'F', dob: '1984-03-12' },
  lab: {
    reportUid: 'r2',
    version: 2,
    amendmentReason: 'Salah input hemoglobin',
    orderingDoctor: 'dr. Alexander Wijaya',
    orderingClinic: 'Klinik Pratama Klinikita Menteng',
    diagnosis: null,
    validated: { name: 'Dewi Analis', at: '2026-11-26T03:00:00.000Z' },
    released: { name: 'Dewi Analis', at: '2026-11-26T03:05:00.000Z' },
    tests: [
      {
        code: 'LAB-DL',
        nameId: 'Darah Lengkap',
        nameEn: 'Complete Blood Count',
        values: [
          {
            code: 'HB',
            nameId: 'Hemoglobin',
            nameEn: 'Haemoglobin',
            value: 6.2,
            decimals: 1,
            unit: 'g/dL',
            range: { low: 12, high: 16, ...range },
            flag: 'LL',
          },
          {
            code: 'LEU',
            nameId: 'Leukosit',
            nameEn: 'Leucocytes',
            value: 12.5,
            decimals: 1,
            unit: '10³/µL',
            range: { low: 4, high: 10, ...range },
            flag: 'H',
          },
        ],
      },
    ],
  },
  radiology: [
    {
      accessionNumber: 'RAD-0001',
      version: 1,
      modality: 'CR',
      examination: 'Thorax PA',
      findings: 'Cor dan pulmo dalam batas normal',
      impression: 'Normal',
      amendmentReason: null,
      signed: { name: 'dr. Rad', at: '2026-11-26T04:00:00.000Z' },
    },
  ],
  physio: [],
  treatment: [],
  ...over,
});

const paged = (docs: ResultVisit[]) => ({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });

describe('VisitResultsPage', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ username: 'pendaftaran' })));

  it('finds visits by today’s date and the search, then opens the printable results', async () => {
    const fetchMock = mockApi({
      [`${API}/visit-results/visits`]: () => ok(paged([visit])),
      [`${API}/visit-results/visits/v1`]: () => ok(results()),
    });
    renderWithApp(<VisitResultsPage />, { route: '/Layanan/previewHasilnonMcu' });
    const row = (await screen.findByText('Sari Wulandari')).closest('tr')!;
    expect(within(row).getByText('L-002')).toBeInTheDocument();
    expect(within(row).getByText('Lab')).toBeInTheDocument();
    expect(within(row).getByText('Radiologi (1)')).toBeInTheDocument();
    const first = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(first.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.click(within(row).getByRole('button', { name: 'Buka Sari Wulandari' }));
    expect(await screen.findByRole('heading', { name: 'Sari Wulandari' })).toBeInTheDocument();
    const hb = screen.getByTestId('result-HB');
    expect(within(hb).getByText('6,2')).toBeInTheDocument();
    expect(within(hb).getByText('12,0–16,0')).toBeInTheDocument();
    expect(within(hb).getByText('Kritis')).toBeInTheDocument();
    expect(within(screen.getByTestId('result-LEU')).getByText('H')).toBeInTheDocument();
    expect(screen.getByText('Hasil berubah')).toBeInTheDocument();
    expect(screen.getByText('Alasan: Salah input hemoglobin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cetak hasil' })).toHaveAttribute(
      'href',
      `${API}/visit-results/visits/v1/lab-pdf`,
    );
    expect(screen.getByText('Thorax PA')).toBeInTheDocument();
    expect(screen.getByText('Cor dan pulmo dalam batas normal')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Kembali ke daftar' }));
    expect(await screen.findByText('Sari Wulandari')).toBeInTheDocument();
  });

  it('says so when nothing is found, and the whole history is a click away', async () => {
    const fetchMock = mockApi({ [`${API}/visit-results/visits`]: () => ok(paged([])) });
    renderWithApp(<VisitResultsPage />, { route: '/Layanan/previewHasilnonMcu' });
    expect(
      await screen.findByText('Tidak ada kunjungan dengan hasil pada pencarian ini.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Semua tanggal' }));
    await screen.findByText('Tidak ada kunjungan dengan hasil pada pencarian ini.');
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(last.searchParams.get('date')).toBeNull();
  });
});
