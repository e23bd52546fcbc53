import { and, asc, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import {
  mcuPackages,
  partnerCompanies,
  partnerCompanyPrices,
  servicePackageItems,
  services,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The MCU packages' SQL: the catalogue's `mcu` packages, their items, MCU part and contract prices. */

export function packageRows(db: Executor, corpId: number, serviceUid?: string) {
  return db
    .select({
      id: services.id,
      uid: services.uid,
      code: services.code,
      nameId: services.nameId,
      nameEn: services.nameEn,
      active: services.active,
      examType: mcuPackages.examType,
      stations: mcuPackages.stations,
    })
    .from(services)
    .leftJoin(mcuPackages, eq(mcuPackages.serviceId, services.id))
    .where(
      and(
        eq(services.corpId, corpId),
        eq(services.serviceGroup, 'mcu'),
        eq(services.isPackage, true),
        serviceUid ? eq(services.uid, serviceUid) : undefined,
      ),
    )
    .orderBy(desc(services.active), asc(services.code));
}
export type PackageRow = Awaited<ReturnType<typeof packageRows>>[number];

export async function packageItems(db: Executor, packageIds: number[]) {
  if (!packageIds.length) return [];
  return db
    .select({
      packageId: servicePackageItems.packageId,
      serviceUid: services.uid,
      code: services.code,
      nameId: services.nameId,
      nameEn: services.nameEn,
      group: services.serviceGroup,
      quantity: servicePackageItems.quantity,
    })
    .from(servicePackageItems)
    .innerJoin(services, eq(services.id, servicePackageItems.itemId))
    .where(inArray(servicePackageItems.packageId, packageIds))
    .orderBy(asc(servicePackageItems.sort), asc(services.code));
}

/** The company of the corporate by its uid (id, name, code), or null. */
export async function companyByUid(db: Executor, corpId: number, uid: string) {
  const [row] = await db
    .select({
      id: partnerCompanies.id,
      uid: partnerCompanies.uid,
      name: partnerCompanies.name,
      code: partnerCompanies.code,
      active: partnerCompanies.active,
    })
    .from(partnerCompanies)
    .where(and(eq(partnerCompanies.corpId, corpId), eq(partnerCompanies.uid, uid)));
  return row ?? null;
}

/** The company's contract price of each service valid on the day (the latest start wins). */
export async function contractPricesOn(db: Executor, companyId: number, serviceIds: number[], day: string) {
  if (!serviceIds.length) return new Map<number, number>();
  const rows = await db
    .select({ serviceId: partnerCompanyPrices.serviceId, price: partnerCompanyPrices.price })
    .from(partnerCompanyPrices)
    .where(
      and(
        eq(partnerCompanyPrices.companyId, companyId),
        inArray(partnerCompanyPrices.serviceId, serviceIds),
        lte(partnerCompanyPrices.validFrom, day),
        or(isNull(partnerCompanyPrices.validTo), gte(partnerCompanyPrices.validTo, day)),
      ),
    )
    .orderBy(asc(partnerCompanyPrices.validFrom));
  return new Map(rows.map((r) => [r.serviceId, r.price]));
}

export async function upsertMcuPackage(
  db: Executor,
  values: {
    serviceId: number;
    examType: 'preEmployment' | 'periodic' | 'special';
    stations: string[];
    updatedBy: number;
  },
) {
  await db
    .insert(mcuPackages)
    .values(values)
    .onConflictDoUpdate({
      target: mcuPackages.serviceId,
      set: {
        examType: values.examType,
        stations: values.stations,
        updatedBy: values.updatedBy,
        updatedAt: new Date(),
      },
    });
}
