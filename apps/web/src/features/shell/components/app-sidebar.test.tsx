import type { MenuItem } from '@klinikita/domain/access/menu';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { AppSidebar } from './app-sidebar.tsx';

const item = (
  code: string,
  name: string,
  route: string | null,
  children: MenuItem[] = [],
  enabled = true,
) => ({
  code,
  name,
  key: `menu.${code}`,
  route,
  icon: null,
  enabled,
  children,
});

const menu: MenuItem[] = [
  item('dashboard', 'Dashboard', '/DashboardAdvance'),
  item('masterData', 'Master Data', null, [
    item('masterPatient', 'Master Pasien', '/MasterPasien'),
    item('masterDoctor', 'Master Dokter', '/MasterDokter', [], false),
    item('services', 'Layanan', null, [
      item('masterService', 'Master Layanan', '/Layanan/masterLayanan'),
      item('serviceSchedule', 'Jadwal Layanan', '/Layanan/jadwalLayanan', [], false),
    ]),
  ]),
  item('emr', 'Rekam Medis', '/EMR', [], false),
  item('custom', 'Menu Khusus Klinik', '/panel'),
];

describe('AppSidebar', () => {
  beforeEach(() => {
    mockApi({});
  });

  it('renders three levels and links the leaves to their routes', () => {
    renderWithApp(<AppSidebar menu={menu} />, { route: '/Layanan/masterLayanan' });
    const nav = screen.getByRole('navigation', { name: 'Menu utama' });
    const leaf = within(nav).getByRole('link', { name: 'Master Layanan' });
    expect(leaf).toHaveAttribute('href', '/Layanan/masterLayanan');
    expect(leaf).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/DashboardAdvance');
    expect(within(nav).getByText('Layanan')).toBeInTheDocument();
  });

  it('hides disabled items on every level', () => {
    renderWithApp(<AppSidebar menu={menu} />, { route: '/Layanan/masterLayanan' });
    expect(screen.queryByText('Master Dokter')).not.toBeInTheDocument();
    expect(screen.queryByText('Jadwal Layanan')).not.toBeInTheDocument();
    expect(screen.queryByText('Rekam Medis')).not.toBeInTheDocument();
  });

  it('labels items in the chosen language, falling back to the server name', () => {
    renderWithApp(<AppSidebar menu={menu} />);
    expect(screen.getByText('Menu Khusus Klinik')).toBeInTheDocument();
    expect(screen.getByText('Master Data')).toBeInTheDocument();
  });

  it('opens and closes groups', async () => {
    renderWithApp(<AppSidebar menu={menu} />, { route: '/DashboardAdvance' });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Master Pasien' })).toBeNull();
    fireEvent.click(screen.getByText('Master Data'));
    expect(await screen.findByRole('link', { name: 'Master Pasien' })).toBeVisible();
    fireEvent.click(screen.getByText('Master Data'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Master Pasien' })).toBeNull());
  });
});
