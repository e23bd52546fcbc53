import { and, count, eq } from 'drizzle-orm';
import { seedSatusehatSettings } from '../../integrations/satusehat/satusehat.seed.ts';
import { hashPassword, newUid, type ScryptCost } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import type { Db } from '../client.ts';
import {
  clinics,
  corporates,
  doctorClinics,
  doctors,
  employees,
  menus,
  partnerCompanies,
  roleMenus,
  roles,
  specialists,
  users,
} from '../schema/index.ts';
import { seedClinicServices } from './clinic-services.ts';
import { seedCodeLists } from './code-lists.ts';
import { ALL, DEMO_USERS, ROLE_MENUS, SPECIALISTS } from './demo.data.ts';
import { seedDemoDrugs } from './drugs.ts';
import { seedInsurers } from './insurers.ts';
import { seedLabCatalogue } from './lab-catalogue.ts';
import { seedPartnerCompanyMaster } from './partner-companies.ts';
import { seedPatients } from './patients.ts';
import { seedPartnerCompanies } from './registrations.ts';
import { seedSchedules } from './schedules.ts';
import { seedServiceHours } from './service-hours.ts';
import { seedServiceTariffs } from './service-tariffs.ts';

export const DEMO_PASSWORD = 'klinikita';

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
export async function seedDemo(db: Db, secretsKey: Buffer, passwordCost?: ScryptCost): Promise<void> {
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD, passwordCost)));
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
    await linkCompanyUsers(tx, corp.id);
    await seedPatients(tx);
    await seedDemoDrugs(tx, corp.id);
    // the catalogue: services and tariffs first, lab tests on them, then what each clinic offers
    await seedServiceTariffs(tx, corp.id);
    await seedPartnerCompanyMaster(tx, corp.id);
    await seedInsurers(tx, corp.id);
    await seedLabCatalogue(tx, corp.id);
    await seedClinicServices(tx, corp.id);
    await seedServiceHours(tx, corp.id);
    await seedCodeLists(tx, corp.id);
  });
}

/** A company HR user belongs to its partner company (users.company_id): the portal's scope. */
async function linkCompanyUsers(db: Executor, corpId: number) {
  for (const u of DEMO_USERS) {
    if (!u.company) continue;
    const [company] = await db
      .select({ id: partnerCompanies.id })
      .from(partnerCompanies)
      .where(and(eq(partnerCompanies.corpId, corpId), eq(partnerCompanies.code, u.company)));
    if (company) await db.update(users).set({ companyId: company.id }).where(eq(users.username, u.username));
  }
}

export const DEMO_USERNAMES = DEMO_USERS.map((u) => u.username);
export const demoUsersByRole = (role: string) => DEMO_USERS.filter((u) => u.role === role);
