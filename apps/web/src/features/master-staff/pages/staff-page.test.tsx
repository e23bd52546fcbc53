import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { API, bodies, input, ok, pick, type, urls } from './master-test-kit.ts';
import { StaffPage } from './staff-page.tsx';

const clinics = [
  { id: 10, uid: 'c10', name: 'Klinik Sehat Menteng' },
  { id: 11, uid: 'c11', name: 'Klinik Sehat Cikini' },
];
const roles = [
  { _id: 'r-nurse', role: 'Nurse' },
  { _id: 'r-doc', role: 'Doctor' },
  { _id: 'r-cash', role: 'Cashier' },
];
const row = {
  uidEmployee: 'e5',
  userId: 'u5',
  name: 'Siti Nurhaliza',
  username: 'perawat',
  email: 'perawat@klinikita.id',
  role: { _id: 'r-nurse', role: 'Nurse' },
  clinicId: 10,
  clinicName: 'Klinik Sehat Menteng',
  phoneNumber: '081210000004',
  active: true,
};
const detail = {
  ...row,
  gender: 'F',
  dob: '14/05/1989',
  icNumber: '3171015607920003',
  ihsNumber: null,
  passport: null,
  others: null,
  address: 'Jakarta',
  uidClinic: 'c10',
  imageUrl: null,
};

function setup(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`${API}/registrations/clinics/`]: () => ok(clinics),
    [`${API}/settings/roles/findAll`]: () => ok(roles),
    [`${API}/settings/employees`]: (_init, url) =>
      ok({
        docs: [row],
        page: Number(url.searchParams.get('page')),
        totalPages: 2,
        limit: 20,
        totalDocs: 21,
      }),
    [`${API}/settings/pharmacy/employees/where`]: () => ok(detail),
    ...overrides,
  });
}

const renderPage = () =>
  renderWithApp(
    <ModalsProvider>
      <StaffPage />
    </ModalsProvider>,
  );

