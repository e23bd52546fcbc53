import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../../db/schema/index.ts';
import { DEMO_SHIFT_FLOAT, seedDemoCashierShift } from '../../db/seed/cashier-shifts.ts';
import { seedDemoPayerInvoices } from '../../db/seed/payer-invoices.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { BILLS_MARK, seedDemoBills } from './billing-demo.ts';

/**
 * The demo's bills of today at Menteng, after the demo's billing parts in main.ts's order (the
 * company month, the kasir's shift, today's bills), read back as the cashier's screen reads them;
 * the billing consistency check stays clean.
 */

let ctx: TestContext;
let kasir = '';
let superadmin = '';

beforeAll(async () => {
  ctx = await createTestApp();
  kasir = await loginAs(ctx.app, 'kasir');
  superadmin = await loginAs(ctx.app, 'superadmin');
}, 120_000);
afterAll(() => ctx?.close());

const get = async (token: string, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization: token } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

describe('the demo bills of today', () => {
  it('leaves a bill in every state once, consistent, the cash in the kasir’s shift', async () => {
    const db = ctx.database.db;
    await seedDemoPayerInvoices(db);
    await seedDemoCashierShift(db);
    expect(await seedDemoBills(db)).toBe(6);
    expect(await seedDemoBills(db)).toBe(0);

    const visits = await db
      .select({ uid: registrations.uid, status: registrations.status, payerType: registrations.payerType })
      .from(registrations)
      .where(eq(registrations.complaint, BILLS_MARK))
      .orderBy(asc(registrations.id));
    expect(visits).toHaveLength(6);
    const [paid, reversed, split, posted, discount, draft] = await Promise.all(
      visits.map((v) => get(kasir, `/billing/visits/${v.uid}/bill`)),
    );
    expect(visits.map((v) => v.status)).toEqual(['Paid', 'Paid', 'Paid', 'Payment', 'Payment', 'Payment']);

    expect(paid).toMatchObject({ status: 'paid', outstanding: 0 });
    expect(paid.payments[0].parts[0]).toMatchObject({ method: 'TUNAI' });
    expect(paid.payments[0].parts[0].change).toBeGreaterThanOrEqual(0);

    // the reversal: by the admin, with its reason; the bill owed again in full
    expect(reversed.status).toBe('posted');
    expect(reversed.outstanding).toBe(reversed.totals.net);
    const reversal = reversed.payments.find((p: { reversesUid: string | null }) => p.reversesUid);
    expect(reversal.amount).toBe(-reversed.totals.net);
    expect(reversal.reason).toMatch(/Salah input/);
    expect(reversal.cashierId).not.toBe(paid.payments[0].cashierId);

    expect(split).toMatchObject({
      status: 'paid',
      payerType: 'company',
      payerName: 'PT Sinar Abadi Konstruksi',
    });
    expect(split.receivable).toBeGreaterThan(0);
    expect(split.paid).toBeGreaterThan(0);
    expect(split.payments[0].parts.map((p: { method: string }) => p.method)).toEqual(['PERUSAHAAN', 'DEBIT']);

    expect(posted).toMatchObject({ status: 'posted', outstanding: posted.totals.net });
    expect(posted.number).toMatch(/^INV\/10\//);

    expect(discount.status).toBe('draft');
    expect(discount.adjustments.map((a: { kind: string; status: string }) => [a.kind, a.status])).toEqual([
      ['charge', 'approved'],
      ['discount', 'pending'],
    ]);
    expect(draft).toMatchObject({ status: 'draft', number: null });
    expect(draft.lines.length).toBeGreaterThan(0);

    // the kasir's shift holds the cash taken and given back: the paid bill's only
    const { shift } = await get(kasir, '/billing/shifts/current?clinicId=10');
    expect(shift.totals.expectedCash).toBe(DEMO_SHIFT_FLOAT + paid.totals.net);
    expect(shift.totals.cashRefunds).toBe(reversed.totals.net);

    const consistency = await get(superadmin, '/billing/consistency');
    expect(consistency.problems).toEqual([]);
    expect(consistency.checked.bills).toBeGreaterThanOrEqual(16 + 5);
  });
});
