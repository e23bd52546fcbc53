import type { MenuAccess, MenuItem } from '@klinikita/domain/access/menu';

/** A role's menu grants as the session carries them (spec 3: `role.menu.access`), one entry a route. */
export const grants = (routes: readonly string[]): MenuAccess[] =>
  routes.map((route) => ({
    parent: { enabled: true, status: true, menu: { _id: route, menu: { name: route, route } } },
    childs: [],
  }));

/** The sidebar menu of the same routes (spec 2.3: `menu`). */
export const menuOf = (routes: readonly string[]): MenuItem[] =>
  routes.map((route) => ({
    code: route,
    name: route,
    key: `menu.${route}`,
    route,
    icon: null,
    enabled: true,
    children: [],
  }));

/** The screens of the demo roles (apps/server/src/db/seed/demo.data.ts) that are built. */
export const DEMO_SCREENS = {
  Doctor: ['/Doctor/doctor', '/Doctor/patient', '/Doctor/itemSuratSehat', '/EMR'],
  Nurse: [
    '/Registration/patient',
    '/PatientQueue/patientQueue',
    '/Doctor/doctor',
    '/EMR',
    '/Physio',
    '/MasterPasien',
  ],
  Lab: ['/Lab/home-page-lab', '/Lab/home-page-mcu'],
  Radiologi: ['/Radiology'],
} as const;

/** `role` and `menu` of a session user granted these screens. */
export const withScreens = (role: string, routes: readonly string[]) => ({
  role: { _id: `r-${role}`, role, menu: { access: grants(routes) } },
  menu: menuOf(routes),
});
