import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The cashier's screens (issue 18 §2), by path; the router spreads them into its pages. */
const cashierChunk = withCatalogues(
  ['cashier', 'cashierShifts', 'billing', 'registrations', 'consultations', 'patients', 'staffApi'],
  () => import('../../features/cashier/pages/cashier-page.tsx'),
);

export const CASHIER_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Payment/payment': lazyComponent(cashierChunk, (m) => m.CashierPage),
};
