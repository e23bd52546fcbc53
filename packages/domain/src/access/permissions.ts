import { ALL_ACCESS_ROLES } from './roles.ts';

/**
 * The permission catalogue (DESIGN 4): what the code checks, in the clinic's terms. A clinic grants
 * menus (spec 2.3); the table below says which permissions each menu brings. Every API route
 * declares one permission (or `self` / `public`), and the server refuses to start otherwise.
 */
export const PERMISSIONS = {
  'patient.read': 'Find and read patients',
  'patient.write': 'Add and change patients',
  'patient.delete': 'Remove a patient added by mistake',
  'company.read':
    'Pick a partner company as payer; read the partner companies, their terms, prices and employees',
  'company.manage':
    'Keep the partner companies: profile, credit terms, coverage, contract prices and covered employees',
  'insurer.manage':
    'Keep the insurers and TPAs: contact, payment terms and coverage (ceilings, co-pay, exclusions)',
  'queue.read': 'Read the day’s queues',
  'queue.configure': 'Queue prefixes and the waiting-room display link',
  'registration.create': 'Register a visit',
  'serviceQueue.read': 'Read the service list (lab, radiology, physio, treatment, MCU)',
  'visit.checkIn': 'Check a patient in or back into the queue',
  'visit.call': 'Call a patient',
  'visit.skip': 'Skip a called patient',
  'visit.cancel': 'Cancel a visit',
  'visit.forward': 'Send a finished visit to the pharmacy or the cashier',
  'prescription.dispense': 'Hand a prescription over (the visit goes on to the cashier)',
  'payment.take':
    'Take a payment (the visit becomes Paid); add extra charges, discounts and adjustments to a bill; post it',
  'bill.read': 'Read a visit’s bill, its lines, discounts and payments',
  'bill.approve': 'Approve discounts above the threshold and reverse payments (a second person)',
  'receivable.manage':
    'Bill partner companies and insurers: make, send and cancel invoices, record their payments, disputes and write-off requests',
  'billing.manage':
    'Keep a clinic’s billing settings (PKP, PPN, approval threshold); run the billing consistency check',
  'accounting.read': 'Read the journal entries, account totals and chart-of-accounts mapping; export them',
  'accounting.manage': 'Keep the clinic’s chart-of-accounts mapping',
  'visit.handle.doctor': 'Work on doctor visits',
  'visit.handle.LAB': 'Work on laboratory visits',
  'visit.handle.RAD': 'Work on radiology visits',
  'visit.handle.MCU': 'Work on medical checkup visits',
  'visit.handle.TREATMENT': 'Work on treatment visits',
  'visit.handle.PHYSIO': 'Work on physiotherapy visits',
  'service.perform.LAB': 'Perform laboratory work (samples, examination done)',
  'service.perform.RAD': 'Perform radiology examinations',
  'service.perform.MCU': 'Perform medical checkup examinations',
  'service.perform.TREATMENT': 'Perform treatments',
  'service.perform.PHYSIO': 'Perform physiotherapy',
  'encounter.write': 'Open and save an examination',
  'encounter.sign': 'Finish and sign an examination',
  'encounter.addendum': 'Add an addendum to a signed note',
  'template.manage': 'Keep examination templates',
  'record.read': 'Read medical records',
  'record.list': 'Find patients in the medical records',
  'code.read': 'Search ICD-10 and ICD-9-CM',
  'code.manage': 'Correct a code title, mark favourites',
  'letter.read': 'Read and print letters',
  'letter.issue': 'Issue a health certificate or sick-leave letter',
  'drug.read': 'Read the drug master',
  'drug.write': 'Change the drug master',
  'doctor.manage': 'Master Dokter',
  'schedule.manage': 'Keep other doctors’ schedules',
  'employee.manage': 'Karyawan',
  'role.list': 'Pick a role',
  'role.manage': 'Role & Akses',
  'audit.read': 'Read the audit log',
  'event.manage': 'See and replay parked domain events',
  'satusehat.lookup':
    'Look up a health ID at SATUSEHAT by anyone’s NIK (registering patients, keeping staff)',
  'satusehat.manage':
    'Keep the clinic’s SATUSEHAT connection (environment, credentials, organization), register its rooms and poli as Locations and follow what is sent',
  'satusehat.status':
    'See whether a visit reached SATUSEHAT (the badge in the record) and how many deliveries were refused (the dashboard)',
  'service.read': 'Read the service catalogue, its tariffs, clinic services and service hours',
  'service.manage': 'Keep the service master and its tariffs (prices by payer class and date)',
  'clinicService.manage': 'Choose the services each clinic offers, its rooms and where each is performed',
  'serviceHours.manage': 'Keep the opening hours and daily capacity of each service desk',
  'schedule.read': 'See who practises where and when across the corporate’s clinics',
  'labCatalogue.manage': 'Keep lab tests, panels, parameters and reference ranges',
  'codeList.manage': 'Keep the reason lists and the MCU conclusion categories',
  'lab.result.enter': 'Enter lab results of the lab’s visits',
  'lab.result.validate': 'Validate, release and amend lab results (the responsible analyst or doctor)',
  'radiology.sign': 'Sign and amend radiology reports (the radiologist)',
  'result.read': 'Read and print the released results, reports and session notes of a visit',
  'stock.read': 'Read stock per location and batch, the stock card, the consistency check and the alerts',
  'stock.manage': 'Keep stock locations and item stock settings; receive, transfer and adjust stock',
  'purchasing.read': 'Read suppliers, purchase orders, receipts and returns to suppliers',
  'purchasing.manage':
    'Keep suppliers; order, receive against the supplier’s invoice and return to the supplier',
  'mcu.read':
    'Read the companies’ MCU events, their participants’ progress, station results and conclusions; print the MCU reports',
  'mcu.manage':
    'Keep MCU events: import and correct the participant list, check participants in, download the recap',
  'mcu.examine': 'Record MCU station results and a participant’s hazard exposures',
  'mcu.conclude': 'Write an MCU participant’s conclusion (the examining doctor)',
  'mcu.approve': 'Approve an MCU conclusion, or change an approved one by a new version with its reason',
  'mcu.portal':
    'The company portal: read one’s own company’s MCU events, participants’ progress and categories (medical details only with the participant’s consent) and its invoices',
  'dashboard.read':
    'Read the dashboards of one’s clinics: aggregates only (turnaround times: n, median, P90, within the standard)',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/**
 * Permissions that also need the user to be a doctor (a doctor profile behind the login): the
 * menu alone does not let a nurse sign a note or issue a letter in a doctor's name.
 */
export const DOCTOR_ONLY_PERMISSIONS: readonly Permission[] = [
  'encounter.sign',
  'encounter.addendum',
  'letter.issue',
  'mcu.conclude',
  'mcu.approve',
];

/** Queue work on a service visit (call, skip, send on), by its service type. */
export const SERVICE_HANDLE = {
  LAB: 'visit.handle.LAB',
  RAD: 'visit.handle.RAD',
  MCU: 'visit.handle.MCU',
  TREATMENT: 'visit.handle.TREATMENT',
  PHYSIO: 'visit.handle.PHYSIO',
} as const satisfies Record<string, Permission>;

/** The service's own work (its steps, "done"): only the desk that performs it. */
export const SERVICE_PERFORM = {
  LAB: 'service.perform.LAB',
  RAD: 'service.perform.RAD',
  MCU: 'service.perform.MCU',
  TREATMENT: 'service.perform.TREATMENT',
  PHYSIO: 'service.perform.PHYSIO',
} as const satisfies Record<string, Permission>;
type ServiceKey = keyof typeof SERVICE_HANDLE;

const ALL_HANDLES: Permission[] = ['visit.handle.doctor', ...Object.values(SERVICE_HANDLE)];
const PATIENTS: Permission[] = [
  'patient.read',
  'patient.write',
  'patient.delete',
  'company.read',
  'satusehat.lookup',
];
const QUEUE_MOVES: Permission[] = ['visit.checkIn', 'visit.call', 'visit.skip', 'visit.forward'];
const RECORD: Permission[] = ['record.read', 'letter.read', 'code.read', 'satusehat.status'];

/**
 * The front office and the queue board run the queue up to the pharmacy and the cashier: handing
 * drugs over (`prescription.dispense`) and taking money (`payment.take`) belong to the pharmacy's
 * and the cashier's menus, so a clerk's login cannot dispense or charge.
 */
const FRONT_OFFICE: Permission[] = [
  ...PATIENTS,
  'queue.read',
  'queue.configure',
  'registration.create',
  'service.read',
  ...QUEUE_MOVES,
  'visit.cancel',
  ...ALL_HANDLES,
];

/** A service desk works its own services' visits: call, skip, its steps and done, on to the cashier. */
const serviceDesk = (...services: ServiceKey[]): Permission[] => [
  'queue.read',
  'company.read',
  'serviceQueue.read',
  ...QUEUE_MOVES,
  ...services.flatMap((s) => [SERVICE_HANDLE[s], SERVICE_PERFORM[s]]),
];

/** The lab's results: entering them, and validating and releasing them. */
const LAB_RESULTS: Permission[] = ['lab.result.enter', 'lab.result.validate'];

/** Which permissions each menu route grants (one table; spec 2.3's menus). */
export const MENU_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  '/DashboardAdvance': ['dashboard.read', 'satusehat.status'],
  '/Director/dashboard': ['dashboard.read', 'satusehat.status'],
  '/Registration/patient': FRONT_OFFICE,
  '/PatientQueue/patientQueue': [...FRONT_OFFICE, 'serviceQueue.read'],
  '/Doctor/doctor': [
    'queue.read',
    'company.read',
    ...QUEUE_MOVES,
    'visit.handle.doctor',
    'encounter.write',
    'encounter.sign',
    'encounter.addendum',
    'template.manage',
    ...RECORD,
    'code.manage',
    'letter.issue',
    'drug.read',
    // the examining doctor of an MCU site concludes and approves its participants
    'mcu.read',
    'mcu.examine',
    'mcu.conclude',
    'mcu.approve',
  ],
  '/Doctor/patient': [
    'queue.read',
    'company.read',
    ...RECORD,
    'record.list',
    'code.manage',
    'encounter.addendum',
  ],
  '/Doctor/itemSuratSehat': [...RECORD, 'record.list', 'code.manage', 'letter.issue', 'encounter.addendum'],
  '/EMR': [...RECORD, 'record.list', 'code.manage', 'encounter.addendum', 'audit.read'],
  '/Lab/home-page-lab': [...serviceDesk('LAB', 'MCU'), ...LAB_RESULTS],
  '/Lab/home-page-mcu': [...serviceDesk('MCU', 'LAB'), ...LAB_RESULTS, 'mcu.read', 'mcu.examine'],
  '/Laboratory': [...serviceDesk('LAB'), ...LAB_RESULTS],
  '/Radiology': [...serviceDesk('RAD'), 'radiology.sign', 'result.read'],
  '/Physio': [...serviceDesk('PHYSIO'), 'code.read'],
  '/Treatment': [...serviceDesk('TREATMENT'), 'code.read', 'drug.read', 'service.read'],
  '/Layanan/previewHasil': ['mcu.read', 'result.read'],
  '/Layanan/previewHasilnonMcu': ['queue.read', 'result.read', 'serviceQueue.read'],
  '/pharmacyQueue': ['queue.read', 'drug.read', 'prescription.dispense'],
  '/Pharmacy/internalStock': ['stock.read'],
  '/stockInfo': ['stock.read'],
  '/warehouse': ['stock.read', 'stock.manage'],
  '/Inventory/consumable': ['stock.read', 'stock.manage'],
  '/supplier': ['purchasing.read', 'purchasing.manage'],
  '/purchaseOrder': ['purchasing.read', 'purchasing.manage', 'stock.read', 'drug.read'],
  '/ReturnReceive': ['purchasing.read', 'purchasing.manage', 'stock.read'],
  // who keeps the partner companies keeps their MCU events (import, check-in, categories)
  '/Registration/perusahaanRekanan': [
    'company.read',
    'company.manage',
    'service.read',
    'mcu.read',
    'mcu.manage',
  ],
  '/Registration/daftarPerusahaan': ['company.read', 'mcu.read'],
  // the partner company's HR user (issue 20 §8): only its own company, nothing of the clinic's
  '/Portal/mcu': ['mcu.portal'],
  '/MedicalServices/Insurance': ['company.read', 'insurer.manage'],
  '/Payment/payment': ['queue.read', 'company.read', 'payment.take', 'bill.read'],
  '/Registration/invoice': ['bill.read'],
  '/Registration/daftarTagihan': ['bill.read', 'receivable.manage', 'company.read'],
  '/ERP/integrasi': ['accounting.read', 'accounting.manage'],
  '/Registration/laporanTransaksi': ['bill.read', 'bill.approve'],
  '/Setting/Pharmacy/drug': ['drug.read', 'drug.write'],
  '/MasterPasien': PATIENTS,
  '/patient': PATIENTS,
  '/MasterDokter': ['doctor.manage', 'schedule.manage', 'role.list', 'satusehat.lookup'],
  '/Schedule': ['schedule.read', 'schedule.manage', 'service.read'],
  '/Layanan/masterLayanan': ['service.read', 'service.manage', 'code.read'],
  '/Layanan/layanan': ['service.read', 'clinicService.manage'],
  '/Layanan/jadwalLayanan': ['service.read', 'serviceHours.manage'],
  '/panel': ['service.read', 'labCatalogue.manage'],
  '/statesCode': ['codeList.manage', 'code.read', 'code.manage'],
  '/Setting/employee': ['employee.manage', 'role.list', 'satusehat.lookup'],
  '/Setting/roles': ['role.list', 'role.manage'],
  '/Setting/others': ['audit.read', 'event.manage', 'billing.manage'],
  '/Setting/satuSehat': ['satusehat.manage', 'satusehat.status'],
};

