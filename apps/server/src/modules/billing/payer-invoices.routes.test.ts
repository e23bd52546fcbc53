import { randomUUID } from 'node:crypto';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { formatRupiah } from '@klinikita/domain/common/format';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCompanies, registrations } from '../../db/schema/index.ts';
import { ensureShift } from '../../test/cashier-shift-fixtures.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { pdfText } from '../letters/pdf-text.ts';

/**
 * Invoices to partner companies and insurers through the API on a real database (issue 18 §5):
 * made from the payer's open receivables of a period, approved by another person, sent, paid in
 * part and in full, an over-allocation refused on its field, disputed and resolved, written off
 * with a second person, a cancelled draft freeing its receivables, another clinic's invoice not
 * found, the aging buckets and the PDF.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let company = { id: 0, uid: '', term: 30 };
let nik = 8100;
const today = clinicDay('Asia/Jakarta');
const BASE = '/billing/payer-invoices';
const INSURER = 'Asuransi Tagihan Uji';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

/** A visit at the cashier, paid in full by its company or insurer: one receivable. */
async function paidVisit(payer: object, method: 'PERUSAHAAN' | 'ASURANSI', clinicId = 10) {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Piutang ${nik}`,
    sex: 'M',
    dob: '03/04/1985',
    nik: `317105030485${String(nik++).padStart(4, '0')}`,
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
  await ctx.database.db.update(registrations).set({ status: 'Payment' }).where(eq(registrations.uid, uid));
  const bill = json(await call('GET', `/billing/visits/${uid}/bill`, 'superadmin')).data;
  const paid = await call('POST', `/billing/bills/${bill.uid}/payments`, 'superadmin', {
    idempotencyKey: randomUUID(),
    parts: [{ method, amount: bill.outstanding }],
  });
  if (paid.statusCode !== 200) throw new Error(paid.body);
  return { amount: bill.outstanding as number, mrn: json(patient).data.mrn as string };
}

const companyKey = () => `company:${company.uid}`;
const insurerKey = `insurer:${INSURER}`;
const create = (payer: string, who = 'kasir', clinicId = 10) =>
  call('POST', BASE, who, { clinicId, payer, from: addDays(today, -31), to: today });
const act = (uid: string, action: string, who: string, payload: object = {}) =>
  call('POST', `${BASE}/${uid}/${action}`, who, payload);
const pay = (uid: string, body: object, who = 'kasir') =>
  act(uid, 'payments', who, { paidOn: today, method: 'TRANSFER', reference: 'TRF-1', ...body });

const visits: { amount: number; mrn: string }[] = [];
let insured: { amount: number }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'kasir', 'admin', 'perawat']) tokens[who] = await loginAs(ctx.app, who);
  // payments and reversals are taken within an open cashier shift (issue 18 §4)
  for (const clinicId of [10, 11]) await ensureShift(ctx.app, tokens.superadmin, clinicId);
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  await practisesToday(ctx.database.db, dokterId, 10);
  await practisesToday(ctx.database.db, dokterId, 11);
  const [row] = await ctx.database.db
    .select()
    .from(partnerCompanies)
    .where(eq(partnerCompanies.active, true))
    .orderBy(asc(partnerCompanies.id))
    .limit(1);
  company = { id: row.id, uid: row.uid, term: row.paymentTermDays };
  for (let i = 0; i < 3; i++)
    visits.push(await paidVisit({ payerType: 'company', companyId: company.id }, 'PERUSAHAAN'));
  insured = [
    await paidVisit({ payerType: 'insurance', insuranceName: INSURER }, 'ASURANSI'),
    await paidVisit({ payerType: 'insurance', insuranceName: INSURER }, 'ASURANSI'),
  ];
  await call('PUT', `${BASE}/settings`, 'superadmin', {
    clinicId: 10,
    bankName: 'Bank Mandiri',
    accountNumber: '123-00-4567890-1',
    accountHolder: 'PT Klinik Sehat',
  });
}, 180_000);
afterAll(() => ctx?.close());

const companyTotal = () => visits.reduce((s, v) => s + v.amount, 0);
let companyInvoice = '';

describe('making an invoice', () => {
  it('lists the payers with receivables to bill and previews a period', async () => {
    const payers = json(await call('GET', `${BASE}/payers?clinicId=10`, 'kasir')).data;
    const mine = payers.find((p: { payer: string }) => p.payer === companyKey());
    expect(mine).toMatchObject({ payerKind: 'company', openCount: 3, openAmount: companyTotal() });
    expect(payers.find((p: { payer: string }) => p.payer === insurerKey)).toMatchObject({ openCount: 2 });

    const preview = await call(
      'GET',
      `${BASE}/open-receivables?clinicId=10&payer=${encodeURIComponent(companyKey())}&from=${addDays(today, -31)}&to=${today}`,
      'kasir',
    );
    expect(preview.statusCode).toBe(200);
    expect(json(preview).data.items).toHaveLength(3);
    expect(json(preview).data.total).toBe(companyTotal());
  });

  it('takes the payer’s open receivables of the period, numbered and due after the term', async () => {
    const res = await create(companyKey());
    expect(res.statusCode).toBe(200);
    const invoice = json(res).data;
    companyInvoice = invoice.uid;
    expect(invoice.number).toMatch(new RegExp(`^TG/10/${today.slice(0, 4)}${today.slice(5, 7)}/\\d{4}$`));
    expect(invoice).toMatchObject({
      status: 'DRAFT',
      issueDate: today,
      dueDate: addDays(today, company.term),
      total: companyTotal(),
      open: companyTotal(),
    });
    expect(invoice.items.map((i: { mrn: string }) => i.mrn).sort()).toEqual(visits.map((v) => v.mrn).sort());
    expect(invoice.preparedBy.name).toBeTruthy();

    // nothing left of that payer: refused on the payer field
    const again = await create(companyKey());
    expect(again.statusCode).toBe(400);
    expect(json(again).errors?.[0].path).toBe('payer');
  });

  it('is approved by someone else than who prepared it, then sent', async () => {
    expect((await act(companyInvoice, 'send', 'kasir')).statusCode).toBe(409);
    expect((await act(companyInvoice, 'approve', 'kasir')).statusCode).toBe(403);
    // the nurse has no bill.approve
    expect((await act(companyInvoice, 'approve', 'perawat')).statusCode).toBe(403);
    const approved = await act(companyInvoice, 'approve', 'superadmin');
    expect(approved.statusCode).toBe(200);
    expect(json(approved).data.status).toBe('APPROVED');
    expect(json(approved).data.approvedBy.name).toBeTruthy();
    const sent = await act(companyInvoice, 'send', 'kasir');
    expect(json(sent).data.status).toBe('SENT');
  });

  it('prints the number, the visits, the total in figures and words and the bank account', async () => {
    const res = await call('GET', `${BASE}/${companyInvoice}/pdf`, 'kasir');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    const invoice = json(await call('GET', `${BASE}/${companyInvoice}`, 'kasir')).data;
    expect(text).toContain(invoice.number);
    expect(text).toContain(`TOTAL TAGIHAN ${formatRupiah(companyTotal())}`);
    expect(text).toContain(visits[0].mrn);
    expect(text).toContain('Pembayaran ke rekening Bank Mandiri 123-00-4567890-1');
    expect(text.toLowerCase()).toContain('rupiah');
  });
});

describe('payments from the payer', () => {
  it('refuses more than what is open, on the field', async () => {
    const invoice = json(await call('GET', `${BASE}/${companyInvoice}`, 'kasir')).data;
    const first = invoice.items[0];
    const over = await pay(companyInvoice, {
      amount: first.open + 1,
      allocations: [{ receivableUid: first.receivableUid, amount: first.open + 1 }],
    });
    expect(over.statusCode).toBe(400);
    expect(json(over).errors).toContainEqual(
      expect.objectContaining({
        path: 'allocations.0.amount',
        message: 'Melebihi sisa tagihan kunjungan ini',
      }),
    );
    const tooMuch = await pay(companyInvoice, { amount: companyTotal() + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(json(tooMuch).errors?.[0].path).toBe('amount');
  });

  it('a part payment goes to the oldest visit first: PARTIALLY_PAID, then PAID', async () => {
    const part = visits[0].amount + 1_000;
    const res = await pay(companyInvoice, { amount: part });
    expect(res.statusCode).toBe(200);
    const invoice = json(res).data;
    expect(invoice.status).toBe('PARTIALLY_PAID');
    expect(invoice.paid).toBe(part);
    expect(invoice.items[0].open).toBe(0);
    expect(invoice.items[1].paid).toBe(1_000);
    // by hand: the rest on the items named
    const rest = invoice.items.filter((i: { open: number }) => i.open > 0);
    const full = await pay(companyInvoice, {
      amount: invoice.open,
      allocations: rest.map((i: { receivableUid: string; open: number }) => ({
        receivableUid: i.receivableUid,
        amount: i.open,
      })),
    });
    expect(full.statusCode).toBe(200);
    expect(json(full).data).toMatchObject({ status: 'PAID', open: 0, paid: companyTotal() });
    expect(json(full).data.payments).toHaveLength(2);
    expect((await pay(companyInvoice, { amount: 1 })).statusCode).toBe(409);
  });

  it('keeps money rows append-only', async () => {
    await expect(
      ctx.database.db.execute(sql`UPDATE payer_invoice_payments SET amount = 1`),
    ).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`DELETE FROM payer_invoice_items`)).rejects.toThrow();
  });
});

describe('an insurer’s invoice', () => {
  let uid = '';
  const total = () => insured.reduce((s, v) => s + v.amount, 0);

  it('a cancelled draft frees its receivables for a new invoice', async () => {
    const draft = json(await create(insurerKey)).data;
    expect(draft.dueDate).toBe(addDays(today, 30));
    expect((await act(draft.uid, 'cancel', 'kasir', { reason: 'salah periode' })).statusCode).toBe(200);
    const cancelled = json(await call('GET', `${BASE}/${draft.uid}`, 'kasir')).data;
    expect(cancelled.status).toBe('CANCELLED');
    const payers = json(await call('GET', `${BASE}/payers?clinicId=10`, 'kasir')).data;
    expect(payers.find((p: { payer: string }) => p.payer === insurerKey)).toMatchObject({ openCount: 2 });
    const res = await create(insurerKey);
    expect(res.statusCode).toBe(200);
    uid = json(res).data.uid;
    expect(json(res).data.number).not.toBe(draft.number);
    expect((await act(uid, 'approve', 'admin')).statusCode).toBe(200);
    expect((await act(uid, 'send', 'kasir')).statusCode).toBe(200);
    // a sent invoice is not cancelled
    expect((await act(uid, 'cancel', 'kasir', { reason: 'terlambat' })).statusCode).toBe(409);
  });

  it('ages by days past the due day, with what is not invoiced', async () => {
    expect((await pay(uid, { amount: 10_000 })).statusCode).toBe(200);
    const due = addDays(today, 30);
    const at = async (asOf: string) =>
      json(await call('GET', `${BASE}/aging?clinicId=10&asOf=${asOf}`, 'kasir')).data;
    const notDue = (await at(today)).rows.find((r: { payer: string }) => r.payer === insurerKey);
    expect(notDue).toMatchObject({ notDue: total() - 10_000, d1to30: 0, total: total() - 10_000 });
    const late = await at(addDays(due, 45));
    expect(late.rows.find((r: { payer: string }) => r.payer === insurerKey)).toMatchObject({
      notDue: 0,
      d31to60: total() - 10_000,
    });
    expect(
      (await at(addDays(due, 1))).rows.find((r: { payer: string }) => r.payer === insurerKey).d1to30,
    ).toBe(total() - 10_000);
    expect(
      (await at(addDays(due, 91))).rows.find((r: { payer: string }) => r.payer === insurerKey).over90,
    ).toBe(total() - 10_000);
    // the company's invoice is paid: not in the buckets
    expect(late.rows.find((r: { payer: string }) => r.payer === companyKey())).toBeUndefined();
    expect(late.totals.d31to60).toBeGreaterThanOrEqual(total() - 10_000);

    // a visit paid by the company after its invoice: not invoiced
    const extra = await paidVisit({ payerType: 'company', companyId: company.id }, 'PERUSAHAAN');
    const now = await at(today);
    expect(now.rows.find((r: { payer: string }) => r.payer === companyKey())).toMatchObject({
      notInvoiced: extra.amount,
      total: extra.amount,
    });
  });

  it('is disputed, resolved, and its rest written off by a second person', async () => {
    const disputed = await act(uid, 'dispute', 'kasir', { reason: 'Peserta tidak terdaftar' });
    expect(json(disputed).data).toMatchObject({
      status: 'DISPUTED',
      disputeReason: 'Peserta tidak terdaftar',
    });
    const resolved = await act(uid, 'resolve', 'kasir', { note: 'sudah dijelaskan' });
    expect(json(resolved).data.status).toBe('PARTIALLY_PAID');
    expect((await act(uid, 'write-off/approve', 'superadmin')).statusCode).toBe(409);
    expect((await act(uid, 'write-off', 'kasir', { reason: 'x' })).statusCode).toBe(400);
    expect((await act(uid, 'write-off', 'kasir', { reason: 'Klaim kedaluwarsa' })).statusCode).toBe(200);
    expect((await act(uid, 'write-off/approve', 'kasir')).statusCode).toBe(403);
    const written = await act(uid, 'write-off/approve', 'superadmin');
    expect(written.statusCode).toBe(200);
    expect(json(written).data).toMatchObject({
      status: 'WRITTEN_OFF',
      open: 0,
      writtenOff: total() - 10_000,
    });
  });
});

describe('lists and scope', () => {
  it('filters by status, payer and number, paged', async () => {
    const all = json(await call('GET', `${BASE}?clinicId=10`, 'kasir')).data;
    expect(all.totalDocs).toBe(3);
    const paid = json(await call('GET', `${BASE}?clinicId=10&status=PAID`, 'kasir')).data;
    expect(paid.docs.map((d: { uid: string }) => d.uid)).toEqual([companyInvoice]);
    const byPayer = json(
      await call('GET', `${BASE}?clinicId=10&payer=${encodeURIComponent(insurerKey)}`, 'kasir'),
    ).data;
    expect(byPayer.totalDocs).toBe(2);
    const number = paid.docs[0].number as string;
    const found = json(
      await call('GET', `${BASE}?search=${encodeURIComponent(number.slice(-4))}&limit=1`, 'kasir'),
    ).data;
    expect(found.docs[0].number.endsWith(number.slice(-4))).toBe(true);
    expect(found.limit).toBe(1);
  });

  it('another clinic’s invoice is not found; another clinic’s list refused', async () => {
    await paidVisit({ payerType: 'company', companyId: company.id }, 'PERUSAHAAN', 11);
    const other = await create(companyKey(), 'superadmin', 11);
    expect(other.statusCode).toBe(200);
    const uid = json(other).data.uid;
    expect((await call('GET', `${BASE}/${uid}`, 'kasir')).statusCode).toBe(404);
    expect((await act(uid, 'approve', 'kasir')).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${uid}/pdf`, 'kasir')).statusCode).toBe(404);
    expect((await call('GET', `${BASE}?clinicId=11`, 'kasir')).statusCode).toBe(403);
    expect((await create(companyKey(), 'kasir', 11)).statusCode).toBe(403);
    // the clinic's own list does not show it
    const mine = json(await call('GET', BASE, 'kasir')).data;
    expect(mine.docs.map((d: { uid: string }) => d.uid)).not.toContain(uid);
  });

  it('leaves the bills consistent', async () => {
    const res = await call('GET', '/billing/consistency', 'superadmin');
    expect(json(res).data.problems).toEqual([]);
  });
});
