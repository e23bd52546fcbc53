import { randomUUID } from 'node:crypto';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  journalEntries,
  journalLines,
  partnerCompanies,
  registrations,
} from '../../db/schema/index.ts';
import { ensureShift } from '../../test/cashier-shift-fixtures.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * The accounting hand-off through the API on a real database (issue 18 item 8): billing done
 * through the billing API becomes balanced journal entries once (the consumer, replays included),
 * on the clinic's own accounts; a read backfills what has no entry (a payer's payment, entries
 * lost); the mapping's defaults and overrides; another clinic refused; the xlsx and the CSV.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let companyId = 0;
let nik = 7300;
const today = clinicDay('Asia/Jakarta');
const range = `clinicId=10&from=${today}&to=${today}`;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

async function visitBill(payer: object = { payerType: 'self' }) {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId: 10,
    name: `Pasien Jurnal ${nik}`,
    sex: 'F',
    dob: '05/06/1988',
    nik: `317105050688${String(nik++).padStart(4, '0')}`,
  });
  if (patient.statusCode !== 200) throw new Error(patient.body);
  const res = await call('POST', '/registrations/registrations', 'superadmin', {
    clinicId: 10,
    patientId: json(patient).data.uid,
    orderType: 'doctor',
    doctorId: dokterId,
    ...payer,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const uid = json(res).data._id as string;
  await ctx.database.db.update(registrations).set({ status: 'Payment' }).where(eq(registrations.uid, uid));
  return uid;
}

const pay = (billUid: string, parts: object[], who = 'kasir') =>
  call('POST', `/billing/bills/${billUid}/payments`, who, { idempotencyKey: randomUUID(), parts });

const entriesOf = async (sourceUids: string[]) => {
  const entries = await ctx.database.db
    .select()
    .from(journalEntries)
    .where(inArray(journalEntries.sourceUid, sourceUids))
    .orderBy(asc(journalEntries.id));
  const lines = entries.length
    ? await ctx.database.db
        .select()
        .from(journalLines)
        .where(
          inArray(
            journalLines.entryId,
            entries.map((e) => e.id),
          ),
        )
    : [];
  return entries.map((e) => ({ ...e, lines: lines.filter((l) => l.entryId === e.id) }));
};
const sideOf = (lines: { accountCode: string; debit: number; credit: number }[]) =>
  Object.fromEntries(lines.map((l) => [`${l.debit ? 'Dr' : 'Cr'} ${l.accountCode}`, l.debit || l.credit]));
const sum = (lines: { debit: number; credit: number }[], k: 'debit' | 'credit') =>
  lines.reduce((n, l) => n + l[k], 0);

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'kasir', 'perawat']) tokens[who] = await loginAs(ctx.app, who);
  for (const who of ['superadmin', 'kasir']) await ensureShift(ctx.app, tokens[who], 10);
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  await practisesToday(ctx.database.db, dokterId, 10);
  const [company] = await ctx.database.db
    .select()
    .from(partnerCompanies)
    .where(eq(partnerCompanies.active, true))
    .orderBy(asc(partnerCompanies.id))
    .limit(1);
  companyId = company.id;
}, 180_000);
afterAll(() => ctx?.close());

