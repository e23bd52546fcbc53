/**
 * Every route of spec 2.1, by exact path and named-route name (Nuxt-style: path segments joined
 * with '-', optional parameters named after the parameter). `built` marks routes whose screen
 * exists; an unbuilt route renders the 404 page and no menu links to it.
 */
export type LayoutName = 'default' | 'advance' | 'doctor' | 'lab' | 'physio' | 'mandiri' | 'blank';

export interface AppRoute {
  path: string;
  name: string;
  layout: LayoutName;
  built: boolean;
  /** A section of another route's screen: whoever may open the parent may open it. */
  parent?: string;
}

const route = (path: string, layout: LayoutName = 'default', built = false, parent?: string): AppRoute => ({
  path,
  name: routeName(path),
  layout,
  built,
  ...(parent ? { parent } : {}),
});

/** '/Lab/home-page-mcu' → 'Lab-home-page-mcu'; '/EMR/Detail/:id?' → 'EMR-Detail-id'; '/' → 'index'. */
export function routeName(path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/^:/, '').replace(/\?$/, ''));
  return parts.length ? parts.join('-') : 'index';
}

export const APP_ROUTES: readonly AppRoute[] = [
  route('/', 'blank', true),
  route('/authentication', 'default', true),
  route('/ErrorAuth/error', 'blank', true),
  route('/DashboardAdvance', 'advance', true),
  route('/DashboardAdvance/crm', 'advance', true, '/DashboardAdvance'),
  route('/DashboardAdvance/inventoryManagement', 'advance', true, '/DashboardAdvance'),
  route('/DashboardAdvance/serviceDistribution', 'advance', true, '/DashboardAdvance'),
  route('/DashboardAdvance/turnAroundTime', 'advance', true, '/DashboardAdvance'),
  route('/Director/dashboard'),
  route('/EMR', 'default', true),
  route('/EMR/Detail/:id?', 'default', true, '/EMR'),
  route('/MasterDokter', 'default', true),
  route('/MasterPasien', 'default', true),
  route('/MasterPasien/add', 'default', true, '/MasterPasien'),
  route('/MasterPasien/edit', 'default', true, '/MasterPasien'),
  // the clinical staff's patient list: the patient master's list (adding and editing stay with Master Pasien)
  route('/patient', 'default', true),
  route('/panel', 'default', true),
  route('/Physio', 'physio', true),
  route('/Schedule', 'default', true),
  route('/Doctor/doctor', 'doctor', true),
  // the header's Lihat Jadwal (spec 2.4) is in no menu: it goes with the doctor's examination screen
  route('/Doctor/doctor-agenda', 'doctor', true, '/Doctor/doctor'),
  route('/Doctor/itemSuratSehat', 'doctor', true),
  route('/Doctor/patient', 'doctor', true),
  route('/ERP/integrasi', 'default', true),
  route('/Inventory/consumable', 'default', true),
  route('/stockInfo', 'default', true),
  route('/warehouse', 'default', true),
  route('/supplier', 'default', true),
  route('/purchaseOrder', 'default', true),
  route('/ReturnReceive', 'default', true),
  route('/Lab/home-page-lab', 'lab', true),
  route('/Lab/home-page-mcu', 'lab', true),
  route('/Laboratory', 'default', true),
  route('/Radiology', 'lab', true),
  route('/Treatment', 'default', true),
  route('/Layanan/jadwalLayanan', 'default', true),
  route('/Layanan/layanan', 'default', true),
  route('/Layanan/masterLayanan', 'default', true),
  route('/Layanan/previewHasil', 'default', true),
  route('/Layanan/previewHasilnonMcu', 'default', true),
  route('/MedicalServices/Insurance', 'default', true),
  route('/statesCode', 'default', true),
  route('/PatientQueue/patientQueue', 'default', true),
  route('/Payment/payment', 'default', true),
  route('/pharmacyQueue', 'default', true),
  route('/Pharmacy/internalStock', 'default', true),
  route('/QuickSetup/quick-setup-clinic-employee', 'mandiri'),
  route('/QuickSetup/quick-setup-clinic-facility', 'mandiri'),
  route('/QuickSetup/quick-setup-clinic-profile', 'mandiri'),
  route('/QuickSetup/quick-setup-clinic-service', 'mandiri'),
  route('/QuickSetup/quickSetupMandiri', 'mandiri'),
  route('/Registration/daftarPerusahaan', 'default', true),
  // the partner company's portal (issue 20 §8; not a route of the spec)
  route('/Portal/mcu', 'default', true),
  route('/Registration/daftarTagihan', 'default', true),
  route('/Registration/invoice', 'default', true),
  route('/Registration/laporanTransaksi', 'default', true),
  route('/Registration/patient', 'default', true),
  route('/Registration/perusahaanRekanan', 'default', true),
  route('/Setting/employee', 'default', true),
  route('/Setting/others', 'default', true),
  route('/Setting/profile'),
  route('/Setting/roles', 'default', true),
  route('/Setting/satuSehat', 'default', true),
  route('/Setting/Pharmacy/drug', 'default', true),
  route('/Setting/trash'),
  route('/Inisiasi/send/verifikasi', 'blank'),
  route('/Inisiasi/Corporate/:id?', 'blank'),
  route('/Inisiasi/Klinik/:id?', 'blank'),
  route('/Inisiasi/Mandiri/:id?', 'mandiri'),
  route('/Inisiasi/verifikasi/:id?', 'blank'),
];

/** The front office is also referred to as /Registration/Patient (spec 2.1). */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/Registration/Patient': '/Registration/patient',
};

const byPath = new Map(APP_ROUTES.map((r) => [r.path, r]));
const byName = new Map(APP_ROUTES.map((r) => [r.name, r]));

export const routeByName = (name: string): AppRoute | undefined => byName.get(name);
export const routeByPath = (path: string): AppRoute | undefined => byPath.get(path);

/** Finds the route a concrete pathname belongs to ('/EMR/Detail/42' → '/EMR/Detail/:id?'). */
export function matchRoute(pathname: string): AppRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const aliased = ROUTE_ALIASES[clean] ?? clean;
  const exact = byPath.get(aliased);
  if (exact) return exact;
  return APP_ROUTES.find((r) => {
    if (!r.path.includes(':')) return false;
    const base = r.path.replace(/\/:[^/]+\?$/, '');
    if (aliased === base) return true;
    return aliased.startsWith(`${base}/`) && !aliased.slice(base.length + 1).includes('/');
  });
}

export const isRouteBuilt = (path: string): boolean => matchRoute(path)?.built ?? false;
