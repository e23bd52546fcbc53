import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  partnerCompanies,
  partnerCompanyEmployees,
  partnerCompanyExcludedServices,
  partnerCompanyPrices,
  patients,
  services,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/** The partner-company master's reads and writes; every company read is scoped to a corporate. */

export type CompanyRow = typeof partnerCompanies.$inferSelect;
export type CompanyValues = Omit<
  typeof partnerCompanies.$inferInsert,
  'id' | 'uid' | 'corpId' | 'createdAt' | 'updatedAt' | 'createdBy'
>;
export type EmployeeRow = typeof partnerCompanyEmployees.$inferSelect & {
  patientUid: string | null;
  patientMrn: string | null;
};
export type PriceRow = typeof partnerCompanyPrices.$inferSelect & {
  serviceUid: string;
  serviceCode: string;
  serviceName: string;
};

const paging = (q: { page: number; limit: number }) => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

// written out: inside a select drizzle names a column without its table, which would be e's own
const activeEmployees = sql<number>`(SELECT count(*)::int FROM partner_company_employees e
  WHERE e.company_id = partner_companies.id AND e.active)`;

export async function listCompanyRows(
  db: Executor,
  corpId: number,
  q: { search?: string; active?: 'true' | 'false'; page: number; limit: number },
) {
  const conditions: SQL[] = [eq(partnerCompanies.corpId, corpId)];
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(
      or(
        ilike(partnerCompanies.name, p),
        ilike(partnerCompanies.code, p),
        ilike(partnerCompanies.legalName, p),
        ilike(partnerCompanies.npwp, containsPattern(q.search.replace(/[\s.-]/g, ''))),
      ) as SQL,
    );
  }
  if (q.active) conditions.push(eq(partnerCompanies.active, q.active === 'true'));
  const where = and(...conditions);
  const rows = await db
    .select({ company: partnerCompanies, employeeCount: activeEmployees })
    .from(partnerCompanies)
    .where(where)
    .orderBy(asc(sql`lower(${partnerCompanies.name})`), asc(partnerCompanies.id))
    .limit(paging(q).limit)
    .offset(paging(q).offset);
  const [{ n }] = await db.select({ n: count() }).from(partnerCompanies).where(where);
  return { rows, total: n };
}

export async function findCompany(db: Executor, corpId: number, uid: string, lock = false) {
  const query = db
    .select({ company: partnerCompanies, employeeCount: activeEmployees })
    .from(partnerCompanies)
    .where(and(eq(partnerCompanies.uid, uid), eq(partnerCompanies.corpId, corpId)));
  const [row] = lock ? await query.for('update', { of: partnerCompanies }) : await query;
  return row ?? null;
}

export async function insertCompany(
  db: Executor,
  values: CompanyValues & { corpId: number; createdBy: number },
): Promise<CompanyRow> {
  const [row] = await db.insert(partnerCompanies).values(values).returning();
  return row;
}

export async function updateCompanyRow(db: Executor, id: number, set: Partial<CompanyValues>) {
  await db
    .update(partnerCompanies)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(partnerCompanies.id, id));
}

/** The corporate's catalogue services of these uids (unknown ones are missing from the map). */
export async function servicesByUid(db: Executor, corpId: number, uids: string[]) {
  if (!uids.length) return new Map<string, { id: number; uid: string; code: string; name: string }>();
  const rows = await db
    .select({ id: services.id, uid: services.uid, code: services.code, name: services.nameId })
    .from(services)
    .where(and(eq(services.corpId, corpId), inArray(services.uid, [...new Set(uids)])));
  return new Map(rows.map((r) => [r.uid, r]));
}

export async function excludedServicesOf(db: Executor, companyId: number) {
  return db
    .select({ uid: services.uid, code: services.code, name: services.nameId })
    .from(partnerCompanyExcludedServices)
    .innerJoin(services, eq(services.id, partnerCompanyExcludedServices.serviceId))
    .where(eq(partnerCompanyExcludedServices.companyId, companyId))
    .orderBy(asc(services.code));
}

export async function replaceExcludedServices(db: Executor, companyId: number, serviceIds: number[]) {
  await db
    .delete(partnerCompanyExcludedServices)
    .where(eq(partnerCompanyExcludedServices.companyId, companyId));
  if (serviceIds.length)
    await db
      .insert(partnerCompanyExcludedServices)
      .values([...new Set(serviceIds)].map((serviceId) => ({ companyId, serviceId })));
}

// contract prices

const priceColumns = {
  id: partnerCompanyPrices.id,
  uid: partnerCompanyPrices.uid,
  companyId: partnerCompanyPrices.companyId,
  serviceId: partnerCompanyPrices.serviceId,
  price: partnerCompanyPrices.price,
  validFrom: partnerCompanyPrices.validFrom,
  validTo: partnerCompanyPrices.validTo,
  createdBy: partnerCompanyPrices.createdBy,
  createdAt: partnerCompanyPrices.createdAt,
  serviceUid: services.uid,
  serviceCode: services.code,
  serviceName: services.nameId,
};

