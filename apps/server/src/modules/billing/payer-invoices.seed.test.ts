import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPayerInvoices } from '../../db/seed/payer-invoices.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/**
 * The demo's bills to companies: two partner companies with a month of paid visits at Menteng, the
 * first one's on an invoice sent and partly paid, the second's not invoiced — written as the
 * cashier writes them, so the billing consistency check stays clean.
 */

let ctx: TestContext;
let token = '';
const get = async (url: string) =>
  json(await ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization: token } }));

beforeAll(async () => {
  ctx = await createTestApp();
  token = await loginAs(ctx.app, 'superadmin');
}, 120_000);
afterAll(() => ctx?.close());

describe('demo payer invoices', () => {
  it('seeds once, consistent with the bills', async () => {
    expect(await seedDemoPayerInvoices(ctx.database.db)).toBe(true);
    expect(await seedDemoPayerInvoices(ctx.database.db)).toBe(false);

    const consistency = (await get('/billing/consistency')).data;
    expect(consistency.problems).toEqual([]);
    expect(consistency.checked.bills).toBeGreaterThanOrEqual(16);

    const list = (await get('/billing/payer-invoices?clinicId=10')).data;
    expect(list.docs).toHaveLength(2);
    const invoice = list.docs.find((d: { payerKind: string }) => d.payerKind === 'company');
    expect(invoice).toMatchObject({ status: 'PARTIALLY_PAID', payerName: 'PT Maju Bersama Logistik' });
    expect(invoice.paid).toBeGreaterThan(0);
    expect(invoice.open).toBeGreaterThan(0);
    const detail = (await get(`/billing/payer-invoices/${invoice.uid}`)).data;
    expect(detail.items).toHaveLength(8);
    expect(detail.items[0].open).toBe(0);
    expect(detail.sentBy).not.toBeNull();

    const aging = (await get('/billing/payer-invoices/aging?clinicId=10')).data;
    const other = aging.rows.find(
      (r: { payerName: string }) => r.payerName === 'PT Bank Nusantara Sejahtera',
    );
    expect(other.notInvoiced).toBe(8 * 103_500);
    const first = aging.rows.find((r: { payerName: string }) => r.payerName === 'PT Maju Bersama Logistik');
    expect(first.notDue).toBe(invoice.open);

    // AdMedika's claim batch: sent, one visit partly denied over the ceiling, the rest of it paid
    const batch = list.docs.find((d: { payerName: string }) => d.payerName === 'AdMedika (TPA)');
    expect(batch).toMatchObject({ payerKind: 'insurer', status: 'PARTIALLY_PAID', denied: 30_000 });
    const claim = (await get(`/billing/payer-invoices/${batch.uid}/denials`)).data;
    expect(claim.denials).toEqual([
      expect.objectContaining({ reasonCode: 'overCeiling', amount: 30_000, state: 'DENIED' }),
    ]);
    expect(claim.denials[0].note).toBeTruthy();
    expect(claim.denials[0].lines[0].description).toBe('Konsultasi dokter umum');
    const items = (await get(`/billing/payer-invoices/${batch.uid}`)).data.items;
    expect(items.find((i: { denied: number }) => i.denied > 0)).toMatchObject({
      open: 0,
      paid: 103_500 - 30_000,
    });

    const settings = (await get('/billing/payer-invoices/settings?clinicId=10')).data;
    expect(settings.bankName).toBe('Bank Mandiri');
  });
});
