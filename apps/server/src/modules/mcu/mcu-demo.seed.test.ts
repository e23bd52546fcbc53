import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { seedDemoMcu } from './mcu-demo.ts';

/**
 * The demo's MCU events read back as the screens read them: Cikarang's 40 participants in every
 * state, Surabaya's 12 approved with their bills on one sent company invoice; the company's HR
 * user sees both events; a second run changes nothing.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const u of ['superadmin', 'hrd', 'kasir']) tokens[u] = await loginAs(ctx.app, u);
}, 120_000);
afterAll(() => ctx?.close());

const get = async (who: string, url: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${API}${url}`,
    headers: { authorization: tokens[who] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

describe('the MCU demo', () => {
  it('leaves the Cikarang event in every state and the Surabaya event approved and invoiced, once', async () => {
    const db = ctx.database.db;
    const started = performance.now();
    expect(await seedDemoMcu(db)).toBe(52);
    console.log(`MCU demo seeded in ${Math.round(performance.now() - started)} ms`);
    expect(await seedDemoMcu(db)).toBe(0);

    const events = await get('superadmin', '/mcu/events?limit=100');
    const cikarang = events.docs.find(
      (e: { clinicId: number; name: string }) => e.clinicId === 11 && /Cikarang/.test(e.name),
    );
    const surabaya = events.docs.find(
      (e: { clinicId: number; name: string }) => e.clinicId === 12 && /Surabaya/.test(e.name),
    );
    expect(cikarang.progress).toEqual({ registered: 10, inProgress: 12, done: 10, approved: 8, total: 40 });
    expect(surabaya.progress).toEqual({ registered: 0, inProgress: 0, done: 0, approved: 12, total: 12 });

    // the company's invoice of Surabaya: sent, its 12 checkups at the contract price
    const invoices = await get('superadmin', '/billing/payer-invoices?clinicId=12&limit=100');
    expect(invoices.docs).toHaveLength(1);
    expect(invoices.docs[0].status).toBe('SENT');

    // the HR user of the company sees both events
    const portal = await get('hrd', '/mcu/portal/events');
    const names = portal.events.map((e: { name: string }) => e.name);
    expect(names).toEqual(expect.arrayContaining([cikarang.name, surabaya.name]));
  }, 120_000);
});
