import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { grants } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { SatusehatSettingsPage } from './satusehat-settings-page.tsx';

const API = '/api/clinic/v1/satu-sehat';
const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });

const settings = {
  clinicId: 1,
  configured: true,
  environment: 'simulator',
  clientId: 'sim-klinikita-1',
  organizationId: '10000101',
  secretSet: true,
  updatedAt: '2026-11-26T03:00:00.000Z',
};
const place = (name: string, kind: 'poli' | 'room', locationId: string | null = null) => ({
  name,
  kind,
  code: `1-${name.toLowerCase().replace(' ', '-')}`,
  state: locationId ? 'registered' : 'missing',
  locationId,
  error: null,
  registeredAt: locationId ? '2026-11-26T03:00:00.000Z' : null,
});

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const bodies = (calls: Calls, path: string) =>
  calls
    .filter(([u, init]) => String(u).startsWith(path) && init?.method && init.method !== 'GET')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('SatusehatSettingsPage', { timeout: 30_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(
      makeUser({ role: { _id: 'r', role: 'Admin', menu: { access: grants(['/Setting/satuSehat']) } } }),
    ),
  );

  it('shows the saved settings with the secret write-only, saves without resending it, tests plainly', async () => {
    const fetchMock = mockApi({
      [`${API}/settings`]: (init) =>
        init?.method === 'PUT' ? ok(settings, 'Setting SATUSEHAT disimpan') : ok(settings),
      [`${API}/settings/test`]: () =>
        ok(
          {
            ok: false,
            problem: 'credentials',
            detail: 'Invalid client credentials',
            organizationName: null,
            environment: 'simulator',
          },
          'Client ID atau Client Secret ditolak SATUSEHAT. Periksa keduanya lalu simpan ulang.',
        ),
      [`${API}/locations`]: () => ok({ clinicId: 1, organizationId: '10000101', locations: [] }),
    });
    renderWithApp(<SatusehatSettingsPage />);
    const form = await screen.findByRole('form', { name: 'Koneksi' });
    expect(within(form).getByRole('textbox', { name: /Client ID/ })).toHaveValue('sim-klinikita-1');
    const secret = within(form).getByLabelText(/Client Secret/);
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', 'tersimpan');

    // a changed field must be saved before the test
    fireEvent.change(within(form).getByRole('textbox', { name: /Organization ID/ }), {
      target: { value: '' },
    });
    expect(within(form).getByRole('button', { name: 'Tes koneksi' })).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Organization ID wajib diisi')).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: /Organization ID/ }), {
      target: { value: '10000101' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(bodies(fetchMock.mock.calls, `${API}/settings`)).toHaveLength(1));
    expect(bodies(fetchMock.mock.calls, `${API}/settings`)[0]).toEqual({
      clinicId: 1,
      environment: 'simulator',
      clientId: 'sim-klinikita-1',
      clientSecret: '',
      organizationId: '10000101',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Tes koneksi' }));
    const result = await screen.findByText(
      'Client ID atau Client Secret ditolak SATUSEHAT. Periksa keduanya lalu simpan ulang.',
    );
    expect(result).toBeInTheDocument();
    expect(screen.getByText('SATUSEHAT: Invalid client credentials')).toBeInTheDocument();
  });

  it('registers the missing locations one by one and shows their ids', async () => {
    let registered: string[] = [];
    const list = () => [
      place('Poli Umum', 'poli', registered.includes('Poli Umum') ? 'loc-1' : null),
      place('Radiologi', 'room', registered.includes('Radiologi') ? 'loc-2' : null),
    ];
    const fetchMock = mockApi({
      [`${API}/settings`]: () => ok(settings),
      [`${API}/locations`]: () => ok({ clinicId: 1, organizationId: '10000101', locations: list() }),
      [`${API}/locations/register`]: (init) => {
        registered = [...registered, JSON.parse(String(init?.body)).name];
        return ok({ clinicId: 1, organizationId: '10000101', locations: list() }, 'Lokasi didaftarkan');
      },
    });
    renderWithApp(<SatusehatSettingsPage />);
    const table = await screen.findByRole('table', { name: 'Daftar lokasi SATUSEHAT' });
    expect(within(table).getAllByText('Belum terdaftar')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Daftarkan lokasi' }));
    expect(await screen.findByText('2 dari 2 lokasi terdaftar di SATUSEHAT')).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, `${API}/locations/register`)).toEqual([
      { clinicId: 1, name: 'Poli Umum' },
      { clinicId: 1, name: 'Radiologi' },
    ]);
    await waitFor(() => expect(within(table).getByText('loc-2')).toBeInTheDocument());
    expect(within(table).getByText('loc-1')).toBeInTheDocument();
    expect(within(table).getAllByText('Terdaftar')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Daftarkan lokasi' })).toBeDisabled();
  });
});
