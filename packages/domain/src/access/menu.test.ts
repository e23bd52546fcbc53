import { describe, expect, it } from 'vitest';
import {
  accessibleRoutes,
  canAccessRoute,
  firstRoute,
  MENU_CATALOGUE,
  type MenuAccess,
  type MenuItem,
  pruneUnbuilt,
  roleServesMenu,
  sidebarHidden,
  visibleMenu,
} from './menu.ts';
import { routeByPath } from './routes.ts';

const node = (route: string | null, enabled = true) => ({
  enabled,
  status: enabled,
  menu: { _id: route ?? 'group', menu: { name: route ?? 'group', route } },
});
const access: MenuAccess[] = [
  { parent: node('/DashboardAdvance'), childs: [] },
  { parent: node(null), childs: [node('/Setting/employee'), node('/Setting/roles', false)] },
  { parent: node(null, false), childs: [node('/Payment/payment')] },
];

const item = (code: string, route: string | null, enabled = true, children: MenuItem[] = []): MenuItem => ({
  code,
  name: code,
  key: `menu.${code}`,
  route,
  icon: null,
  enabled,
  children,
});

describe('route access (spec 6)', () => {
  it('opens enabled parents and enabled children only', () => {
    expect([...accessibleRoutes(access)].sort()).toEqual(['/DashboardAdvance', '/Setting/employee']);
  });

  it('lets a role reach its menu routes, their sub-routes, index and authentication', () => {
    expect(canAccessRoute('Admin', access, '/Setting/employee')).toBe(true);
    expect(canAccessRoute('Admin', access, '/DashboardAdvance/crm')).toBe(true);
    expect(canAccessRoute('Admin', access, '/')).toBe(true);
    expect(canAccessRoute('Admin', access, '/authentication')).toBe(true);
    expect(canAccessRoute('Admin', access, '/Setting/roles')).toBe(false);
    expect(canAccessRoute('Admin', access, '/Payment/payment')).toBe(false);
  });

  it('never opens a disabled child because an enabled route is a prefix of it', () => {
    const withRoute: MenuAccess[] = [
      { parent: node('/Setting/Pharmacy'), childs: [node('/Setting/Pharmacy/drug', false)] },
    ];
    expect(canAccessRoute('Admin', withRoute, '/Setting/Pharmacy/drug')).toBe(false);
  });

  it('lets Applimetis skip the menu check in the browser, and Super Admin and Applimetis on the server', () => {
    expect(canAccessRoute('Applimetis', [], '/Setting/roles')).toBe(true);
    expect(canAccessRoute('Super Admin', [], '/Setting/roles')).toBe(false);
    expect(roleServesMenu('Super Admin', [], '/Setting/roles')).toBe(true);
    expect(roleServesMenu('Nurse', access, '/Setting/roles')).toBe(false);
    expect(roleServesMenu('Nurse', access, '/Setting/employee')).toBe(true);
  });
});

describe('sidebar menu (spec 2.2, 2.3)', () => {
  const tree = [
    item('dashboard', '/DashboardAdvance'),
    item('setting', null, true, [
      item('employee', '/Setting/employee'),
      item('roles', '/Setting/roles', false),
      item('services', null, true, [
        item('master', '/Layanan/masterLayanan'),
        item('off', '/Layanan/layanan', false),
      ]),
    ]),
    item('finance', null, true, [item('bills', '/Registration/daftarTagihan', false)]),
  ];

  it('shows enabled items on three levels and drops groups left empty', () => {
    const shown = visibleMenu(tree);
    expect(shown.map((i) => i.code)).toEqual(['dashboard', 'setting']);
    expect(shown[1].children.map((i) => i.code)).toEqual(['employee', 'services']);
    expect(shown[1].children[1].children.map((i) => i.code)).toEqual(['master']);
  });

  it('is hidden for a single entry without children, shown otherwise', () => {
    expect(sidebarHidden([item('dashboard', '/DashboardAdvance')])).toBe(true);
    expect(sidebarHidden([])).toBe(true);
    expect(sidebarHidden([item('dashboard', '/DashboardAdvance'), item('x', '/EMR', false)])).toBe(true);
    expect(sidebarHidden([item('setting', null, true, [item('employee', '/Setting/employee')])])).toBe(false);
    expect(sidebarHidden(tree)).toBe(false);
  });

  it('lands on the first enabled route', () => {
    expect(firstRoute([item('g', null, true, [item('a', '/A', false), item('b', '/B')])])).toBe('/B');
    expect(firstRoute([])).toBeNull();
  });

  it('leaves out screens that are not built yet', () => {
    const pruned = pruneUnbuilt([
      item('dashboard', '/DashboardAdvance'),
      item('director', '/Director/dashboard'),
      item('finance', null, true, [item('trash', '/Setting/trash')]),
    ]);
    expect(pruned.map((i) => i.code)).toEqual(['dashboard']);
  });

  it('has a catalogue whose every route is a route of the app', () => {
    const walk = (items: readonly { route: string | null; children?: unknown[] }[]): string[] =>
      items.flatMap((i) => [...(i.route ? [i.route] : []), ...walk((i.children ?? []) as never)]);
    const routes = walk(MENU_CATALOGUE);
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) expect(routeByPath(r), r).toBeDefined();
  });
});
