import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { MasterDoctorPage } from './master-doctor-page.tsx';
import { API, bodies, input, ok, pick, type, urls } from './master-test-kit.ts';

const clinics = [
  { id: 10, uid: 'c10', name: 'Klinik Sehat Menteng' },
  { id: 11, uid: 'c11', name: 'Klinik Sehat Cikini' },
];
// a list row as the server answers it (doctorSummarySchema): no login id
const row = {
  doctorId: 7,
  name: 'dr. Alexander Wijaya',
  title: 'dr.',
  specialist: 'Dokter Umum',
  enabled: true,
  clinics: [{ id: 10, name: 'Klinik Sehat Menteng' }],
  mobilePhone: '081210000002',
  email: 'dokter@klinikita.id',
  photo: null,
};
const detail = {
  doctorId: 7,
  userId: 'u7',
  name: 'dr. Alexander Wijaya',
  title: 'dr.',
  profile: 'Dokter umum.',
  specialist: 'Dokter Umum',
  specialistId: 'sp1',
  enabled: true,
  identificationNumber: '7209061211900001',
  mobilePhone: '081210000002',
  address: 'Jakarta',
  dob: '10/03/1987',
  email: 'dokter@klinikita.id',
  gender: 'M',
  username: 'dokter',
  Clinics: [{ id: 10, name: 'Klinik Sehat Menteng', Doctor_Clinic: { ClinicId: 10 } }],
};
const page = (docs: unknown[], over: Record<string, number> = {}) => ({
  docs,
  page: 1,
  totalPages: 3,
  limit: 20,
  totalDocs: 45,
  ...over,
});

function setup(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    [`${API}/registrations/clinics/`]: () => ok(clinics),
    [`${API}/doctors/specialists`]: () =>
      ok({
        specialists: [
          { _id: 'sp1', name: 'Dokter Umum' },
          { _id: 'sp2', name: 'Penyakit Dalam' },
        ],
      }),
    [`${API}/settings/master/doctors/where`]: (_init, url) =>
      url.searchParams.has('id')
        ? ok(detail)
        : ok(page([row], { page: Number(url.searchParams.get('page')) })),
    ...overrides,
  });
}

const renderPage = () =>
  renderWithApp(
    <ModalsProvider>
      <MasterDoctorPage />
    </ModalsProvider>,
  );

describe('MasterDoctorPage list', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ corpId: 3 })));

  it('asks for a page, then sends the debounced search, filters and page on the server', async () => {
    const fetchMock = setup();
    renderPage();
    expect(await screen.findByText('dr. Alexander Wijaya')).toBeInTheDocument();
    expect(screen.getByText('1–20 dari 45')).toBeInTheDocument();
    const first = urls(fetchMock.mock.calls, 'settings/master/doctors/where')[0];
    expect(Object.fromEntries(first.searchParams)).toEqual({ page: '1', limit: '20' });

    const clinicCall = fetchMock.mock.calls.find(([u]) => String(u).includes('registrations/clinics/'))!;
    expect(String(clinicCall[0])).toBe(`${API}/registrations/clinics/?CorpId=3`);
    expect(new Headers(clinicCall[1]?.headers).get('service')).toBe('master');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: '  alex' } });
    await waitFor(() =>
      expect(
        urls(fetchMock.mock.calls, 'settings/master/doctors/where').some(
          (u) => u.searchParams.get('search') === 'alex',
        ),
      ).toBe(true),
    );
    // typing does not ask per keystroke: one call for the settled text
    expect(
      urls(fetchMock.mock.calls, 'settings/master/doctors/where').filter((u) => u.searchParams.has('search')),
    ).toHaveLength(1);

    await pick(/Filter klinik/, 'Klinik Sehat Cikini');
    fireEvent.click(screen.getByRole('radio', { name: 'Nonaktif' }));
    await waitFor(() => {
      const last = urls(fetchMock.mock.calls, 'settings/master/doctors/where').at(-1)!;
      expect(Object.fromEntries(last.searchParams)).toEqual({
        search: 'alex',
        clinicId: '11',
        enabled: 'false',
        page: '1',
        limit: '20',
      });
    });

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(
        urls(fetchMock.mock.calls, 'settings/master/doctors/where').at(-1)!.searchParams.get('page'),
      ).toBe('2'),
    );
  });

  it('says so when there are no doctors', async () => {
    setup({ [`${API}/settings/master/doctors/where`]: () => ok(page([], { totalPages: 0, totalDocs: 0 })) });
    renderPage();
    expect(await screen.findByText('Belum ada dokter. Tambahkan dokter pertama.')).toBeInTheDocument();
  });

  it('disables a doctor only after the confirmation', async () => {
    const fetchMock = setup({
      [`${API}/settings/doctors`]: () => ok(undefined, 'Data dokter berhasil disimpan'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan dr. Alexander Wijaya' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Nonaktifkan dr. Alexander Wijaya?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies(fetchMock.mock.calls, 'settings/doctors', 'PATCH')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Nonaktifkan dr. Alexander Wijaya' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'settings/doctors', 'PATCH')).toEqual([
        { doctorId: 7, updateData: { enabled: false } },
      ]),
    );
    expect(await screen.findByText('Data dokter berhasil disimpan')).toBeInTheDocument();
  });
});

