import { randomUUID } from 'node:crypto';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, partnerCompanies, registrations } from '../../db/schema/index.ts';
import { cloneBills } from '../../test/bill-clones.ts';
import { ensureShift } from '../../test/cashier-shift-fixtures.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { billListPlans } from './bill-list.queries.ts';

/**
 * The invoices (`GET /billing/bills`) through the API on a real database: bills made and paid
 * through the billing API (paid in cash, posted only, reversed, on a company's receivable, an
 * older visit, one at another clinic, a draft), their rows, paging, search, filters, the clinic
 * scope, refused queries on their field, the bank account the invoice modal shows, the plans.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let companyId = 0;
let nik = 8100;
const today = clinicDay('Asia/Jakarta');
const bill: Record<string, { uid: string; number: string; net: number; receipt?: string; patient: string }> =
  {};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

async function newVisit(
  name: string,
  payer: object = { payerType: 'self' },
  clinicId = 10,
  queueDate?: string,
) {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name,
    sex: 'F',
    dob: '03/04/1988',
    nik: `317105030488${String(nik++).padStart(4, '0')}`,
  });
  if (patient.statusCode !== 200) throw new Error(patient.body);
  const res = await call('POST', '/registrations/registrations', 'superadmin', {
    clinicId,
    patientId: json(patient).data.uid,
    orderType: 'doctor',
    doctorId: dokterId,
    ...payer,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const uid = json(res).data._id as string;
  await ctx.database.db
    .update(registrations)
    .set({ status: 'Payment', ...(queueDate && { queueDate }) })
    .where(eq(registrations.uid, uid));
  return { uid, patient: name };
}

const billOf = async (visit: string, who = 'kasir') =>
  json(await call('GET', `/billing/visits/${visit}/bill`, who)).data as {
    uid: string;
    totals: { net: number };
  };

async function paid(key: string, visit: { uid: string; patient: string }, method: string, who = 'kasir') {
  const b = await billOf(visit.uid, who);
  const res = await call('POST', `/billing/bills/${b.uid}/payments`, who, {
    idempotencyKey: randomUUID(),
    parts: [{ method, amount: b.totals.net, ...(method === 'DEBIT' && { reference: 'EDC-9' }) }],
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const data = json(res).data;
  bill[key] = {
    uid: b.uid,
    number: data.bill.number,
    net: b.totals.net,
    receipt: data.payment.receiptNumber,
    patient: visit.patient,
  };
  return data.payment.uid as string;
}

const list = (query: string, who = 'kasir') => call('GET', `/billing/bills?${query}`, who);
async function rowsOf(query: string, who = 'kasir') {
  const res = await list(query, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
}
const numbers = (data: { docs: { invoiceNumber: string }[] }) => data.docs.map((r) => r.invoiceNumber);
const numberOf = (key: string) => bill[key].number;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'kasir']) tokens[who] = await loginAs(ctx.app, who);
  for (const [who, clinicId] of [
    ['kasir', 10],
    ['superadmin', 10],
    ['superadmin', 11],
  ] as const)
    await ensureShift(ctx.app, tokens[who], clinicId);
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  await practisesToday(ctx.database.db, dokterId, 10);
  await practisesToday(ctx.database.db, dokterId, 11);
  const [company] = await ctx.database.db
    .select()
    .from(partnerCompanies)
    .where(eq(partnerCompanies.active, true))
    .orderBy(asc(partnerCompanies.id))
    .limit(1);
  companyId = company.id;

  // posted in this order: the list shows them the other way round
  await paid('older', await newVisit('Wulan Lama', { payerType: 'self' }, 10, addDays(today, -5)), 'TUNAI');
  await paid('cash', await newVisit('Sri Tunai'), 'TUNAI');
  const open = await newVisit('Budi Belum Bayar');
  const posted = await call('POST', `/billing/visits/${open.uid}/bill/post`, 'kasir', {});
  expect(posted.statusCode, posted.body).toBe(200);
  bill.open = {
    uid: json(posted).data.uid,
    number: json(posted).data.number,
    net: json(posted).data.totals.net,
    patient: open.patient,
  };
  const toReverse = await paid('reversed', await newVisit('Rina Batal'), 'DEBIT');
  const reversed = await call('POST', `/billing/payments/${toReverse}/reverse`, 'superadmin', {
    reason: 'Salah pasien',
  });
  expect(reversed.statusCode, reversed.body).toBe(200);
  await paid('company', await newVisit('Agus Karyawan', { payerType: 'company', companyId }), 'PERUSAHAAN');
  await paid('other', await newVisit('Dewi Cikarang', { payerType: 'self' }, 11), 'TUNAI', 'superadmin');
  await billOf((await newVisit('Eko Draf')).uid); // a draft: never listed
}, 180_000);
afterAll(() => ctx?.close());

describe('GET /billing/bills', () => {
  it('lists the posted bills of the caller’s clinic, newest first, with their money and receipts', async () => {
    const data = await rowsOf('');
    expect(numbers(data)).toEqual(['company', 'reversed', 'open', 'cash', 'older'].map(numberOf));
    expect(data).toMatchObject({ page: 1, totalDocs: 5, totalPages: 1, to: today });
    expect(data.from).toBe(addDays(today, -29));
    const byNumber = Object.fromEntries(
      data.docs.map((r: { invoiceNumber: string }) => [r.invoiceNumber, r]),
    );
    expect(byNumber[numberOf('cash')]).toMatchObject({
      billUid: bill.cash.uid,
      serviceDay: today,
      clinicId: 10,
      patientName: 'Sri Tunai',
      mrn: expect.any(String),
      doctorName: expect.any(String),
      payerType: 'self',
      total: bill.cash.net,
      paid: bill.cash.net,
      receivable: 0,
      status: 'paid',
      hasReversal: false,
      receipts: [{ paymentUid: expect.any(String), number: bill.cash.receipt, reversed: false }],
    });
    expect(byNumber[numberOf('open')]).toMatchObject({ status: 'posted', paid: 0, receipts: [] });
    expect(byNumber[numberOf('reversed')]).toMatchObject({
      status: 'posted',
      hasReversal: true,
      paid: 0,
      receipts: [{ number: bill.reversed.receipt, reversed: true }],
    });
    expect(byNumber[numberOf('company')]).toMatchObject({
      payerType: 'company',
      payerName: expect.any(String),
      status: 'paid',
      paid: 0,
      receivable: bill.company.net,
    });
    expect(byNumber[numberOf('older')].serviceDay).toBe(addDays(today, -5));
  });

  it('pages', async () => {
    const first = await rowsOf('limit=2');
    expect(first).toMatchObject({ page: 1, limit: 2, totalDocs: 5, totalPages: 3 });
    expect(numbers(first)).toEqual([numberOf('company'), numberOf('reversed')]);
    expect(numbers(await rowsOf('limit=2&page=3'))).toEqual([numberOf('older')]);
    const past = await rowsOf('limit=2&page=4');
    expect(past.docs).toEqual([]);
    expect(past.totalDocs).toBe(5);
  });

  it('finds a bill by invoice number, receipt number, patient name or record number', async () => {
    expect(numbers(await rowsOf(`q=${encodeURIComponent(numberOf('cash'))}`))).toEqual([numberOf('cash')]);
    expect(numbers(await rowsOf(`q=${encodeURIComponent(bill.reversed.receipt!)}`))).toEqual([
      numberOf('reversed'),
    ]);
    const byName = await rowsOf('q=karyaw');
    expect(numbers(byName)).toEqual([numberOf('company')]);
    const mrn = byName.docs[0].mrn as string;
    expect(numbers(await rowsOf(`q=${encodeURIComponent(mrn.toLowerCase())}`))).toEqual([
      numberOf('company'),
    ]);
    // LIKE's wildcards are matched as text
    expect((await rowsOf('q=%25')).docs).toEqual([]);
  });

  it('filters by status, payer type and service days', async () => {
    expect(numbers(await rowsOf('status=posted'))).toEqual([numberOf('reversed'), numberOf('open')]);
    expect(numbers(await rowsOf('status=paid'))).toEqual(['company', 'cash', 'older'].map(numberOf));
    expect(numbers(await rowsOf('status=reversed'))).toEqual([numberOf('reversed')]);
    expect(numbers(await rowsOf('payerType=company'))).toEqual([numberOf('company')]);
    const day = addDays(today, -5);
    expect(numbers(await rowsOf(`from=${day}&to=${day}`))).toEqual([numberOf('older')]);
    expect(numbers(await rowsOf(`from=${today}`))).not.toContain(numberOf('older'));
  });

  it('keeps to the caller’s clinics: another clinic’s bill never appears', async () => {
    const refused = await list('clinicId=11');
    expect(refused.statusCode).toBe(403);
    expect((await rowsOf(`q=${encodeURIComponent(numberOf('other'))}`)).docs).toEqual([]);
    expect(numbers(await rowsOf('clinicId=10'))).not.toContain(numberOf('other'));
    // a corporate role sees every clinic of its own, or one it picks
    expect(numbers(await rowsOf('', 'superadmin'))).toContain(numberOf('other'));
    const eleven = await rowsOf('clinicId=11', 'superadmin');
    expect(numbers(eleven)).toEqual([numberOf('other')]);
    expect(eleven.docs[0]).toMatchObject({ clinicId: 11, clinicName: expect.any(String) });
  });

  it('refuses a bad query on its field', async () => {
    const badDate = await list('from=2026-02-30');
    expect(badDate.statusCode).toBe(400);
    expect(json(badDate).errors).toEqual([{ path: 'from', message: 'Tanggal tidak valid (YYYY-MM-DD)' }]);
    const long = await list(`from=${addDays(today, -92)}&to=${today}`);
    expect(long.statusCode).toBe(400);
    expect(json(long).errors).toEqual([{ path: 'to', message: 'Rentang tanggal paling lama 92 hari' }]);
    const order = await list(`from=${today}&to=${addDays(today, -1)}`);
    expect(json(order).errors).toEqual([
      { path: 'to', message: 'Tanggal akhir tidak boleh sebelum tanggal awal' },
    ]);
    const status = await list('status=lunas');
    expect(status.statusCode).toBe(400);
    expect(json(status).errors?.map((e: { path: string }) => e.path)).toEqual(['status']);
    const limit = await list('limit=1000');
    expect(json(limit).errors?.map((e: { path: string }) => e.path)).toEqual(['limit']);
  });
});

describe('the bank account on the invoice modal', () => {
  it('is read by the cashier of the clinic, not of another clinic', async () => {
    const saved = await call('PUT', '/billing/payer-invoices/settings', 'superadmin', {
      clinicId: 10,
      bankName: 'Bank Uji',
      accountNumber: '777-000-1',
      accountHolder: 'Klinik Uji',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await call('GET', '/billing/payer-invoices/settings?clinicId=10', 'kasir');
    expect(read.statusCode, read.body).toBe(200);
    expect(json(read).data).toEqual({
      clinicId: 10,
      bankName: 'Bank Uji',
      accountNumber: '777-000-1',
      accountHolder: 'Klinik Uji',
    });
    expect((await call('GET', '/billing/payer-invoices/settings?clinicId=11', 'kasir')).statusCode).toBe(403);
  });

  it('lets the app, and only the app, show the invoice and the receipt in its frame', async () => {
    const receipt = (await rowsOf(`q=${encodeURIComponent(numberOf('cash'))}`)).docs[0].receipts[0];
    for (const url of [
      `/billing/bills/${bill.cash.uid}/invoice.pdf?paper=roll80`,
      `/billing/payments/${receipt.paymentUid}/receipt.pdf`,
    ]) {
      const res = await call('GET', url, 'kasir');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // every other answer still refuses to be framed
    const page = await list('');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('plans', () => {
  it('finds a few thousand bills through the indexes, not by reading whole tables', async () => {
    const [source] = await ctx.database.db.select().from(bills).where(eq(bills.uid, bill.cash.uid));
    await cloneBills(ctx.database.db, {
      billId: source.id,
      count: 3_000,
      clinics: [10, 11],
      lastDay: addDays(today, -40),
      days: 60,
      tag: 'BL',
    });
    await ctx.database.db.execute(sql`ANALYZE`);
    const data = await rowsOf(`from=${addDays(today, -70)}&to=${addDays(today, -40)}&limit=50`);
    expect(data.totalDocs).toBeGreaterThan(700);
    expect(data.docs).toHaveLength(50);
    for (const q of [undefined, 'bl/1']) {
      const plans = await billListPlans(ctx.database.db, {
        corpId: source.corpId,
        clinicIds: [10],
        from: addDays(today, -70),
        to: addDays(today, -40),
        q,
      });
      for (const plan of plans)
        expect(plan, plan).not.toMatch(/Seq Scan on (bills|bill_lines|payments|payment_parts)\b/);
    }
  }, 120_000);
});