/** Menus that grant a permission (the reverse of the table; documentation and tests). */
export function menusGranting(permission: Permission): string[] {
  return Object.entries(MENU_PERMISSIONS)
    .filter(([, granted]) => granted.includes(permission))
    .map(([route]) => route);
}

/**
 * What a user may do: every permission for the all-access roles, otherwise the union of what
 * the routes of the enabled menus grant; doctor-only permissions need a doctor behind the login.
 */
export function permissionsOf(
  role: string,
  menuRoutes: Iterable<string>,
  options: { doctor: boolean },
): Set<Permission> {
  const out = new Set<Permission>();
  if (ALL_ACCESS_ROLES.includes(role)) {
    for (const p of PERMISSION_NAMES) out.add(p);
  } else {
    for (const route of menuRoutes) for (const p of MENU_PERMISSIONS[route] ?? []) out.add(p);
  }
  if (!options.doctor) for (const p of DOCTOR_ONLY_PERMISSIONS) out.delete(p);
  return out;
}

/**
 * The permission a status move needs (spec 4's machine). Examination → Exam Done is a service
 * desk's "done"; a doctor visit gets there only by finishing the examination (`encounter.sign`).
 */
export function movePermission(from: string, to: string): Permission {
  switch (to) {
    case 'Examination':
      return 'visit.call';
    case 'Skip':
      return 'visit.skip';
    case 'Cancelled':
      return 'visit.cancel';
    case 'Waiting':
    case 'Queueing':
      return 'visit.checkIn';
    case 'Exam Done':
      return 'visit.forward';
    case 'Prescription Waiting':
      return 'visit.forward';
    case 'Payment':
      return from === 'Prescription Waiting' ? 'prescription.dispense' : 'visit.forward';
    case 'Paid':
      return 'payment.take';
    default:
      return 'visit.cancel';
  }
}

