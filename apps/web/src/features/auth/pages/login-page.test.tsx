import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const demo = {
  status: true,
  message: 'OK',
  data: {
    accounts: [
      { username: 'dokter', name: 'dr. Andi Pratama', role: 'Doctor' },
      { username: 'kasir', name: 'Rina Kasir', role: 'Cashier' },
    ],
    password: 'klinikita',
  },
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('LoginPage', () => {
  beforeEach(() => sessionStore.signOut());

  it('shows the schema messages next to empty fields and sends nothing', async () => {
    const fetchMock = mockApi({});
    renderWithApp(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Username Tidak Boleh Kosong')).toBeInTheDocument();
    expect(screen.getByText('Password Tidak Boleh Kosong')).toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('auth/login'))).toBe(false);
  });

  it('shows the server message on failure and keeps what was typed', async () => {
    mockApi({
      '/api/clinic/v1/auth/login': () => ({
        status: 401,
        body: { status: false, message: 'Username atau password salah' },
      }),
    });
    renderWithApp(<LoginPage />);
    fireEvent.change(field('Username'), { target: { value: 'perawat' } });
    fireEvent.change(field('Password'), { target: { value: 'salah' } });
    fireEvent.submit(field('Password').closest('form')!);

    expect(await screen.findByRole('alert')).toHaveTextContent('Username atau password salah');
    expect(field('Username').value).toBe('perawat');
    expect(field('Password').value).toBe('salah');
    expect(sessionStore.getState().user).toBeNull();
  });

  it('puts server validation errors next to their field', async () => {
    mockApi({
      '/api/clinic/v1/auth/login': () => ({
        status: 400,
        body: {
          status: false,
          message: 'Data yang dikirim tidak valid',
          errors: [{ path: 'username', message: 'validation.tooLong' }],
        },
      }),
    });
    renderWithApp(<LoginPage />);
    fireEvent.change(field('Username'), { target: { value: 'perawat' } });
    fireEvent.change(field('Password'), { target: { value: 'klinikita' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Terlalu panjang')).toBeInTheDocument();
  });

  it('fills the form from a demo account and logs in on Enter', async () => {
    const user = makeUser({ username: 'dokter', name: 'dr. Andi Pratama' });
    const fetchMock = mockApi({
      '/api/clinic/v1/auth/demo-accounts': () => ({ body: demo }),
      '/api/clinic/v1/auth/login': () => ({
        body: { status: true, message: 'Login berhasil', data: { token: 't1', user } },
      }),
    });
    renderWithApp(<LoginPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Gunakan akun dokter' }));
    expect(field('Username').value).toBe('dokter');
    expect(field('Password').value).toBe('klinikita');

    fireEvent.submit(field('Password').closest('form')!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/authentication'));
    const login = fetchMock.mock.calls.find(([url]) => String(url).endsWith('auth/login'));
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({ username: 'dokter', password: 'klinikita' });
    expect(sessionStore.getState()).toMatchObject({ user: { username: 'dokter' }, token: 't1' });
  });

  it('shows no demo list when the demo data is not in use', async () => {
    mockApi({ '/api/clinic/v1/auth/demo-accounts': () => ({ body: { ...demo, data: [] } }) });
    renderWithApp(<LoginPage />);
    await waitFor(() => expect(screen.queryByText('Akun demo')).not.toBeInTheDocument());
  });
});
