import { ALL_ACCESS_ROLES, ROLES } from './roles.ts';
import { isRouteBuilt, matchRoute } from './routes.ts';

/** Fixed icons of the menu groups (spec 2.3); the web maps each name to an icon component. */
export const GROUP_ICONS = {
  'Review Hasil': 'file-check',
  'Perusahaan Rekanan': 'building-community',
  Setting: 'settings',
  Pharmacy: 'pill',
  Inventory: 'packages',
  Finance: 'cash',
  'Master Data': 'database',
  ERP: 'plug-connected',
  B2B: 'briefcase',
  'Medical Services': 'stethoscope',
} as const;

export type MenuIcon = (typeof GROUP_ICONS)[keyof typeof GROUP_ICONS] | 'dashboard' | 'point';

/** A node of the menu catalogue: up to three levels. `key` is the i18n key of its label. */
export interface MenuDefinition {
  code: string;
  name: string;
  key: string;
  route: string | null;
  icon?: MenuIcon;
  children?: MenuDefinition[];
}

const leaf = (code: string, name: string, route: string, icon?: MenuIcon): MenuDefinition => ({
  code,
  name,
  key: `menu.${code}`,
  route,
  icon,
});
const group = (code: string, name: keyof typeof GROUP_ICONS, children: MenuDefinition[]): MenuDefinition => ({
  code,
  name,
  key: `menu.${code}`,
  route: null,
  icon: GROUP_ICONS[name],
  children,
});
const subgroup = (code: string, name: string, children: MenuDefinition[]): MenuDefinition => ({
  code,
  name,
  key: `menu.${code}`,
  route: null,
  children,
});

/** The menu catalogue: every screen of spec 2.1 that a menu can lead to. */
export const MENU_CATALOGUE: readonly MenuDefinition[] = [
  leaf('dashboard', 'Dashboard', '/DashboardAdvance', 'dashboard'),
  leaf('directorDashboard', 'Dashboard Direktur', '/Director/dashboard', 'dashboard'),
  leaf('registration', 'Pendaftaran', '/Registration/patient'),
  leaf('patientQueue', 'Antrean Pasien', '/PatientQueue/patientQueue'),
  leaf('doctor', 'Pemeriksaan Dokter', '/Doctor/doctor'),
  leaf('doctorPatients', 'Pasien Saya', '/Doctor/patient'),
  leaf('healthLetters', 'Surat Keterangan', '/Doctor/itemSuratSehat'),
  leaf('lab', 'Laboratorium', '/Lab/home-page-lab'),
  leaf('mcu', 'Medical Check Up', '/Lab/home-page-mcu'),
  leaf('radiology', 'Radiologi', '/Radiology'),
  leaf('physio', 'Fisioterapi', '/Physio'),
  leaf('emr', 'Rekam Medis', '/EMR'),
  leaf('payment', 'Pembayaran', '/Payment/payment'),
  leaf('pharmacyQueue', 'Antrean Farmasi', '/pharmacyQueue'),
  group('reviewResults', 'Review Hasil', [
    leaf('previewMcu', 'Hasil MCU', '/Layanan/previewHasil'),
    leaf('previewNonMcu', 'Hasil Non MCU', '/Layanan/previewHasilnonMcu'),
  ]),
  group('partners', 'Perusahaan Rekanan', [
    leaf('partnerCompanies', 'Perusahaan Rekanan', '/Registration/perusahaanRekanan'),
  ]),
  group('b2b', 'B2B', [leaf('companyList', 'Daftar Perusahaan', '/Registration/daftarPerusahaan')]),
  leaf('mcuPortal', 'Portal Perusahaan', '/Portal/mcu'),
  group('finance', 'Finance', [
    leaf('bills', 'Daftar Tagihan', '/Registration/daftarTagihan'),
    leaf('invoice', 'Invoice', '/Registration/invoice'),
    leaf('transactionReport', 'Laporan Transaksi', '/Registration/laporanTransaksi'),
  ]),
  group('pharmacy', 'Pharmacy', [
    leaf('internalStock', 'Stok Internal', '/Pharmacy/internalStock'),
    leaf('drugs', 'Master Obat', '/Setting/Pharmacy/drug'),
  ]),
  group('inventory', 'Inventory', [
    leaf('consumable', 'Bahan Habis Pakai', '/Inventory/consumable'),
    leaf('stockInfo', 'Info Stok', '/stockInfo'),
    leaf('warehouse', 'Gudang', '/warehouse'),
    leaf('supplier', 'Supplier', '/supplier'),
    leaf('purchaseOrder', 'Purchase Order', '/purchaseOrder'),
    leaf('returnReceive', 'Retur Penerimaan', '/ReturnReceive'),
  ]),
  group('masterData', 'Master Data', [
    leaf('masterDoctor', 'Master Dokter', '/MasterDokter'),
    leaf('masterPatient', 'Master Pasien', '/MasterPasien'),
    leaf('patients', 'Pasien', '/patient'),
    leaf('panel', 'Panel', '/panel'),
    leaf('schedule', 'Jadwal', '/Schedule'),
    subgroup('services', 'Layanan', [
      leaf('masterService', 'Master Layanan', '/Layanan/masterLayanan'),
      leaf('service', 'Layanan', '/Layanan/layanan'),
      leaf('serviceSchedule', 'Jadwal Layanan', '/Layanan/jadwalLayanan'),
    ]),
  ]),
  group('medicalServices', 'Medical Services', [
    leaf('insurance', 'Asuransi', '/MedicalServices/Insurance'),
    leaf('laboratory', 'Pemeriksaan Lab', '/Laboratory'),
    leaf('treatment', 'Tindakan', '/Treatment'),
    leaf('statesCode', 'Daftar Kode', '/statesCode'),
  ]),
  group('erp', 'ERP', [leaf('erpIntegration', 'Integrasi ERP', '/ERP/integrasi')]),
  group('setting', 'Setting', [
    leaf('settingProfile', 'Profil Klinik', '/Setting/profile'),
    leaf('settingEmployee', 'Karyawan', '/Setting/employee'),
    leaf('settingRoles', 'Role & Akses', '/Setting/roles'),
    leaf('settingSatuSehat', 'SATUSEHAT', '/Setting/satuSehat'),
    leaf('settingOthers', 'Lainnya', '/Setting/others'),
    leaf('settingTrash', 'Sampah', '/Setting/trash'),
  ]),
];

