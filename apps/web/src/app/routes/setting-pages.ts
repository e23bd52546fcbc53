import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** Screens of the Setting menu, by path; the router spreads them into its pages. */
export const SETTING_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Setting/roles': lazyComponent(
    () => import('../../features/settings/pages/roles-page.tsx'),
    (m) => m.RolesPage,
  ),
  // the clinic's SATUSEHAT connection and Locations (issue 19 §1), and what was sent (§5): two tabs
  '/Setting/satuSehat': lazyComponent(
    withCatalogues(
      ['satusehatSettings', 'satusehatSync', 'satusehat'],
      () => import('../satusehat-page.tsx'),
    ),
    (m) => m.SatusehatPage,
  ),
};
