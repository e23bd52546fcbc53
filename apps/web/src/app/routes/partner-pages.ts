import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The partner-company screens (issue 18 §5), by path; the router spreads them into its pages. */
const companiesChunk = withCatalogues(
  ['partnerCompanies', 'services', 'patients', 'staffApi'],
  () => import('../../features/partner-companies/pages/company-pages.tsx'),
);

/**
 * The company list's path: the companies read only (`company.read`) and their MCU events
 * (`mcu.read`, issue 20 §2), switched by company-list-page.tsx.
 */
const companyListChunk = withCatalogues(
  ['mcuSetup', 'mcuStations', 'mcuOutputs', 'partnerCompanies', 'patients', 'staffApi', 'services'],
  () => import('./company-list-page.tsx'),
);

export const PARTNER_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Registration/perusahaanRekanan': lazyComponent(companiesChunk, (m) => m.PartnerCompaniesPage),
  '/Registration/daftarPerusahaan': lazyComponent(companyListChunk, (m) => m.CompanyListRoute),
};
