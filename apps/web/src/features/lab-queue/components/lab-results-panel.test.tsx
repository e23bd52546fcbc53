import type {
  AppliedRange,
  LabReport,
  LabWork,
  LabWorkParameter,
} from '@klinikita/domain/lab/lab-results.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import {
  API,
  bodies,
  labPreAss,
  mcuClinic,
  ok,
  registration,
  withModals,
} from '../../../test/lab-test-kit.tsx';
import { DEMO_SCREENS, withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LabHomePage } from '../pages/lab-home-page.tsx';
import { LabResultsPanel } from './lab-results-panel.tsx';

const WORK = `${API}/lab-results/visits/r1`;
const VALUES = `${WORK}/values`;

const range = (over: Partial<AppliedRange> = {}): AppliedRange => ({
  low: null,
  high: null,
  criticalLow: null,
  criticalHigh: null,
  impossibleLow: null,
  impossibleHigh: null,
  normalText: null,
  ...over,
});

const param = (uid: string, nameId: string, over: Partial<LabWorkParameter> = {}): LabWorkParameter => ({
  uid,
  code: uid.toUpperCase(),
  nameId,
  nameEn: nameId,
  unit: null,
  resultType: 'number',
  decimals: 1,
  choices: null,
  formula: null,
  range: null,
  ...over,
});

const HB = param('hb', 'Hemoglobin', {
  unit: 'g/dL',
  range: range({ low: 13, high: 17, criticalLow: 7, criticalHigh: 20, impossibleLow: 0, impossibleHigh: 30 }),
});
const LEU = param('leu', 'Leukosit', { unit: '10³/µL', range: range({ low: 4, high: 10 }) });
const PROT = param('prot', 'Protein urin', {
  resultType: 'choice',
  choices: ['Negatif', '+1', '+2', '+3'],
  range: range({ normalText: 'Negatif' }),
});
const COLOR = param('color', 'Warna urin', { resultType: 'text', range: range({ normalText: 'Kuning' }) });
const CHOL = param('chol', 'Kolesterol total', { unit: 'mg/dL', range: range({ high: 200 }) });
const LDL = param('ldl', 'LDL', { unit: 'mg/dL', formula: 'CHOL - 50', range: range({ high: 130 }) });

const at = '2026-03-05T03:00:00.000Z';
const report = (over: Partial<LabReport> = {}): LabReport => ({
  uid: 'rep1',
  version: 1,
  status: 'draft',
  amendmentReason: null,
  entered: { name: 'Analis Lab', at },
  validated: null,
  released: null,
  values: [],
  ...over,
});
const value = (
  p: LabWorkParameter,
  v: number | string | null,
  flag: LabReport['values'][number]['flag'] = null,
) => ({
  parameterUid: p.uid,
  value: v,
  calculated: p.formula !== null,
  unit: p.unit,
  range: p.range,
  flag,
});

function work(over: Partial<LabWork> = {}): LabWork {
  return {
    registrationId: 'r1',
    clinicId: 11,
    patient: { uid: 'p1', name: 'Budi Hartono', mrn: 'RM-11-000001', sex: 'M', ageDays: 13_000 },
    order: {
      doctorName: 'dr. Andi',
      clinicName: 'Klinik Menteng',
      diagnosis: 'J06.9 Infeksi saluran pernapasan atas akut',
      note: 'CITO, pasien demam 5 hari',
      cito: true,
      unmatchedItems: ['Widal'],
    },
    tests: [
      {
        serviceUid: 's-dl',
        code: 'LAB-DL',
        nameId: 'Darah Lengkap',
        nameEn: 'Complete Blood Count',
        specimen: 'wholeBlood',
        container: null,
        parameters: [HB, LEU],
      },
      {
        serviceUid: 's-ul',
        code: 'LAB-UL',
        nameId: 'Urinalisis',
        nameEn: 'Urinalysis',
        specimen: 'urine',
        container: null,
        parameters: [PROT, COLOR],
      },
      {
        serviceUid: 's-lip',
        code: 'LAB-LIPID',
        nameId: 'Profil Lipid',
        nameEn: 'Lipid Profile',
        specimen: 'serum',
        container: null,
        parameters: [CHOL, LDL],
      },
    ],
    report: null,
    history: [],
    ...over,
  };
}

