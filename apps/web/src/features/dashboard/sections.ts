/** The five sections of the advance dashboard (spec 2.2), Revenue at the dashboard root. */
export const DASHBOARD_SECTIONS = [
  { key: 'revenue', path: '/DashboardAdvance' },
  { key: 'turnAroundTime', path: '/DashboardAdvance/turnAroundTime' },
  { key: 'serviceDistribution', path: '/DashboardAdvance/serviceDistribution' },
  { key: 'inventoryManagement', path: '/DashboardAdvance/inventoryManagement' },
  { key: 'crm', path: '/DashboardAdvance/crm' },
] as const;

export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

export const sectionOf = (pathname: string): DashboardSection =>
  DASHBOARD_SECTIONS.find((s) => s.path === pathname.replace(/\/+$/, '')) ?? DASHBOARD_SECTIONS[0];