/** Sidebar menu item as the server sends it (spec 3): name, route, enabled, children. */
export interface MenuItem {
  code: string;
  name: string;
  key: string;
  route: string | null;
  icon: string | null;
  enabled: boolean;
  children: MenuItem[];
}

/** One side of a menu access entry: `menu.menu.route` as in spec 3. */
export interface MenuAccessNode {
  enabled: boolean;
  status: boolean;
  menu: { _id: string; menu: { name: string; route: string | null } };
}
export interface MenuAccess {
  parent: MenuAccessNode;
  childs: MenuAccessNode[];
}

/** Routes a role's access list opens: enabled parents and enabled children. */
export function accessibleRoutes(access: readonly MenuAccess[]): Set<string> {
  const routes = new Set<string>();
  for (const entry of access) {
    if (!entry.parent.enabled) continue;
    if (entry.parent.menu.menu.route) routes.add(entry.parent.menu.menu.route);
    for (const child of entry.childs) {
      if (child.enabled && child.menu.menu.route) routes.add(child.menu.menu.route);
    }
  }
  return routes;
}

/** Routes every logged-in user may open (spec 6: index and authentication). */
export const ALWAYS_ALLOWED_ROUTES: readonly string[] = ['/', '/authentication', '/ErrorAuth/error'];

/**
 * The front-end route check of spec 6: Applimetis skips it; others reach only the routes of
 * their enabled menu entries plus index and authentication. A section route (the dashboard's)
 * follows its parent.
 */
export function canAccessRoute(role: string, access: readonly MenuAccess[], pathname: string): boolean {
  if (role === ROLES.applimetis) return true;
  const matched = matchRoute(pathname);
  const path = matched?.path ?? pathname;
  if (ALWAYS_ALLOWED_ROUTES.includes(path)) return true;
  const routes = accessibleRoutes(access);
  return routes.has(path) || (matched?.parent !== undefined && routes.has(matched.parent));
}

/** Server-side: does this role pass the check for an API route that serves `menuRoute`? */
export function roleServesMenu(role: string, access: readonly MenuAccess[], menuRoute: string): boolean {
  if (ALL_ACCESS_ROLES.includes(role)) return true;
  return accessibleRoutes(access).has(menuRoute);
}

/** Drops catalogue nodes whose screen is not built yet, and groups left empty by that. */
export function pruneUnbuilt(items: readonly MenuItem[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    const children = pruneUnbuilt(item.children);
    if (item.route ? isRouteBuilt(item.route) : children.length > 0) out.push({ ...item, children });
  }
  return out;
}

/** What the sidebar shows (spec 2.3): enabled items on every level, groups left empty dropped. */
export function visibleMenu(items: readonly MenuItem[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (!item.enabled) continue;
    const children = visibleMenu(item.children);
    if (item.route || children.length > 0) out.push({ ...item, children });
  }
  return out;
}

/** The sidebar is hidden when the user has a single menu entry without children (spec 2.2). */
export function sidebarHidden(items: readonly MenuItem[]): boolean {
  const visible = visibleMenu(items);
  return visible.length === 0 || (visible.length === 1 && visible[0].children.length === 0);
}

/** First route the user can open: the landing after login. */
export function firstRoute(items: readonly MenuItem[]): string | null {
  for (const item of visibleMenu(items)) {
    if (item.route) return item.route;
    const nested = firstRoute(item.children);
    if (nested) return nested;
  }
  return null;
}
