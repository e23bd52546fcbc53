import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { servicePackageItems, services, specialists } from '../../db/schema/index.ts';
import { type Executor, escapeLike } from '../../shared/sql.ts';

/** The service master's rows: a service with its specialist, and its package items. */

export type ServiceTableRow = typeof services.$inferSelect;
export type ServiceRow = ServiceTableRow & {
  specialistUid: string | null;
  specialistName: string | null;
  /** Today's corporate-wide general price (sum of components), when the row was read with it. */
  generalPrice: number | null;
};

/** The text the trigram index `services_search_trgm_idx` holds: code and both names, lower case. */
const searchText = sql`lower(${services.code} || ' ' || ${services.nameId} || ' ' || ${services.nameEn})`;

/** Every word in the code or a name. */
const searchCondition = (search: string): SQL =>
  and(
    ...search
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => sql`${searchText} LIKE ${`%${escapeLike(w)}%`}`),
  ) as SQL;

/** The corporate-wide general price on `day`: the latest period starting by then, if it still runs. */
const generalPriceOn = (day: string) =>
  sql<number | null>`(
    SELECT (p.facility_fee + p.professional_fee + p.consumables_fee)::float8 FROM service_prices p
     WHERE p.service_id = ${services.id} AND p.payer_class = 'general' AND p.clinic_id IS NULL
       AND p.valid_from <= ${day}::date AND (p.valid_to IS NULL OR p.valid_to >= ${day}::date)
     ORDER BY p.valid_from DESC LIMIT 1)`.mapWith((v) => (v === null ? null : Number(v)));

const columns = (day: string | null) => ({
  id: services.id,
  uid: services.uid,
  corpId: services.corpId,
  code: services.code,
  nameId: services.nameId,
  nameEn: services.nameEn,
  serviceGroup: services.serviceGroup,
  unit: services.unit,
  taxCategory: services.taxCategory,
  icd9Code: services.icd9Code,
  specialistId: services.specialistId,
  isPackage: services.isPackage,
  active: services.active,
  createdBy: services.createdBy,
  createdAt: services.createdAt,
  updatedAt: services.updatedAt,
  specialistUid: specialists.uid,
  specialistName: specialists.name,
  generalPrice: day ? generalPriceOn(day) : sql<null>`NULL`,
});

export interface ServiceListFilter {
  search?: string;
  group?: string;
  active?: boolean;
  isPackage?: boolean;
  page: number;
  limit: number;
}

