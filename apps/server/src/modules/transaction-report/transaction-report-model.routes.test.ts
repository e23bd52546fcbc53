import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, partnerCompanies, registrations } from '../../db/schema/index.ts';
import { ensureShift } from '../../test/cashier-shift-fixtures.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { reportModelDrift } from './transaction-report-model.queries.ts';

/**
 * The report's read model (transaction_report_bills) stays equal to what the money rows say through
 * the billing API's writes — posting, split payments, a reversal and a new payment, adjustments of
 * posted bills, a company's receivable — and the report reads its rows; a row changed behind the
 * model's back is found by the consistency query and rebuilt by the database's refresh function.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let corpId = 0;
let nik = 8100;

const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });
const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return JSON.parse(r.body).data;
};
const drift = () => reportModelDrift(ctx.database.db, corpId, [10, 11]);

async function newVisit(payer: object = { payerType: 'self' }) {
  const patient = await ok(
    call('POST', '/patients', 'superadmin', {
      clinicId: 10,
      name: `Pasien Model ${nik}`,
      sex: 'F',
      dob: '01/02/1990',
      nik: `317105010290${String(nik++).padStart(4, '0')}`,
    }),
  );
  const visit = await ok(
    call('POST', '/registrations/registrations', 'superadmin', {
      clinicId: 10,
      patientId: patient.uid,
      orderType: 'doctor',
      doctorId: dokterId,
      ...payer,
    }),
  );
  await ctx.database.db
    .update(registrations)
    .set({ status: 'Payment' })
    .where(eq(registrations.uid, visit._id));
  return visit._id as string;
}

const post = async (visit: string) => ok(call('POST', `/billing/visits/${visit}/bill/post`, 'kasir', {}));
const pay = async (billUid: string, parts: object[]) =>
  ok(call('POST', `/billing/bills/${billUid}/payments`, 'kasir', { idempotencyKey: randomUUID(), parts }));
const outstanding = async (billUid: string) => {
  const [row] = await ctx.database.db.select().from(bills).where(eq(bills.uid, billUid));
  const { rows } = await ctx.database.db.execute(
    sql`SELECT (SELECT coalesce(sum(net), 0) FROM bill_lines WHERE bill_id = ${row.id})
      - (SELECT coalesce(sum(amount), 0) FROM payments WHERE bill_id = ${row.id}) AS due`,
  );
  return Number((rows[0] as { due: string }).due);
};
const reportRow = async (number: string) => {
  const data = await ok(
    call('GET', `/reports/transactions?clinicId=10&q=${encodeURIComponent(number)}`, 'superadmin'),
  );
  expect(data.docs).toHaveLength(1);
  return data.docs[0];
};

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'kasir']) tokens[who] = await loginAs(ctx.app, who);
  for (const who of ['kasir', 'superadmin']) await ensureShift(ctx.app, tokens[who], 10);
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  corpId = (await userByName(ctx.database.db, 'kasir')).corpId;
  await practisesToday(ctx.database.db, dokterId, 10);
}, 180_000);
afterAll(() => ctx?.close());

describe('the transaction report read model', () => {
  it('stays equal to the money rows through payments, a reversal, adjustments and receivables', async () => {
    expect(await drift()).toEqual([]);

    // split payment, reversed, then paid again by another method
    const a = await post(await newVisit());
    expect(await drift()).toEqual([]);
    const half = Math.floor(a.totals.net / 2);
    const first = await pay(a.uid, [
      { method: 'TUNAI', amount: half },
      { method: 'DEBIT', amount: a.totals.net - half, reference: 'EDC-9' },
    ]);
    expect(await drift()).toEqual([]);
    await ok(
      call('POST', `/billing/payments/${first.payment.uid}/reverse`, 'superadmin', {
        reason: 'Salah metode',
      }),
    );
    expect(await drift()).toEqual([]);
    expect(await reportRow(a.number)).toMatchObject({ status: 'DIBATALKAN', outstanding: a.totals.net });
    await pay(a.uid, [{ method: 'QRIS', amount: a.totals.net, reference: 'RRN-9' }]);
    expect(await drift()).toEqual([]);
    expect(await reportRow(a.number)).toMatchObject({
      status: 'LUNAS',
      methods: { TUNAI: 0, DEBIT: 0, QRIS: a.totals.net },
      outstanding: 0,
      receiptNumbers: [expect.any(String), expect.any(String)],
    });

    // adjusted after posting, then paid; adjusted again after payment (owing again)
    const b = await post(await newVisit());
    const adjusted = await ok(
      call('POST', `/billing/bills/${b.uid}/adjustments`, 'kasir', {
        description: 'Jahit luka',
        amount: 150_000,
        reason: 'Tindakan setelah posting',
      }),
    );
    expect(await drift()).toEqual([]);
    await pay(b.uid, [{ method: 'TUNAI', amount: adjusted.totals.net }]);
    await ok(
      call('POST', `/billing/bills/${b.uid}/adjustments`, 'kasir', {
        description: 'Bahan habis pakai',
        amount: 20_000,
        reason: 'Tertinggal',
      }),
    );
    expect(await drift()).toEqual([]);
    expect(await reportRow(b.number)).toMatchObject({
      status: 'BELUM_LUNAS',
      categories: { extra: 170_000 },
      outstanding: await outstanding(b.uid),
    });

    // a company's part on its receivable
    const [company] = await ctx.database.db
      .select()
      .from(partnerCompanies)
      .where(eq(partnerCompanies.active, true))
      .orderBy(asc(partnerCompanies.id))
      .limit(1);
    const c = await post(await newVisit({ payerType: 'company', companyId: company.id }));
    await pay(c.uid, [{ method: 'PERUSAHAAN', amount: c.totals.net }]);
    expect(await drift()).toEqual([]);
    expect(await reportRow(c.number)).toMatchObject({
      status: 'LUNAS',
      payerType: 'company',
      methods: { PERUSAHAAN: c.totals.net },
    });
  });

  it('finds a row changed behind its back, and the refresh function rebuilds it', async () => {
    const d = await post(await newVisit());
    const [row] = await ctx.database.db.select().from(bills).where(eq(bills.uid, d.uid));
    await ctx.database.db.execute(
      sql`UPDATE transaction_report_bills SET net = net + 1, status = 'LUNAS' WHERE bill_id = ${row.id}`,
    );
    expect(await drift()).toEqual([row.id]);
    await ctx.database.db.execute(sql`DELETE FROM transaction_report_bills WHERE bill_id = ${row.id}`);
    expect(await drift()).toEqual([row.id]);
    await ctx.database.db.execute(sql`SELECT klinikita_transaction_report_refresh(ARRAY[${row.id}::int])`);
    expect(await drift()).toEqual([]);
  });
});
