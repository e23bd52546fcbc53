import { APP_ROUTES, type LayoutName, ROUTE_ALIASES } from '@klinikita/domain/access/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { withCatalogues } from '../shared/i18n/i18n.ts';
import { useSession } from '../shared/session/session-store.ts';
import { NotFoundPage } from '../shared/ui/error-page.tsx';
import { FullPageLoader } from '../shared/ui/full-page-loader.tsx';
import { ServerUnreachablePage } from './pwa/server-unreachable-page.tsx';
import { InitialLoading, RootLayout, RouteErrorBoundary } from './root-layout.tsx';
import { RouteGuard } from './route-guard.tsx';
import { ACCOUNTING_PAGES } from './routes/accounting-pages.ts';
import { CASHIER_PAGES } from './routes/cashier-pages.ts';
import { DASHBOARD_PAGES } from './routes/dashboard-pages.ts';
import { earlyReadRoute } from './routes/early-read-routes.ts';
import { INSURER_PAGES } from './routes/insurer-pages.ts';
import { INVOICE_LIST_PAGES } from './routes/invoice-list-pages.ts';
import { type LazyComponent, lazyComponent } from './routes/lazy-component.ts';
import { MCU_PAGES, MCU_VERIFY_PATH, mcuVerifyPage } from './routes/mcu-pages.ts';
import { MCU_PORTAL_PAGES } from './routes/mcu-portal-pages.ts';
import { OPERATIONS_PAGES } from './routes/operations-pages.ts';
import { PARTNER_PAGES } from './routes/partner-pages.ts';
import { PAYER_INVOICE_PAGES } from './routes/payer-invoice-pages.ts';
import { SETTING_PAGES } from './routes/setting-pages.ts';
import { TRANSACTION_REPORT_PAGES } from './routes/transaction-report-pages.ts';

// chunks behind more than one route
const labHomeChunk = withCatalogues(
  ['labQueue', 'labResults', 'labCatalogue', 'labSpecimens', 'registrations', 'patients', 'staffApi'],
  () => import('../features/lab-queue/pages/lab-home-page.tsx'),
);
const patientListChunk = withCatalogues(
  ['patients', 'staffApi', 'satusehat'],
  () => import('../features/patients/pages/patient-list-page.tsx'),
);
const patientFormChunk = withCatalogues(
  ['patients', 'regions', 'registrations', 'staffApi', 'satusehat'],
  () => import('../features/patients/pages/patient-form-page.tsx'),
);
const moduleLayoutChunk = withCatalogues(
  ['doctorQueue', 'labQueue', 'registrations', 'consultations', 'patients', 'pharmacy', 'staffApi'],
  () => import('./layouts/module-layout.tsx'),
);