describe('StaffPage', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ corpId: 3 })));

  it('pages and searches on the server with the clinic and active filters', async () => {
    const fetchMock = setup();
    renderPage();
    expect(await screen.findByText('Siti Nurhaliza')).toBeInTheDocument();
    expect(screen.getByText('perawat · perawat@klinikita.id')).toBeInTheDocument();
    expect(Object.fromEntries(urls(fetchMock.mock.calls, 'settings/employees')[0].searchParams)).toEqual({
      page: '1',
      limit: '20',
    });

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(urls(fetchMock.mock.calls, 'settings/employees').at(-1)!.searchParams.get('page')).toBe('2'),
    );

    // a new search starts again from the first page
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: 'siti' } });
    await pick(/Filter klinik/, 'Klinik Sehat Menteng');
    fireEvent.click(screen.getByRole('radio', { name: 'Aktif' }));
    await waitFor(() =>
      expect(
        Object.fromEntries(urls(fetchMock.mock.calls, 'settings/employees').at(-1)!.searchParams),
      ).toEqual({
        search: 'siti',
        clinicId: '10',
        active: 'true',
        page: '1',
        limit: '20',
      }),
    );
  });

  it('offers a way out when filters match nobody', async () => {
    setup({
      [`${API}/settings/employees`]: (_init, url) =>
        ok({
          docs: url.searchParams.has('search') ? [] : [row],
          page: 1,
          totalPages: 1,
          limit: 20,
          totalDocs: url.searchParams.has('search') ? 0 : 1,
        }),
    });
    renderPage();
    await screen.findByText('Siti Nurhaliza');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: 'zzz' } });
    expect(
      await screen.findByText('Tidak ada data yang cocok dengan pencarian atau filter.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Hapus filter' }));
    expect(await screen.findByText('Siti Nurhaliza')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Cari' })).toHaveValue('');
  });

  it('adds an employee: spec messages first, then the contract payload, and the server message', async () => {
    const fetchMock = setup({
      [`${API}/settings/employees`]: (init) =>
        init?.method === 'POST'
          ? ok({ uidEmployee: 'e9' }, 'Karyawan berhasil ditambahkan')
          : ok({ docs: [row], page: 1, totalPages: 1, limit: 20, totalDocs: 1 }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah karyawan' }));
    await screen.findByRole('dialog');
    // doctors are added in /MasterDokter
    fireEvent.click(screen.getByRole('combobox', { name: /^Role/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('option', { name: 'Nurse', hidden: true }).length).toBe(1),
    );
    expect(screen.queryByRole('option', { name: 'Doctor', hidden: true })).not.toBeInTheDocument();

    type(/^Nama/, 'Yu');
    type(/^Email/, 'yuni@');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Min 3 and Max 30 characters long.')).toBeInTheDocument();
    expect(screen.getByText('Email is not valid')).toBeInTheDocument();
    expect(screen.getAllByText('Complete and check the data first').length).toBeGreaterThanOrEqual(3);
    expect(input(/^Nama/).value).toBe('Yu');
    expect(bodies(fetchMock.mock.calls, 'settings/employees', 'POST')).toHaveLength(0);

    type(/^Nama/, 'Yuni Kartika');
    type(/^Email/, 'yuni@klinikita.id');
    await pick(/^Role/, 'Cashier');
    await pick(/^Klinik/, 'Klinik Sehat Cikini');
    type(/^Username/, 'yuni');
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'rahasia123' } });
    type(/^Nomor telepon/, '0813abc77');
    await pick(/^Jenis kelamin/, 'Perempuan');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'settings/employees', 'POST')).toEqual([
        {
          name: 'Yuni Kartika',
          username: 'yuni',
          password: 'rahasia123',
          email: 'yuni@klinikita.id',
          role: 'r-cash',
          clinicId: 11,
          gender: 'F',
          dob: '',
          icNumber: '',
          passport: '',
          others: '',
          phoneNumber: '081377',
          address: '',
        },
      ]),
    );
    expect(await screen.findByText('Karyawan berhasil ditambahkan')).toBeInTheDocument();
  });

  it('shows a taken username next to the field', async () => {
    setup({
      [`${API}/settings/employee`]: () => ({
        status: 409,
        body: { status: false, message: 'Username sudah dipakai' },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Siti Nurhaliza' }));
    await waitFor(() => expect(input(/^Username/).value).toBe('perawat'));
    type(/^Username/, 'admin');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Username sudah dipakai')).toBeInTheDocument();
    expect(input(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^Username/).value).toBe('admin');
  });

  it('edits through PATCH settings/employee with the role _id and the clinic', async () => {
    const fetchMock = setup({ [`${API}/settings/employee`]: () => ok(undefined, 'Data berhasil disimpan') });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Siti Nurhaliza' }));
    await waitFor(() => expect(input(/^Nama/).value).toBe('Siti Nurhaliza'));
    expect(urls(fetchMock.mock.calls, 'settings/pharmacy/employees/where')[0].searchParams.get('uid')).toBe(
      'e5',
    );
    await pick(/^Role/, 'Cashier');
    await pick(/^Klinik/, 'Klinik Sehat Cikini');
    fireEvent.submit(input(/^Nama/).closest('form')!);

    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'settings/employee', 'PATCH')).toEqual([
        {
          uidEmployee: 'e5',
          userId: 'u5',
          updateData: {
            name: 'Siti Nurhaliza',
            username: 'perawat',
            email: 'perawat@klinikita.id',
            role: 'r-cash',
            clinicId: 11,
            uidClinic: 'c11',
            gender: 'F',
            dob: '14/05/1989',
            phoneNumber: '081210000004',
            address: 'Jakarta',
            icNumber: '3171015607920003',
          },
        },
      ]),
    );
    expect(await screen.findByText('Data berhasil disimpan')).toBeInTheDocument();
  });

  it('fetches the IHS number by the NIK and saves it with the employee', async () => {
    const fetchMock = setup({
      [`${API}/satu-sehat/practitioner-ihs-by-nik/3171015607920003`]: () => ok({ ihsNumber: '10001354453' }),
      [`${API}/settings/employee`]: () => ok(undefined, 'Data berhasil disimpan'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Siti Nurhaliza' }));
    await waitFor(() => expect(input(/^Nama/).value).toBe('Siti Nurhaliza'));
    fireEvent.click(screen.getByRole('button', { name: 'Ambil Nomor IHS' }));
    await waitFor(() => expect(input(/Nomor IHS/).value).toBe('10001354453'));
    fireEvent.submit(input(/^Nama/).closest('form')!);
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'settings/employee', 'PATCH')[0].updateData).toMatchObject({
        icNumber: '3171015607920003',
        ihsNumber: '10001354453',
      }),
    );
  });

  it('deactivates only after the confirmation, sending active false', async () => {
    const fetchMock = setup({ [`${API}/settings/employee`]: () => ok(undefined, 'Data berhasil disimpan') });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan Siti Nurhaliza' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Nonaktifkan Siti Nurhaliza? Karyawan ini tidak dapat login lagi');
    expect(bodies(fetchMock.mock.calls, 'settings/employee', 'PATCH')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'settings/employee', 'PATCH')).toEqual([
        {
          uidEmployee: 'e5',
          userId: 'u5',
          updateData: {
            name: 'Siti Nurhaliza',
            username: 'perawat',
            email: 'perawat@klinikita.id',
            active: false,
          },
        },
      ]),
    );
  });

  it('does not let the user deactivate their own account', async () => {
    sessionStore.signIn(makeUser({ corpId: 3, uidEmployee: 'e5' }));
    setup();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Nonaktifkan Siti Nurhaliza' })).toBeDisabled();
  });
});
