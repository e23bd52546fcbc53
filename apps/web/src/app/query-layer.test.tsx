import { QueryClientContext } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useContext, useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../shared/session/session-store.ts';
import { makeUser, mockApi } from '../test/render.tsx';

/**
 * The login page carries no query library: the app's query client loads with the first screen
 * behind the login (query-layer.ts). Fresh modules per test: the client is made once per page load.
 */
const fresh = async () => {
  vi.resetModules();
  const made = vi.fn();
  vi.doMock('./query-client.ts', async (original) => {
    const real = await original<typeof import('./query-client.ts')>();
    return {
      createQueryClient: () => {
        made();
        return real.createQueryClient();
      },
    };
  });
  const [{ AppProviders }, { buildRoutes }, layer, { sessionStore: session }] = await Promise.all([
    import('./providers.tsx'),
    import('./router.tsx'),
    import('./query-layer.ts'),
    import('../shared/session/session-store.ts'),
  ]);
  return { AppProviders, buildRoutes, layer, made, session };
};

describe('the query client, loaded behind the login', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.signOut();
    mockApi({});
  });

  it('is not loaded for the login page, which works without it', async () => {
    const { AppProviders, buildRoutes, made } = await fresh();
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeInTheDocument();
    expect(made).not.toHaveBeenCalled();
  });

  it('comes with the first screen behind the login', async () => {
    const { AppProviders, buildRoutes, made, session } = await fresh();
    session.signIn(makeUser({ menu: [] }), null);
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/authentication'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText(/Selamat datang/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(made).toHaveBeenCalledOnce();
  });

  it('reaches the screens under the providers without remounting them', async () => {
    const { AppProviders, layer } = await fresh();
    const mounts = vi.fn();
    function Probe() {
      const client = useContext(QueryClientContext);
      useEffect(mounts, []);
      return <output>{client ? 'client' : 'none'}</output>;
    }
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('none');
    await act(() => layer.loadQueryClient());
    expect(screen.getByRole('status')).toHaveTextContent('client');
    expect(mounts).toHaveBeenCalledOnce();
  });
});
