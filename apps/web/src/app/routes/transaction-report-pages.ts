import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The transaction report (issue 18 item 7), by path; the router spreads it into its pages. */
export const TRANSACTION_REPORT_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Registration/laporanTransaksi': lazyComponent(
    withCatalogues(
      ['transactionReport'],
      () => import('../../features/transaction-report/pages/transaction-report-page.tsx'),
    ),
    (m) => m.TransactionReportPage,
  ),
};
