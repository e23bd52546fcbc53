import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { sessionStore } from '../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../test/render.tsx';
import { RouteGuard } from './route-guard.tsx';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function GuardedApp() {
  return (
    <Routes>
      <Route element={<RouteGuard />}>
        <Route path="/" element={<LoginPage />} />
        <Route path="/authentication" element={<p>Halaman awal</p>} />
      </Route>
    </Routes>
  );
}

describe('RouteGuard and a password an Admin chose', () => {
  beforeEach(() => sessionStore.signOut());

  it('shows the change-password screen right after the login, and the usual landing once it is changed', async () => {
    const temporary = makeUser({ username: 'perawat', mustChangePassword: true });
    mockApi({
      '/api/clinic/v1/auth/demo-accounts': () => ({
        body: { status: true, message: 'OK', data: { accounts: [], password: null } },
      }),
      '/api/clinic/v1/auth/login': () => ({
        body: { status: true, message: 'Login berhasil', data: { token: 't1', user: temporary } },
      }),
      '/api/clinic/v1/auth/password': () => ({
        body: { status: true, message: 'Password berhasil diganti' },
      }),
      '/api/clinic/v1/users': () => ({
        body: { status: true, message: 'OK', data: { ...temporary, mustChangePassword: false } },
      }),
    });
    renderWithApp(<GuardedApp />);
    fireEvent.change(field('Username'), { target: { value: 'perawat' } });
    fireEvent.change(field('Password'), { target: { value: 'Sementara123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));

    expect(await screen.findByText('Buat password Anda sendiri')).toBeInTheDocument();
    expect(screen.queryByText('Halaman awal')).not.toBeInTheDocument();

    fireEvent.change(field('Password Saat Ini'), { target: { value: 'Sementara123' } });
    fireEvent.change(field('Password Baru'), { target: { value: 'PunyaSendiri9' } });
    fireEvent.change(field('Konfirmasi Password'), { target: { value: 'PunyaSendiri9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan password' }));

    expect(await screen.findByText('Halaman awal')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/authentication'));
    expect(screen.queryByText('Buat password Anda sendiri')).not.toBeInTheDocument();
  });
});
