import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi } from '../../../test/render.tsx';
import { API, bodyOf, employeeProfile, ok, renderWithModals } from '../test/profile-fixtures.tsx';
import { StaffProfileModal } from './staff-profile-modal.tsx';

const PATCH_URL = `${API}/settings/employee`;

function setup() {
  const user = makeUser();
  sessionStore.signIn(user, 't');
  const fetchMock = mockApi({
    [`${API}/settings/pharmacy/employees/where`]: () => ok(employeeProfile),
    [PATCH_URL]: () => ok(undefined, 'Data berhasil disimpan'),
    '/logout': () => ok(),
  });
  renderWithModals(<StaffProfileModal user={user} opened onClose={() => {}} />);
  return fetchMock;
}

const field = (label: RegExp) => screen.getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('StaffProfileModal (Edit User)', () => {
  it('shows clinic, username and role read-only', async () => {
    const fetchMock = setup();
    expect(await screen.findByDisplayValue('Siti Rahma')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toBe(`${API}/settings/pharmacy/employees/where?uid=e1`);
    expect(field(/^Clinic/)).toHaveAttribute('readonly');
    expect(field(/^Clinic/)).toHaveValue('Klinik Pratama Sehat');
    expect(field(/^Username/)).toHaveAttribute('readonly');
    expect(field(/^Role/)).toHaveValue('Nurse');
    expect(field(/^Role/)).toHaveAttribute('readonly');
  });

  it("says 'Complete and check the data first' when required data is missing", async () => {
    const fetchMock = setup();
    await screen.findByDisplayValue('Siti Rahma');
    type(/^Email/, '');
    save();
    expect(screen.getByRole('alert')).toHaveTextContent('Complete and check the data first');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Change Password' }));
    type(/^Email/, 'siti@klinik.test');
    save();
    expect(screen.getByRole('alert')).toHaveTextContent('Complete and check the data first');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === PATCH_URL)).toBe(false);
  });

  it('checks email, name length, phone digits and the date of birth', async () => {
    setup();
    await screen.findByDisplayValue('Siti Rahma');
    type(/^Email/, 'siti@klinik');
    type(/^Name/, 'Si');
    type(/^Date of Birth/, '01/01/2099');
    save();
    expect(field(/^Email/)).toHaveAccessibleDescription('Email is not valid');
    expect(field(/^Name/)).toHaveAccessibleDescription(
      'Min 3 and Max 30 characters long. Min 3 and Max 30 characters long.',
    );
    expect(field(/^Date of Birth/)).toHaveAccessibleDescription('Tanggal lahir tidak boleh di masa depan');

    type(/^Phone/, '0812-abc-99');
    expect(field(/^Phone/)).toHaveValue('081299');
    type(/^Date of Birth/, '0503199');
    expect(field(/^Date of Birth/)).toHaveValue('05/03/199');
  });

  it('has show/hide toggles on Current Password, Password and Retype Password', async () => {
    setup();
    await screen.findByDisplayValue('Siti Rahma');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Change Password' }));
    expect(field(/^Current Password/)).toHaveAttribute('type', 'password');
    const toggles = screen.getAllByRole('button', { name: 'Tampilkan atau sembunyikan password' });
    expect(toggles).toHaveLength(3);
    fireEvent.mouseDown(toggles[2]);
    expect(field(/^Retype Password/)).toHaveAttribute('type', 'text');
    expect(field(/^Password/)).toHaveAttribute('type', 'password');
  });

  it("asks 'Save now ?', sends {uidEmployee, userId, updateData}, then logs the user out", async () => {
    const fetchMock = setup();
    await screen.findByDisplayValue('Siti Rahma');
    type(/^Address/, 'Jl. Cikini 3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Change Password' }));
    type(/^Password/, 'rahasia-baru-1');
    type(/^Retype Password/, 'rahasia-baru-1');
    save();
    // without the current password the form is incomplete (issue 13)
    expect(screen.getByRole('alert')).toHaveTextContent('Complete and check the data first');
    type(/^Current Password/, 'rahasia-lama');
    save();
    expect(await screen.findByText('Save now ?')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === PATCH_URL)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Ya, simpan' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === PATCH_URL)!;
    expect(init?.method).toBe('PATCH');
    expect(bodyOf(init)).toEqual({
      uidEmployee: 'e1',
      userId: 'u1',
      updateData: {
        name: 'Siti Rahma',
        username: 'perawat',
        email: 'siti@klinik.test',
        gender: 'F',
        dob: '12/03/1990',
        icNumber: '3171000000000001',
        passport: '',
        others: '',
        address: 'Jl. Cikini 3',
        phoneNumber: '0812000111',
        password: 'rahasia-baru-1',
        currentPassword: 'rahasia-lama',
      },
    });
    expect(fetchMock).toHaveBeenCalledWith('/logout', expect.objectContaining({ method: 'POST' }));
    expect(sessionStore.getState().user).toBeNull();
  });
});
