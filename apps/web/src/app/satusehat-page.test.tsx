import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../shared/session/session-store.ts';
import { grants } from '../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../test/render.tsx';
import { SatusehatPage } from './satusehat-page.tsx';

const API = '/api/clinic/v1/satu-sehat';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });

describe('SatusehatPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.signIn(
      makeUser({ role: { _id: 'r', role: 'Admin', menu: { access: grants(['/Setting/satuSehat']) } } }),
    );
    mockApi({
      [`${API}/settings`]: () =>
        ok({
          clinicId: 1,
          configured: false,
          environment: 'simulator',
          clientId: '',
          organizationId: '',
          secretSet: false,
          updatedAt: null,
        }),
      [`${API}/locations`]: () => ok({ clinicId: 1, organizationId: '', locations: [] }),
      [`${API}/deliveries`]: () =>
        ok({
          docs: [],
          page: 1,
          totalPages: 1,
          limit: 50,
          totalDocs: 0,
          counts: { waiting: 0, accepted: 0, refused: 0, blocked: 0 },
        }),
    });
  });

  it('opens on the connection and switches to the sync tab', async () => {
    renderWithApp(<SatusehatPage />, { route: '/Setting/satuSehat' });
    expect(await screen.findByRole('form', { name: 'Koneksi' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Sinkronisasi' }));
    expect(await screen.findByRole('heading', { name: 'Sinkronisasi SATUSEHAT' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Koneksi' })).toBeNull();
  });

  it('opens on the sync tab from the dashboard’s link', async () => {
    renderWithApp(<SatusehatPage />, { route: '/Setting/satuSehat?tab=sync' });
    expect(await screen.findByText('Tidak ada pengiriman pada hari ini.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sinkronisasi' })).toHaveAttribute('aria-selected', 'true');
  });
});
