import { randomUUID } from 'node:crypto';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCompanies, registrations } from '../../db/schema/index.ts';
import { ensureShift } from '../../test/cashier-shift-fixtures.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * An insurer's claim batch through the API on a real database (issue 18 §6): a visit partly
 * denied with a reason code and its bill line, a denial over what is open refused on its field
 * with nothing written, a company's invoice refused, the denial re-claimed on a later batch, a
 * denial's write-off approved only by another person, the billing consistency check clean, and
 * another clinic's batch not found.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let nik = 8600;
const today = clinicDay('Asia/Jakarta');
const BASE = '/billing/payer-invoices';
const INSURER = 'Asuransi Klaim Uji';
const insurerKey = `insurer:${INSURER}`;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

/** A visit at the cashier, paid in full by its company or insurer: one receivable. */
async function paidVisit(payer: object, method: 'PERUSAHAAN' | 'ASURANSI', clinicId = 10) {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Klaim ${nik}`,
    sex: 'F',
    dob: '05/06/1990',
    nik: `317105050690${String(nik++).padStart(4, '0')}`,
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
  return bill.outstanding as number;
}

const act = (uid: string, action: string, who: string, payload: object = {}) =>
  call('POST', `${BASE}/${uid}/${action}`, who, payload);
const getInvoice = async (uid: string) => json(await call('GET', `${BASE}/${uid}`, 'kasir')).data;
const getClaim = async (uid: string) => json(await call('GET', `${BASE}/${uid}/denials`, 'kasir')).data;

/** A batch of the payer's open receivables made, approved by another person and sent. */
async function sentBatch(payer: string, clinicId = 10, who = 'kasir') {
  const res = await call('POST', BASE, who, { clinicId, payer, from: addDays(today, -31), to: today });
  if (res.statusCode !== 200) throw new Error(res.body);
  const uid = json(res).data.uid as string;
  expect((await act(uid, 'approve', 'admin')).statusCode).toBe(200);
  expect((await act(uid, 'send', who)).statusCode).toBe(200);
  return uid;
}

let companyId = 0;
let batch = '';

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'kasir', 'admin']) tokens[who] = await loginAs(ctx.app, who);
  for (const clinicId of [10, 11]) await ensureShift(ctx.app, tokens.superadmin, clinicId);
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
  for (let i = 0; i < 2; i++) await paidVisit({ payerType: 'insurance', insuranceName: INSURER }, 'ASURANSI');
  await paidVisit({ payerType: 'company', companyId }, 'PERUSAHAAN');
  batch = await sentBatch(insurerKey);
}, 180_000);
afterAll(() => ctx?.close());

describe('the insurer’s answer on a claim batch', () => {
  it('denies part of a visit with a reason code, a note and the bill line', async () => {
    const before = await getInvoice(batch);
    const item = before.items[0];
    const { billLines } = await getClaim(batch);
    const line = billLines.find((l: { receivableUid: string }) => l.receivableUid === item.receivableUid);
    expect(line).toBeTruthy();
    const res = await act(batch, 'denials', 'kasir', {
      lines: [
        {
          receivableUid: item.receivableUid,
          amount: 20_000,
          reasonCode: 'overCeiling',
          note: 'Melebihi plafon rawat jalan',
          lineSeqs: [line.seq],
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = json(res).data;
    expect(after.items[0]).toMatchObject({ denied: 20_000, open: item.amount - 20_000, paid: 0 });
    expect(after).toMatchObject({ denied: 20_000, open: before.total - 20_000, status: 'SENT' });
    const [denial] = (await getClaim(batch)).denials;
    expect(denial).toMatchObject({
      amount: 20_000,
      reasonCode: 'overCeiling',
      note: 'Melebihi plafon rawat jalan',
      state: 'DENIED',
      receivableUid: item.receivableUid,
    });
    expect(denial.lines).toEqual([{ seq: line.seq, code: line.code, description: line.description }]);
    expect(denial.recordedBy).toBeTruthy();
  });

  it('refuses more than what is open on the visit, on the field, writing nothing', async () => {
    const before = await getInvoice(batch);
    const [first, second] = before.items;
    const res = await act(batch, 'denials', 'kasir', {
      lines: [
        { receivableUid: second.receivableUid, amount: 1_000, reasonCode: 'duplicate' },
        { receivableUid: first.receivableUid, amount: first.open + 1, reasonCode: 'notCovered' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([
      expect.objectContaining({ path: 'lines.1.amount', message: 'Melebihi sisa tagihan kunjungan ini' }),
    ]);
    expect(await getInvoice(batch)).toEqual(before);
    expect((await getClaim(batch)).denials).toHaveLength(1);
    // a reason outside the list, and a line not on the visit's bill
    const bad = await act(batch, 'denials', 'kasir', {
      lines: [{ receivableUid: first.receivableUid, amount: 1_000, reasonCode: 'mood', lineSeqs: [] }],
    });
    expect(json(bad).errors?.[0]).toMatchObject({
      path: 'lines.0.reasonCode',
      message: 'Pilih alasan penolakan',
    });
    const noLine = await act(batch, 'denials', 'kasir', {
      lines: [{ receivableUid: first.receivableUid, amount: 1_000, reasonCode: 'other', lineSeqs: [99] }],
    });
    expect(json(noLine).errors?.[0].path).toBe('lines.0.lineSeqs');
  });

  it('refuses a denial on a partner company’s invoice', async () => {
    const company = await sentBatch(`company:${await companyUid()}`);
    const item = (await getInvoice(company)).items[0];
    const res = await act(company, 'denials', 'kasir', {
      lines: [{ receivableUid: item.receivableUid, amount: 1_000, reasonCode: 'other' }],
    });
    expect(res.statusCode).toBe(409);
    expect((await getClaim(company)).denials).toEqual([]);
  });

  it('stays open while a denial is not resolved, though the rest is paid', async () => {
    const invoice = await getInvoice(batch);
    const paid = await act(batch, 'payments', 'kasir', {
      paidOn: today,
      method: 'TRANSFER',
      reference: 'TRF-KLAIM-1',
      amount: invoice.open,
    });
    expect(paid.statusCode).toBe(200);
    expect(json(paid).data).toMatchObject({ status: 'PARTIALLY_PAID', open: 0, denied: 20_000 });
    // the aging still counts the denied money as owed by the insurer
    const aging = json(await call('GET', `${BASE}/aging?clinicId=10`, 'kasir')).data;
    expect(aging.rows.find((r: { payer: string }) => r.payer === insurerKey).notDue).toBe(20_000);
  });
});

describe('resolving a denial', () => {
  let next = '';

  it('a re-claim closes the batch and the amount goes on the next batch', async () => {
    const [denial] = (await getClaim(batch)).denials;
    const res = await act(batch, `denials/${denial.uid}/reclaim`, 'kasir', {
      note: 'Resume medis dilengkapi',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ status: 'PAID', denied: 0, reclaimed: 20_000, open: 0 });
    expect((await getClaim(batch)).denials[0].state).toBe('RECLAIMED');
    expect((await act(batch, `denials/${denial.uid}/reclaim`, 'kasir')).statusCode).toBe(409);

    const payers = json(await call('GET', `${BASE}/payers?clinicId=10`, 'kasir')).data;
    expect(payers.find((p: { payer: string }) => p.payer === insurerKey)).toMatchObject({
      openCount: 1,
      openAmount: 20_000,
    });
    next = await sentBatch(insurerKey);
    const resubmitted = await getInvoice(next);
    expect(resubmitted.items).toEqual([
      expect.objectContaining({ receivableUid: denial.receivableUid, amount: 20_000, open: 20_000 }),
    ]);
    // nothing is left to claim
    const again = await call('POST', BASE, 'kasir', {
      clinicId: 10,
      payer: insurerKey,
      from: addDays(today, -31),
      to: today,
    });
    expect(again.statusCode).toBe(400);
  });

  it('a write-off of a denial needs another person', async () => {
    const item = (await getInvoice(next)).items[0];
    await act(next, 'denials', 'kasir', {
      lines: [
        {
          receivableUid: item.receivableUid,
          amount: 20_000,
          reasonCode: 'lateSubmission',
          note: 'Lewat 90 hari',
        },
      ],
    });
    const [denial] = (await getClaim(next)).denials;
    const path = `denials/${denial.uid}/write-off`;
    expect((await act(next, `${path}/approve`, 'superadmin')).statusCode).toBe(409);
    expect((await act(next, path, 'kasir', { reason: 'x' })).statusCode).toBe(400);
    expect((await act(next, path, 'kasir', { reason: 'Klaim kedaluwarsa' })).statusCode).toBe(200);
    expect((await getClaim(next)).denials[0]).toMatchObject({
      state: 'WRITE_OFF_REQUESTED',
      writeOffReason: 'Klaim kedaluwarsa',
    });
    expect((await act(next, `${path}/approve`, 'kasir')).statusCode).toBe(403);
    const done = await act(next, `${path}/approve`, 'superadmin');
    expect(done.statusCode).toBe(200);
    expect(json(done).data).toMatchObject({ status: 'WRITTEN_OFF', writtenOff: 20_000, denied: 0, open: 0 });
    expect((await getClaim(next)).denials[0].state).toBe('WRITTEN_OFF');
  });

  it('keeps denials append-only and the bills consistent', async () => {
    await expect(ctx.database.db.execute(sql`UPDATE payer_claim_denials SET amount = 1`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`DELETE FROM payer_claim_reclaims`)).rejects.toThrow();
    const res = await call('GET', '/billing/consistency', 'superadmin');
    expect(json(res).data.problems).toEqual([]);
  });
});

describe('scope', () => {
  it('another clinic’s batch is not found', async () => {
    await paidVisit({ payerType: 'insurance', insuranceName: INSURER }, 'ASURANSI', 11);
    const other = await sentBatch(insurerKey, 11, 'superadmin');
    const item = json(await call('GET', `${BASE}/${other}`, 'superadmin')).data.items[0];
    const body = { lines: [{ receivableUid: item.receivableUid, amount: 1_000, reasonCode: 'other' }] };
    expect((await act(other, 'denials', 'kasir', body)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${other}/denials`, 'kasir')).statusCode).toBe(404);
    expect((await act(other, 'denials', 'superadmin', body)).statusCode).toBe(200);
    const [denial] = json(await call('GET', `${BASE}/${other}/denials`, 'superadmin')).data.denials;
    expect((await act(other, `denials/${denial.uid}/reclaim`, 'kasir')).statusCode).toBe(404);
  });
});

async function companyUid() {
  const [row] = await ctx.database.db
    .select({ uid: partnerCompanies.uid })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.id, companyId));
  return row.uid;
}
