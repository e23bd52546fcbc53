import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The partner-company screens (issue 18 §5), by path; the router spreads them into its pages. */
const companiesChunk = withCatalogues(
  ['partnerCompanies', 'services', 'patients', 'staffApi'],
  () => import('../../features/partner-companies/pages/company-pages.tsx'),
);

export const PARTNER_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Registration/perusahaanRekanan': lazyComponent(companiesChunk, (m) => m.PartnerCompaniesPage),
  '/Registration/daftarPerusahaan': lazyComponent(companiesChunk, (m) => m.CompanyListPage),
};
