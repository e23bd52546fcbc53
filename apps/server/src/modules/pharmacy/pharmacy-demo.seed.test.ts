import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prescriptions, registrations } from '../../db/schema/index.ts';
import { seedDemoStock } from '../../db/seed/stock.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { seedDemoPrescriptions } from './pharmacy-demo.ts';

/** The demo's pharmacy queue read back through the API as the queue screen reads it. */

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await loginAs(ctx.app, 'farmasi');
}, 120_000);
afterAll(() => ctx.close());

const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization: token } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

describe('the demo prescriptions', () => {
  it('puts today’s prescriptions at Menteng in every state once, the stock agreeing with its cards', async () => {
    await seedDemoStock(ctx.database.db);
    expect(await seedDemoPrescriptions(ctx.database.db)).toBe(10);
    expect(await seedDemoPrescriptions(ctx.database.db)).toBe(0);
    const queue = await get('/pharmacy/prescriptions?clinicId=10&limit=100');
    const statuses = queue.docs.map((r: { status: string }) => r.status);
    for (const s of [
      'submitted',
      'in_review',
      'on_hold',
      'preparing',
      'ready',
      'partially_dispensed',
      'dispensed',
      'rejected',
    ])
      expect(statuses).toContain(s);
    expect(queue.docs[0]).toMatchObject({ priority: 'cito', status: 'submitted' });
    expect(queue.docs.some((r: { racikan: boolean }) => r.racikan)).toBe(true);
    const [walk] = await ctx.database.db
      .select({ uid: prescriptions.uid })
      .from(prescriptions)
      .innerJoin(registrations, eq(registrations.id, prescriptions.registrationId))
      .where(eq(registrations.complaint, 'Batuk berdahak dan nyeri ulu hati, kontrol ISK'));
    const read = await get(`/pharmacy/prescriptions/${walk.uid}`);
    expect(read).toMatchObject({ status: 'submitted', priority: 'normal' });
    expect(read.interactions[0]).toMatchObject({ severity: 'moderate', lines: [0, 1] });
    expect(read.lines.every((l: { available: number; owed: number }) => l.available >= l.owed)).toBe(true);
    const held = queue.docs.find((r: { status: string }) => r.status === 'on_hold');
    expect((await get(`/pharmacy/prescriptions/${held.uid}`)).events.at(-1).reason).toContain('Simvastatin');
    expect(await get('/inventory/consistency?clinicId=10')).toMatchObject({ mismatches: [] });
  }, 120_000);
});
