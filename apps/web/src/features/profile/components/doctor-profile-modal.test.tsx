import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { mockApi } from '../../../test/render.tsx';
import {
  API,
  bodyOf,
  doctorProfile,
  doctorUser,
  employeeProfile,
  ok,
  refused,
  renderWithModals,
} from '../test/profile-fixtures.tsx';
import { DoctorProfileModal } from './doctor-profile-modal.tsx';

const PATCH_URL = `${API}/settings/doctors/profile/edit`;

type Reply = { status?: number; body: unknown };

function setup(patch: () => Reply = () => ok(undefined, 'Profil berhasil disimpan')) {
  const user = doctorUser();
  sessionStore.signIn(user, 't');
  const onClose = vi.fn();
  const fetchMock = mockApi({
    [`${API}/settings/myprofile/doctors/edit/profile`]: () => ok(doctorProfile),
    [`${API}/doctors/specialists`]: () => ok({ specialists: [{ _id: 'sp-1', name: 'Umum' }] }),
    [`${API}/satu-sehat/practitioner-ihs-by-nik/7209061211900001`]: () => ok({ ihsNumber: '10009880728' }),
    [`${API}/reservation/doctor-schedule/5`]: () => ok({}),
    [PATCH_URL]: patch,
    [`${API}/users`]: () => ok({ ...user, imageUrl: '/api/clinic/v1/files/f1' }),
  });
  renderWithModals(<DoctorProfileModal user={user} opened onClose={onClose} />);
  return { fetchMock, onClose };
}

const field = (label: RegExp) => screen.getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const patchCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === PATCH_URL);

