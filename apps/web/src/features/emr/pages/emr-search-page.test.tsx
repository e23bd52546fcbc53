import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { holdAnswers } from '../../../test/held-answers.ts';
import { mockApi } from '../../../test/render.tsx';
import { API, paged, recordPatient, renderAt, signInDoctor } from '../test/emr-fixtures.tsx';
import { EmrSearchPage } from './emr-search-page.tsx';

const patientsUrls = (calls: ReturnType<typeof mockApi>['mock']['calls']) =>
  calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === `${API}/consultations/patients`);

describe('EmrSearchPage', { timeout: 20_000 }, () => {
  beforeEach(() => signInDoctor());

  it('lists patients with a record: record number, titled name, age, last visit, last diagnosis, visits', async () => {
    mockApi({
      [`${API}/consultations/patients`]: () =>
        paged([
          recordPatient(),
          recordPatient({
            uid: 'p2',
            mrn: 'RM-10-000080',
            name: 'Sri Wahyuni',
            title: 'Ny',
            sex: 'F',
            lastDiagnosis: null,
            visits: 1,
            allergies: null,
          }),
        ]),
    });
    renderAt(<EmrSearchPage />, '/EMR', '/EMR');
    const row = (await screen.findByText('Tn. Budi Hartono')).closest('tr')!;
    expect(within(row).getByText('RM-10-000079')).toBeInTheDocument();
    expect(within(row).getByText('47 th 6 bl')).toBeInTheDocument();
    expect(within(row).getByText('23 Nov 2026')).toBeInTheDocument();
    expect(within(row).getByText('I10 Hipertensi esensial (primer)')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('Laki-laki · 02/05/1979 · 3171060205790001')).toBeInTheDocument();
    const second = screen.getByText('Ny. Sri Wahyuni').closest('tr')!;
    expect(within(second).getByText('–')).toBeInTheDocument();
  });

  it('searches as you type and opens the first match with Enter', async () => {
    const fetchMock = mockApi({
      [`${API}/consultations/patients`]: (_init, url) =>
        paged(
          url.searchParams.get('search')
            ? [recordPatient({ uid: 'p9', name: 'Budi Santoso' })]
            : [recordPatient()],
        ),
    });
    renderAt(<EmrSearchPage />, '/EMR', '/EMR');
    await screen.findByText('Tn. Budi Hartono');
    const search = screen.getByRole('searchbox', { name: 'Cari rekam medis' });
    expect(search).toHaveAttribute('placeholder', 'Ketik nama, No. RM atau NIK');
    fireEvent.change(search, { target: { value: ' santoso ' } });
    await screen.findByText('Tn. Budi Santoso');
    expect(Object.fromEntries(patientsUrls(fetchMock.mock.calls).at(-1)!.searchParams)).toEqual({
      search: 'santoso',
      page: '1',
      limit: '20',
    });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/EMR/Detail/p9');
  });

  it('Enter before the answer to what is typed opens no record; it opens the first row of that answer once in', async () => {
    const fetchMock = mockApi({
      [`${API}/consultations/patients`]: (_init, url) =>
        paged(
          url.searchParams.get('search')
            ? [
                recordPatient({ uid: 'p9', name: 'Budi Santoso' }),
                recordPatient({ uid: 'p8', name: 'Ani Santoso' }),
              ]
            : [recordPatient()],
        ),
    });
    const network = holdAnswers(fetchMock, (u) => u.searchParams.get('search') === 'santoso');
    renderAt(<EmrSearchPage />, '/EMR', '/EMR');
    await screen.findByText('Tn. Budi Hartono');
    const search = screen.getByRole('searchbox', { name: 'Cari rekam medis' });
    // typed and Enter at once: the rows on screen answer the empty box, not "santoso"
    fireEvent.change(search, { target: { value: 'santoso' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/EMR$/);
    // the request is in flight: Enter again still opens nothing
    await waitFor(() => expect(network.asked).toHaveLength(1));
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/EMR$/);
    expect(screen.getByText('Tn. Budi Hartono')).toBeInTheDocument();

    network.release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/EMR/Detail/p9'));
  });

  it('marks the row Enter opens; typing on before the answer cancels a waiting Enter', async () => {
    const fetchMock = mockApi({
      [`${API}/consultations/patients`]: (_init, url) =>
        paged(
          url.searchParams.get('search') === 'ani'
            ? [recordPatient({ uid: 'p8', name: 'Ani Santoso' })]
            : [recordPatient(), recordPatient({ uid: 'p9', name: 'Budi Santoso' })],
        ),
    });
    const network = holdAnswers(fetchMock, (u) => u.searchParams.get('search') === 'an');
    renderAt(<EmrSearchPage />, '/EMR', '/EMR');
    const first = await screen.findByRole('row', { name: 'Buka rekam medis Tn. Budi Hartono' });
    expect(first).toHaveAttribute('data-highlighted');
    expect(screen.getByRole('row', { name: 'Buka rekam medis Tn. Budi Santoso' })).not.toHaveAttribute(
      'data-highlighted',
    );
    const search = screen.getByRole('searchbox', { name: 'Cari rekam medis' });
    fireEvent.change(search, { target: { value: 'an' } });
    // the rows on screen no longer answer the box: none is marked
    expect(first).not.toHaveAttribute('data-highlighted');
    await waitFor(() => expect(network.asked).toHaveLength(1));
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.change(search, { target: { value: 'ani' } });
    network.release();
    const ani = await screen.findByRole('row', { name: 'Buka rekam medis Tn. Ani Santoso' });
    expect(ani).toHaveAttribute('data-highlighted');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/EMR$/);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/EMR/Detail/p8');
  });

  it('opens a record by clicking its row or pressing Enter on it', async () => {
    mockApi({ [`${API}/consultations/patients`]: () => paged([recordPatient()]) });
    renderAt(<EmrSearchPage />, '/EMR', '/EMR');
    const row = await screen.findByRole('row', { name: 'Buka rekam medis Tn. Budi Hartono' });
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/EMR/Detail/p1');
  });

  it('says when nothing matches, and clears the search', async () => {
    mockApi({
      [`${API}/consultations/patients`]: (_init, url) =>
        paged(url.searchParams.get('search') ? [] : [recordPatient()]),
    });
    renderAt(<EmrSearchPage />, '/EMR', '/EMR');
    await screen.findByText('Tn. Budi Hartono');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari rekam medis' }), {
      target: { value: 'zzz' },
    });
    await screen.findByText('Tidak ada data yang cocok dengan pencarian atau filter.');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus filter' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Cari rekam medis' })).toHaveValue(''));
    await screen.findByText('Tn. Budi Hartono');
  });
});
