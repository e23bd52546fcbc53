import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The partner-company screens (issue 18 §5), by path; the router spreads them into its pages. */
const companiesChunk = withCatalogues(
  ['partnerCompanies', 'services', 'patients', 'staffApi'],
  () => import('../../features/partner-companies/pages/company-pages.tsx'),
);

/** The companies' MCU events (issue 20 §2) on the company list's path. */
const mcuEventsChunk = withCatalogues(
  ['mcuSetup', 'mcuStations', 'partnerCompanies', 'patients', 'staffApi', 'services'],
  () => import('../../features/mcu-events/pages/mcu-events-page.tsx'),
);

export const PARTNER_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Registration/perusahaanRekanan': lazyComponent(companiesChunk, (m) => m.PartnerCompaniesPage),
  '/Registration/daftarPerusahaan': lazyComponent(mcuEventsChunk, (m) => m.McuEventsPage),
};
