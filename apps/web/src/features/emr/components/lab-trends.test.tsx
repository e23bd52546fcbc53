import type { PatientLabResult } from '@klinikita/domain/lab/lab-results.schema';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LabTrends, trendsOf } from './lab-trends.tsx';

const range = {
  low: 12,
  high: 16,
  criticalLow: 7,
  criticalHigh: 20,
  impossibleLow: 0,
  impossibleHigh: 30,
  normalText: null,
};
const result = (
  report: string,
  at: string,
  code: string,
  value: number | string,
  flag: 'N' | 'L' | 'A' = 'N',
) =>
  ({
    registrationId: `v-${report}`,
    reportUid: report,
    version: 1,
    amended: false,
    releasedAt: at,
    clinicName: 'Klinikita MCU Center Cikarang',
    testCode: 'LAB-DL',
    testNameId: 'Darah Lengkap',
    testNameEn: 'Complete Blood Count',
    parameterCode: code,
    nameId: code === 'HB' ? 'Hemoglobin' : 'Warna',
    nameEn: code === 'HB' ? 'Haemoglobin' : 'Colour',
    value,
    unit: code === 'HB' ? 'g/dL' : null,
    range: code === 'HB' ? range : null,
    flag,
  }) satisfies PatientLabResult;

// newest first, as the server answers
const RESULTS = [
  result('r3', '2026-11-26T03:00:00.000Z', 'HB', 10.8, 'L'),
  result('r3', '2026-11-26T03:00:00.000Z', 'COLOR', 'Kuning', 'N'),
  result('r2', '2026-10-01T03:00:00.000Z', 'HB', 12.4),
  result('r1', '2026-09-01T03:00:00.000Z', 'HB', 13.1),
];

describe('lab trends', () => {
  beforeEach(() => sessionStore.signIn(makeUser({ username: 'dokter' })));

  it('follows each numeric parameter oldest first with the latest range; text results have none', () => {
    const [hb, ...others] = trendsOf(RESULTS);
    expect(others).toEqual([]);
    expect(hb).toMatchObject({ code: 'HB', unit: 'g/dL', normal: [12, 16] });
    expect(hb.points.map((p) => p.value)).toEqual([13.1, 12.4, 10.8]);
  });

  it('shows the trend chart and each released report with its sheet', async () => {
    mockApi({
      '/api/clinic/v1/lab-results/patients/p1': () => ({
        body: { status: true, message: 'OK', data: RESULTS },
      }),
    });
    renderWithApp(<LabTrends patientUid="p1" />);
    const trend = await screen.findByTestId('lab-trend-HB');
    expect(within(trend).getByRole('img', { name: /^Hemoglobin: / })).toBeInTheDocument();
    expect(within(trend).getByText('Terakhir 10,8 g/dL')).toBeInTheDocument();
    const newest = screen.getByTestId('lab-record-r3');
    expect(within(newest).getByText('Kuning')).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: /Cetak hasil/ })).toHaveAttribute(
      'href',
      '/api/clinic/v1/lab-results/records/v-r3/pdf',
    );
  });
});
