import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { grants } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { SatusehatCard } from './satusehat-card.tsx';

const REFUSALS = '/api/clinic/v1/satu-sehat/refusals';

describe('SatusehatCard', () => {
  it('counts the refused and held deliveries and links to the sync tab', async () => {
    sessionStore.signIn(
      makeUser({
        role: {
          _id: 'r',
          role: 'Admin',
          menu: { access: grants(['/DashboardAdvance', '/Setting/satuSehat']) },
        },
      }),
    );
    mockApi({
      [REFUSALS]: () => ({
        body: { status: true, message: 'OK', data: { refused: 2, blocked: 1, waiting: 7 } },
      }),
    });
    renderWithApp(<SatusehatCard />);
    expect(await screen.findByText('SATUSEHAT: 2 ditolak, 1 tertahan')).toBeInTheDocument();
    expect(screen.getByText('7 menunggu dikirim')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buka sinkronisasi' })).toHaveAttribute(
      'href',
      '/Setting/satuSehat?tab=sync',
    );
  });

  it('is not there without the SATUSEHAT status permission', async () => {
    sessionStore.signIn(
      makeUser({ role: { _id: 'r', role: 'Kasir', menu: { access: grants(['/Kasir']) } } }),
    );
    const fetchMock = mockApi({});
    renderWithApp(<SatusehatCard />);
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('satusehat-card')).toBeNull();
  });
});
