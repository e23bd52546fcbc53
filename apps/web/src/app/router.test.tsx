import type { MenuAccess, MenuItem } from '@klinikita/domain/access/menu';
import { APP_ROUTES } from '@klinikita/domain/access/routes';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../shared/session/session-store.ts';
import { makeUser, mockApi } from '../test/render.tsx';
import { AppProviders } from './providers.tsx';
import { buildRoutes, PAGES } from './router.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const dashboardAccess: MenuAccess = {
  parent: {
    enabled: true,
    status: true,
    menu: { _id: 'm1', menu: { name: 'Dashboard', route: '/DashboardAdvance' } },
  },
  childs: [],
};
const leaf = (code: string, route: string): MenuItem => ({
  code,
  name: code,
  key: `menu.${code}`,
  route,
  icon: null,
  enabled: true,
  children: [],
});

const signInNurse = (menu: MenuItem[], access: MenuAccess[] = [dashboardAccess]) =>
  sessionStore.signIn(makeUser({ menu, role: { _id: 'r', role: 'Nurse', menu: { access } } }), null);

describe('router', () => {
  beforeEach(() => {
    sessionStore.signOut();
    mockApi({});
  });

  it('has a screen for every built route of the route table', () => {
    const built = APP_ROUTES.filter((r) => r.built).map((r) => r.path);
    expect(Object.keys(PAGES).sort()).toEqual([...built].sort());
  });

  it('sends a visitor without a session to the login page', async () => {
    const router = renderAt('/DashboardAdvance/crm');
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/Director/dashboard', '/Setting/trash', '/Inisiasi/Corporate/42', '/no/such/page'])(
    'renders the 404 page for %s',
    async (path) => {
      renderAt(path);
      expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Kembali ke beranda' })).toHaveAttribute('href', '/');
    },
  );

  it('treats /Registration/Patient as the front office', async () => {
    const frontOffice: MenuAccess = {
      parent: {
        enabled: true,
        status: true,
        menu: { _id: 'm2', menu: { name: 'Pendaftaran', route: '/Registration/patient' } },
      },
      childs: [],
    };
    sessionStore.signIn(
      makeUser({
        menu: [leaf('registration', '/Registration/patient')],
        role: { _id: 'r', role: 'Registration', menu: { access: [frontOffice] } },
      }),
      null,
    );
    const router = renderAt('/Registration/Patient');
    expect(await screen.findByRole('heading', { name: 'Pendaftaran Pasien' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Registration/patient');
  });

  it('sends a logged-in user from the login page to the welcome screen when no menu route exists', async () => {
    signInNurse([]);
    const router = renderAt('/');
    expect(await screen.findByText('Selamat datang, Siti Rahma')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/authentication');
  });

  it('opens the first menu route after login', async () => {
    signInNurse([leaf('dashboard', '/DashboardAdvance')]);
    const router = renderAt('/authentication');
    expect(await screen.findByRole('heading', { name: 'Revenue' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/DashboardAdvance');
  });

  it('sends a user without access to the no-permission page', async () => {
    signInNurse([], []);
    const router = renderAt('/DashboardAdvance/crm');
    expect(await screen.findByText('Akses ditolak')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ErrorAuth/error');
  });

  it('hides the sidebar for a single menu entry without children, and shows it otherwise', async () => {
    signInNurse([leaf('dashboard', '/DashboardAdvance')]);
    renderAt('/DashboardAdvance/turnAroundTime');
    expect(await screen.findByRole('heading', { name: 'Waktu tunggu layanan' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu utama' })).not.toBeInTheDocument();
  });

  it('shows the sidebar when the menu has more than one entry', async () => {
    signInNurse([leaf('dashboard', '/DashboardAdvance'), leaf('emr', '/EMR')]);
    renderAt('/DashboardAdvance/crm');
    expect(await screen.findByRole('navigation', { name: 'Menu utama' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CRM' })).toHaveAttribute('aria-current', 'page');
  });
});
