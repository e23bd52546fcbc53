import type { McuStation } from '@klinikita/domain/mcu/mcu-stations';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  mcuPackages,
  partnerCompanyPrices,
  servicePackageItems,
  servicePrices,
  services,
} from '../../db/schema/index.ts';
import { componentsOf } from '../../db/seed/service-tariffs.ts';
import { newUid } from '../../shared/crypto.ts';

/**
 * The demo's MCU packages (issue 20 §1), catalogue services of group `mcu` as the catalogue seed
 * makes them: lab items (darah lengkap, urine lengkap; gula darah puasa for production), the
 * stations each passes, a general price and PT Maju Bersama Logistik's contract price. Made only
 * when the corporate has none of these codes. Answers the package codes with their service uids.
 */

export interface DemoPackage {
  code: string;
  nameId: string;
  nameEn: string;
  examType: 'periodic' | 'preEmployment';
  stations: McuStation[];
  labItems: string[];
  price: number;
  contractPrice: number;
  /** the job group of the company's sheet (JENIS PAKET) */
  jobGroup: string;
}

export const DEMO_PACKAGES: DemoPackage[] = [
  {
    code: 'MCU-DASAR',
    nameId: 'Paket MCU Dasar',
    nameEn: 'Basic MCU package',
    examType: 'periodic',
    stations: ['anamnesis', 'vitals', 'physical', 'eye', 'lab'],
    labItems: ['LAB-DL', 'LAB-UL'],
    price: 650_000,
    contractPrice: 450_000,
    jobGroup: 'Staf',
  },
  {
    code: 'MCU-PRODUKSI',
    nameId: 'Paket MCU Produksi (bising dan debu)',
    nameEn: 'Production MCU package (noise and dust)',
    examType: 'periodic',
    stations: ['anamnesis', 'vitals', 'physical', 'eye', 'audiometry', 'spirometry', 'lab'],
    labItems: ['LAB-DL', 'LAB-UL', 'LAB-GDP'],
    price: 1_100_000,
    contractPrice: 850_000,
    jobGroup: 'Produksi',
  },
];

export async function seedDemoMcuPackages(
  db: Db,
  corpId: number,
  companyId: number,
): Promise<Map<string, string>> {
  const codes = DEMO_PACKAGES.map((p) => p.code);
  const found = async () =>
    db
      .select({ uid: services.uid, code: services.code })
      .from(services)
      .where(and(eq(services.corpId, corpId), inArray(services.code, codes)));
  const existing = await found();
  if (existing.length === codes.length) return new Map(existing.map((r) => [r.code, r.uid]));
  const itemCodes = [...new Set(DEMO_PACKAGES.flatMap((p) => p.labItems))];
  const items = await db
    .select({ id: services.id, code: services.code })
    .from(services)
    .where(and(eq(services.corpId, corpId), inArray(services.code, itemCodes)));
  const itemId = new Map(items.map((i) => [i.code, i.id]));
  if (items.length !== itemCodes.length) return new Map();
  const have = new Set(existing.map((r) => r.code));
  await db.transaction(async (tx) => {
    for (const p of DEMO_PACKAGES.filter((x) => !have.has(x.code))) {
      const [row] = await tx
        .insert(services)
        .values({
          uid: newUid(),
          corpId,
          code: p.code,
          nameId: p.nameId,
          nameEn: p.nameEn,
          serviceGroup: 'mcu',
          unit: 'paket',
          taxCategory: 'exempt',
          isPackage: true,
        })
        .returning({ id: services.id });
      await tx
        .insert(servicePackageItems)
        .values(p.labItems.map((code, sort) => ({ packageId: row.id, itemId: itemId.get(code)!, sort })));
      await tx.insert(mcuPackages).values({ serviceId: row.id, examType: p.examType, stations: p.stations });
      await tx.insert(servicePrices).values({
        uid: newUid(),
        serviceId: row.id,
        payerClass: 'general',
        validFrom: '2026-01-01',
        validTo: null,
        ...componentsOf('lab', p.price),
      });
      await tx.insert(partnerCompanyPrices).values({
        uid: newUid(),
        companyId,
        serviceId: row.id,
        price: p.contractPrice,
        validFrom: '2026-01-01',
      });
    }
  });
  return new Map((await found()).map((r) => [r.code, r.uid]));
}