/** The screen of every built route of APP_ROUTES, by path. */
export const PAGES: Readonly<Record<string, LazyComponent>> = {
  '/': lazyComponent(
    () => import('../features/auth/pages/login-page.tsx'),
    (m) => m.LoginPage,
    false,
  ),
  '/authentication': lazyComponent(
    () => import('../features/auth/pages/authentication-page.tsx'),
    (m) => m.AuthenticationPage,
  ),
  '/ErrorAuth/error': lazyComponent(
    () => import('../features/auth/pages/no-permission-page.tsx'),
    (m) => m.NoPermissionPage,
  ),
  ...DASHBOARD_PAGES,
  '/Doctor/doctor': lazyComponent(
    withCatalogues(
      [
        'doctorQueue',
        'examination',
        'consultations',
        'registrations',
        'emr',
        'patients',
        'staffApi',
        'codes',
        'drugs',
        'labResults',
        'labCatalogue',
        'radiology',
        'physio',
        'treatment',
      ],
      () => import('../features/doctor-queue/pages/doctor-page.tsx'),
    ),
    (m) => m.DoctorPage,
  ),
  '/Doctor/doctor-agenda': lazyComponent(
    withCatalogues(
      ['doctorQueue', 'staffWeb', 'registrations', 'patients', 'staffApi', 'satusehat'],
      () => import('../features/profile/pages/doctor-agenda-page.tsx'),
    ),
    (m) => m.DoctorAgendaPage,
  ),
  '/Doctor/itemSuratSehat': lazyComponent(
    withCatalogues(
      ['letters', 'consultations', 'patients'],
      () => import('../features/letters/pages/letters-page.tsx'),
    ),
    (m) => m.LettersPage,
  ),
  '/Doctor/patient': lazyComponent(
    withCatalogues(
      [
        'emr',
        'satusehatSync',
        'patients',
        'consultations',
        'letters',
        'registrations',
        'labResults',
        'labCatalogue',
        'visitResults',
        'radiology',
        'physio',
        'treatment',
        'staffApi',
      ],
      () => import('../features/emr/pages/doctor-patients-page.tsx'),
    ),
    (m) => m.DoctorPatientsPage,
  ),
  '/EMR': lazyComponent(
    withCatalogues(
      ['emr', 'patients', 'consultations', 'letters'],
      () => import('../features/emr/pages/emr-search-page.tsx'),
    ),
    (m) => m.EmrSearchPage,
  ),
  '/EMR/Detail/:id?': lazyComponent(
    withCatalogues(
      [
        'emr',
        'satusehatSync',
        'patients',
        'consultations',
        'letters',
        'registrations',
        'labResults',
        'labCatalogue',
        'visitResults',
        'radiology',
        'physio',
        'treatment',
        'staffApi',
      ],
      () => import('../features/emr/pages/emr-detail-page.tsx'),
    ),
    (m) => m.EmrDetailPage,
  ),
  // the audit log, the automatic processes and the billing consistency check on one settings screen
  '/Setting/others': lazyComponent(
    withCatalogues(
      ['emr', 'outbox', 'consultations', 'letters', 'satusehat', 'accounting', 'billing'],
      () => import('./setting-others-page.tsx'),
    ),
    (m) => m.SettingOthersPage,
  ),
  '/Setting/Pharmacy/drug': lazyComponent(
    withCatalogues(['drugs'], () => import('../features/drugs/pages/drugs-page.tsx')),
    (m) => m.DrugsPage,
  ),
  '/statesCode': lazyComponent(
    withCatalogues(['codeLists', 'codes'], () => import('../features/code-lists/pages/code-lists-page.tsx')),
    (m) => m.CodeListsPage,
  ),
  '/Layanan/jadwalLayanan': lazyComponent(
    withCatalogues(['serviceHours'], () => import('../features/service-hours/pages/service-hours-page.tsx')),
    (m) => m.ServiceHoursPage,
  ),
  '/Schedule': lazyComponent(
    withCatalogues(
      ['scheduleOverview', 'serviceHours'],
      () => import('../features/schedule-overview/pages/schedule-overview-page.tsx'),
    ),
    (m) => m.ScheduleOverviewPage,
  ),
  '/Layanan/masterLayanan': lazyComponent(
    withCatalogues(['services'], () => import('../features/service-master/pages/service-master-page.tsx')),
    (m) => m.ServiceMasterPage,
  ),
  '/Layanan/layanan': lazyComponent(
    withCatalogues(
      ['clinicServices', 'services'],
      () => import('../features/clinic-services/pages/clinic-services-page.tsx'),
    ),
    (m) => m.ClinicServicesPage,
  ),
  '/panel': lazyComponent(
    withCatalogues(['labCatalogue'], () => import('../features/lab-catalogue/pages/lab-catalogue-page.tsx')),
    (m) => m.LabCataloguePage,
  ),
  '/Lab/home-page-lab': lazyComponent(labHomeChunk, (m) => m.LabHomePage),
  '/Laboratory': lazyComponent(
    withCatalogues(
      ['labSpecimens', 'labResults', 'labResultsApi', 'labCatalogue', 'staffApi'],
      () => import('../features/lab-worklist/pages/lab-worklist-page.tsx'),
    ),
    (m) => m.LabWorklistPage,
  ),
  '/MasterDokter': lazyComponent(
    withCatalogues(
      ['masterWeb', 'staffApi', 'patients', 'staffWeb', 'satusehat'],
      () => import('../features/master-staff/pages/master-doctor-page.tsx'),
    ),
    (m) => m.MasterDoctorPage,
  ),
  '/MasterPasien': lazyComponent(patientListChunk, (m) => m.PatientListPage),
  '/MasterPasien/add': lazyComponent(patientFormChunk, (m) => m.PatientAddPage),
  '/MasterPasien/edit': lazyComponent(patientFormChunk, (m) => m.PatientEditPage),
  '/patient': lazyComponent(patientListChunk, (m) => m.PatientListPage),
  '/PatientQueue/patientQueue': lazyComponent(
    withCatalogues(
      ['queueBoard', 'registrations', 'consultations', 'patients', 'staffApi', 'satusehat'],
      () => import('../features/queue-board/pages/queue-board-page.tsx'),
    ),
    (m) => m.QueueBoardPage,
  ),
  '/Physio': lazyComponent(
    withCatalogues(
      [
        'labQueue',
        'labResults',
        'labCatalogue',
        'labSpecimens',
        'registrations',
        'patients',
        'staffApi',
        'physio',
        'consultations',
      ],
      () => import('./desk-pages/physio-page.tsx'),
    ),
    (m) => m.PhysioPage,
  ),
  '/Radiology': lazyComponent(
    withCatalogues(
      [
        'labQueue',
        'labResults',
        'labCatalogue',
        'labSpecimens',
        'radiology',
        'visitResults',
        'registrations',
        'patients',
        'staffApi',
      ],
      () => import('./desk-pages/radiology-page.tsx'),
    ),
    (m) => m.RadiologyPage,
  ),
  '/Treatment': lazyComponent(
    withCatalogues(
      [
        'treatment',
        'registrations',
        'patients',
        'staffApi',
        'examination',
        'codes',
        'drugs',
        'consultations',
      ],
      () => import('../features/treatment/pages/treatment-page.tsx'),
    ),
    (m) => m.TreatmentPage,
  ),
  '/Layanan/previewHasilnonMcu': lazyComponent(
    withCatalogues(
      ['visitResults', 'labResults', 'labCatalogue'],
      () => import('../features/visit-results/pages/visit-results-page.tsx'),
    ),
    (m) => m.VisitResultsPage,
  ),
  '/Registration/patient': lazyComponent(
    withCatalogues(
      [
        'frontOffice',
        'registrations',
        'consultations',
        'patients',
        'staffApi',
        'serviceHours',
        'physio',
        'insurers',
        'services',
        'satusehat',
      ],
      () => import('../features/front-office/pages/front-office-page.tsx'),
    ),
    (m) => m.FrontOfficePage,
  ),
  '/Setting/employee': lazyComponent(
    withCatalogues(
      ['masterWeb', 'staffApi', 'patients', 'staffWeb', 'satusehat'],
      () => import('../features/master-staff/pages/staff-page.tsx'),
    ),
    (m) => m.StaffPage,
  ),
  ...OPERATIONS_PAGES,
  ...PARTNER_PAGES,
  ...INSURER_PAGES,
  ...CASHIER_PAGES,
  ...PAYER_INVOICE_PAGES,
  ...INVOICE_LIST_PAGES,
  ...TRANSACTION_REPORT_PAGES,
  ...ACCOUNTING_PAGES,
  ...MCU_PAGES,
  ...MCU_PORTAL_PAGES,
  ...SETTING_PAGES,
};

