import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import {
  partnerCompanies,
  partnerCompanyEmployees,
  partnerCompanyExcludedServices,
  partnerCompanyPrices,
  patients,
  services,
} from '../schema/index.ts';

/**
 * The demo partner companies as a clinic keeps them (issue 18 §5): legal name, NPWP, credit
 * terms, coverage, a few contract prices and about twenty covered employees each — the company's
 * patients of the demo (linked by NIK) and more from its staff list.
 */

const DETAILS: Record<string, Partial<typeof partnerCompanies.$inferInsert> & { excluded?: string[] }> = {
  MBL: {
    legalName: 'PT Maju Bersama Logistik',
    npwp: '013456789012000',
    address: 'Jl. Cakung Cilincing Raya No. 12',
    city: 'Jakarta Utara',
    phone: '021-44851234',
    email: 'hrd@majubersama.example',
    picName: 'Ibu Ratna Wulandari',
    paymentTermDays: 30,
    creditLimit: 150_000_000,
    cutoffDay: 25,
    ppnInvoiceRequired: true,
    ceilingPerVisit: 1_500_000,
    ceilingPerYear: 15_000_000,
    copayType: 'none',
    copayValue: 0,
    excludedGroups: ['mcu'],
  },
  BNS: {
    legalName: 'PT Bank Nusantara Sejahtera Tbk',
    npwp: '017654321098000',
    address: 'Jl. Jend. Sudirman Kav. 45, Gedung BNS Lt. 8',
    city: 'Jakarta Selatan',
    phone: '021-52903456',
    email: 'benefit@banknusantara.example',
    picName: 'Bapak Hendra Gunawan',
    paymentTermDays: 45,
    creditLimit: 300_000_000,
    cutoffDay: 20,
    ppnInvoiceRequired: true,
    ceilingPerVisit: null,
    ceilingPerYear: 25_000_000,
    copayType: 'percent',
    copayValue: 10,
    excludedGroups: [],
    excluded: ['TND-HECT'],
  },
  SAK: {
    legalName: 'PT Sinar Abadi Konstruksi',
    npwp: '3171011203880002',
    address: 'Jl. Raya Bekasi Km. 21',
    city: 'Bekasi',
    phone: '021-88954321',
    email: 'k3@sinarabadi.example',
    picName: 'Bapak Agus Salim',
    paymentTermDays: 30,
    creditLimit: 75_000_000,
    cutoffDay: 28,
    ppnInvoiceRequired: false,
    ceilingPerVisit: 750_000,
    ceilingPerYear: 7_500_000,
    copayType: 'fixed',
    copayValue: 25_000,
    excludedGroups: ['physio'],
  },
};

/** Contract prices (whole rupiah) from the start of the demo year, by service code. */
const PRICES: Record<string, [string, number][]> = {
  MBL: [
    ['KONS-UMUM', 60_000],
    ['LAB-DL', 70_000],
    ['LAB-GDS', 25_000],
  ],
  BNS: [
    ['KONS-UMUM', 75_000],
    ['KONS-SPPD', 150_000],
    ['LAB-DL', 80_000],
    ['RAD-THORAX', 150_000],
  ],
  SAK: [
    ['KONS-UMUM', 55_000],
    ['TND-RAWAT', 45_000],
  ],
};

const FIRST = [
  'Agus',
  'Bayu',
  'Dedi',
  'Eko',
  'Fajar',
  'Hadi',
  'Rudi',
  'Sari',
  'Dewi',
  'Lina',
  'Maya',
  'Nina',
];
const LAST = ['Santoso', 'Wijaya', 'Saputra', 'Hidayat', 'Kusuma', 'Pratama', 'Lestari', 'Nugroho'];
const DEPARTMENTS = ['Operasional', 'Keuangan', 'HRD', 'Gudang', 'Pemasaran', 'TI'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export async function seedPartnerCompanyMaster(db: Executor, corpId: number, year = 2026) {
  const companies = await db
    .select()
    .from(partnerCompanies)
    .where(eq(partnerCompanies.corpId, corpId))
    .orderBy(asc(partnerCompanies.id));
  const codes = Object.values(PRICES).flatMap((p) => p.map(([code]) => code));
  const serviceRows = await db
    .select({ id: services.id, code: services.code })
    .from(services)
    .where(and(eq(services.corpId, corpId), inArray(services.code, [...codes, 'TND-HECT'])));
  const serviceId = new Map(serviceRows.map((s) => [s.code, s.id]));
  let serial = 5000;
  for (const [index, company] of companies.entries()) {
    const { excluded = [], ...details } = DETAILS[company.code ?? ''] ?? {};
    await db.update(partnerCompanies).set(details).where(eq(partnerCompanies.id, company.id));
    const excludedIds = excluded.map((c) => serviceId.get(c)).filter((id): id is number => id !== undefined);
    if (excludedIds.length)
      await db
        .insert(partnerCompanyExcludedServices)
        .values(excludedIds.map((id) => ({ companyId: company.id, serviceId: id })));
    const prices = (PRICES[company.code ?? ''] ?? []).filter(([code]) => serviceId.has(code));
    if (prices.length)
      await db.insert(partnerCompanyPrices).values(
        prices.map(([code, price]) => ({
          uid: newUid(),
          companyId: company.id,
          serviceId: serviceId.get(code)!,
          price,
          validFrom: `${year}-01-01`,
        })),
      );
    // the company's patients of the demo are its employees (linked by NIK), then its staff list
    const own = await db
      .select({
        id: patients.id,
        nik: patients.nik,
        name: patients.name,
        dob: patients.dob,
        sex: patients.sex,
      })
      .from(patients)
      .where(and(eq(patients.companyId, company.id), isNotNull(patients.nik)))
      .orderBy(asc(patients.id))
      .limit(8);
    const prefix = company.code ?? `C${company.id}`;
    const employees: (typeof partnerCompanyEmployees.$inferInsert)[] = own.map((p, i) => ({
      uid: newUid(),
      companyId: company.id,
      employeeNumber: `${prefix}-${pad(i + 1, 4)}`,
      nik: p.nik!,
      name: p.name,
      birthDate: p.dob,
      sex: p.sex,
      department: DEPARTMENTS[i % DEPARTMENTS.length],
      patientId: p.id,
    }));
    for (let i = employees.length; i < 20; i++) {
      const sex = (i + index) % 3 === 0 ? 'F' : 'M';
      const first = FIRST[(i * 7 + index) % FIRST.length];
      const day = 1 + ((i * 5 + index) % 28);
      const month = 1 + ((i * 3 + index) % 12);
      const yy = 70 + ((i * 11 + index) % 30);
      serial += 1;
      employees.push({
        uid: newUid(),
        companyId: company.id,
        employeeNumber: `${prefix}-${pad(i + 1, 4)}`,
        nik: `317106${pad(sex === 'F' ? day + 40 : day)}${pad(month)}${pad(yy)}${pad(serial, 4)}`,
        name: `${first} ${LAST[(i + index * 3) % LAST.length]}`,
        birthDate: `19${pad(yy)}-${pad(month)}-${pad(day)}`,
        sex,
        department: DEPARTMENTS[(i + index) % DEPARTMENTS.length],
        // one who left the company
        active: i !== 19,
      });
    }
    await db.insert(partnerCompanyEmployees).values(employees);
  }
}
