import { count, eq } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import { servicePackageItems, servicePrices, services, specialists } from '../schema/index.ts';
import {
  CLASS_FACTORS,
  COMPONENT_SHARES,
  DEMO_OVERRIDES,
  DEMO_SERVICES,
  type DemoGroup,
  PREVIOUS_YEAR_FACTOR,
} from './service-tariffs.data.ts';

/** Rounded to whole Rp 500 (prices are quoted that way). */
const round500 = (amount: number) => Math.round(amount / 500) * 500;

/** A total split into the group's components; the facility fee takes the rounding. */
export function componentsOf(group: DemoGroup, total: number) {
  const shares = COMPONENT_SHARES[group];
  const professionalFee = round500(total * shares.professional);
  const consumablesFee = round500(total * shares.consumables);
  return { facilityFee: total - professionalFee - consumablesFee, professionalFee, consumablesFee };
}

/**
 * Demo: the demo chain's service master and tariffs — every service with its general, company
 * and insurer prices for 2025 (ended 31/12/2025) and from 2026-01-01 (open), Klinik Makassar's
 * cheaper GP consultation, and the panels' and package's items. Only when the corporate has none.
 */
export async function seedServiceTariffs(db: Executor, corpId: number): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(services).where(eq(services.corpId, corpId));
  if (n > 0) return;
  const specialistRows = await db.select({ id: specialists.id, name: specialists.name }).from(specialists);
  const specialistId = new Map(specialistRows.map((s) => [s.name, s.id]));
  const rows = await db
    .insert(services)
    .values(
      DEMO_SERVICES.map((s) => ({
        uid: newUid(),
        corpId,
        code: s.code,
        nameId: s.nameId,
        nameEn: s.nameEn,
        serviceGroup: s.group,
        unit: s.unit,
        taxCategory: s.tax ?? 'exempt',
        icd9Code: s.icd9 ?? null,
        specialistId: s.specialist ? (specialistId.get(s.specialist) ?? null) : null,
        isPackage: Boolean(s.items),
      })),
    )
    .returning({ id: services.id, code: services.code });
  const idOf = new Map(rows.map((r) => [r.code, r.id]));

  const items = DEMO_SERVICES.flatMap((s) =>
    (s.items ?? []).map(([code, quantity], sort) => ({
      packageId: idOf.get(s.code)!,
      itemId: idOf.get(code)!,
      quantity,
      sort,
    })),
  );
  await db.insert(servicePackageItems).values(items);

  const prices: Omit<typeof servicePrices.$inferInsert, 'uid'>[] = DEMO_SERVICES.flatMap((s) =>
    Object.entries(CLASS_FACTORS).flatMap(([payerClass, factor]) => {
      const current = round500(s.price * factor);
      const previous = round500(current * PREVIOUS_YEAR_FACTOR);
      const base = { serviceId: idOf.get(s.code)!, payerClass };
      return [
        { ...base, validFrom: '2025-01-01', validTo: '2025-12-31', ...componentsOf(s.group, previous) },
        { ...base, validFrom: '2026-01-01', validTo: null, ...componentsOf(s.group, current) },
      ];
    }),
  );
  for (const o of DEMO_OVERRIDES) {
    const group = DEMO_SERVICES.find((s) => s.code === o.code)!.group;
    prices.push({
      serviceId: idOf.get(o.code)!,
      clinicId: o.clinicId,
      payerClass: 'general',
      validFrom: '2026-01-01',
      validTo: null,
      ...componentsOf(group, o.price),
    });
  }
  await db.insert(servicePrices).values(prices.map((p) => ({ ...p, uid: newUid() })));
}
