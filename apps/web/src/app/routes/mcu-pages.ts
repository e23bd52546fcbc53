import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/**
 * The MCU screens of the clinic (issue 20): the MCU desk (stations, conclusion; the lab's work
 * beside it) and the MCU results; the router spreads them into its pages.
 */
export const MCU_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/Lab/home-page-mcu': lazyComponent(
    withCatalogues(
      [
        'labQueue',
        'labResults',
        'labCatalogue',
        'labSpecimens',
        'registrations',
        'patients',
        'staffApi',
        'mcuStations',
        'mcuExam',
        'partnerCompanies',
        'services',
      ],
      () => import('../desk-pages/mcu-home-page.tsx'),
    ),
    (m) => m.McuHomePage,
  ),
  '/Layanan/previewHasil': lazyComponent(
    withCatalogues(['mcuOutputs'], () => import('../../features/mcu-results/pages/mcu-results-page.tsx')),
    (m) => m.McuResultsPage,
  ),
};

/** What an MCU report's QR code opens (no login): the report's validity only. Not a spec route. */
export const MCU_VERIFY_PATH = '/verify/mcu/:token';
export const mcuVerifyPage = lazyComponent(
  withCatalogues(['mcuOutputs'], () => import('../../features/mcu-results/pages/mcu-verify-page.tsx')),
  (m) => m.McuVerifyPage,
);