describe('MasterDoctorPage add and edit', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ corpId: 3 })));

  it('shows the spec messages, keeps the input and sends nothing while the form is wrong', async () => {
    const fetchMock = setup();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah dokter' }));
    await screen.findByRole('dialog');
    type(/^Nama/, 'ab');
    type(/^Email/, 'bukan-email');
    type(/^Username/, 'drx');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Min 3 and Max 30 characters long.')).toBeInTheDocument();
    expect(screen.getByText('Email is not valid')).toBeInTheDocument();
    expect(screen.getByText('Complete and check the data first')).toBeInTheDocument(); // clinics
    expect(screen.getByText('Password Tidak Boleh Kosong')).toBeInTheDocument();
    expect(screen.getByText('IC Number Tidak Boleh Kosong')).toBeInTheDocument();
    expect(screen.getByText('Phone Number Tidak Boleh Kosong')).toBeInTheDocument();
    expect(input(/^Nama/).value).toBe('ab');
    expect(input(/^Email/).value).toBe('bukan-email');
    // focus lands on the first marked field
    expect(document.activeElement).toBe(input(/^Nama/));
    expect(bodies(fetchMock.mock.calls, 'settings/doctors', 'POST')).toHaveLength(0);
  });

  it('posts a new doctor in the contract shape', async () => {
    const fetchMock = setup({
      [`${API}/settings/doctors`]: () => ok({ doctorId: 9 }, 'Dokter berhasil ditambahkan'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah dokter' }));
    await screen.findByRole('dialog');
    type(/^Nama/, ' dr. Budi Hartono ');
    type(/^Gelar/, 'dr.');
    await pick(/^Spesialis/, 'Penyakit Dalam');
    await pick(/^Klinik praktik/, 'Klinik Sehat Cikini');
    type(/^Username/, 'budi');
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'rahasia123' } });
    type(/^Email/, 'budi@klinikita.id');
    type(/^Nomor KTP/, '3171010101900001');
    // a valid NIK fills sex and birth date; the clerk can still change them
    expect(input(/^Tanggal lahir/).value).toBe('01/01/1990');
    expect(screen.getByRole('combobox', { name: /^Jenis kelamin/ })).toHaveValue('Laki-laki');
    type(/^Nomor telepon/, '0812-3456 789');
    type(/^Tanggal lahir/, '01021990');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(bodies(fetchMock.mock.calls, 'settings/doctors', 'POST')).toHaveLength(1));
    expect(bodies(fetchMock.mock.calls, 'settings/doctors', 'POST')[0]).toEqual({
      name: 'dr. Budi Hartono',
      title: 'dr.',
      profile: '',
      specialistId: 'sp2',
      clinicIds: [11],
      username: 'budi',
      password: 'rahasia123',
      email: 'budi@klinikita.id',
      gender: 'M',
      dob: '01/02/1990',
      icNumber: '3171010101900001',
      ihsNumber: '',
      passport: '',
      others: '',
      phoneNumber: '08123456789',
      address: '',
    });
    expect(await screen.findByText('Dokter berhasil ditambahkan')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a 409 next to the username and keeps the input', async () => {
    setup({
      [`${API}/settings/doctors`]: () => ({
        status: 409,
        body: { status: false, message: 'Username sudah dipakai' },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah dokter' }));
    await screen.findByRole('dialog');
    type(/^Nama/, 'dr. Budi Hartono');
    await pick(/^Klinik praktik/, 'Klinik Sehat Menteng');
    type(/^Username/, 'dokter');
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'rahasia123' } });
    type(/^Nomor KTP/, '3171010101900001');
    type(/^Nomor telepon/, '08123456789');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Username sudah dipakai')).toBeInTheDocument();
    expect(input(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^Username/).value).toBe('dokter');
    expect(input(/^Nama/).value).toBe('dr. Budi Hartono');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('loads the doctor, then patches {doctorId, userId, updateData} without a password unless asked', async () => {
    const fetchMock = setup({
      [`${API}/settings/doctors`]: () => ok(undefined, 'Data dokter berhasil disimpan'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah dr. Alexander Wijaya' }));
    await waitFor(() => expect(input(/^Nama/).value).toBe('dr. Alexander Wijaya'));
    expect(urls(fetchMock.mock.calls, 'settings/master/doctors/where').at(-1)!.searchParams.get('id')).toBe(
      '7',
    );
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    type(/^Alamat/, 'Jl. Cikini Raya 1');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(bodies(fetchMock.mock.calls, 'settings/doctors', 'PATCH')).toHaveLength(1));
    expect(bodies(fetchMock.mock.calls, 'settings/doctors', 'PATCH')[0]).toEqual({
      doctorId: 7,
      userId: 'u7',
      updateData: {
        name: 'dr. Alexander Wijaya',
        title: 'dr.',
        profile: 'Dokter umum.',
        specialistId: 'sp1',
        clinicIds: [10],
        username: 'dokter',
        email: 'dokter@klinikita.id',
        gender: 'M',
        dob: '10/03/1987',
        icNumber: '7209061211900001',
        phoneNumber: '081210000002',
        address: 'Jl. Cikini Raya 1',
      },
    });
  });

  it('sends the new password when Change password is ticked and maps a server 400 onto it', async () => {
    const fetchMock = setup({
      [`${API}/settings/doctors`]: () => ({
        status: 400,
        body: {
          status: false,
          message: 'Data yang dikirim tidak valid',
          errors: [{ path: 'updateData.username', message: 'staffApi.usernameChars' }],
        },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah dr. Alexander Wijaya' }));
    await waitFor(() => expect(input(/^Nama/).value).toBe('dr. Alexander Wijaya'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ganti password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Password Tidak Boleh Kosong')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'baru12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'settings/doctors', 'PATCH')[0]?.updateData.password).toBe(
        'baru12345',
      ),
    );
    await waitFor(() => expect(input(/^Username/)).toHaveAttribute('aria-invalid', 'true'));
    expect(input(/^Username/).value).toBe('dokter');
  });
});
