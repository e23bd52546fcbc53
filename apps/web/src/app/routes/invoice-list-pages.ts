import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The invoices (issue 18 §3), by path; the router spreads them into its pages. */
export const INVOICE_LIST_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Registration/invoice': lazyComponent(
    withCatalogues(['invoiceList'], () => import('../../features/invoices/pages/invoice-list-page.tsx')),
    (m) => m.InvoiceListPage,
  ),
};
