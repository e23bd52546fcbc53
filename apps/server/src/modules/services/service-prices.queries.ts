import { lookupOrder } from '@klinikita/domain/services/tariff.rules';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { clinics, servicePrices } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The price periods of services: the tariff of a payer class, corporate-wide or a clinic's override. */

export type PriceTableRow = typeof servicePrices.$inferSelect;
export type PriceRow = PriceTableRow & { clinicName: string | null };

const priceColumns = {
  id: servicePrices.id,
  uid: servicePrices.uid,
  serviceId: servicePrices.serviceId,
  clinicId: servicePrices.clinicId,
  payerClass: servicePrices.payerClass,
  validFrom: servicePrices.validFrom,
  validTo: servicePrices.validTo,
  facilityFee: servicePrices.facilityFee,
  professionalFee: servicePrices.professionalFee,
  consumablesFee: servicePrices.consumablesFee,
  createdBy: servicePrices.createdBy,
  createdAt: servicePrices.createdAt,
  clinicName: clinics.name,
};

/**
 * Every price of the services, corporate-wide first, then by clinic, payer class and start
 * (newest first), by service id.
 */
export async function pricesOfServices(
  db: Executor,
  serviceIds: readonly number[],
): Promise<Map<number, PriceRow[]>> {
  const byService = new Map<number, PriceRow[]>();
  if (!serviceIds.length) return byService;
  const rows = await db
    .select(priceColumns)
    .from(servicePrices)
    .leftJoin(clinics, eq(clinics.id, servicePrices.clinicId))
    .where(inArray(servicePrices.serviceId, [...serviceIds]))
    .orderBy(
      asc(servicePrices.serviceId),
      sql`${servicePrices.clinicId} NULLS FIRST`,
      sql`array_position(ARRAY['general','company','insurer'], ${servicePrices.payerClass})`,
      desc(servicePrices.validFrom),
    );
  for (const row of rows) {
    const list = byService.get(row.serviceId) ?? [];
    list.push(row);
    byService.set(row.serviceId, list);
  }
  return byService;
}

const scopeOf = (scope: { serviceId: number; payerClass: string; clinicId: number | null }): SQL =>
  and(
    eq(servicePrices.serviceId, scope.serviceId),
    eq(servicePrices.payerClass, scope.payerClass),
    scope.clinicId === null ? isNull(servicePrices.clinicId) : eq(servicePrices.clinicId, scope.clinicId),
  ) as SQL;

/** The prices of one scope: a service, a payer class, one clinic or corporate-wide (null). */
export async function pricesOfScope(
  db: Executor,
  scope: { serviceId: number; payerClass: string; clinicId: number | null },
): Promise<PriceRow[]> {
  return db
    .select(priceColumns)
    .from(servicePrices)
    .leftJoin(clinics, eq(clinics.id, servicePrices.clinicId))
    .where(scopeOf(scope))
    .orderBy(asc(servicePrices.validFrom));
}

export async function findPrice(db: Executor, serviceId: number, uid: string): Promise<PriceRow | null> {
  const [row] = await db
    .select(priceColumns)
    .from(servicePrices)
    .leftJoin(clinics, eq(clinics.id, servicePrices.clinicId))
    .where(and(eq(servicePrices.serviceId, serviceId), eq(servicePrices.uid, uid)));
  return row ?? null;
}

export type PriceValues = Pick<
  PriceTableRow,
  | 'serviceId'
  | 'clinicId'
  | 'payerClass'
  | 'validFrom'
  | 'validTo'
  | 'facilityFee'
  | 'professionalFee'
  | 'consumablesFee'
>;

export async function insertPrice(
  db: Executor,
  row: PriceValues & { uid: string; createdBy: number },
): Promise<PriceTableRow> {
  const [inserted] = await db.insert(servicePrices).values(row).returning();
  return inserted;
}

export async function setPriceEnd(db: Executor, id: number, validTo: string): Promise<void> {
  await db.update(servicePrices).set({ validTo }).where(eq(servicePrices.id, id));
}

/** The name of a clinic of the corporate (the price answers name the clinic of an override). */
export async function clinicName(db: Executor, corpId: number, clinicId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: clinics.name })
    .from(clinics)
    .where(and(eq(clinics.id, clinicId), eq(clinics.corpId, corpId)));
  return row?.name ?? null;
}

export interface PriceHit {
  uid: string;
  clinicId: number | null;
  payerClass: string;
  validFrom: string;
  validTo: string | null;
  facilityFee: number;
  professionalFee: number;
  consumablesFee: number;
  createdAt: Date;
}

/**
 * The price of a service on a day: per candidate scope (`lookupOrder`: the payer class before
 * general, the clinic before corporate-wide) the period starting last by that day — one backward
 * probe of `service_prices_lookup_idx` each — and the first that still runs that day.
 */
export async function lookupPrice(
  db: Executor,
  q: { serviceId: number; payerClass: string; clinicId: number | null; day: string },
): Promise<PriceHit | null> {
  const probes = lookupOrder(q.payerClass, q.clinicId).map(
    (
      scope,
      rank,
    ) => sql`(SELECT ${rank}::int AS rank, uid, clinic_id, payer_class, valid_from::text, valid_to::text,
        facility_fee::float8, professional_fee::float8, consumables_fee::float8, created_at
       FROM service_prices
      WHERE service_id = ${q.serviceId} AND payer_class = ${scope.payerClass}
        AND ${scope.clinicId === null ? sql`clinic_id IS NULL` : sql`clinic_id = ${scope.clinicId}`}
        AND valid_from <= ${q.day}::date
      ORDER BY valid_from DESC LIMIT 1)`,
  );
  const result = await db.execute<{
    uid: string;
    clinic_id: number | null;
    payer_class: string;
    valid_from: string;
    valid_to: string | null;
    facility_fee: number | string;
    professional_fee: number | string;
    consumables_fee: number | string;
    created_at: Date | string;
  }>(sql`SELECT * FROM (${sql.join(probes, sql` UNION ALL `)}) hit
    WHERE hit.valid_to IS NULL OR hit.valid_to >= ${q.day}
    ORDER BY hit.rank LIMIT 1`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    uid: row.uid,
    clinicId: row.clinic_id,
    payerClass: row.payer_class,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    facilityFee: Number(row.facility_fee),
    professionalFee: Number(row.professional_fee),
    consumablesFee: Number(row.consumables_fee),
    createdAt: new Date(row.created_at),
  };
}
