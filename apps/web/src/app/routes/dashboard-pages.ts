import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

const dashboardSection = lazyComponent(
  withCatalogues(
    ['satusehatSync'],
    () => import('../../features/dashboard/pages/dashboard-section-page.tsx'),
  ),
  (m) => m.DashboardSectionPage,
);

/** The advance dashboard's sections (spec 2.2), by path; the router spreads them into its pages. */
export const DASHBOARD_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/DashboardAdvance': dashboardSection,
  '/DashboardAdvance/crm': dashboardSection,
  '/DashboardAdvance/inventoryManagement': dashboardSection,
  '/DashboardAdvance/serviceDistribution': dashboardSection,
  '/DashboardAdvance/turnAroundTime': lazyComponent(
    withCatalogues(['turnaround'], () => import('../../features/turnaround/pages/turnaround-page.tsx')),
    (m) => m.TurnaroundPage,
  ),
};