describe('the account mapping', () => {
  it('answers the defaults, keeps a clinic’s own accounts, and refuses a bad code on its field', async () => {
    const first = json(await call('GET', '/accounting/mapping?clinicId=10', 'superadmin')).data;
    expect(first.accounts.find((a: { key: string }) => a.key === 'ppnOut')).toMatchObject({
      code: '2105',
      name: 'PPN Keluaran',
      isDefault: true,
    });
    const bad = await call('PUT', '/accounting/mapping', 'superadmin', {
      clinicId: 10,
      accounts: [{ key: 'cash', code: 'kas besar!', name: 'Kas' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors?.[0]?.path).toBe('accounts.0.code');
    const saved = await call('PUT', '/accounting/mapping', 'superadmin', {
      clinicId: 10,
      accounts: [
        { key: 'cash', code: '1-1001', name: 'Kas Kasir' },
        // the default itself is not kept as an override
        { key: 'ppnOut', code: '2105', name: 'PPN Keluaran' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cash = json(saved).data.accounts.find((a: { key: string }) => a.key === 'cash');
    expect(cash).toMatchObject({ code: '1-1001', name: 'Kas Kasir', isDefault: false });
    expect(json(saved).data.accounts.find((a: { key: string }) => a.key === 'ppnOut').isDefault).toBe(true);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'accounting.mapping.save'));
    expect(audit).toMatchObject({ clinicId: 10, entity: 'account_mappings' });
  });

  it('is kept by clinic: another clinic’s is refused, and a role without the menu is refused', async () => {
    expect((await call('GET', '/accounting/mapping?clinicId=9999', 'superadmin')).statusCode).toBe(403);
    expect((await call('GET', '/accounting/mapping?clinicId=10', 'perawat')).statusCode).toBe(403);
    expect(
      (await call('GET', `/accounting/journal?${range.replace('10', '9999')}`, 'superadmin')).statusCode,
    ).toBe(403);
  });
});

let billUid = '';
let paymentUid = '';

describe('the journal of billing', () => {
  it('books a posted bill with a discount, a split payment and a reversal once each, balanced, on the clinic’s accounts', async () => {
    const visit = await visitBill();
    const discount = await call('POST', `/billing/visits/${visit}/bill/discounts`, 'kasir', {
      type: 'fixed',
      value: 5_000,
      reason: 'Pelanggan setia',
    });
    expect(discount.statusCode, discount.body).toBe(200);
    const posted = await call('POST', `/billing/visits/${visit}/bill/post`, 'kasir');
    expect(posted.statusCode, posted.body).toBe(200);
    const bill = json(posted).data;
    billUid = bill.uid;
    const net = bill.totals.net as number;
    const paid = await pay(billUid, [
      { method: 'TUNAI', amount: net - 20_000, tendered: net - 20_000 },
      { method: 'QRIS', amount: 20_000, reference: 'RRN-778899' },
    ]);
    expect(paid.statusCode, paid.body).toBe(200);
    paymentUid = json(paid).data.payment.uid;
    const reversed = await call('POST', `/billing/payments/${paymentUid}/reverse`, 'superadmin', {
      reason: 'Salah metode',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const reversalUid = json(reversed).data.payment.uid;

    await ctx.app.outbox.drain();
    await ctx.app.outbox.drain();
    const entries = await entriesOf([billUid, paymentUid, reversalUid]);
    expect(entries.map((e) => e.source)).toEqual(['bill', 'payment', 'reversal']);
    // made by the consumer (from the events), each balanced
    for (const e of entries) {
      expect(e.eventId).not.toBeNull();
      expect(sum(e.lines, 'debit')).toBe(sum(e.lines, 'credit'));
      expect(e.day).toBe(today);
    }
    const [billEntry, payEntry, revEntry] = entries;
    expect(sideOf(billEntry.lines)).toMatchObject({
      'Dr 1121': net,
      'Dr 4902': 5_000,
      'Cr 4101': 40_000,
      'Cr 4102': 90_000,
    });
    expect(sideOf(payEntry.lines)).toEqual({ 'Dr 1-1001': net - 20_000, 'Dr 1104': 20_000, 'Cr 1121': net });
    expect(sideOf(revEntry.lines)).toEqual({ 'Cr 1-1001': net - 20_000, 'Cr 1104': 20_000, 'Dr 1121': net });

    // replayed events and a read of the day write nothing more
    await ctx.app.outbox.drain();
    const page = json(await call('GET', `/accounting/journal?${range}`, 'superadmin')).data;
    expect((await entriesOf([billUid, paymentUid, reversalUid])).length).toBe(3);
    const mine = page.docs.filter((d: { sourceUid: string }) =>
      [billUid, paymentUid, reversalUid].includes(d.sourceUid),
    );
    expect(mine.map((d: { source: string; balanced: boolean }) => [d.source, d.balanced])).toEqual([
      ['bill', true],
      ['payment', true],
      ['reversal', true],
    ]);
    expect(page.totals.balanced).toBe(true);
    const bySource = json(
      await call('GET', `/accounting/journal?${range}&source=reversal`, 'superadmin'),
    ).data;
    expect(bySource.docs.every((d: { source: string }) => d.source === 'reversal')).toBe(true);
  });

  it('backfills on read what has no entry: lost entries, and a company’s payment of its invoice', async () => {
    // a company visit paid by its company: the receivable moves from the patient to the company
    const visit = await visitBill({ payerType: 'company', companyId });
    const bill = json(await call('GET', `/billing/visits/${visit}/bill`, 'kasir')).data;
    const paid = await pay(bill.uid, [{ method: 'PERUSAHAAN', amount: bill.outstanding }]);
    expect(paid.statusCode, paid.body).toBe(200);
    await ctx.app.outbox.drain();
    const payment = json(paid).data.payment.uid;
    const [booked] = await entriesOf([payment]);
    expect(sideOf(booked.lines)).toEqual({ 'Dr 1122': bill.outstanding, 'Cr 1121': bill.outstanding });

    // lost (made before this module): the read books them again, without an event
    for (const e of await entriesOf([bill.uid, payment])) {
      await ctx.database.db.delete(journalLines).where(eq(journalLines.entryId, e.id));
      await ctx.database.db.delete(journalEntries).where(eq(journalEntries.id, e.id));
    }
    const invoice = await call('POST', '/billing/payer-invoices', 'kasir', {
      clinicId: 10,
      payer: `company:${(await ctx.database.db.select().from(partnerCompanies).where(eq(partnerCompanies.id, companyId)))[0].uid}`,
      from: today,
      to: today,
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    const invoiceUid = json(invoice).data.uid;
    expect(
      (await call('POST', `/billing/payer-invoices/${invoiceUid}/approve`, 'superadmin')).statusCode,
    ).toBe(200);
    expect((await call('POST', `/billing/payer-invoices/${invoiceUid}/send`, 'kasir')).statusCode).toBe(200);
    const payerPaid = await call('POST', `/billing/payer-invoices/${invoiceUid}/payments`, 'kasir', {
      paidOn: today,
      method: 'TRANSFER',
      reference: 'TRF-JURNAL',
      amount: 10_000,
    });
    expect(payerPaid.statusCode, payerPaid.body).toBe(200);

    // an adjustment of a posted bill (no event): a credit of Rp10.000 taken back from revenue
    const adjusted = await call('POST', `/billing/bills/${billUid}/adjustments`, 'kasir', {
      description: 'Koreksi tarif',
      amount: -10_000,
      reason: 'Tarif salah input',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    const page = json(await call('GET', `/accounting/journal?${range}&limit=200`, 'superadmin')).data;
    const adjustment = page.docs.find((d: { source: string }) => d.source === 'adjustment');
    expect(
      adjustment.lines.map((l: { accountCode: string; debit: number; credit: number }) => [
        l.accountCode,
        l.debit,
        l.credit,
      ]),
    ).toEqual([
      ['4901', 10_000, 0],
      ['1121', 0, 10_000],
    ]);
    const again = await entriesOf([bill.uid, payment]);
    expect(again.map((e) => [e.source, e.eventId])).toEqual([
      ['bill', null],
      ['payment', null],
    ]);
    const payer = page.docs.find((d: { source: string }) => d.source === 'payerPayment');
    expect(
      payer.lines.map((l: { accountCode: string; debit: number; credit: number }) => [
        l.accountCode,
        l.debit,
        l.credit,
      ]),
    ).toEqual([
      ['1105', 10_000, 0],
      ['1122', 0, 10_000],
    ]);
    // a second read books nothing more
    const twice = json(await call('GET', `/accounting/journal?${range}&limit=200`, 'superadmin')).data;
    expect(twice.totalDocs).toBe(page.totalDocs);

    const totals = json(await call('GET', `/accounting/journal/totals?${range}`, 'superadmin')).data;
    expect(totals.balanced).toBe(true);
    expect(totals.debit).toBe(page.totals.debit);
    expect(totals.rows.find((r: { accountCode: string }) => r.accountCode === '1105')).toMatchObject({
      day: today,
      debit: 10_000,
    });
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await call(
      'GET',
      `/accounting/journal?clinicId=10&from=${today}&to=2020-01-01`,
      'superadmin',
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).errors?.[0]?.path).toBe('to');
  });
});

describe('the exports', () => {
  it('writes the lines of the range as xlsx (spec styling) and as CSV with a header row', async () => {
    const page = json(await call('GET', `/accounting/journal?${range}&limit=200`, 'superadmin')).data;
    const lineCount = page.docs.reduce((n: number, d: { lines: unknown[] }) => n + d.lines.length, 0);

    const xlsx = await call('GET', `/accounting/journal.xlsx?${range}`, 'superadmin');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`jurnal-10-${today}_${today}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name.length).toBeLessThanOrEqual(30);
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.getRow(1).getCell(1).value).toBe('Tanggal');
    expect((sheet.getRow(1).getCell(1).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFD9D9D9');
    // header, one row per line, the totals
    expect(sheet.rowCount).toBe(lineCount + 2);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(8).value).toBe(page.totals.debit);
    expect(last.getCell(9).value).toBe(page.totals.credit);

    const csv = await call('GET', `/accounting/journal.csv?${range}`, 'superadmin');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('Tanggal,ID Jurnal,Sumber,Referensi,Keterangan,Kode Akun,Nama Akun,Debit,Kredit');
    expect(rows).toHaveLength(lineCount + 1);
    expect(rows.some((r) => r.includes(',1-1001,Kas Kasir,'))).toBe(true);
    expect((await call('GET', `/accounting/journal.csv?${range}`, 'kasir')).statusCode).toBe(403);
  });
});
