import { randomUUID } from 'node:crypto';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, payments, registrations } from '../../db/schema/index.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * Cashier shifts through the API on a real database (issue 18 §4): no payment without an open
 * shift, one open shift per cashier and clinic, the expected cash with change given and a
 * reversal, closing with and without a variance, the variance approved by another person only,
 * the day close refused while a bill or shift of the day is open, and no shift opened on a day
 * already closed.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let nik = 8100;
let today = '';

const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

async function billAtPayment(clinicId = 10) {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Shift ${nik}`,
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
    payerType: 'self',
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const uid = json(res).data._id as string;
  await ctx.database.db.update(registrations).set({ status: 'Payment' }).where(eq(registrations.uid, uid));
  const bill = json(await call('GET', `/billing/visits/${uid}/bill`, 'superadmin')).data;
  return { visit: uid, uid: bill.uid as string, outstanding: bill.outstanding as number };
}

const pay = (billUid: string, parts: object[], who = 'kasir') =>
  call('POST', `/billing/bills/${billUid}/payments`, who, { idempotencyKey: randomUUID(), parts });
const current = async (who = 'kasir', clinicId = 10) => {
  const res = await call('GET', `/billing/shifts/current?clinicId=${clinicId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
const open = (who: string, openingFloat: number, clinicId = 10) =>
  call('POST', '/billing/shifts', who, { clinicId, openingFloat });
const close = (uid: string, who: string, body: object) =>
  call('POST', `/billing/shifts/${uid}/close`, who, body);

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

describe('a cashier shift', () => {
  it('refuses a payment without an open shift', async () => {
    expect((await current()).shift).toBeNull();
    const bill = await billAtPayment();
    const res = await pay(bill.uid, [{ method: 'TUNAI', amount: bill.outstanding }]);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Buka shift kasir terlebih dahulu');
  });

  it('opens once per cashier and clinic, with a whole, non-negative float', async () => {
    const negative = await open('kasir', -1);
    expect(negative.statusCode).toBe(400);
    expect(json(negative).errors).toEqual([
      { path: 'openingFloat', message: 'Jumlah tidak boleh kurang dari 0' },
    ]);
    expect((await open('kasir', 100.5)).statusCode).toBe(400);
    const first = await open('kasir', 500_000);
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).data).toMatchObject({ status: 'open', openingFloat: 500_000, day: today });
    const again = await open('kasir', 0);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Shift kasir Anda di klinik ini sudah dibuka');
    // another clinic outside the kasir's scope
    expect((await open('kasir', 0, 11)).statusCode).toBe(403);
    expect((await open('pendaftaran', 0)).statusCode).toBe(403);
  });

  it('expects the float plus cash kept (tendered minus change) minus cash given back', async () => {
    const cash = await billAtPayment();
    const paidCash = await pay(cash.uid, [
      { method: 'TUNAI', amount: cash.outstanding, tendered: cash.outstanding + 20_000 },
    ]);
    expect(paidCash.statusCode, paidCash.body).toBe(200);
    const card = await billAtPayment();
    const paidCard = await pay(card.uid, [{ method: 'DEBIT', amount: card.outstanding, reference: 'EDC-1' }]);
    expect(paidCard.statusCode, paidCard.body).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.uid, json(paidCash).data.payment.uid));
    expect(row.shiftId).not.toBeNull();
    // the supervisor has no shift of their own: the refund leaves the kasir's drawer
    const reversed = await call(
      'POST',
      `/billing/payments/${json(paidCash).data.payment.uid}/reverse`,
      'superadmin',
      {
        reason: 'Salah pasien',
      },
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    const { shift } = await current();
    expect(shift.totals).toEqual({
      cashIn: cash.outstanding,
      cashRefunds: cash.outstanding,
      expectedCash: 500_000,
      nonCash: [{ method: 'DEBIT', amount: card.outstanding }],
      payments: 3,
      deposits: { received: 0, refunded: 0 },
    });
    // pay the reversed bill again, in cash
    expect((await pay(cash.uid, [{ method: 'TUNAI', amount: cash.outstanding }])).statusCode).toBe(200);
    expect((await current()).shift.totals.expectedCash).toBe(500_000 + cash.outstanding);
    const report = json(await call('GET', `/billing/shifts/${shift.uid}/report`, 'kasir')).data;
    expect(report.payments.map((p: { reversal: boolean }) => p.reversal)).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('waits for another person to approve a variance, with its reason', async () => {
    const opened = json(await open('superadmin', 200_000)).data;
    const noReason = await close(opened.uid, 'superadmin', { countedCash: 199_000 });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).errors).toEqual([
      { path: 'reason', message: 'Alasan wajib diisi bila ada selisih (minimal 3 huruf)' },
    ]);
    // only the shift's cashier closes it
    expect((await close(opened.uid, 'admin', { countedCash: 200_000 })).statusCode).toBe(403);
    const pending = await close(opened.uid, 'superadmin', {
      countedCash: 199_000,
      reason: 'Uang kembalian kurang',
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(json(pending).data).toMatchObject({
      status: 'pending_approval',
      variance: -1_000,
      varianceReason: 'Uang kembalian kurang',
    });
    expect((await current('superadmin')).pending.map((s: { uid: string }) => s.uid)).toEqual([opened.uid]);
    const own = await call('POST', `/billing/shifts/${opened.uid}/approve`, 'superadmin');
    expect(own.statusCode).toBe(403);
    expect(json(own).message).toBe('Selisih harus disetujui orang lain, bukan kasir shift ini');
    const listed = json(
      await call('GET', `/billing/shifts?clinicId=10&status=pending_approval`, 'admin'),
    ).data;
    expect(listed.docs.map((s: { uid: string }) => s.uid)).toEqual([opened.uid]);
    const approved = await call('POST', `/billing/shifts/${opened.uid}/approve`, 'admin');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved).data).toMatchObject({ status: 'closed', approvedBy: 'Budi Santoso' });
    expect((await call('POST', `/billing/shifts/${opened.uid}/approve`, 'admin')).statusCode).toBe(409);
    const byDay = json(await call('GET', `/billing/shifts?clinicId=10&day=${today}`, 'kasir')).data;
    expect(byDay.totalDocs).toBe(2);
  });

  it('refuses the day close while a bill or a shift of the day is open, then closes it', async () => {
    const waiting = await billAtPayment();
    const refused = await call('POST', '/billing/days/close', 'kasir', { clinicId: 10, day: today });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toMatch(
      /belum dapat ditutup: \d+ tagihan belum lunas, [1-9]\d* kunjungan menunggu pembayaran, 1 shift kasir masih dibuka/,
    );
    expect(
      (await pay(waiting.uid, [{ method: 'QRIS', amount: waiting.outstanding, reference: 'RRN-9' }]))
        .statusCode,
    ).toBe(200);
    const { shift } = await current();
    const expected = shift.totals.expectedCash;
    const closed = await close(shift.uid, 'kasir', { countedCash: expected });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json(closed).data).toMatchObject({
      status: 'closed',
      variance: 0,
      expectedCash: expected,
      countedCash: expected,
    });
    expect((await close(shift.uid, 'kasir', { countedCash: expected })).statusCode).toBe(409);
    const paidAfter = await pay((await billAtPayment()).uid, [{ method: 'TUNAI', amount: 1 }]);
    expect(json(paidAfter).message).toBe('Buka shift kasir terlebih dahulu');
    const atCashier = await ctx.database.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.clinicId, 10), eq(registrations.status, 'Payment')));
    // the visits left at the cashier are moved on so the day can close
    for (const v of atCashier)
      await ctx.database.db.update(registrations).set({ status: 'Paid' }).where(eq(registrations.id, v.id));
    const accepted = await call('POST', '/billing/days/close', 'kasir', { clinicId: 10, day: today });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // the approved variance of the shift before is the day's
    expect(json(accepted).data.totals).toMatchObject({ shifts: 2, variance: -1_000 });
    const twice = await call('POST', '/billing/days/close', 'kasir', { clinicId: 10, day: today });
    expect(twice.statusCode).toBe(409);
    // and no shift opens on the closed day
    for (const who of ['kasir', 'superadmin']) {
      const late = await open(who, 100_000);
      expect(late.statusCode, late.body).toBe(409);
      expect(json(late).message).toBe(
        `Hari ${today} di klinik ini sudah ditutup: shift kasir tidak dapat dibuka lagi`,
      );
    }
    expect((await current()).shift).toBeNull();
    const byDay = json(await call('GET', `/billing/shifts?clinicId=10&day=${today}`, 'kasir')).data;
    expect(byDay.totalDocs).toBe(2);
  });
});
