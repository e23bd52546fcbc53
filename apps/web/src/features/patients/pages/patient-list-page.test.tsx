import type { PatientListRow } from '@klinikita/domain/patients/patient.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, summary as summaryOf, urls } from '../../../test/patient-test-kit.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { PatientListPage } from './patient-list-page.tsx';

/** A row of the list: the caller may change it unless said otherwise. */
const summary = (over: Partial<PatientListRow> = {}): PatientListRow => ({
  ...summaryOf(over),
  mayChange: over.mayChange ?? true,
});

const clinics = [
  { id: 1, uid: 'c1', name: 'Klinik Pratama Sehat', mcuSite: false, timeZone: 'Asia/Jakarta' },
  { id: 2, uid: 'c2', name: 'Klinik Sehat Cikini', mcuSite: false, timeZone: 'Asia/Jakarta' },
];

describe('PatientListPage', { timeout: 20_000 }, () => {
  const masterPasien = {
    parent: {
      enabled: true,
      status: true,
      menu: { _id: 'm', menu: { name: 'Master Pasien', route: '/MasterPasien' } },
    },
    childs: [],
  };
  beforeEach(() =>
    sessionStore.signIn(
      makeUser({ clinics, role: { _id: 'r', role: 'Nurse', menu: { access: [masterPasien] } } }),
    ),
  );

  it('on /patient, leaves adding and editing to those who may open Master Pasien', async () => {
    sessionStore.signIn(makeUser({ clinics }));
    mockApi({
      [`${API}/patients`]: () => ok({ docs: [summary()], page: 1, totalPages: 1, limit: 20, totalDocs: 1 }),
    });
    renderWithApp(<PatientListPage />, { route: '/patient' });
    await screen.findByText('Tn. Budi Hartono');
    expect(screen.getByRole('heading', { name: 'Pasien' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Tambah pasien/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Ubah/ })).toBeNull();
  });

  it('shows the columns and pages, searches and filters on the server', async () => {
    const fetchMock = mockApi({
      [`${API}/patients`]: (_init, url) =>
        ok({
          docs: [
            summary(),
            summary({
              uid: 'p2',
              mrn: 'RM-2-000007',
              nik: null,
              passport: 'X1234567',
              title: 'By',
              name: 'Lee Min',
              age: { years: 1, months: 3 },
              payerType: 'self',
              clinicName: 'Klinik Sehat Cikini',
            }),
          ],
          page: Number(url.searchParams.get('page')),
          totalPages: 3,
          limit: 20,
          totalDocs: 42,
        }),
    });
    renderWithApp(<PatientListPage />, { route: '/MasterPasien' });
    const row = (await screen.findByText('Tn. Budi Hartono')).closest('tr')!;
    expect(within(row).getByText('RM-1-000001')).toBeInTheDocument();
    expect(within(row).getByText('36 th 6 bl')).toBeInTheDocument();
    expect(within(row).getByText('BPJS')).toBeInTheDocument();
    expect(screen.getByText('Paspor X1234567')).toBeInTheDocument();
    expect(screen.getByText('1 th 3 bl')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ubah Budi Hartono' })).toHaveAttribute(
      'href',
      '/MasterPasien/edit?id=p1',
    );
    expect(screen.getByRole('link', { name: /Tambah pasien/ })).toHaveAttribute('href', '/MasterPasien/add');
    expect(Object.fromEntries(urls(fetchMock.mock.calls, 'patients')[0].searchParams)).toEqual({
      page: '1',
      limit: '20',
    });

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(urls(fetchMock.mock.calls, 'patients').at(-1)!.searchParams.get('page')).toBe('2'),
    );

    // a new search starts again from the first page
    const search = screen.getByRole('searchbox', { name: 'Cari pasien' });
    expect(search).toHaveAttribute('placeholder', 'Cari nama, NIK, No. RM atau telepon');
    fireEvent.change(search, { target: { value: ' 3171 ' } });
    await waitFor(() =>
      expect(Object.fromEntries(urls(fetchMock.mock.calls, 'patients').at(-1)!.searchParams)).toEqual({
        page: '1',
        limit: '20',
        search: '3171',
      }),
    );

    const box = screen.getByRole('combobox', { name: 'Filter klinik' });
    fireEvent.click(box);
    const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(within(list).getByRole('option', { name: 'Klinik Sehat Cikini', hidden: true }));
    await waitFor(() =>
      expect(urls(fetchMock.mock.calls, 'patients').at(-1)!.searchParams.get('clinicId')).toBe('2'),
    );
  });

  it('says so when nothing matches and clears the filters', async () => {
    const fetchMock = mockApi({
      [`${API}/patients`]: (_init, url) =>
        ok({
          docs: url.searchParams.get('search') ? [] : [summary()],
          page: 1,
          totalPages: 1,
          limit: 20,
          totalDocs: 1,
        }),
    });
    renderWithApp(<PatientListPage />, { route: '/MasterPasien' });
    await screen.findByText('Tn. Budi Hartono');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari pasien' }), { target: { value: 'zzz' } });
    expect(
      await screen.findByText('Tidak ada data yang cocok dengan pencarian atau filter.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Hapus filter' }));
    expect(await screen.findByText('Tn. Budi Hartono')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Cari pasien' })).toHaveValue('');
    // the unfiltered page is the one asked without a search (from the cache or afresh, as timing has it)
    expect(urls(fetchMock.mock.calls, 'patients').some((u) => u.searchParams.get('search') === null)).toBe(
      true,
    );
    expect(urls(fetchMock.mock.calls, 'patients').some((u) => u.searchParams.get('search') === 'zzz')).toBe(
      true,
    );
  });

  it('offers Edit only on the patients the server lets the caller change', async () => {
    mockApi({
      [`${API}/patients`]: () =>
        ok({
          docs: [summary(), summary({ uid: 'p2', name: 'Sari Jauh', mayChange: false })],
          page: 1,
          totalPages: 1,
          limit: 20,
          totalDocs: 2,
        }),
    });
    renderWithApp(<PatientListPage />, { route: '/MasterPasien' });
    await screen.findByText('Tn. Sari Jauh');
    expect(screen.getByRole('link', { name: 'Ubah Budi Hartono' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ubah Sari Jauh' })).toBeNull();
  });
});
