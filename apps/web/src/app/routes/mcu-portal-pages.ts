import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The company portal (issue 20 §8), by path; the router spreads it into its pages. */
export const MCU_PORTAL_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Portal/mcu': lazyComponent(
    withCatalogues(['mcuPortal'], () => import('../../features/mcu-portal/pages/mcu-portal-page.tsx')),
    (m) => m.McuPortalPage,
  ),
};