export async function pricesOf(db: Executor, companyId: number, serviceId?: number): Promise<PriceRow[]> {
  return db
    .select(priceColumns)
    .from(partnerCompanyPrices)
    .innerJoin(services, eq(services.id, partnerCompanyPrices.serviceId))
    .where(
      and(
        eq(partnerCompanyPrices.companyId, companyId),
        serviceId === undefined ? undefined : eq(partnerCompanyPrices.serviceId, serviceId),
      ),
    )
    .orderBy(asc(services.code), asc(partnerCompanyPrices.validFrom));
}

export async function insertPrice(db: Executor, values: typeof partnerCompanyPrices.$inferInsert) {
  const [row] = await db
    .insert(partnerCompanyPrices)
    .values(values)
    .returning({ id: partnerCompanyPrices.id });
  return row.id;
}

export async function setPriceEnd(db: Executor, id: number, validTo: string) {
  await db.update(partnerCompanyPrices).set({ validTo }).where(eq(partnerCompanyPrices.id, id));
}

// covered employees

function selectEmployees(db: Executor) {
  return db
    .select({ employee: partnerCompanyEmployees, patientUid: patients.uid, patientMrn: patients.mrn })
    .from(partnerCompanyEmployees)
    .leftJoin(patients, eq(patients.id, partnerCompanyEmployees.patientId));
}

const flat = (r: {
  employee: typeof partnerCompanyEmployees.$inferSelect;
  patientUid: string | null;
  patientMrn: string | null;
}): EmployeeRow => ({ ...r.employee, patientUid: r.patientUid, patientMrn: r.patientMrn });

export async function listEmployeeRows(
  db: Executor,
  companyId: number,
  q: { search?: string; active?: 'true' | 'false'; page: number; limit: number },
) {
  const conditions: SQL[] = [eq(partnerCompanyEmployees.companyId, companyId)];
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(
      or(
        ilike(partnerCompanyEmployees.name, p),
        ilike(partnerCompanyEmployees.employeeNumber, p),
        ilike(partnerCompanyEmployees.nik, p),
        ilike(partnerCompanyEmployees.department, p),
      ) as SQL,
    );
  }
  if (q.active) conditions.push(eq(partnerCompanyEmployees.active, q.active === 'true'));
  const where = and(...conditions);
  const rows = await selectEmployees(db)
    .where(where)
    .orderBy(asc(sql`lower(${partnerCompanyEmployees.name})`), asc(partnerCompanyEmployees.id))
    .limit(paging(q).limit)
    .offset(paging(q).offset);
  const [{ n }] = await db.select({ n: count() }).from(partnerCompanyEmployees).where(where);
  return { rows: rows.map(flat), total: n };
}

export async function findEmployee(
  db: Executor,
  companyId: number,
  uid: string,
): Promise<EmployeeRow | null> {
  const [row] = await selectEmployees(db).where(
    and(eq(partnerCompanyEmployees.companyId, companyId), eq(partnerCompanyEmployees.uid, uid)),
  );
  return row ? flat(row) : null;
}

/** The company's employees with these numbers, by number without case. */
export async function employeesByNumber(db: Executor, companyId: number, numbers: string[]) {
  const keys = [...new Set(numbers.map((n) => n.trim().toLowerCase()))];
  if (!keys.length) return new Map<string, EmployeeRow>();
  const rows = await selectEmployees(db).where(
    and(
      eq(partnerCompanyEmployees.companyId, companyId),
      inArray(sql`lower(${partnerCompanyEmployees.employeeNumber})`, keys),
    ),
  );
  return new Map(rows.map((r) => [r.employee.employeeNumber.toLowerCase(), flat(r)]));
}

export type EmployeeValues = Pick<
  typeof partnerCompanyEmployees.$inferInsert,
  'employeeNumber' | 'nik' | 'name' | 'birthDate' | 'sex' | 'department' | 'active' | 'patientId'
>;

export async function insertEmployee(
  db: Executor,
  values: EmployeeValues & { uid: string; companyId: number; createdBy: number },
): Promise<number> {
  const [row] = await db
    .insert(partnerCompanyEmployees)
    .values(values)
    .returning({ id: partnerCompanyEmployees.id });
  return row.id;
}

export async function updateEmployeeRow(db: Executor, id: number, set: Partial<EmployeeValues>) {
  await db
    .update(partnerCompanyEmployees)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(partnerCompanyEmployees.id, id));
}

/** The corporate's living patients with these NIKs: NIK → patient id. */
export async function patientIdsByNik(db: Executor, corpId: number, niks: string[]) {
  if (!niks.length) return new Map<string, number>();
  const rows = await db
    .select({ id: patients.id, nik: patients.nik })
    .from(patients)
    .where(
      and(eq(patients.corpId, corpId), inArray(patients.nik, [...new Set(niks)]), isNull(patients.deletedAt)),
    );
  return new Map(rows.map((r) => [r.nik as string, r.id]));
}