const labUser = () =>
  makeUser({ ClinicId: 11, clinics: [mcuClinic], ...withScreens('Lab', DEMO_SCREENS.Lab) });

const renderPanel = () => renderWithApp(withModals(<LabResultsPanel registrationId="r1" />));
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (el: HTMLElement, text: string) => fireEvent.change(el, { target: { value: text } });

describe('LabResultsPanel', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(labUser()));

  it('shows one table per ordered test with the unit, the range for this patient and the critical limits', async () => {
    mockApi({ [WORK]: () => ok(work()) });
    renderPanel();
    const dl = await screen.findByTestId('lab-test-LAB-DL');
    expect(within(dl).getByText('Darah Lengkap')).toBeInTheDocument();
    const hb = within(dl).getByTestId('row-HB');
    expect(within(hb).getByText('Hemoglobin')).toBeInTheDocument();
    expect(within(hb).getByText('g/dL')).toBeInTheDocument();
    expect(within(hb).getByText('13–17')).toBeInTheDocument();
    expect(within(hb).getByText('kritis < 7 / > 20')).toBeInTheDocument();
    expect(within(screen.getByTestId('row-PROT')).getByText('Negatif')).toBeInTheDocument();
    expect(within(screen.getByTestId('row-CHOL')).getByText('≤ 200')).toBeInTheDocument();
    // a calculated parameter has no field: the server fills it when saved
    expect(within(screen.getByTestId('row-LDL')).getByText('Dihitung otomatis')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'LDL' })).toBeNull();
    expect(screen.getByText('Tidak ada di katalog lab: Widal')).toBeInTheDocument();
    expect(screen.getByTestId('lab-report-status')).toHaveTextContent('Draf');
  });

  it('walks the fields with Enter, Tab and the arrows, and from the last one to "Simpan hasil"', async () => {
    mockApi({ [WORK]: () => ok(work()) });
    renderPanel();
    await screen.findByTestId('lab-test-LAB-DL');
    input('Hemoglobin').focus();
    fireEvent.keyDown(input('Hemoglobin'), { key: 'Enter' });
    expect(input('Leukosit')).toHaveFocus();
    fireEvent.keyDown(input('Leukosit'), { key: 'ArrowDown' });
    expect(screen.getByRole('combobox', { name: 'Protein urin' })).toHaveFocus();
    // a choice keeps its arrows for its list; Tab goes on
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Protein urin' }), { key: 'Tab' });
    expect(input('Warna urin')).toHaveFocus();
    fireEvent.keyDown(input('Warna urin'), { key: 'ArrowUp' });
    expect(screen.getByRole('combobox', { name: 'Protein urin' })).toHaveFocus();
    input('Kolesterol total').focus();
    fireEvent.keyDown(input('Kolesterol total'), { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Simpan hasil' })).toHaveFocus();
  });

  it('saves the whole order in one call (comma decimals read) and shows the server’s flags', async () => {
    let saved = work();
    const fetchMock = mockApi({
      [WORK]: () => ok(saved),
      [VALUES]: () => {
        saved = work({
          report: report({
            values: [
              value(HB, 21.5, 'HH'),
              value(LEU, 12, 'H'),
              value(PROT, '+1', 'A'),
              value(COLOR, null),
              value(CHOL, 190, 'N'),
              value(LDL, 140, 'H'),
            ],
          }),
        });
        return ok(saved, 'Hasil lab disimpan');
      },
    });
    renderPanel();
    await screen.findByTestId('lab-test-LAB-DL');
    type(input('Hemoglobin'), '21,5');
    type(input('Leukosit'), '12');
    type(input('Kolesterol total'), '190');
    // a choice from the keyboard: typed, the match taken with Enter, on to the next field
    const protein = screen.getByRole('combobox', { name: 'Protein urin' });
    protein.focus();
    type(protein, '+1');
    await screen.findByRole('option', { name: '+1', hidden: true });
    fireEvent.keyDown(protein, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(protein).toHaveValue('+1'));
    expect(input('Warna urin')).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan hasil' }));

    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'lab-results/visits/r1/values', 'PUT')).toHaveLength(1),
    );
    expect(bodies(fetchMock.mock.calls, 'lab-results/visits/r1/values', 'PUT')[0]).toEqual({
      version: null,
      values: [
        { parameterUid: 'hb', value: 21.5 },
        { parameterUid: 'leu', value: 12 },
        { parameterUid: 'prot', value: '+1' },
        { parameterUid: 'color', value: null },
        { parameterUid: 'chol', value: 190 },
      ],
    });
    expect(await screen.findByText('Hasil lab disimpan')).toBeInTheDocument();
    // the server's flags and calculated value; a critical value is called out
    expect(within(screen.getByTestId('row-HB')).getByText('Kritis ↑')).toBeInTheDocument();
    expect(within(screen.getByTestId('row-LEU')).getByText('H')).toBeInTheDocument();
    expect(within(screen.getByTestId('row-PROT')).getByText('A')).toBeInTheDocument();
    expect(screen.getByTestId('value-LDL')).toHaveTextContent('140');
    expect(
      screen.getByText('Nilai kritis — dokter pengirim akan diberi tahu saat hasil dirilis'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nilai kritis: Hemoglobin')).toBeInTheDocument();
    expect(input('Hemoglobin').value).toBe('21,5');
  });

  it('keeps the input and puts the server’s 400 message on the parameter’s field', async () => {
    const fetchMock = mockApi({
      [WORK]: () => ok(work()),
      [VALUES]: () => ({
        status: 400,
        body: {
          status: false,
          message: 'Nilai Leukosit 950 di luar batas mustahil',
          errors: [{ path: 'values.1.value', message: 'Di luar batas mustahil' }],
        },
      }),
    });
    renderPanel();
    await screen.findByTestId('lab-test-LAB-DL');
    type(input('Hemoglobin'), '14');
    type(input('Leukosit'), '950');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan hasil' }));
    expect(await screen.findByText('Di luar batas mustahil')).toBeInTheDocument();
    expect(input('Leukosit')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(input('Leukosit')).toHaveFocus());
    expect(input('Hemoglobin')).not.toHaveAttribute('aria-invalid', 'true');
    expect(input('Hemoglobin').value).toBe('14');
    expect(input('Leukosit').value).toBe('950');
    expect(screen.getByText('Nilai Leukosit 950 di luar batas mustahil')).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'lab-results/visits/r1/values', 'PUT')).toHaveLength(1);
  });

  it('refuses text in a number field without calling the server', async () => {
    const fetchMock = mockApi({ [WORK]: () => ok(work()) });
    renderPanel();
    await screen.findByTestId('lab-test-LAB-DL');
    type(input('Hemoglobin'), '13,5,1');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan hasil' }));
    expect(await screen.findByText('Isi angka, mis. 12,5')).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'lab-results/visits/r1/values', 'PUT')).toHaveLength(0);
  });

  it('offers Validasi only when every value is saved, with the reason while not', async () => {
    const partial = work({
      report: report({ values: [value(HB, 14, 'N'), value(LEU, 6, 'N'), value(PROT, 'Negatif', 'N')] }),
    });
    let current = partial;
    const fetchMock = mockApi({
      [WORK]: () => ok(current),
      [`${WORK}/validate`]: () => {
        current = work({
          report: report({
            status: 'validated',
            validated: { name: 'dr. Rina', at },
            values: current.report?.values,
          }),
        });
        return ok(current, 'Hasil lab divalidasi');
      },
    });
    const { unmount } = renderPanel();
    await screen.findByTestId('lab-test-LAB-DL');
    expect(screen.getByRole('button', { name: 'Validasi' })).toBeDisabled();
    expect(screen.getByTestId('validate-reason')).toHaveTextContent(
      'Semua nilai harus diisi sebelum validasi (2 kosong)',
    );
    // typing does not count until saved
    type(input('Warna urin'), 'Kuning');
    expect(screen.getByTestId('validate-reason')).toHaveTextContent('Simpan perubahan dulu sebelum validasi');
    unmount();

    current = work({
      report: report({
        values: [
          value(HB, 14, 'N'),
          value(LEU, 6, 'N'),
          value(PROT, 'Negatif', 'N'),
          value(COLOR, 'Kuning', 'N'),
          value(CHOL, 150, 'N'),
          value(LDL, 100, 'N'),
        ],
      }),
    });
    renderPanel();
    await screen.findByTestId('lab-test-LAB-DL');
    const validate = screen.getByRole('button', { name: 'Validasi' });
    expect(validate).toBeEnabled();
    fireEvent.click(validate);
    await waitFor(() => expect(screen.getByTestId('lab-report-status')).toHaveTextContent('Divalidasi'));
    expect(
      fetchMock.mock.calls.filter(([u, i]) => String(u) === `${WORK}/validate` && i?.method === 'POST'),
    ).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Hemoglobin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Rilis' })).toBeInTheDocument();
  });

  it('shows a released report read-only with who validated and released it, and the replaced versions', async () => {
    const released = report({
      version: 2,
      status: 'released',
      amendmentReason: 'Salah ketik hemoglobin',
      validated: { name: 'dr. Rina', at },
      released: { name: 'dr. Rina', at },
      values: [value(HB, 14.2, 'N'), value(LEU, 6, 'N')],
    });
    const old = report({
      uid: 'rep0',
      version: 1,
      status: 'replaced',
      released: { name: 'dr. Rina', at },
      values: [value(HB, 1.42, 'LL')],
    });
    mockApi({ [WORK]: () => ok(work({ report: released, history: [old] })) });
    renderPanel();
    await screen.findByTestId('lab-test-LAB-DL');
    expect(screen.getByTestId('lab-report-status')).toHaveTextContent('Dirilis');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Simpan hasil' })).toBeNull();
    expect(screen.getByTestId('value-HB')).toHaveTextContent('14,2');
    expect(screen.getByText(/^Divalidasi dr\. Rina, /)).toBeInTheDocument();
    // the report's line, and the replaced version's in the list below
    expect(screen.getAllByText(/^Dirilis dr\. Rina, /)).toHaveLength(2);
    expect(screen.getByText('Alasan amandemen: Salah ketik hemoglobin')).toBeInTheDocument();
    expect(
      screen.getByText('Hasil sudah dirilis dan tidak dapat diubah. Buka amandemen untuk memperbaikinya.'),
    ).toBeInTheDocument();

    const history = screen.getByRole('list', { name: 'Versi sebelumnya' });
    expect(within(history).getByText('Diganti')).toBeInTheDocument();
    const toggle = within(history).getByRole('button', { name: /Versi 1/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(history).getByText(/1,42/)).toBeInTheDocument();
  });

  it('says of a released critical value that the ordering doctor was told', async () => {
    const released = report({
      status: 'released',
      validated: { name: 'dr. Rina', at },
      released: { name: 'dr. Rina', at },
      values: [value(HB, 6.2, 'LL'), value(LEU, 6, 'N')],
    });
    mockApi({ [WORK]: () => ok(work({ report: released })) });
    renderPanel();
    await screen.findByTestId('lab-test-LAB-DL');
    expect(
      screen.getByText('Nilai kritis — dokter pengirim telah diberi tahu saat hasil dirilis'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Nilai kritis — dokter pengirim akan diberi tahu saat hasil dirilis'),
    ).toBeNull();
    expect(screen.getByText('Nilai kritis: Hemoglobin')).toBeInTheDocument();
  });

  it('asks the reason for an amendment and opens the next version for entry', async () => {
    let current = work({
      report: report({
        status: 'released',
        validated: { name: 'dr. Rina', at },
        released: { name: 'dr. Rina', at },
        values: [value(HB, 14, 'N')],
      }),
    });
    const fetchMock = mockApi({
      [WORK]: () => ok(current),
      [`${WORK}/amend`]: (init) => {
        const { reason } = JSON.parse(String(init?.body));
        current = work({
          report: report({ uid: 'rep2', version: 2, amendmentReason: reason, values: [value(HB, 14, 'N')] }),
          history: [{ ...(current.report as LabReport), status: 'replaced' }],
        });
        return ok(current, 'Amandemen dibuka sebagai versi baru');
      },
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Amandemen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Amandemen hasil lab' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buka amandemen' }));
    expect(
      await within(dialog).findByText('Alasan amandemen wajib diisi (paling sedikit 3 karakter)'),
    ).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'lab-results/visits/r1/amend', 'POST')).toHaveLength(0);

    type(within(dialog).getByRole('textbox', { name: /Alasan amandemen/ }), 'Salah ketik hemoglobin');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buka amandemen' }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'lab-results/visits/r1/amend', 'POST')).toEqual([
        { reason: 'Salah ketik hemoglobin' },
      ]),
    );
    // version 2 is a draft again: the fields are back with the values carried over
    expect(await screen.findByRole('textbox', { name: 'Hemoglobin' })).toHaveValue('14');
    expect(screen.getByText('Versi 2')).toBeInTheDocument();
    expect(screen.getByText('Alasan amandemen: Salah ketik hemoglobin')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Versi sebelumnya' })).toHaveTextContent('Diganti');
  });
});