const moduleLayout = lazyComponent(moduleLayoutChunk, (m) => m.ModuleLayout);

/** The waiting-room TV (no staff login; opened with the clinic's display link). Not a spec route. */
export const DISPLAY_PATH = '/display/:token';
const displayPage = lazyComponent(
  withCatalogues(
    ['display', 'registrations', 'patients', 'staffApi'],
    () => import('../features/queue-board/pages/queue-display-page.tsx'),
  ),
  (m) => m.QueueDisplayPage,
);

const LAYOUTS: Readonly<Record<Exclude<LayoutName, 'blank'>, LazyComponent>> = {
  default: lazyComponent(
    () => import('./layouts/default-layout.tsx'),
    (m) => m.DefaultLayout,
  ),
  advance: lazyComponent(
    () => import('./layouts/advance-layout.tsx'),
    (m) => m.AdvanceLayout,
  ),
  doctor: lazyComponent(moduleLayoutChunk, (m) => m.DoctorLayout),
  lab: lazyComponent(moduleLayoutChunk, (m) => m.LabLayout),
  physio: lazyComponent(moduleLayoutChunk, (m) => m.PhysioLayout),
  mandiri: moduleLayout,
};

/**
 * Every route of spec 2.1 by its exact path, with its name as the route id. Built routes sit
 * behind the guards inside their layout; routes whose screen is not built yet, and unknown
 * paths, render the 404 page.
 */
export function buildRoutes(): RouteObject[] {
  const built = APP_ROUTES.filter((r) => r.built);
  const guarded: RouteObject[] = [];
  for (const layout of new Set(built.map((r) => r.layout))) {
    const children = built
      .filter((r) => r.layout === layout)
      .map((r): RouteObject => {
        const page = PAGES[r.path];
        if (!page) throw new Error(`No screen for built route ${r.path}`);
        return { id: r.name, path: r.path, caseSensitive: true, lazy: page, ...earlyReadRoute(r.path) };
      });
    if (layout === 'blank') guarded.push(...children);
    else guarded.push({ id: `layout-${layout}`, lazy: LAYOUTS[layout], children });
  }

  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: InitialLoading,
      children: [
        { id: 'guard', Component: RouteGuard, children: guarded },
        { id: 'queue-display', path: DISPLAY_PATH, lazy: displayPage },
        { id: 'mcu-verify', path: MCU_VERIFY_PATH, lazy: mcuVerifyPage },
        ...APP_ROUTES.filter((r) => !r.built).map(
          (r): RouteObject => ({ id: r.name, path: r.path, caseSensitive: true, Component: NotFoundPage }),
        ),
        ...Object.entries(ROUTE_ALIASES).map(
          ([alias, target]): RouteObject => ({
            path: alias,
            caseSensitive: true,
            element: <Navigate to={target} replace />,
          }),
        ),
        { id: 'not-found', path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

/**
 * The app's router. Made before the first render (main.tsx), it starts loading the first screen's
 * chunk and catalogue sections at once, beside the session check, instead of after React's first
 * render.
 */
export const createAppRouter = () => createBrowserRouter(buildRoutes());

/** The router, once the first session check has answered (the guards need to know who is in). */
export function AppRouter({ router: made }: { router?: ReturnType<typeof createAppRouter> }) {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const [router] = useState(() => made ?? createAppRouter());
  if (status === 'loading') return <FullPageLoader label={t('web.session.loading')} />;
  if (status === 'unreachable') return <ServerUnreachablePage />;
  return <RouterProvider router={router} />;
}