describe('DoctorProfileModal, Profile tab', () => {
  it('loads the doctor profile by DoctorId with specialist, username and health ID read-only', async () => {
    const { fetchMock } = setup();
    expect(await screen.findByDisplayValue('dr. Alexander Wijaya')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toBe(`${API}/settings/myprofile/doctors/edit/profile?id=5`);
    expect(screen.getByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pengaturan Jadwal' })).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Specialist/)[0]).toBeDisabled();
    expect(field(/^Username/)).toHaveAttribute('readonly');
    expect(field(/^Nomor IHS/)).toHaveAttribute('readonly');
  });

  it('shows each spec 5 message next to its field and keeps the input', async () => {
    const { fetchMock } = setup();
    await screen.findByDisplayValue('dr. Alexander Wijaya');
    type(/^Name/, '  ');
    type(/^IC Number/, '');
    type(/^Phone Number/, '');
    save();
    expect(field(/^Name/)).toHaveAccessibleDescription(/Nama Tidak Boleh Kosong/);
    expect(field(/^IC Number/)).toHaveAccessibleDescription('IC Number Tidak Boleh Kosong');
    expect(field(/^Phone Number/)).toHaveAccessibleDescription('Phone Number Tidak Boleh Kosong');

    type(/^Name/, 'Al');
    save();
    expect(field(/^Name/)).toHaveAccessibleDescription(
      'Min 3 and Max 30 characters long. Min 3 and Max 30 characters long.',
    );
    expect(field(/^Name/)).toHaveValue('Al');
    expect(screen.queryByText('Save now ?')).not.toBeInTheDocument();
    expect(patchCalls(fetchMock)).toHaveLength(0);
  });

  it('reveals the password fields with Change Password and checks them', async () => {
    setup();
    await screen.findByDisplayValue('dr. Alexander Wijaya');
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Change Password' }));
    save();
    // the own password changes only with the current one (issue 13)
    expect(field(/^Current Password/)).toHaveAccessibleDescription('Password Saat Ini Tidak Boleh Kosong');
    expect(field(/^New Password/)).toHaveAccessibleDescription('Password Tidak Boleh Kosong');
    expect(field(/^Confirm Password/)).toHaveAccessibleDescription('Konfirmasi Password Tidak Boleh Kosong');

    type(/^New Password/, 'rahasia-baru-1');
    type(/^Confirm Password/, 'rahasia-baru-2');
    save();
    expect(field(/^Confirm Password/)).toHaveAccessibleDescription(
      'Password dan Konfirmasi Password Tidak Sama',
    );

    expect(field(/^New Password/)).toHaveAttribute('type', 'password');
    const [, toggle] = screen.getAllByRole('button', { name: 'Tampilkan atau sembunyikan password' });
    fireEvent.mouseDown(toggle);
    expect(field(/^New Password/)).toHaveAttribute('type', 'text');
  });

  it('masks the phone number to digits, at most 20', async () => {
    setup();
    await screen.findByDisplayValue('dr. Alexander Wijaya');
    type(/^Phone Number/, '+62 812-3456 abc');
    expect(field(/^Phone Number/)).toHaveValue('628123456');
    type(/^Phone Number/, '1234567890123456789012345');
    expect(field(/^Phone Number/)).toHaveValue('12345678901234567890');
  });

  it('asks for the IC number before fetching the health ID, then fills it from SATUSEHAT', async () => {
    const { fetchMock } = setup();
    await screen.findByDisplayValue('dr. Alexander Wijaya');
    type(/^IC Number/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Ambil Nomor IHS' }));
    expect(field(/^IC Number/)).toHaveAccessibleDescription('Harap Isi NIK untuk Mendapatkan Nomor IHS');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('satu-sehat'))).toBe(false);

    type(/^IC Number/, '7209061211900001');
    fireEvent.click(screen.getByRole('button', { name: 'Ambil Nomor IHS' }));
    await waitFor(() => expect(field(/^Nomor IHS/)).toHaveValue('10009880728'));
  });

  it("asks 'Save now ?' before the PATCH, sends the spec payload, then closes and updates the header", async () => {
    const { fetchMock, onClose } = setup();
    await screen.findByDisplayValue('dr. Alexander Wijaya');
    type(/^Name/, '  dr. Alex Wijaya ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Change Password' }));
    type(/^Current Password/, 'rahasia-lama');
    type(/^New Password/, 'rahasia-baru-1');
    type(/^Confirm Password/, 'rahasia-baru-1');
    save();
    expect(await screen.findByText('Save now ?')).toBeInTheDocument();
    expect(patchCalls(fetchMock)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Ya, simpan' }));

    await waitFor(() => expect(patchCalls(fetchMock)).toHaveLength(1));
    const [, init] = patchCalls(fetchMock)[0];
    expect(init?.method).toBe('PATCH');
    expect(bodyOf(init)).toEqual({
      doctorId: 5,
      userId: 'u-doc',
      idEmployee: 21,
      updateData: {
        name: 'dr. Alex Wijaya',
        password: 'rahasia-baru-1',
        currentPassword: 'rahasia-lama',
        username: 'dokter',
        icNumber: '7209061211900001',
        ihsNumber: '',
        address: 'Jl. Menteng Raya 1',
        phoneNumber: '081234567890',
        photo: null,
        clinicId: 10,
        previousClinicId: 10,
        uidClinic: 'c10',
        specialist: 'Umum',
        specialistId: 'sp-1',
      },
    });
    const success = await screen.findByTestId('dialog-success');
    expect(success).toHaveTextContent('Profil berhasil disimpan');
    expect(within(screen.getByRole('dialog', { name: 'Success' })).getByText('OK')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sessionStore.getState().user?.imageUrl).toBe('/api/clinic/v1/files/f1');
  });

  it('shows a refusal (status false) in a warning dialog and keeps the input', async () => {
    const { onClose } = setup(() => refused(409, 'Data telah diubah pengguna lain'));
    await screen.findByDisplayValue('dr. Alexander Wijaya');
    type(/^Address/, 'Jl. Baru 5');
    save();
    fireEvent.click(await screen.findByRole('button', { name: 'Ya, simpan' }));
    expect(await screen.findByTestId('dialog-warning')).toHaveTextContent('Data telah diubah pengguna lain');
    expect(field(/^Address/)).toHaveValue('Jl. Baru 5');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows an exception as the Error dialog 'Error add' with the error", async () => {
    setup(() => refused(500, 'Terjadi kesalahan pada server'));
    await screen.findByDisplayValue('dr. Alexander Wijaya');
    save();
    fireEvent.click(await screen.findByRole('button', { name: 'Ya, simpan' }));
    const dialog = await screen.findByTestId('dialog-error');
    expect(dialog).toHaveTextContent('Error add');
    expect(dialog).toHaveTextContent('Terjadi kesalahan pada server');
  });
});

describe('DoctorProfileModal, photo variant for non-doctors', () => {
  it('loads through the employee call, without Specialist or the schedule tab', async () => {
    const user = doctorUser({ DoctorId: null, role: { _id: 'r1', role: 'Nurse', menu: { access: [] } } });
    const fetchMock = mockApi({
      [`${API}/settings/pharmacy/employees/where`]: () => ok(employeeProfile),
    });
    renderWithModals(<DoctorProfileModal user={user} opened onClose={() => {}} />);
    expect(await screen.findByDisplayValue('Siti Rahma')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toBe(`${API}/settings/pharmacy/employees/where?uid=e-doc`);
    expect(screen.queryByLabelText(/^Specialist/)).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Pengaturan Jadwal' })).not.toBeInTheDocument();
  });
});