describe('LabHomePage with the results panel', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(labUser()));

  it('shows the order on the banner (tests by name, diagnosis, note, CITO) and the results under the steps', async () => {
    const reg = registration({
      status: 'Examination',
      complaint: 'Darah Lengkap, Urinalisis, Widal',
      referrer: 'dr. Andi (Klinik Menteng)',
    });
    mockApi({
      [`${API}/assesments/lab_mcu_assesment/LabPreAss/r1`]: () => ok(labPreAss(reg)),
      [WORK]: () => ok(work()),
    });
    renderWithApp(withModals(<LabHomePage />), { route: '/Lab/home-page-lab?id=r1' });
    const order = await screen.findByTestId('lab-order');
    expect(within(order).getByTestId('cito')).toHaveTextContent('CITO');
    for (const text of [
      'Darah Lengkap',
      'Urinalisis',
      'Profil Lipid',
      'Widal',
      'J06.9 Infeksi saluran pernapasan atas akut',
      'CITO, pasien demam 5 hari',
    ])
      expect(within(order).getByText(text)).toBeInTheDocument();
    // the order replaces the complaint line
    expect(within(screen.getByTestId('patient-banner')).queryByText('Keluhan')).toBeNull();
    expect(await screen.findByTestId('lab-results')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Hemoglobin' })).toBeInTheDocument();
  });

  it('leaves a radiology visit of the lab’s list without results, its complaint on the banner', async () => {
    const reg = registration({ serviceType: 'RAD', complaint: 'Foto Thorax PA' });
    const fetchMock = mockApi({
      [`${API}/assesments/lab_mcu_assesment/LabPreAss/r1`]: () => ok(labPreAss(reg)),
    });
    renderWithApp(withModals(<LabHomePage />), { route: '/Lab/home-page-lab?id=r1' });
    const banner = await screen.findByTestId('patient-banner');
    expect(within(banner).getByText('Keluhan')).toBeInTheDocument();
    expect(within(banner).getByText('Foto Thorax PA')).toBeInTheDocument();
    expect(screen.queryByTestId('lab-results')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/lab-results/'))).toBe(false);
  });
});
