import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The bills to companies and insurers (issue 18 §5–6), by path; the router spreads them into its pages. */
const payerInvoicesChunk = withCatalogues(
  ['payerInvoices'],
  () => import('../../features/payer-invoices/pages/payer-invoices-page.tsx'),
);

export const PAYER_INVOICE_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Registration/daftarTagihan': lazyComponent(payerInvoicesChunk, (m) => m.PayerInvoicesPage),
};
