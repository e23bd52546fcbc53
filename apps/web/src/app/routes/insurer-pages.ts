import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/** The insurer master screen (issue 18 §6), by path; the router spreads it into its pages. */
const insurersChunk = withCatalogues(
  ['insurers', 'services'],
  () => import('../../features/insurers/pages/insurer-pages.tsx'),
);

export const INSURER_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/MedicalServices/Insurance': lazyComponent(insurersChunk, (m) => m.InsurancePage),
};
