import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Paged } from '@klinikita/domain/common/paged';
import type {
  CardEntry,
  Consistency,
  StockAlerts,
  StockItem,
  StockLocation,
} from '@klinikita/domain/inventory/stock.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStock } from '../../db/seed/stock.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/** The demo's stock read back through the API as the stock screens read it. */

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await loginAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

const get = async <T>(url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization: token } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as T;
};

describe('the demo stock', () => {
  it('stocks Menteng and Cikarang once, in batches, with alerts to show and every card summing to stock', async () => {
    expect(await seedDemoStock(ctx.database.db)).toBe(2);
    expect(await seedDemoStock(ctx.database.db)).toBe(0);
    const today = clinicDay('Asia/Jakarta');
    for (const clinicId of [10, 11]) {
      const locations = await get<StockLocation[]>(`/inventory/locations?clinicId=${clinicId}`);
      expect(locations.map((l) => [l.name, l.type])).toEqual([
        ['Apotek', 'pharmacy'],
        ['Gudang', 'warehouse'],
        ['Laboratorium', 'lab'],
        ['Ruang Tindakan', 'treatment'],
      ]);
      expect(await get<Consistency>(`/inventory/consistency?clinicId=${clinicId}`)).toMatchObject({
        mismatches: [],
      });
      const alerts = await get<StockAlerts>(`/inventory/alerts?clinicId=${clinicId}`);
      expect(alerts.belowMinimum.map((a) => a.name)).toEqual(
        expect.arrayContaining(['Amoxicillin', 'Cetirizine', 'Sarung tangan lateks']),
      );
      expect(alerts.nearExpiry.filter((a) => a.expired).map((a) => a.batchNumber)).toEqual(['CLR2311X']);
      expect(alerts.nearExpiry.map((a) => a.batchNumber)).toEqual(
        expect.arrayContaining(['PCT2409A', 'CTZ2408K', 'OBH2410E', 'SRT2409L']),
      );
      expect(alerts.deadStock.map((a) => a.name)).toContain('Betahistine');
    }

    const [, warehouse] = await get<StockLocation[]>('/inventory/locations?clinicId=10');
    const stock = await get<Paged<StockItem>>(
      `/inventory/locations/${warehouse.uid}/stock?search=paracetamol`,
    );
    const paracetamol = stock.docs.find((i) => i.name === 'Paracetamol' && i.strength === '500 mg')!;
    expect(paracetamol).toMatchObject({ kind: 'drug', drugClass: 'otc', minStock: 500, onHand: 1300 });
    expect(paracetamol.batches.map((b) => [b.batchNumber, b.expiryDate, b.quantity])).toEqual([
      ['PCT2409A', addDays(today, 60), 300],
      ['PCT2502B', addDays(today, 540), 1000],
    ]);
    const card = await get<Paged<CardEntry>>(
      `/inventory/locations/${warehouse.uid}/items/${paracetamol.itemUid}/card`,
    );
    // newest first: the two transfers to the pharmacy, then the two receipts
    expect(card.docs.map((e) => [e.kind, e.quantity, e.balance])).toEqual([
      ['transfer_out', -200, 1300],
      ['transfer_out', -100, 1500],
      ['receipt', 1200, 1600],
      ['receipt', 400, 400],
    ]);
    expect(card.docs[0].by).toBeTruthy();

    const consumables = await get<Paged<StockItem>>(
      `/inventory/locations/${warehouse.uid}/stock?search=spuit`,
    );
    expect(consumables.docs.map((i) => [i.name, i.kind, i.onHand])).toEqual([['Spuit', 'consumable', 200]]);
  });
});
