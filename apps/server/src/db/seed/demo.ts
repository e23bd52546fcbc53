import { ROLES } from '@klinikita/domain/access/roles';
import { count } from 'drizzle-orm';
import { seedSatusehatSettings } from '../../integrations/satusehat/satusehat.seed.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import type { Db } from '../client.ts';
import {
  clinics,
  corporates,
  doctorClinics,
  doctors,
  employees,
  menus,
  roleMenus,
  roles,
  specialists,
  users,
} from '../schema/index.ts';
import { seedDemoDrugs } from './drugs.ts';
import { seedPatients } from './patients.ts';
import { seedPartnerCompanies } from './registrations.ts';
import { seedSchedules } from './schedules.ts';

export const DEMO_PASSWORD = 'klinikita';

const ALL = '*';
/**
 * The menu a clinic would give each job: menu codes of the catalogue; a group code grants the
 * group, '!code' grants it switched off (the sidebar hides it).
 */
const ROLE_MENUS: Record<string, string[]> = {
  [ROLES.superAdmin]: [ALL],
  [ROLES.admin]: [
    'dashboard',
    'directorDashboard',
    'registration',
    'patientQueue',
    'payment',
    'pharmacy',
    'drugs',
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
    '!erpIntegration',
  ],
  [ROLES.doctor]: [
    'doctor',
    'doctorPatients',
    'healthLetters',
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
};

interface DemoUser {
  username: string;
  name: string;
  role: string;
  clinicId: number | null;
  gender: 'M' | 'F';
  nik: string;
  doctor?: { title: string; specialist: string; clinics: number[]; profile: string };
}

// NIKs of the doctors are the SATUSEHAT sandbox's dummy practitioners (see shared/satusehat.md).
const DEMO_USERS: DemoUser[] = [
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
];

const SPECIALISTS = [
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

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(corporates);
  return row.n === 0;
}

/** Grants a role the menu codes listed (see ROLE_MENUS). */
export async function grantMenus(db: Executor, roleId: number, codes: string[]): Promise<void> {
  const all = await db.select({ id: menus.id, code: menus.code }).from(menus);
  const wanted = codes.includes(ALL)
    ? all.map((m) => ({ code: m.code, enabled: true }))
    : codes.map((c) => ({ code: c.replace(/^!/, ''), enabled: !c.startsWith('!') }));
  const idByCode = new Map(all.map((m) => [m.code, m.id]));
  const rows = wanted.map((w) => {
    const menuId = idByCode.get(w.code);
    if (!menuId) throw new Error(`Unknown menu code ${w.code}`);
    return { roleId, menuId, enabled: w.enabled };
  });
  if (rows.length) await db.insert(roleMenus).values(rows).onConflictDoNothing();
}

/** The demo clinic chain, seeded into an empty database. */
export async function seedDemo(db: Db, secretsKey: Buffer): Promise<void> {
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const [corp] = await tx
      .insert(corporates)
      .values({
        uid: newUid(),
        name: 'Klinikita Sehat Group',
        phoneNumber: '0215550100',
        address: 'Jl. HR Rasuna Said Kav. 5, Kuningan, Jakarta Selatan',
        email: 'halo@klinikita.id',
      })
      .returning();
    await tx.insert(clinics).values([
      {
        id: 10,
        uid: newUid(),
        corpId: corp.id,
        name: 'Klinik Pratama Klinikita Menteng',
        phoneNumber: '0215550110',
        address: 'Jl. Cikini Raya No. 40, Menteng, Jakarta Pusat',
        accountType: 'klinik',
      },
      {
        id: 11,
        uid: newUid(),
        corpId: corp.id,
        name: 'Klinikita MCU Center Cikarang',
        phoneNumber: '0218990111',
        address: 'Kawasan Industri Jababeka, Cikarang, Bekasi',
        mcuSite: true,
        accountType: 'klinik',
      },
      {
        id: 12,
        uid: newUid(),
        corpId: corp.id,
        name: 'Klinikita MCU Center Surabaya',
        phoneNumber: '0315550112',
        address: 'Jl. Rungkut Industri No. 8, Surabaya',
        mcuSite: true,
        accountType: 'klinik',
      },
      {
        id: 13,
        uid: newUid(),
        corpId: corp.id,
        name: 'Klinik Pratama Klinikita Makassar',
        phoneNumber: '0411555013',
        address: 'Jl. Sultan Hasanuddin No. 21, Makassar',
        timeZone: 'Asia/Makassar',
        accountType: 'klinik',
      },
    ]);
    const specialistRows = await tx
      .insert(specialists)
      .values(SPECIALISTS.map((name) => ({ uid: newUid(), name })))
      .returning();
    const specialistId = new Map(specialistRows.map((s) => [s.name, s.id]));

    const roleNames = Object.keys(ROLE_MENUS);
    const roleRows = await tx
      .insert(roles)
      .values(roleNames.map((name) => ({ uid: newUid(), corpId: corp.id, name, builtIn: true })))
      .returning();
    const roleIdByName = new Map(roleRows.map((r) => [r.name, r.id]));
    for (const [name, codes] of Object.entries(ROLE_MENUS)) {
      await grantMenus(tx, roleIdByName.get(name)!, codes);
    }

    for (const [i, u] of DEMO_USERS.entries()) {
      const [employee] = await tx
        .insert(employees)
        .values({
          uid: newUid(),
          corpId: corp.id,
          clinicId: u.clinicId,
          name: u.name,
          email: `${u.username}@klinikita.id`,
          gender: u.gender,
          dob: `19${85 + (i % 12)}-0${1 + (i % 9)}-1${i % 10}`,
          icNumber: u.nik,
          phoneNumber: `08121000${String(i).padStart(4, '0')}`,
          address: 'Jakarta',
        })
        .returning();
      let doctorId: number | null = null;
      if (u.doctor) {
        const [doctor] = await tx
          .insert(doctors)
          .values({
            uid: newUid(),
            corpId: corp.id,
            employeeId: employee.id,
            title: u.doctor.title,
            profile: u.doctor.profile,
            specialistId: specialistId.get(u.doctor.specialist),
          })
          .returning();
        doctorId = doctor.id;
        await tx
          .insert(doctorClinics)
          .values(u.doctor.clinics.map((clinicId) => ({ doctorId: doctor.id, clinicId })));
      }
      await tx.insert(users).values({
        uid: newUid(),
        username: u.username,
        passwordHash: passwordHashes[i],
        name: u.name,
        roleId: roleIdByName.get(u.role)!,
        corpId: corp.id,
        clinicId: u.clinicId,
        employeeId: employee.id,
        doctorId,
        demo: true,
      });
    }
    await seedSatusehatSettings(tx, secretsKey);
    await seedSchedules(tx);
    await seedPartnerCompanies(tx, corp.id);
    await seedPatients(tx);
    await seedDemoDrugs(tx, corp.id);
  });
}

export const DEMO_USERNAMES = DEMO_USERS.map((u) => u.username);
export const demoUsersByRole = (role: string) => DEMO_USERS.filter((u) => u.role === role);
