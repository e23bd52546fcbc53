import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { reconciles } from '@klinikita/domain/inventory/stock-documents.rules';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drugs,
  itemCosts,
  stockBatches,
  stockLevels,
  stockLocations,
  stockMovements,
} from '../../db/schema/index.ts';
import { API, createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { day, inventoryKit } from './test/inventory-kit.ts';

/** The narcotics and psychotropics report: per item, reconciling; as xlsx. */

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let pharmacy: string;
let warehouse: string;
const month = clinicDay('Asia/Jakarta').slice(0, 7);

beforeAll(async () => {
  ctx = await createTestApp();
  kit = inventoryKit(ctx);
  await kit.login(['farmasi'], ['kasir']);
  pharmacy = await kit.newLocation('Apotek Narkotika', 'pharmacy');
  warehouse = await kit.newLocation('Gudang Narkotika');
});
afterAll(() => ctx.close());

describe('narcotics report', () => {
  it('answers opening, in, out, adjustments and closing per item, reconciling, and exports them', async () => {
    const codeine = await kit.newItem('Kodein', { drugClass: 'narcotic' });
    const diazepam = await kit.newItem('Diazepam', { drugClass: 'psychotropic' });
    const plain = await kit.newItem('Parasetamol Biasa', { drugClass: 'otc' });
    // last month's receipt: the opening stock
    await receivedDaysAgo(codeine, 50, 40);
    await kit.receive(warehouse, codeine, { batchNumber: 'C1', expiryDate: day(400), quantity: 30 });
    // a transfer inside the clinic is neither in nor out
    expect(
      (
        await kit.call('POST', `/inventory/locations/${warehouse}/transfers`, 'farmasi', {
          toLocationUid: pharmacy,
          itemUid: codeine,
          quantity: 20,
          unit: 'TAB',
        })
      ).statusCode,
    ).toBe(200);
    expect((await kit.issue(pharmacy, codeine, { quantity: 7 })).statusCode).toBe(200);
    expect(
      (
        await kit.call('POST', `/inventory/locations/${pharmacy}/adjustments`, 'farmasi', {
          itemUid: codeine,
          batchNumber: 'C0',
          delta: -1,
          reason: 'Tablet pecah',
        })
      ).statusCode,
    ).toBe(200);
    await kit.receive(pharmacy, diazepam, { batchNumber: 'D1', quantity: 10 });
    await kit.receive(pharmacy, plain, { batchNumber: 'X1', quantity: 10 });

    const report = await kit.must('GET', `/inventory/reports/narcotics?clinicId=10&month=${month}`);
    expect(report.month).toBe(month);
    expect(report.clinicName).toBeTruthy();
    const byName = Object.fromEntries(report.rows.map((r: { name: string }) => [r.name, r]));
    expect(Object.keys(byName)).toEqual(['Kodein', 'Diazepam']);
    expect(byName.Kodein).toMatchObject({
      drugClass: 'narcotic',
      baseUnit: 'TAB',
      opening: 50,
      in: 30,
      out: 7,
      adjust: -1,
      closing: 72,
    });
    expect(byName.Diazepam).toMatchObject({ opening: 0, in: 10, out: 0, adjust: 0, closing: 10 });
    for (const row of report.rows) expect(reconciles(row)).toBe(true);

    const bad = await kit.call('GET', '/inventory/reports/narcotics?clinicId=10&month=2026-13', 'farmasi');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors?.[0]).toMatchObject({ path: 'month', message: 'Bulan tidak valid (TTTT-BB)' });

    const file = await ctx.app.inject({
      method: 'GET',
      url: `${API}/inventory/reports/narcotics/xlsx?clinicId=10&month=${month}`,
      headers: { authorization: kit.tokens.farmasi },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="narkotika-psikotropika-${month}.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(3).values).toEqual([undefined, 'Periode', month]);
    expect((sheet.getRow(5).values as unknown[]).slice(1)).toEqual([
      'No',
      'Kode KFA',
      'Nama Obat',
      'Golongan',
      'Satuan',
      'Stok Awal',
      'Pemasukan',
      'Penggunaan',
      'Penyesuaian',
      'Stok Akhir',
    ]);
    expect((sheet.getRow(6).values as unknown[]).slice(1)).toEqual([
      1,
      undefined,
      'Kodein 500 mg',
      'Narkotika',
      'TAB',
      50,
      30,
      7,
      -1,
      72,
    ]);
    expect((sheet.getRow(7).values as unknown[])[3]).toBe('Diazepam 500 mg');
  });

  it('refuses another clinic and a role without stock.read', async () => {
    expect(
      (await kit.call('GET', `/inventory/reports/narcotics?clinicId=999&month=${month}`, 'farmasi'))
        .statusCode,
    ).toBe(403);
    expect(
      (await kit.call('GET', `/inventory/reports/narcotics?clinicId=10&month=${month}`, 'kasir')).statusCode,
    ).toBe(403);
  });
});

/** Batch C0 of the item received into the warehouse `days` ago: rows as the receipt then wrote them. */
async function receivedDaysAgo(itemUid: string, quantity: number, days: number) {
  const db = ctx.database.db;
  const [drug] = await db.select({ id: drugs.id }).from(drugs).where(eq(drugs.uid, itemUid));
  const [location] = await db.select().from(stockLocations).where(eq(stockLocations.uid, warehouse));
  const [batch] = await db
    .insert(stockBatches)
    .values({ itemId: drug.id, batchNumber: 'C0', expiryDate: day(300) })
    .returning();
  await db
    .insert(stockLevels)
    .values({ locationId: location.id, batchId: batch.id, itemId: drug.id, quantity });
  await db.insert(itemCosts).values({ itemId: drug.id, clinicId: 10, averageCost: 500, onHand: quantity });
  await db.insert(stockMovements).values({
    uid: `old-${itemUid}`,
    corpId: location.corpId,
    clinicId: 10,
    locationId: location.id,
    itemId: drug.id,
    batchId: batch.id,
    kind: 'receipt',
    quantity,
    balanceAfter: quantity,
    unitCost: 500,
    referenceType: 'receipt',
    referenceUid: 'old',
    createdAt: sql`now() - ${days} * interval '1 day'`,
  });
}
