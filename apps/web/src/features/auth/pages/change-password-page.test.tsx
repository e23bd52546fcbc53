import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (current: string, password: string, confirm: string) => {
  fireEvent.change(field('Password Saat Ini'), { target: { value: current } });
  fireEvent.change(field('Password Baru'), { target: { value: password } });
  fireEvent.change(field('Konfirmasi Password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Simpan password' }));
};

describe('ChangePasswordPage', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ mustChangePassword: true }), 't1'));

  it('asks for every field with the profile form’s messages and sends nothing', async () => {
    const fetchMock = mockApi({});
    renderWithApp(<ChangePasswordPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan password' }));
    expect(await screen.findByText('Password Saat Ini Tidak Boleh Kosong')).toBeInTheDocument();
    expect(screen.getByText('Password Tidak Boleh Kosong')).toBeInTheDocument();
    expect(screen.getByText('Konfirmasi Password Tidak Boleh Kosong')).toBeInTheDocument();
    fill('Sementara123', 'PunyaSendiri9', 'PunyaSendiri8');
    expect(await screen.findByText('Password dan Konfirmasi Password Tidak Sama')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a wrong current password next to its field and keeps the session as it is', async () => {
    mockApi({
      '/api/clinic/v1/auth/password': () => ({
        status: 400,
        body: {
          status: false,
          message: 'Password saat ini salah',
          errors: [{ path: 'currentPassword', message: 'Password saat ini salah' }],
        },
      }),
    });
    renderWithApp(<ChangePasswordPage />);
    fill('bukan-ini', 'PunyaSendiri9', 'PunyaSendiri9');
    expect(await screen.findByText('Password saat ini salah')).toBeInTheDocument();
    expect(sessionStore.getState().user?.mustChangePassword).toBe(true);
  });

  it('saves the new password, then reads the session again so the screens open', async () => {
    const fetchMock = mockApi({
      '/api/clinic/v1/auth/password': () => ({
        body: { status: true, message: 'Password berhasil diganti' },
      }),
      '/api/clinic/v1/users': () => ({
        body: { status: true, message: 'OK', data: makeUser({ mustChangePassword: false }) },
      }),
    });
    renderWithApp(<ChangePasswordPage />);
    fill('Sementara123', 'PunyaSendiri9', 'PunyaSendiri9');
    await waitFor(() => expect(sessionStore.getState().user?.mustChangePassword).toBe(false));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/password'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      currentPassword: 'Sementara123',
      password: 'PunyaSendiri9',
      confirmPassword: 'PunyaSendiri9',
    });
  });
});