export async function pageServices(
  db: Executor,
  corpId: number,
  q: ServiceListFilter,
  today: string,
): Promise<{ rows: ServiceRow[]; total: number }> {
  const where = and(
    eq(services.corpId, corpId),
    q.group === undefined ? undefined : eq(services.serviceGroup, q.group),
    q.active === undefined ? undefined : eq(services.active, q.active),
    q.isPackage === undefined ? undefined : eq(services.isPackage, q.isPackage),
    q.search ? searchCondition(q.search) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(services).where(where);
  const rows = await db
    .select(columns(today))
    .from(services)
    .leftJoin(specialists, eq(specialists.id, services.specialistId))
    .where(where)
    .orderBy(asc(sql`lower(${services.code})`), asc(services.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total };
}

/** A service of the corporate by its public id (another corporate's is not found). */
export async function findService(
  db: Executor,
  corpId: number,
  uid: string,
  today: string | null = null,
): Promise<ServiceRow | null> {
  const [row] = await db
    .select(columns(today))
    .from(services)
    .leftJoin(specialists, eq(specialists.id, services.specialistId))
    .where(and(eq(services.uid, uid), eq(services.corpId, corpId)));
  return row ?? null;
}

/** The corporate's services with these codes (any case), keyed by their lower-case code. */
export async function findServicesByCode(
  db: Executor,
  corpId: number,
  codes: readonly string[],
): Promise<Map<string, ServiceTableRow>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select()
    .from(services)
    .where(
      and(
        eq(services.corpId, corpId),
        inArray(
          sql`lower(${services.code})`,
          codes.map((c) => c.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.code.toLowerCase(), r]));
}

/** The corporate's services with these public ids. */
export async function findServicesByUid(
  db: Executor,
  corpId: number,
  uids: readonly string[],
): Promise<ServiceTableRow[]> {
  if (!uids.length) return [];
  return db
    .select()
    .from(services)
    .where(and(eq(services.corpId, corpId), inArray(services.uid, [...uids])));
}

/** Every service of the corporate with its specialist, by code (the export). */
export async function allServices(db: Executor, corpId: number): Promise<ServiceRow[]> {
  return db
    .select(columns(null))
    .from(services)
    .leftJoin(specialists, eq(specialists.id, services.specialistId))
    .where(eq(services.corpId, corpId))
    .orderBy(asc(sql`lower(${services.code})`));
}

/** Takes the service's row lock: its prices are checked and written by one transaction at a time. */
export async function lockService(db: Executor, serviceId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM ${services} WHERE ${services.id} = ${serviceId} FOR UPDATE`);
}

export type ServiceValues = Pick<
  ServiceTableRow,
  | 'code'
  | 'nameId'
  | 'nameEn'
  | 'serviceGroup'
  | 'unit'
  | 'taxCategory'
  | 'icd9Code'
  | 'specialistId'
  | 'isPackage'
>;

export async function insertService(
  db: Executor,
  row: ServiceValues & { uid: string; corpId: number; createdBy: number; active?: boolean },
): Promise<ServiceTableRow> {
  const [inserted] = await db.insert(services).values(row).returning();
  return inserted;
}

export async function updateServiceRow(
  db: Executor,
  id: number,
  values: Partial<ServiceValues> & { active?: boolean },
): Promise<ServiceTableRow> {
  const [updated] = await db
    .update(services)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(services.id, id))
    .returning();
  return updated;
}

export interface PackageItemRow {
  itemId: number;
  serviceUid: string;
  code: string;
  nameId: string;
  nameEn: string;
  quantity: number;
  active: boolean;
}

/** The items of packages, in their order, by package id. */
export async function packageItemsOf(
  db: Executor,
  packageIds: readonly number[],
): Promise<Map<number, PackageItemRow[]>> {
  const byPackage = new Map<number, PackageItemRow[]>();
  if (!packageIds.length) return byPackage;
  const rows = await db
    .select({
      packageId: servicePackageItems.packageId,
      itemId: servicePackageItems.itemId,
      serviceUid: services.uid,
      code: services.code,
      nameId: services.nameId,
      nameEn: services.nameEn,
      quantity: servicePackageItems.quantity,
      active: services.active,
    })
    .from(servicePackageItems)
    .innerJoin(services, eq(services.id, servicePackageItems.itemId))
    .where(inArray(servicePackageItems.packageId, [...packageIds]))
    .orderBy(asc(servicePackageItems.packageId), asc(servicePackageItems.sort));
  for (const { packageId, ...item } of rows) {
    const list = byPackage.get(packageId) ?? [];
    list.push(item);
    byPackage.set(packageId, list);
  }
  return byPackage;
}

/** A package's items, replaced as a whole (in the given order). */
export async function replacePackageItems(
  db: Executor,
  packageId: number,
  items: readonly { itemId: number; quantity: number }[],
): Promise<void> {
  await db.delete(servicePackageItems).where(eq(servicePackageItems.packageId, packageId));
  if (!items.length) return;
  await db
    .insert(servicePackageItems)
    .values(items.map((item, sort) => ({ packageId, itemId: item.itemId, quantity: item.quantity, sort })));
}

/** The packages that hold a service (a package cannot hold itself, nor a package holding it). */
export async function packagesHolding(db: Executor, itemId: number): Promise<number[]> {
  const rows = await db
    .select({ packageId: servicePackageItems.packageId })
    .from(servicePackageItems)
    .where(eq(servicePackageItems.itemId, itemId));
  return rows.map((r) => r.packageId);
}

/** Specialists by their public id or (the import) by name, case-insensitive. */
export async function findSpecialist(
  db: Executor,
  by: { uid: string } | { name: string },
): Promise<{ id: number; uid: string; name: string } | null> {
  const [row] = await db
    .select({ id: specialists.id, uid: specialists.uid, name: specialists.name })
    .from(specialists)
    .where(
      'uid' in by ? eq(specialists.uid, by.uid) : sql`lower(${specialists.name}) = ${by.name.toLowerCase()}`,
    );
  return row ?? null;
}
