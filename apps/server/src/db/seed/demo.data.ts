import { ROLES } from '@klinikita/domain/access/roles';

/** The demo clinic chain's people: the menus each role is granted, the demo users, the specialties. */

export const ALL = '*';
/**
 * The menu a clinic would give each job: menu codes of the catalogue; a group code grants the
 * group, '!code' grants it switched off (the sidebar hides it).
 */
export const ROLE_MENUS: Record<string, string[]> = {
  [ROLES.superAdmin]: [ALL],
  [ROLES.admin]: [
    'dashboard',
    'directorDashboard',
    'registration',
    'patientQueue',
    'payment',
    'pharmacy',
    'drugs',
    // stock: receiving, transfers, adjustments and opname (issue 17)
    'internalStock',
    'inventory',
    'consumable',
    'stockInfo',
    'warehouse',
    // purchasing: suppliers, purchase orders and receipts, returns to suppliers (issue 17 §5)
    'supplier',
    'purchaseOrder',
    'returnReceive',
    'reviewResults',
    'previewMcu',
    'previewNonMcu',
    'partners',
    'partnerCompanies',
    'b2b',
    'companyList',
    'finance',
    'bills',
    'invoice',
    'transactionReport',
    'masterData',
    'masterDoctor',
    'masterPatient',
    'patients',
    'panel',
    'schedule',
    'services',
    'masterService',
    'service',
    'serviceSchedule',
    'medicalServices',
    'insurance',
    'laboratory',
    'treatment',
    'statesCode',
    'setting',
    'settingProfile',
    'settingEmployee',
    'settingRoles',
    'settingSatuSehat',
    'settingOthers',
    'settingTrash',
    'erp',
    'erpIntegration',
  ],
  [ROLES.doctor]: [
    'doctor',
    'doctorPatients',
    'healthLetters',
    // the examining doctor of an MCU site concludes and approves on its MCU screen
    'mcu',
    'emr',
    'reviewResults',
    'previewMcu',
    'previewNonMcu',
  ],
  [ROLES.nurse]: [
    'registration',
    'patientQueue',
    'doctor',
    'emr',
    'physio',
    'medicalServices',
    'treatment',
    'masterData',
    'masterPatient',
    '!panel',
  ],
  [ROLES.registration]: [
    'registration',
    'patientQueue',
    'masterData',
    'masterPatient',
    'patients',
    'schedule',
    'partners',
    'partnerCompanies',
    'b2b',
    'companyList',
    // the front office hands the visit's printed results to the patient
    'reviewResults',
    'previewNonMcu',
  ],
  [ROLES.radiologi]: ['radiology', 'reviewResults', 'previewNonMcu'],
  [ROLES.applimetis]: [ALL],
  [ROLES.lab]: [
    'lab',
    'mcu',
    'reviewResults',
    'previewMcu',
    'previewNonMcu',
    'medicalServices',
    'laboratory',
  ],
  [ROLES.pharmacy]: [
    'pharmacyQueue',
    'pharmacy',
    'internalStock',
    'drugs',
    'inventory',
    'consumable',
    'stockInfo',
    'warehouse',
    'supplier',
    'purchaseOrder',
    'returnReceive',
  ],
  [ROLES.cashier]: ['payment', 'finance', 'bills', 'invoice', 'transactionReport', 'b2b', 'companyList'],
  // a partner company's HR user: the company portal only (issue 20 §8)
  [ROLES.companyHr]: ['mcuPortal'],
};

export interface DemoUser {
  username: string;
  name: string;
  role: string;
  clinicId: number | null;
  gender: 'M' | 'F';
  nik: string;
  doctor?: { title: string; specialist: string; clinics: number[]; profile: string };
  /** A company HR user's partner company (its code): the company portal shows only it. */
  company?: string;
}

// NIKs of the doctors are the SATUSEHAT sandbox's dummy practitioners (see shared/satusehat.md).
export const DEMO_USERS: DemoUser[] = [
  {
    username: 'superadmin',
    name: 'Rina Kartika',
    role: ROLES.superAdmin,
    clinicId: null,
    gender: 'F',
    nik: '3171014501850001',
  },
  {
    username: 'admin',
    name: 'Budi Santoso',
    role: ROLES.admin,
    clinicId: null,
    gender: 'M',
    nik: '3171011203880002',
  },
  {
    username: 'dokter',
    name: 'dr. Alexander Wijaya',
    role: ROLES.doctor,
    clinicId: 10,
    gender: 'M',
    nik: '7209061211900001',
    doctor: {
      title: 'dr.',
      specialist: 'Dokter Umum',
      clinics: [10, 11],
      profile: 'Dokter umum, 10 tahun praktik klinik pratama.',
    },
  },
  {
    username: 'dokter2',
    name: 'dr. Sari Dewi, Sp.PD',
    role: ROLES.doctor,
    clinicId: 11,
    gender: 'F',
    nik: '3322071302900002',
    doctor: {
      title: 'dr., Sp.PD',
      specialist: 'Penyakit Dalam',
      clinics: [11, 12],
      profile: 'Spesialis penyakit dalam, pemeriksa MCU.',
    },
  },
  {
    username: 'perawat',
    name: 'Siti Nurhaliza',
    role: ROLES.nurse,
    clinicId: 10,
    gender: 'F',
    nik: '3171015607920003',
  },
  {
    username: 'pendaftaran',
    name: 'Ahmad Fauzi',
    role: ROLES.registration,
    clinicId: 10,
    gender: 'M',
    nik: '3171012308950004',
  },
  {
    username: 'radiologi',
    name: 'Dimas Prasetyo',
    role: ROLES.radiologi,
    clinicId: 11,
    gender: 'M',
    nik: '3216011004900005',
  },
  {
    username: 'applimetis',
    name: 'Tim Applimetis',
    role: ROLES.applimetis,
    clinicId: null,
    gender: 'M',
    nik: '3171010101800006',
  },
  {
    username: 'lab',
    name: 'Maya Anggraini',
    role: ROLES.lab,
    clinicId: 11,
    gender: 'F',
    nik: '3216014402930007',
  },
  {
    username: 'farmasi',
    name: 'Yusuf Hidayat, S.Farm., Apt.',
    role: ROLES.pharmacy,
    clinicId: 10,
    gender: 'M',
    nik: '3171011711910008',
  },
  {
    username: 'kasir',
    name: 'Lestari Handayani',
    role: ROLES.cashier,
    clinicId: 10,
    gender: 'F',
    nik: '3171016009940009',
  },
  {
    username: 'hrd',
    name: 'Ratna Wulandari',
    role: ROLES.companyHr,
    clinicId: 11,
    gender: 'F',
    nik: '3172015804880010',
    company: 'MBL',
  },
];

export const SPECIALISTS = [
  'Dokter Umum',
  'Penyakit Dalam',
  'Anak',
  'Kebidanan dan Kandungan',
  'Gigi',
  'Kulit dan Kelamin',
  'Saraf',
  'Mata',
  'THT',
  'Jantung dan Pembuluh Darah',
  'Rehabilitasi Medik',
  'Radiologi',
  'Patologi Klinik',
];