const serviceOf = (visit: { orderType: string; serviceType?: string | null }): ServiceKey | null =>
  visit.orderType === 'service' && visit.serviceType && visit.serviceType in SERVICE_HANDLE
    ? (visit.serviceType as ServiceKey)
    : null;

/** Who works on a visit in the queue: the doctor's side or whoever runs its service's queue. */
export function handlePermission(visit: { orderType: string; serviceType?: string | null }): Permission {
  const service = serviceOf(visit);
  return service ? SERVICE_HANDLE[service] : 'visit.handle.doctor';
}

/** Who records a service visit's steps and marks it done: the desk of that service; a doctor visit: nobody. */
export function performPermission(visit: {
  orderType: string;
  serviceType?: string | null;
}): Permission | null {
  const service = serviceOf(visit);
  return service ? SERVICE_PERFORM[service] : null;
}

/**
 * May this user make this move on this visit? Both the move's permission and the permission to
 * work on that kind of visit; a doctor visit reaches Exam Done only through the signed note.
 */
export function mayMoveVisit(
  permissions: ReadonlySet<Permission>,
  visit: { orderType: string; serviceType?: string | null },
  from: string,
  to: string,
): boolean {
  if (to === 'Exam Done') {
    const perform = performPermission(visit);
    return perform !== null && permissions.has(perform);
  }
  // Paid is reached only by paying the bill (billing's `takePayment`), never by a status move
  if (to === 'Paid') return false;
  if (!permissions.has(movePermission(from, to))) return false;
  // handing a prescription over is desk-wide: any kind of visit
  return from === 'Prescription Waiting' || permissions.has(handlePermission(visit));
}
