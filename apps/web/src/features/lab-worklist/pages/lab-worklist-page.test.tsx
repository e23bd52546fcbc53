import type { LabWorkParameter } from '@klinikita/domain/lab/lab-results.schema';
import type { LabWorklist, LabWorklistRow } from '@klinikita/domain/lab/lab-worklist.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, mcuClinic, ok } from '../../../test/lab-test-kit.tsx';
import { DEMO_SCREENS, withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LabWorklistPage } from './lab-worklist-page.tsx';

const range = {
  low: 13,
  high: 17,
  criticalLow: 7,
  criticalHigh: null,
  impossibleLow: 0,
  impossibleHigh: 25,
  normalText: null,
};
const param = (code: string, over: Partial<LabWorkParameter> = {}): LabWorkParameter => ({
  uid: code.toLowerCase(),
  code,
  nameId: code,
  nameEn: code,
  unit: 'g/dL',
  resultType: 'number',
  decimals: 1,
  choices: null,
  formula: null,
  range: null,
  ...over,
});
const row = (
  registrationId: string,
  queueNumber: string,
  over: Partial<LabWorklistRow> = {},
): LabWorklistRow => ({
  registrationId,
  queueNumber,
  patientName: `Pasien ${queueNumber}`,
  mrn: `RM-${queueNumber}`,
  barcode: `L011260305000${queueNumber.slice(-1)}`,
  specimenStatus: 'received',
  version: null,
  reportStatus: null,
  cells: ['hb', 'ht'].map((parameterUid) => ({ parameterUid, value: null, flag: null, range })),
  ...over,
});
const worklist = (): LabWorklist => ({
  day: '2026-03-05',
  tests: [
    {
      serviceUid: 's-dl',
      code: 'LAB-DL',
      nameId: 'Darah Lengkap',
      nameEn: 'Complete blood count',
      samples: 2,
    },
  ],
  parameters: [param('HB'), param('HT')],
  rows: {
    docs: [row('r1', 'L-001'), row('r2', 'L-002', { version: 1, reportStatus: 'draft' })],
    page: 1,
    totalPages: 1,
    limit: 25,
    totalDocs: 2,
  },
});

const labUser = () =>
  makeUser({ ClinicId: 11, clinics: [mcuClinic], ...withScreens('Lab', DEMO_SCREENS.Lab) });
const cell = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('LabWorklistPage', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(labUser()));

  it('walks the grid with Enter and the arrows, flags a low value, and saves the changed samples in one call', async () => {
    const api = mockApi({
      [`${API}/lab/worklist`]: () => ok(worklist()),
      [`${API}/lab/worklist/results`]: () => ok({ saved: 2 }, 'Hasil 2 sampel disimpan'),
    });
    renderWithApp(<LabWorklistPage />);
    await screen.findByTestId('worklist-grid');
    const hb1 = cell('HB L-001');
    hb1.focus();
    fireEvent.change(hb1, { target: { value: '10,5' } });
    fireEvent.keyDown(hb1, { key: 'Enter' });
    expect(document.activeElement).toBe(cell('HT L-001'));
    fireEvent.keyDown(cell('HT L-001'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('HT L-002'));
    fireEvent.change(cell('HT L-002'), { target: { value: '44' } });
    // the flag for this patient's range shows as typed
    expect(screen.getByTitle('Di bawah nilai rujukan')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan hasil' }));
    await waitFor(() =>
      expect(bodies(api.mock.calls, 'lab/worklist/results', 'POST')).toEqual([
        {
          items: [
            { registrationId: 'r1', version: null, values: [{ parameterUid: 'hb', value: '10,5' }] },
            { registrationId: 'r2', version: 1, values: [{ parameterUid: 'ht', value: '44' }] },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Hasil 2 sampel disimpan')).toBeInTheDocument();
  });

  it('marks the refused cell and keeps what was typed', async () => {
    mockApi({
      [`${API}/lab/worklist`]: () => ok(worklist()),
      [`${API}/lab/worklist/results`]: () => ({
        status: 400,
        body: {
          status: false,
          message: 'Nilai HB 99 di luar batas mustahil 0–25',
          errors: [{ path: 'items.0.values.0.value', message: 'Di luar batas mustahil' }],
        },
      }),
    });
    renderWithApp(<LabWorklistPage />);
    await screen.findByTestId('worklist-grid');
    fireEvent.change(cell('HB L-002'), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan hasil' }));
    expect(await screen.findByText('Nilai HB 99 di luar batas mustahil 0–25')).toBeInTheDocument();
    expect(cell('HB L-002')).toHaveAttribute('aria-invalid', 'true');
    expect(cell('HB L-002').value).toBe('99');
  });
});
