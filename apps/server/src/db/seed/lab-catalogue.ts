import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import { labParameters, labReferenceRanges, servicePackageItems, services } from '../schema/index.ts';
import { LAB_PANEL_ITEMS, LAB_TEST_PARAMETERS } from './lab-catalogue.data.ts';
import type { ParameterSeed } from './lab-parameter-seed.ts';

/**
 * Demo: the parameters and reference ranges of the lab tests the service master seeded, and the
 * tests of its panels, found by code. A code the service master does not have is skipped, and a
 * test that already has parameters (or a panel that has tests) is left as it is: seeding never
 * fails and may run again.
 */
export async function seedLabCatalogue(db: Executor, corpId: number): Promise<void> {
  const codes = [...Object.keys(LAB_TEST_PARAMETERS), ...Object.keys(LAB_PANEL_ITEMS)];
  for (const code of new Set(Object.values(LAB_PANEL_ITEMS).flat())) codes.push(code);
  const rows = await db
    .select({ id: services.id, code: services.code, isPackage: services.isPackage })
    .from(services)
    .where(
      and(
        eq(services.corpId, corpId),
        eq(services.serviceGroup, 'lab'),
        inArray(
          sql`lower(${services.code})`,
          codes.map((c) => c.toLowerCase()),
        ),
      ),
    );
  const byCode = new Map(rows.map((r) => [r.code.toUpperCase(), r]));

  for (const [code, parameters] of Object.entries(LAB_TEST_PARAMETERS)) {
    const test = byCode.get(code);
    if (!test || test.isPackage) continue;
    const [{ n }] = await db
      .select({ n: count() })
      .from(labParameters)
      .where(eq(labParameters.serviceId, test.id));
    if (n === 0) await insertParameters(db, test.id, parameters);
  }

  for (const [code, itemCodes] of Object.entries(LAB_PANEL_ITEMS)) {
    const panel = byCode.get(code);
    if (!panel?.isPackage) continue;
    const [{ n }] = await db
      .select({ n: count() })
      .from(servicePackageItems)
      .where(eq(servicePackageItems.packageId, panel.id));
    const items = itemCodes.map((c) => byCode.get(c)).filter((s) => s && !s.isPackage);
    if (n > 0 || !items.length) continue;
    await db
      .insert(servicePackageItems)
      .values(items.map((s, i) => ({ packageId: panel.id, itemId: s!.id, quantity: 1, sort: (i + 1) * 10 })));
  }
}

async function insertParameters(db: Executor, serviceId: number, parameters: readonly ParameterSeed[]) {
  const inserted = await db
    .insert(labParameters)
    .values(
      parameters.map((p, i) => ({
        uid: newUid(),
        serviceId,
        code: p.code,
        nameId: p.nameId,
        nameEn: p.nameEn,
        unit: p.unit ?? null,
        resultType: p.type ?? 'number',
        decimals: p.decimals ?? 0,
        printOrder: (i + 1) * 10,
        loinc: p.loinc,
        specimen: p.specimen,
        container: p.container,
        choices: p.choices ?? null,
        formula: p.formula ?? null,
      })),
    )
    .returning({ id: labParameters.id, code: labParameters.code });
  const idByCode = new Map(inserted.map((r) => [r.code, r.id]));
  const ranges = parameters.flatMap((p) =>
    p.ranges.map((r) => ({
      parameterId: idByCode.get(p.code)!,
      sex: r.sex ?? 'any',
      ageFromDays: r.from ?? 0,
      ageToDays: r.to ?? null,
      low: r.low ?? null,
      high: r.high ?? null,
      criticalLow: r.criticalLow ?? null,
      criticalHigh: r.criticalHigh ?? null,
      impossibleLow: r.impossibleLow ?? null,
      impossibleHigh: r.impossibleHigh ?? null,
      normalText: r.normalText ?? null,
    })),
  );
  if (ranges.length) await db.insert(labReferenceRanges).values(ranges);
}
