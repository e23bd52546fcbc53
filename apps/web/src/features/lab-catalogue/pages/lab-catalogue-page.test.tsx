import type { LabParameter, LabRange, LabTestDetail } from '@klinikita/domain/lab/lab-catalogue.schema';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LabCataloguePage } from './lab-catalogue-page.tsx';

const API = '/api/clinic/v1/lab-catalogue';
const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });
const refuse = (status: number, message: string, errors?: { path: string; message: string }[]) => ({
  status,
  body: { status: false, message, errors },
});

const parameter = (over: Partial<LabParameter>): LabParameter => ({
  uid: `p-${over.code}`,
  code: 'X',
  nameId: 'X',
  nameEn: 'X',
  unit: 'mg/dL',
  resultType: 'number',
  decimals: 0,
  printOrder: 10,
  loinc: null,
  specimen: 'serum',
  container: 'plain',
  choices: null,
  formula: null,
  active: true,
  ranges: [],
  ...over,
});
const range = (over: Partial<LabRange>): LabRange => ({
  sex: 'any',
  ageFromDays: 0,
  ageToDays: null,
  low: null,
  high: null,
  criticalLow: null,
  criticalHigh: null,
  impossibleLow: null,
  impossibleHigh: null,
  normalText: null,
  ...over,
});
const lipid: LabTestDetail = {
  uid: 't-lipid',
  code: 'LAB-LIPID',
  nameId: 'Profil Lipid',
  nameEn: 'Lipid profile',
  isPanel: false,
  active: true,
  items: [],
  parameters: [
    parameter({ code: 'CHOL', nameId: 'Kolesterol total', loinc: '2093-3', printOrder: 10 }),
    parameter({
      code: 'HDL',
      nameId: 'Kolesterol HDL',
      loinc: '2085-9',
      printOrder: 20,
      ranges: [
        range({ sex: 'male', ageFromDays: 4383, low: 40 }),
        range({ sex: 'female', ageFromDays: 4383, low: 50 }),
      ],
    }),
    parameter({
      code: 'TG',
      nameId: 'Trigliserida',
      loinc: '2571-8',
      printOrder: 30,
      ranges: [range({ ageFromDays: 4383, high: 150 })],
    }),
    parameter({
      code: 'LDL',
      nameId: 'Kolesterol LDL (hitung)',
      loinc: '13457-7',
      printOrder: 40,
      formula: 'CHOL - HDL - TG / 5 if TG < 400',
    }),
  ],
};
const hati: LabTestDetail = {
  uid: 't-hati',
  code: 'LAB-P-HATI',
  nameId: 'Fungsi Hati',
  nameEn: 'Liver function',
  isPanel: true,
  active: true,
  parameters: [],
  items: [
    { uid: 't-sgot', code: 'LAB-SGOT', nameId: 'SGOT', nameEn: 'AST', active: true },
    { uid: 't-sgpt', code: 'LAB-SGPT', nameId: 'SGPT', nameEn: 'ALT', active: true },
  ],
};
const listItem = (d: LabTestDetail) => ({
  uid: d.uid,
  code: d.code,
  nameId: d.nameId,
  nameEn: d.nameEn,
  isPanel: d.isPanel,
  active: d.active,
  parameterCount: d.parameters.length,
  itemCount: d.items.length,
});
const gdp = {
  ...listItem({ ...lipid, uid: 't-gdp', code: 'LAB-GDP', nameId: 'Glukosa Darah Puasa' }),
  parameterCount: 1,
};
const page = (docs: unknown[]) => ok({ docs, page: 1, totalPages: 1, limit: 30, totalDocs: docs.length });

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const writes = (calls: Calls) =>
  calls
    .filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT')
    .map(([u, init]) => ({
      url: String(u),
      method: init?.method,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
const listQueries = (calls: Calls) =>
  calls
    .filter(([u]) => String(u).split('?')[0] === `${API}/tests`)
    .map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));
const input = (scope: HTMLElement, label: RegExp) =>
  within(scope)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const type = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(input(scope, label), { target: { value } });

const renderPage = (route = '/panel') =>
  renderWithApp(
    <ModalsProvider>
      <LabCataloguePage />
    </ModalsProvider>,
    { route },
  );

describe('LabCataloguePage', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser(withScreens('Admin', ['/panel', '/Layanan/masterLayanan']))));

  it('lists tests and panels, opens the first one and searches on the server', async () => {
    const fetchMock = mockApi({
      [`${API}/tests`]: () => page([listItem(lipid), gdp, listItem(hati)]),
      [`${API}/tests/t-lipid`]: () => ok(lipid),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Daftar pemeriksaan dan panel' });
    expect(within(list).getByText('4 parameter')).toBeInTheDocument();
    expect(within(list).getByText('2 pemeriksaan')).toBeInTheDocument();
    expect(listQueries(fetchMock.mock.calls)[0]).toEqual({ active: 'true', page: '1', limit: '30' });

    const table = await screen.findByRole('table', { name: 'Parameter' });
    const ldl = within(table).getByText('LDL').closest('tr')!;
    expect(within(ldl).getByText('13457-7')).toBeInTheDocument();
    expect(within(ldl).getByText('= CHOL - HDL - TG / 5 if TG < 400')).toBeInTheDocument();
    expect(within(ldl).getByText('0 desimal')).toBeInTheDocument();
    expect(within(ldl).getByText('Dihitung')).toBeInTheDocument();
    expect(within(ldl).getByText('Tabung polos/serum (merah)')).toBeInTheDocument();
    expect(within(within(table).getByText('HDL').closest('tr')!).getByText('2 rentang')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rujukan TG' })).toHaveTextContent('≤ 150');
    expect(screen.getByRole('button', { name: 'Rujukan CHOL' })).toHaveTextContent('Belum ada');
    expect(screen.getByRole('link', { name: /Tambah pemeriksaan di Master Layanan/ })).toHaveAttribute(
      'href',
      '/Layanan/masterLayanan',
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari pemeriksaan' }), {
      target: { value: 'lipid' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Panel' }));
    await waitFor(() =>
      expect(listQueries(fetchMock.mock.calls).at(-1)).toEqual({
        search: 'lipid',
        kind: 'panel',
        active: 'true',
        page: '1',
        limit: '30',
      }),
    );
  });

  it('adds a calculated parameter: the formula is checked first, then the server’s refusal stays on the form', async () => {
    let attempts = 0;
    const fetchMock = mockApi({
      [`${API}/tests`]: () => page([listItem(lipid)]),
      [`${API}/tests/t-lipid`]: () => ok(lipid),
      [`${API}/tests/t-lipid/parameters`]: () =>
        ++attempts === 1
          ? refuse(409, 'Pemeriksaan LAB-LIPID sudah memiliki parameter NONHDL', [
              { path: 'code', message: 'Kode ini sudah dipakai parameter lain pada pemeriksaan ini' },
            ])
          : ok(
              { ...lipid, parameters: [...lipid.parameters, parameter({ code: 'NONHDL2' })] },
              'Parameter berhasil disimpan',
            ),
    });
    renderPage('/panel?test=t-lipid');
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah parameter' }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, /^Kode/, 'nonhdl');
    type(dialog, /^Nama \(Indonesia\)/, 'Kolesterol non-HDL');
    type(dialog, /^Nama \(Inggris\)/, 'Non-HDL cholesterol');
    type(dialog, /^Kode LOINC/, '43396-1');
    type(dialog, /^Rumus/, 'CHOL - GDP');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText('Rumus memakai GDP, yang bukan parameter aktif pemeriksaan ini'),
    ).toBeInTheDocument();
    expect(writes(fetchMock.mock.calls)).toEqual([]);

    type(dialog, /^Rumus/, 'CHOL - HDL');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText('Kode ini sudah dipakai parameter lain pada pemeriksaan ini'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Pemeriksaan LAB-LIPID sudah memiliki parameter NONHDL'),
    ).toBeInTheDocument();
    expect(input(dialog, /^Rumus/).value).toBe('CHOL - HDL');
    expect(writes(fetchMock.mock.calls)).toEqual([
      {
        url: `${API}/tests/t-lipid/parameters`,
        method: 'POST',
        body: {
          code: 'NONHDL',
          nameId: 'Kolesterol non-HDL',
          nameEn: 'Non-HDL cholesterol',
          unit: null,
          resultType: 'number',
          decimals: 0,
          printOrder: 50,
          loinc: '43396-1',
          specimen: null,
          container: null,
          choices: null,
          formula: 'CHOL - HDL',
        },
      },
    ]);

    type(dialog, /^Kode/, 'NONHDL2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Parameter berhasil disimpan')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits reference ranges: limits and overlapping bands are refused before sending', async () => {
    const fetchMock = mockApi({
      [`${API}/tests`]: () => page([listItem(lipid)]),
      [`${API}/tests/t-lipid`]: () => ok(lipid),
      [`${API}/parameters/p-HDL/ranges`]: () => ok(lipid, 'Nilai rujukan berhasil disimpan'),
    });
    renderPage('/panel?test=t-lipid');
    fireEvent.click(await screen.findByRole('button', { name: 'Rujukan HDL' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('≈ 12 th')).toHaveLength(2);
    expect(input(dialog, /^Rendah 1$/).value).toBe('40');

    type(dialog, /^Tinggi 1$/, '30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText('Batas atas tidak boleh lebih kecil dari batas bawah'),
    ).toBeInTheDocument();

    type(dialog, /^Tinggi 1$/, '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tambah baris' }));
    type(dialog, /^Usia dari \(hari\) 3$/, '6570');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText(
        'Baris 3 (usia ≥ 6570 hari) tumpang tindih dengan baris 1 (usia ≥ 4383 hari)',
      ),
    ).toBeInTheDocument();
    expect(writes(fetchMock.mock.calls)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus baris 3' }));
    type(dialog, /^Kritis rendah 2$/, '20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(writes(fetchMock.mock.calls)).toEqual([
        {
          url: `${API}/parameters/p-HDL/ranges`,
          method: 'PUT',
          body: {
            ranges: [
              range({ sex: 'male', ageFromDays: 4383, low: 40 }),
              range({ sex: 'female', ageFromDays: 4383, low: 50, criticalLow: 20 }),
            ],
          },
        },
      ]),
    );
    expect(await screen.findByText('Nilai rujukan berhasil disimpan')).toBeInTheDocument();
  });

  it('deactivates a parameter only after the confirmation', async () => {
    const fetchMock = mockApi({
      [`${API}/tests`]: () => page([listItem(lipid)]),
      [`${API}/tests/t-lipid`]: () => ok(lipid),
      [`${API}/parameters/p-LDL/deactivate`]: () => ok(lipid, 'Parameter dinonaktifkan'),
    });
    renderPage('/panel?test=t-lipid');
    fireEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan LDL' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Nonaktifkan LDL (Kolesterol LDL (hitung))?');
    expect(writes(fetchMock.mock.calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() =>
      expect(writes(fetchMock.mock.calls)).toEqual([
        { url: `${API}/parameters/p-LDL/deactivate`, method: 'POST', body: undefined },
      ]),
    );
  });

  it('keeps a panel’s tests: removes one and adds another', async () => {
    const fetchMock = mockApi({
      [`${API}/tests`]: (_init, url) =>
        url.searchParams.get('kind') === 'test'
          ? page([gdp, listItem({ ...hati, uid: 't-sgot', code: 'LAB-SGOT', isPanel: false })])
          : page([listItem(hati)]),
      [`${API}/tests/t-hati`]: () => ok(hati),
      [`${API}/tests/t-hati/items`]: () => ok(hati, 'Isi panel berhasil disimpan'),
    });
    renderPage('/panel?test=t-hati');
    const table = await screen.findByRole('table', { name: 'Pemeriksaan dalam panel' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('LAB-SGOT'), expect.stringContaining('LAB-SGPT')]);
    fireEvent.click(within(table).getByRole('button', { name: 'Keluarkan SGOT' }));
    await waitFor(() =>
      expect(writes(fetchMock.mock.calls).at(-1)).toEqual({
        url: `${API}/tests/t-hati/items`,
        method: 'PUT',
        body: { items: ['t-sgpt'] },
      }),
    );

    // a test already in the panel is not offered again
    const box = screen.getByRole('combobox', { name: 'Tambah pemeriksaan ke panel' });
    fireEvent.click(box);
    const options = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
    const gdpOption = await within(options).findByRole('option', {
      name: 'LAB-GDP — Glukosa Darah Puasa',
      hidden: true,
    });
    expect(within(options).queryByRole('option', { name: /LAB-SGOT/, hidden: true })).not.toBeInTheDocument();
    fireEvent.click(gdpOption);
    fireEvent.click(screen.getByRole('button', { name: 'Tambah' }));
    await waitFor(() =>
      expect(writes(fetchMock.mock.calls).at(-1)?.body).toEqual({ items: ['t-sgot', 't-sgpt', 't-gdp'] }),
    );
  });

  it('only shows the catalogue to a reader without labCatalogue.manage', async () => {
    sessionStore.signIn(makeUser(withScreens('Nurse', ['/Registration/patient'])));
    mockApi({
      [`${API}/tests`]: () => page([listItem(lipid)]),
      [`${API}/tests/t-lipid`]: () => ok(lipid),
    });
    renderPage('/panel?test=t-lipid');
    await screen.findByRole('table', { name: 'Parameter' });
    expect(screen.queryByRole('button', { name: 'Tambah parameter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ubah LDL' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Master Layanan/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Rujukan HDL' }));
    const dialog = await screen.findByRole('dialog');
    expect(input(dialog, /^Rendah 1$/)).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
  });
});
