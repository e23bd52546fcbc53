import { randomUUID } from 'node:crypto';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, partnerCompanies, registrations } from '../../db/schema/index.ts';
import { cloneBills } from '../../test/bill-clones.ts';
import { ensureShift } from '../../test/cashier-shift-fixtures.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { reportPlans } from './transaction-report.queries.ts';
import { COLUMN_WIDTH, HEADER_FILL } from './transaction-report.xlsx.ts';

/**
 * The transaction report through the API on a real database: bills made and paid through the
 * billing API (paid, posted, reversed, on a company's receivable, at another clinic, a draft, an
 * older visit paid today), their rows and the totals of the whole set, the two date bases, the
 * filters, the clinic scope, the xlsx read back with ExcelJS, and the plans of the statements.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let companyId = 0;
let nik = 7000;
const today = clinicDay('Asia/Jakarta');
const bill: Record<string, { uid: string; number: string; net: number }> = {};

const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

async function newVisit(payer: object = { payerType: 'self' }, clinicId = 10, queueDate?: string) {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Laporan ${nik}`,
    sex: 'M',
    dob: '01/02/1990',
    nik: `317105010290${String(nik++).padStart(4, '0')}`,
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
  return uid;
}

const billOf = async (visit: string, who = 'kasir') =>
  json(await call('GET', `/billing/visits/${visit}/bill`, who)).data as {
    uid: string;
    number: string;
    totals: { net: number };
  };
async function paid(name: string, visit: string, method: string, extra: object = {}, who = 'kasir') {
  const b = await billOf(visit, who);
  const res = await call('POST', `/billing/bills/${b.uid}/payments`, who, {
    idempotencyKey: randomUUID(),
    parts: [{ method, amount: b.totals.net, ...extra }],
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const data = json(res).data;
  bill[name] = { uid: b.uid, number: data.bill.number, net: b.totals.net };
  return data.payment.uid as string;
}

const report = (query: string, who = 'superadmin') => call('GET', `/reports/transactions?${query}`, who);
const rowsOf = async (query: string, who = 'superadmin') => {
  const res = await report(query, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
const numberOf = (name: string) => bill[name].number;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'kasir']) tokens[who] = await loginAs(ctx.app, who);
  // payments and reversals are taken within an open cashier shift (issue 18 §4)
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

  await paid('cash', await newVisit(), 'TUNAI');
  const open = await newVisit();
  const posted = await call('POST', `/billing/visits/${open}/bill/post`, 'kasir', {});
  expect(posted.statusCode, posted.body).toBe(200);
  bill.open = {
    uid: json(posted).data.uid,
    number: json(posted).data.number,
    net: json(posted).data.totals.net,
  };
  const toReverse = await paid('reversed', await newVisit(), 'DEBIT', { reference: 'EDC-1' });
  const reversed = await call('POST', `/billing/payments/${toReverse}/reverse`, 'superadmin', {
    reason: 'Salah pasien',
  });
  expect(reversed.statusCode, reversed.body).toBe(200);
  await paid('company', await newVisit({ payerType: 'company', companyId }), 'PERUSAHAAN');
  await paid(
    'other',
    await newVisit({ payerType: 'self' }, 11),
    'QRIS',
    { reference: 'RRN-1' },
    'superadmin',
  );
  await billOf(await newVisit()); // a draft: never in the report
  await paid('older', await newVisit({ payerType: 'self' }, 10, addDays(today, -5)), 'TUNAI');
}, 180_000);
afterAll(() => ctx?.close());

describe('rows and totals', () => {
  it('lists posted bills of the day with their status, and totals the whole set', async () => {
    const data = await rowsOf('clinicId=10&limit=25');
    const byNumber = Object.fromEntries(
      data.docs.map((r: { invoiceNumber: string }) => [r.invoiceNumber, r]),
    );
    expect(Object.keys(byNumber).sort()).toEqual(
      [numberOf('cash'), numberOf('open'), numberOf('reversed'), numberOf('company')].sort(),
    );
    expect(byNumber[numberOf('cash')]).toMatchObject({
      status: 'LUNAS',
      payerType: 'self',
      outstanding: 0,
      net: bill.cash.net,
      methods: { TUNAI: bill.cash.net, DEBIT: 0 },
      categories: { registration: 40_000, consultation: 90_000, drug: 0 },
      cashiers: [expect.any(String)],
      receiptNumbers: [expect.stringMatching(/^KW\/10\//)],
    });
    expect(byNumber[numberOf('open')]).toMatchObject({ status: 'BELUM_LUNAS', outstanding: bill.open.net });
    expect(byNumber[numberOf('reversed')]).toMatchObject({
      status: 'DIBATALKAN',
      methods: { DEBIT: 0 },
      outstanding: bill.reversed.net,
    });
    expect(byNumber[numberOf('company')]).toMatchObject({
      status: 'LUNAS',
      payerType: 'company',
      payerName: expect.any(String),
      methods: { PERUSAHAAN: bill.company.net },
      outstanding: 0,
    });
    const nets = ['cash', 'open', 'reversed', 'company'].map((n) => bill[n].net);
    expect(data.totals).toMatchObject({
      bills: 4,
      net: nets.reduce((a, b) => a + b, 0),
      methods: { TUNAI: bill.cash.net, PERUSAHAAN: bill.company.net, DEBIT: 0 },
      outstanding: bill.open.net + bill.reversed.net,
    });
    expect(data.totals.categories.registration + data.totals.categories.consultation).toBe(data.totals.gross);
    // the totals are the set's, not the page's
    const page2 = await rowsOf('clinicId=10&limit=25&page=2');
    expect(page2.docs).toEqual([]);
    expect(page2.totals.bills).toBe(4);
    expect(page2.totalDocs).toBe(4);
  });

  it('by payment day takes an older visit paid today; by service day it is on its own day', async () => {
    const byService = await rowsOf('clinicId=10');
    expect(byService.docs.map((r: { invoiceNumber: string }) => r.invoiceNumber)).not.toContain(
      numberOf('older'),
    );
    const byPayment = await rowsOf('clinicId=10&basis=payment');
    const numbers = byPayment.docs.map((r: { invoiceNumber: string }) => r.invoiceNumber);
    expect(numbers).toContain(numberOf('older'));
    // posted but never paid: no payment day
    expect(numbers).not.toContain(numberOf('open'));
    const older = await rowsOf(`clinicId=10&from=${addDays(today, -5)}&to=${addDays(today, -5)}`);
    expect(older.docs.map((r: { invoiceNumber: string }) => r.invoiceNumber)).toEqual([numberOf('older')]);
  });

  it('filters by status, payer, cashier and search', async () => {
    const cancelled = await rowsOf('clinicId=10&status=DIBATALKAN');
    expect(cancelled.docs.map((r: { invoiceNumber: string }) => r.invoiceNumber)).toEqual([
      numberOf('reversed'),
    ]);
    const open = await rowsOf('clinicId=10&status=BELUM_LUNAS');
    expect(open.totals.bills).toBe(1);
    const company = await rowsOf(`clinicId=10&payerType=company&companyId=${companyId}`);
    expect(company.totals.bills).toBe(1);
    const kasir = (await userByName(ctx.database.db, 'kasir')).id;
    // posted without a payment: no cashier
    expect((await rowsOf(`clinicId=10&cashierId=${kasir}`)).totals.bills).toBe(3);
    const search = await rowsOf(`clinicId=10&q=${encodeURIComponent(numberOf('cash'))}`);
    expect(search.docs.map((r: { invoiceNumber: string }) => r.invoiceNumber)).toEqual([numberOf('cash')]);
    const options = json(await call('GET', '/reports/transactions/options?clinicId=10', 'kasir')).data;
    // the reversal was taken by the second person
    expect(options.cashiers.map((c: { id: number }) => c.id).sort()).toEqual(
      [kasir, (await userByName(ctx.database.db, 'superadmin')).id].sort(),
    );
    expect(options.doctors.map((d: { id: number }) => d.id)).toEqual([dokterId]);
    expect(options.companies.map((c: { id: number }) => c.id)).toEqual([companyId]);
  });

  it('keeps to the caller’s clinics; all clinics only for corporate roles', async () => {
    expect((await report('clinicId=11', 'kasir')).statusCode).toBe(403);
    const notCorporate = await report('', 'kasir');
    expect(notCorporate.statusCode).toBe(403);
    expect(json(notCorporate).message).toBe('Pilih klinik; semua klinik hanya untuk peran korporat');
    const all = await rowsOf('');
    const numbers = all.docs.map((r: { invoiceNumber: string }) => r.invoiceNumber);
    expect(numbers).toContain(numberOf('other'));
    expect(
      all.docs.find((r: { invoiceNumber: string }) => r.invoiceNumber === numberOf('other')),
    ).toMatchObject({
      clinicId: 11,
      methods: { QRIS: bill.other.net },
    });
  });

  it('refuses more than 92 days and an end before the start, on the field', async () => {
    const long = await report(`clinicId=10&from=${addDays(today, -92)}&to=${today}`);
    expect(long.statusCode).toBe(400);
    expect(json(long).errors).toEqual([{ path: 'to', message: 'Rentang tanggal paling lama 92 hari' }]);
    const order = await report(`clinicId=10&from=${today}&to=${addDays(today, -1)}`);
    expect(json(order).errors).toEqual([
      { path: 'to', message: 'Tanggal akhir tidak boleh sebelum tanggal awal' },
    ]);
  });
});

describe('xlsx', () => {
  it('streams a few thousand rows: sheet name ≤ 30, widths 20, grey header, money as numbers, totals', async () => {
    const [source] = await ctx.database.db.select().from(bills).where(eq(bills.uid, bill.cash.uid));
    await cloneBills(ctx.database.db, {
      billId: source.id,
      count: 3_000,
      clinics: [10, 11],
      lastDay: addDays(today, -10),
      days: 60,
      tag: 'XL',
    });
    const from = addDays(today, -69);
    const to = addDays(today, -10);
    const res = await call('GET', `/reports/transactions/xlsx?from=${from}&to=${to}`, 'superadmin');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-row-count']).toBe('3000');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name.length).toBeLessThanOrEqual(30);
    expect(sheet.name).toBe(`Laporan Transaksi ${from} sd ${to}`.slice(0, 30));
    expect(sheet.rowCount).toBe(3_002);
    const header = sheet.getRow(1);
    expect(header.getCell(1).value).toBe('Tanggal/Jam');
    expect((header.getCell(1).fill as ExcelJS.FillPattern).fgColor?.argb).toBe(HEADER_FILL);
    expect(sheet.columns.every((c) => c.width === COLUMN_WIDTH)).toBe(true);
    const netColumn = (header.values as string[]).indexOf('Neto');
    const first = sheet.getRow(2);
    expect(first.getCell(netColumn).value).toBe(bill.cash.net);
    expect(first.getCell(netColumn).numFmt).toBe('#,##0');
    const total = sheet.getRow(3_002);
    expect(total.getCell(1).value).toBe('TOTAL');
    expect(total.getCell(netColumn).value).toBe(bill.cash.net * 3_000);

    // the statements find the bills through their indexes, not by reading whole tables
    for (const basis of ['service', 'payment'] as const) {
      const plans = await reportPlans(ctx.database.db, {
        corpId: source.corpId,
        clinics: [{ id: 10, timeZone: 'Asia/Jakarta' }],
        basis,
        from: addDays(today, -20),
        to: addDays(today, -14),
      });
      for (const plan of plans)
        expect(plan, plan).not.toMatch(/Seq Scan on (bills|bill_lines|payments|payment_parts)\b/);
    }
  }, 120_000);
});
