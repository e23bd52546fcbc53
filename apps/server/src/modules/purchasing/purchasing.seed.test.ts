import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPurchasing } from '../../db/seed/purchasing.ts';
import { seedDemoStock } from '../../db/seed/stock.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/** The demo's purchasing read back through the API as the purchasing screens read it. */

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await loginAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization: token } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

describe('the demo purchasing', () => {
  it('adds suppliers and Menteng’s orders once: received, half received into the Gudang, a draft', async () => {
    expect(await seedDemoPurchasing(ctx.database.db)).toBe(false); // no warehouse yet
    await seedDemoStock(ctx.database.db);
    expect(await seedDemoPurchasing(ctx.database.db)).toBe(true);
    expect(await seedDemoPurchasing(ctx.database.db)).toBe(false);
    expect((await get('/purchasing/suppliers')).totalDocs).toBe(4);
    const orders = await get('/purchasing/orders?clinicId=10');
    expect(orders.docs.map((o: { status: string }) => o.status)).toEqual([
      'draft',
      'partially_received',
      'received',
    ]);
    const half = await get(`/purchasing/orders/${orders.docs[1].uid}`);
    expect(half.lines[0]).toMatchObject({ quantity: 10, received: 5, open: 5 });
    expect(half.receipts).toHaveLength(1);
    expect(half.receipts[0].location.name).toBe('Gudang');
    const receipt = await get(`/purchasing/receipts/${half.receipts[0].uid}`);
    expect(receipt.lines[0]).toMatchObject({ batchNumber: 'AMX2511K', baseQuantity: 500, unitCost: 405 });
    expect((await get('/inventory/consistency?clinicId=10')).mismatches).toEqual([]);
  });
});
