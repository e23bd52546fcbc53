import { describe, expect, it } from 'vitest';
import { guardRedirect, landingRoute, passesRoleGuards, quickSetupRoute } from './guards.ts';
import type { MenuAccess, MenuItem } from './menu.ts';

const entry = (route: string | null, enabled = true, childs: [string, boolean][] = []): MenuAccess => ({
  parent: {
    enabled,
    status: true,
    menu: { _id: route ?? 'group', menu: { name: route ?? 'Setting', route } },
  },
  childs: childs.map(([r, on]) => ({
    enabled: on,
    status: true,
    menu: { _id: r, menu: { name: r, route: r } },
  })),
});

const access = [
  entry('/DashboardAdvance'),
  entry('/Registration/patient'),
  entry('/Doctor/doctor'),
  entry(null, true, [
    ['/Setting/roles', true],
    ['/Setting/trash', false],
  ]),
  entry('/EMR', false),
];

describe('guardRedirect', () => {
  it('sends a visitor without a session to the login page, and lets them stay there', () => {
    expect(guardRedirect(null, '/DashboardAdvance')).toBe('/');
    expect(guardRedirect(null, '/authentication')).toBe('/');
    expect(guardRedirect(null, '/')).toBeNull();
  });

  it('sends a logged-in user away from the login page to /authentication', () => {
    expect(guardRedirect({ role: 'Admin', access }, '/')).toBe('/authentication');
  });

  it("lets only doctors into a doctor's own pages and sends others to /authentication", () => {
    expect(guardRedirect({ role: 'Doctor', access }, '/Doctor/doctor-agenda')).toBeNull();
    expect(guardRedirect({ role: 'Nurse', access }, '/Doctor/doctor-agenda')).toBe('/authentication');
    expect(guardRedirect({ role: 'Super Admin', access }, '/Doctor/doctor-agenda')).toBe('/authentication');
    // the examination screen has a Home button for Nurse and Super Admin (spec 2.8): they work there too
    expect(guardRedirect({ role: 'Doctor', access }, '/Doctor/doctor')).toBeNull();
    expect(guardRedirect({ role: 'Nurse', access }, '/Doctor/doctor')).toBeNull();
    expect(passesRoleGuards('Cashier', '/Doctor/patient')).toBe(false);
  });

  it('lets Registration, Super Admin and Nurse into the front office, under both spellings', () => {
    expect(guardRedirect({ role: 'Registration', access }, '/Registration/patient')).toBeNull();
    expect(guardRedirect({ role: 'Super Admin', access }, '/Registration/Patient')).toBeNull();
    expect(guardRedirect({ role: 'Nurse', access }, '/Registration/patient')).toBeNull();
    expect(guardRedirect({ role: 'Admin', access }, '/Registration/patient')).toBe('/authentication');
    expect(guardRedirect({ role: 'Cashier', access }, '/Registration/patient')).toBe('/authentication');
  });

  it('checks other routes against the enabled menu entries', () => {
    const nurse = { role: 'Nurse', access };
    expect(guardRedirect(nurse, '/DashboardAdvance/crm')).toBeNull();
    expect(guardRedirect(nurse, '/Setting/roles')).toBeNull();
    expect(guardRedirect(nurse, '/Setting/trash')).toBe('/ErrorAuth/error');
    expect(guardRedirect(nurse, '/EMR')).toBe('/ErrorAuth/error');
    expect(guardRedirect(nurse, '/authentication')).toBeNull();
    expect(guardRedirect(nurse, '/ErrorAuth/error')).toBeNull();
  });

  it('lets Applimetis skip the menu check', () => {
    expect(guardRedirect({ role: 'Applimetis', access: [] }, '/EMR')).toBeNull();
    expect(guardRedirect({ role: 'Admin', access: [] }, '/EMR')).toBe('/ErrorAuth/error');
  });
});

const item = (route: string | null, enabled = true, children: MenuItem[] = []): MenuItem => ({
  code: route ?? 'group',
  name: route ?? 'Group',
  key: 'menu.x',
  route,
  icon: null,
  enabled,
  children,
});

describe('landingRoute', () => {
  it('sends an unfinished quick setup to its step', () => {
    expect(quickSetupRoute('facility')).toBe('/QuickSetup/quick-setup-clinic-facility');
    expect(quickSetupRoute('employee')).toBe('/QuickSetup/quick-setup-clinic-employee');
    expect(quickSetupRoute('done')).toBeNull();
    expect(landingRoute('profile', [item('/DashboardAdvance')])).toBe(
      '/QuickSetup/quick-setup-clinic-profile',
    );
  });

  it('otherwise opens the first enabled menu route, or nothing without one', () => {
    const menu = [
      item('/EMR', false),
      item(null, true, [item('/Setting/roles', false), item('/Setting/trash')]),
    ];
    expect(landingRoute('done', menu)).toBe('/Setting/trash');
    expect(landingRoute('done', [])).toBeNull();
  });
});
