import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The accounting hand-off (issue 18 item 8), by path; the router spreads it into its pages. */
export const ACCOUNTING_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/ERP/integrasi': lazyComponent(
    withCatalogues(['accounting'], () => import('../../features/accounting/pages/accounting-page.tsx')),
    (m) => m.AccountingPage,
  ),
};
