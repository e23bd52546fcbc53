import { randomUUID } from 'node:crypto';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clinics,
  depositEntries,
  journalEntries,
  journalLines,
  partnerCompanies,
  patientDeposits,
  registrations,
} from '../../db/schema/index.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * Patient deposits through the API on a real database (issue 18 §2): received within the
 * cashier's shift (once per key), drawn by a split payment never above the balance (also by two
 * payments at once), given back by a reversal, refunded by a second person; the shift's cash,
 * the journal and the consistency check follow. Then the payer's part capped at the payer
 * portion, and nothing more booked on a closed day (issue 18 §4).
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let nik = 9300;
let today = '';

const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

async function newPatient(clinicId = 10): Promise<string> {
  const res = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Deposit ${nik}`,
    sex: 'F',
    dob: '05/06/1988',
    nik: `317105050688${String(nik++).padStart(4, '0')}`,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data.uid;
}

async function billAtPayment(patientUid: string, payer: object = { payerType: 'self' }) {
  const res = await call('POST', '/registrations/registrations', 'superadmin', {
    clinicId: 10,
    patientId: patientUid,
    orderType: 'doctor',
    doctorId: dokterId,
    confirmDuplicate: true,
    ...payer,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const uid = json(res).data._id as string;
  await ctx.database.db.update(registrations).set({ status: 'Payment' }).where(eq(registrations.uid, uid));
  const bill = json(await call('GET', `/billing/visits/${uid}/bill`, 'kasir')).data;
  return { visit: uid, uid: bill.uid as string, outstanding: bill.outstanding as number, bill };
}

const pay = (billUid: string, parts: object[], who = 'kasir') =>
  call('POST', `/billing/bills/${billUid}/payments`, who, { idempotencyKey: randomUUID(), parts });
const receive = (patientUid: string, body: object, who = 'kasir') =>
  call('POST', `/billing/patients/${patientUid}/deposit/receipts`, who, {
    clinicId: 10,
    idempotencyKey: randomUUID(),
    ...body,
  });
const depositOf = async (patientUid: string, who = 'kasir') => {
  const res = await call('GET', `/billing/patients/${patientUid}/deposit`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
const currentShift = async (who = 'kasir') =>
  json(await call('GET', `/billing/shifts/current?clinicId=10`, who)).data.shift;
const entryCount = async () => (await ctx.database.db.select().from(depositEntries)).length;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'admin', 'kasir', 'pendaftaran'])
    tokens[who] = await loginAs(ctx.app, who);
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  await practisesToday(ctx.database.db, dokterId, 10);
  const [menteng] = await ctx.database.db.select().from(clinics).where(eq(clinics.id, 10));
  today = clinicDay(menteng.timeZone);
}, 120_000);
afterAll(() => ctx?.close());

describe('a patient deposit', () => {
  let patient = '';
  let receiptUid = '';

  it('is received within the cashier’s open shift, once per key, with its own receipt series', async () => {
    patient = await newPatient();
    const noShift = await receive(patient, { amount: 100_000, method: 'TUNAI' });
    expect(noShift.statusCode).toBe(409);
    expect(json(noShift).message).toBe('Buka shift kasir terlebih dahulu');
    expect(
      (await call('POST', '/billing/shifts', 'kasir', { clinicId: 10, openingFloat: 200_000 })).statusCode,
    ).toBe(200);

    const noRef = await receive(patient, { amount: 50_000, method: 'DEBIT' });
    expect(noRef.statusCode).toBe(400);
    expect(json(noRef).errors).toEqual([{ path: 'reference', message: 'Nomor referensi wajib diisi' }]);
    expect((await receive(patient, { amount: 100_000, method: 'TUNAI' }, 'pendaftaran')).statusCode).toBe(
      403,
    );
    // another clinic outside the kasir's scope
    expect((await receive(patient, { amount: 100_000, method: 'TUNAI', clinicId: 11 })).statusCode).toBe(403);

    const key = randomUUID();
    const first = await receive(patient, { amount: 300_000, method: 'TUNAI', idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(200);
    const answer = json(first).data;
    expect(answer.entry).toMatchObject({
      kind: 'receipt',
      amount: 300_000,
      method: 'TUNAI',
      refundable: 300_000,
    });
    expect(answer.entry.receiptNumber).toMatch(/^DP\/10\/\d{6}\/0001$/);
    expect(json(first).message).toBe(`Deposit berhasil diterima, kuitansi ${answer.entry.receiptNumber}`);
    receiptUid = answer.entry.uid;
    // the same key again: the same receipt; with another body: 409
    const again = await receive(patient, { amount: 300_000, method: 'TUNAI', idempotencyKey: key });
    expect(json(again).data.entry.uid).toBe(receiptUid);
    expect((await receive(patient, { amount: 1, method: 'TUNAI', idempotencyKey: key })).statusCode).toBe(
      409,
    );
    expect(await entryCount()).toBe(1);

    const card = await receive(patient, { amount: 50_000, method: 'QRIS', reference: 'RRN-77' });
    expect(card.statusCode, card.body).toBe(200);
    expect(json(card).data.entry.receiptNumber).toMatch(/\/0002$/);
    expect((await depositOf(patient)).balance).toBe(350_000);

    // the shift: cash deposits in the drawer, the others by method, deposits shown apart
    expect((await currentShift()).totals).toEqual({
      cashIn: 300_000,
      cashRefunds: 0,
      expectedCash: 500_000,
      nonCash: [{ method: 'QRIS', amount: 50_000 }],
      payments: 0,
      deposits: { received: 350_000, refunded: 0 },
    });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'deposit'), eq(auditLog.action, 'deposit.receive')));
    expect(audits).toHaveLength(2);
  });

  it('is drawn by a split payment, never above the balance (nothing written when refused)', async () => {
    const bill = await billAtPayment(patient);
    expect(bill.outstanding).toBeGreaterThan(10_000);
    const split = await pay(bill.uid, [
      { method: 'DEPOSIT', amount: 10_000 },
      { method: 'TUNAI', amount: bill.outstanding - 10_000 },
    ]);
    expect(split.statusCode, split.body).toBe(200);
    expect(json(split).data.bill.status).toBe('paid');
    const after = await depositOf(patient);
    expect(after.balance).toBe(340_000);
    expect(after.entries[0]).toMatchObject({
      kind: 'draw',
      amount: -10_000,
      billNumber: json(split).data.bill.number,
    });

    // the reversal gives the drawn deposit back
    const reversed = await call(
      'POST',
      `/billing/payments/${json(split).data.payment.uid}/reverse`,
      'admin',
      {
        reason: 'Salah tagihan',
      },
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    const back = await depositOf(patient);
    expect(back.balance).toBe(350_000);
    expect(back.entries[0]).toMatchObject({ kind: 'return', amount: 10_000 });
    // paid again in cash (the day closes below only with no bill left unpaid)
    expect((await pay(bill.uid, [{ method: 'TUNAI', amount: bill.outstanding }])).statusCode).toBe(200);
  });

  it('refuses a draw above the balance, naming the part', async () => {
    const other = await newPatient();
    const bill = await billAtPayment(other);
    expect((await receive(other, { amount: 5_000, method: 'TUNAI' })).statusCode).toBe(200);
    const before = await entryCount();
    const res = await pay(bill.uid, [
      { method: 'TUNAI', amount: bill.outstanding - 6_000 },
      { method: 'DEPOSIT', amount: 6_000 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Saldo deposit pasien tidak cukup (sisa Rp 5.000)');
    expect(json(res).errors).toEqual([
      { path: 'parts.1.amount', message: 'Melebihi saldo deposit Rp 5.000' },
    ]);
    expect(await entryCount()).toBe(before);
    expect((await depositOf(other)).balance).toBe(5_000);
    const bill2 = json(await call('GET', `/billing/visits/${bill.visit}/bill`, 'kasir')).data;
    expect(bill2.payments).toEqual([]);
  });

  it('never overdraws when two payments draw the same balance at once', async () => {
    const shared = await newPatient();
    const a = await billAtPayment(shared);
    const b = await billAtPayment(shared);
    const amount = Math.min(a.outstanding, b.outstanding);
    // enough for one of the two draws, not for both
    expect((await receive(shared, { amount: amount + amount / 2, method: 'TUNAI' })).statusCode).toBe(200);
    const results = await Promise.all([
      pay(
        a.uid,
        [
          { method: 'DEPOSIT', amount },
          { method: 'TUNAI', amount: a.outstanding - amount },
        ].filter((p) => p.amount > 0),
      ),
      pay(
        b.uid,
        [
          { method: 'DEPOSIT', amount },
          { method: 'TUNAI', amount: b.outstanding - amount },
        ].filter((p) => p.amount > 0),
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const deposit = await depositOf(shared);
    expect(deposit.balance).toBe(amount / 2);
    expect(deposit.entries.filter((e: { kind: string }) => e.kind === 'draw')).toHaveLength(1);
  });

  it('is refunded by a second person with a reason, never above what is left', async () => {
    // the kasir holds no bill.approve; the cashier who received it may not refund it
    expect(
      (
        await call('POST', `/billing/deposits/${receiptUid}/refund`, 'kasir', {
          amount: 1_000,
          reason: 'Batal',
        })
      ).statusCode,
    ).toBe(403);
    const noReason = await call('POST', `/billing/deposits/${receiptUid}/refund`, 'admin', { amount: 1_000 });
    expect(noReason.statusCode).toBe(400);
    const tooMuch = await call('POST', `/billing/deposits/${receiptUid}/refund`, 'admin', {
      amount: 300_001,
      reason: 'Pasien pindah kota',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(json(tooMuch).errors).toEqual([{ path: 'amount', message: 'Paling banyak Rp 300.000' }]);
    const refunded = await call('POST', `/billing/deposits/${receiptUid}/refund`, 'admin', {
      amount: 100_000,
      reason: 'Pasien pindah kota',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const deposit = json(refunded).data.deposit;
    expect(deposit.balance).toBe(250_000);
    expect(json(refunded).data.entry).toMatchObject({
      kind: 'refund',
      amount: -100_000,
      reason: 'Pasien pindah kota',
    });
    expect(deposit.entries.find((e: { uid: string }) => e.uid === receiptUid).refundable).toBe(200_000);
    // the cash left the kasir's drawer (the admin has no shift)
    const totals = (await currentShift()).totals;
    expect(totals.deposits).toEqual({ received: expect.any(Number), refunded: 100_000 });
    expect(totals.cashRefunds).toBeGreaterThanOrEqual(100_000);
  });

  it('books balanced journal entries and keeps the billing consistent', async () => {
    await ctx.app.outbox.drain();
    await ctx.app.outbox.drain();
    const entries = await ctx.database.db
      .select()
      .from(journalEntries)
      .where(inArray(journalEntries.source, ['deposit', 'depositRefund']));
    expect(entries.length).toBeGreaterThanOrEqual(5);
    for (const e of entries) {
      const lines = await ctx.database.db.select().from(journalLines).where(eq(journalLines.entryId, e.id));
      const debit = lines.reduce((n, l) => n + l.debit, 0);
      expect(debit).toBe(lines.reduce((n, l) => n + l.credit, 0));
      expect(debit).toBeGreaterThan(0);
      expect(lines.some((l) => l.accountCode === '2102')).toBe(true);
    }
    const refund = entries.find((e) => e.source === 'depositRefund')!;
    const lines = await ctx.database.db
      .select()
      .from(journalLines)
      .where(eq(journalLines.entryId, refund.id));
    expect(lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['2102', 100_000, 0],
      ['1101', 0, 100_000],
    ]);
    const consistency = json(await call('GET', '/billing/consistency', 'superadmin')).data;
    expect(consistency.problems).toEqual([]);
    // a balance row off its ledger is reported
    const [row] = await ctx.database.db.select().from(patientDeposits).limit(1);
    await ctx.database.db
      .update(patientDeposits)
      .set({ balance: row.balance + 1 })
      .where(eq(patientDeposits.id, row.id));
    const broken = json(await call('GET', '/billing/consistency', 'superadmin')).data;
    expect(broken.problems.map((p: { kind: string }) => p.kind)).toEqual(['depositBalanceMismatch']);
    await ctx.database.db
      .update(patientDeposits)
      .set({ balance: row.balance })
      .where(eq(patientDeposits.id, row.id));
  });

  it('is kept within the caller’s clinics; the balance is the patient’s within the corporate', async () => {
    const pdf = await call('GET', `/billing/deposits/${receiptUid}/receipt.pdf?paper=roll80`, 'kasir');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    // a deposit received at Bekasi (11), outside the kasir's clinics
    expect(
      (await call('POST', '/billing/shifts', 'superadmin', { clinicId: 11, openingFloat: 0 })).statusCode,
    ).toBe(200);
    const elsewhere = await receive(patient, { amount: 20_000, method: 'TUNAI', clinicId: 11 }, 'superadmin');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const uid = json(elsewhere).data.entry.uid;
    expect(json(elsewhere).data.entry.receiptNumber).toMatch(/^DP\/11\/\d{6}\/0001$/);
    expect((await call('GET', `/billing/deposits/${uid}/receipt.pdf`, 'kasir')).statusCode).toBe(404);
    expect((await depositOf(patient)).balance).toBe(270_000);
    expect((await call('GET', `/billing/patients/${randomUUID()}/deposit`, 'kasir')).statusCode).toBe(404);
    expect((await call('GET', `/billing/patients/${patient}/deposit`, 'pendaftaran')).statusCode).toBe(403);
  });
});

describe('a company’s or insurer’s part', () => {
  it('never exceeds the bill’s payer portion', async () => {
    const company = json(
      await call('POST', '/partner-companies', 'superadmin', {
        name: 'PT Plafon Deposit',
        ceilingPerVisit: 20_000,
      }),
    ).data;
    const [row] = await ctx.database.db
      .select({ id: partnerCompanies.id })
      .from(partnerCompanies)
      .where(eq(partnerCompanies.uid, company.uid));
    const bill = await billAtPayment(await newPatient(), { payerType: 'company', companyId: row.id });
    expect(bill.bill.totals.payerPortion).toBe(20_000);
    const over = await pay(bill.uid, [
      { method: 'TUNAI', amount: bill.outstanding - 25_000 },
      { method: 'PERUSAHAAN', amount: 25_000 },
    ]);
    expect(over.statusCode).toBe(400);
    expect(json(over).message).toBe('Bagian penjamin paling banyak Rp 20.000');
    expect(json(over).errors).toEqual([
      { path: 'parts.1.amount', message: 'Paling banyak Rp 20.000 (bagian penjamin)' },
    ]);
    const ok = await pay(bill.uid, [
      { method: 'TUNAI', amount: bill.outstanding - 20_000 },
      { method: 'PERUSAHAAN', amount: 20_000 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a closed day', () => {
  it('takes no payment, reversal or deposit once the clinic’s day is closed', async () => {
    const patient = await newPatient();
    const paid = await billAtPayment(patient);
    const payment = json(await pay(paid.uid, [{ method: 'TUNAI', amount: paid.outstanding }])).data.payment;
    const waiting = await billAtPayment(patient);
    // the day's visits are moved on and the shift closed so the day can close
    const open = await ctx.database.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.clinicId, 10), eq(registrations.status, 'Payment')));
    for (const v of open)
      await ctx.database.db.update(registrations).set({ status: 'Paid' }).where(eq(registrations.id, v.id));
    const shift = await currentShift();
    expect(
      (
        await call('POST', `/billing/shifts/${shift.uid}/close`, 'kasir', {
          countedCash: shift.totals.expectedCash,
        })
      ).statusCode,
    ).toBe(200);
    const closed = await call('POST', '/billing/days/close', 'kasir', { clinicId: 10, day: today });
    expect(closed.statusCode, closed.body).toBe(200);

    await ctx.database.db
      .update(registrations)
      .set({ status: 'Payment' })
      .where(eq(registrations.uid, waiting.visit));
    // no shift opens on the closed day either; the refusals below come from the closed day itself
    expect(
      (await call('POST', '/billing/shifts', 'kasir', { clinicId: 10, openingFloat: 0 })).statusCode,
    ).toBe(409);
    const message = `Hari ${today} di klinik ini sudah ditutup: pembayaran, pembatalan dan deposit tidak dapat dicatat lagi`;
    const late = await pay(waiting.uid, [{ method: 'TUNAI', amount: waiting.outstanding }]);
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe(message);
    const reversal = await call('POST', `/billing/payments/${payment.uid}/reverse`, 'admin', {
      reason: 'Terlambat',
    });
    expect(reversal.statusCode).toBe(409);
    expect(json(reversal).message).toBe(message);
    const deposit = await receive(patient, { amount: 10_000, method: 'TUNAI' });
    expect(deposit.statusCode).toBe(409);
    expect(json(deposit).message).toBe(message);
  });
});
