import { randomUUID } from 'node:crypto';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clinics,
  domainEvents,
  journalEntries,
  journalLines,
  partnerCompanies,
  registrations,
} from '../../db/schema/index.ts';
import { emit } from '../../events/outbox.ts';
import { ensureShift } from '../../test/cashier-shift-fixtures.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * Billing through the API on a real database (issue 18): the draft assembled from the visit's
 * sources and priced by payer class and day, tax for PKP and non-PKP, discounts and their
 * approval, posting and its numbers, split payment, idempotency, two cashiers at once, reversal,
 * the visit reaching Paid only by paying, another clinic's bill, and the consistency check.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let companyId = 0;
let nik = 5000;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

async function newVisit(
  payer:
    | { payerType: 'self' }
    | { payerType: 'company'; companyId: number }
    | { payerType: 'insurance'; insuranceName: string } = {
    payerType: 'self',
  },
  clinicId = 10,
) {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Tagihan ${nik}`,
    sex: 'F',
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
  await setStatus(uid, 'Payment');
  return uid;
}

const setStatus = (uid: string, status: string) =>
  ctx.database.db.update(registrations).set({ status }).where(eq(registrations.uid, uid));
const statusOf = async (uid: string) =>
  (await ctx.database.db.select().from(registrations).where(eq(registrations.uid, uid)))[0].status;

/** What the desks publish for billing (their contract), written as they write it. */
const corpOf = async (uid: string) =>
  (await ctx.database.db.select().from(registrations).where(eq(registrations.uid, uid)))[0].corpId;

async function performed(visitUid: string, serviceType: string, codes: string[], sourceUid = randomUUID()) {
  const corpId = await corpOf(visitUid);
  await emit(ctx.database.db, {
    type: 'service.performed',
    aggregateType: 'treatmentProcedure',
    aggregateId: sourceUid,
    corpId,
    clinicId: 10,
    payload: {
      registrationId: visitUid,
      corpId,
      clinicId: 10,
      patientId: 1,
      serviceType,
      serviceCodes: codes,
      icd9Codes: [],
      sourceUid,
      performedBy: null,
      performedAt: new Date().toISOString(),
    },
  });
  return sourceUid;
}

async function dispensed(visitUid: string) {
  const corpId = await corpOf(visitUid);
  const prescriptionUid = randomUUID();
  await emit(ctx.database.db, {
    type: 'prescription.dispensed',
    aggregateType: 'prescription',
    aggregateId: prescriptionUid,
    corpId,
    clinicId: 10,
    payload: {
      prescriptionUid,
      registrationUid: visitUid,
      corpId,
      clinicId: 10,
      patientId: 1,
      status: 'Handed Over',
      requestKey: randomUUID(),
      actor: { userId: 1, ip: null },
      lines: [
        {
          line: 0,
          itemUid: 'drug-pct',
          name: 'Paracetamol 500 mg',
          batchNumber: 'B1',
          expiryDate: '2030-01-01',
          quantity: 6,
          baseUnit: 'tablet',
          unitPrice: 1_500,
          ingredient: null,
        },
        {
          line: 0,
          itemUid: 'drug-pct',
          name: 'Paracetamol 500 mg',
          batchNumber: 'B2',
          expiryDate: '2030-02-01',
          quantity: 4,
          baseUnit: 'tablet',
          unitPrice: 1_500,
          ingredient: null,
        },
      ],
      overrideReason: null,
      fees: [{ line: 1, kind: 'compounding', quantity: 1, unitPrice: 5_000, amount: 5_000 }],
    },
  });
}

const billOf = async (visitUid: string, who = 'kasir') =>
  json(await call('GET', `/billing/visits/${visitUid}/bill`, who)).data;
const codes = (bill: { lines: { code: string | null; unitPrice: number }[] }) =>
  Object.fromEntries(bill.lines.map((l) => [l.code, l.unitPrice]));
const pay = (billUid: string, parts: object[], who = 'kasir', key: string = randomUUID()) =>
  call('POST', `/billing/bills/${billUid}/payments`, who, { idempotencyKey: key, parts });

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'kasir', 'pendaftaran', 'perawat', 'dokter', 'dokter2'])
    tokens[who] = await loginAs(ctx.app, who);
  // payments and reversals are taken within an open cashier shift (issue 18 §4)
  for (const who of ['kasir', 'superadmin']) await ensureShift(ctx.app, tokens[who], 10);
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
}, 120_000);
afterAll(() => ctx?.close());

describe('the draft bill', () => {
  it('assembles registration, card, consultation, procedures, drugs and fees, priced for the payer class', async () => {
    const visit = await newVisit();
    await performed(visit, 'TREATMENT', ['TND-HECT']);
    const voided = await performed(visit, 'TREATMENT', ['TND-HECT']);
    const corpId = await corpOf(visit);
    await emit(ctx.database.db, {
      type: 'service.voided',
      aggregateType: 'treatmentProcedure',
      aggregateId: voided,
      corpId,
      clinicId: 10,
      payload: {
        registrationId: visit,
        corpId,
        clinicId: 10,
        patientId: 1,
        serviceType: 'TREATMENT',
        sourceUid: voided,
        reason: 'salah pasien',
        voidedBy: 1,
        voidedAt: new Date().toISOString(),
      },
    });
    await dispensed(visit);
    const bill = await billOf(visit);
    expect(bill.status).toBe('draft');
    expect(bill.number).toBeNull();
    expect(
      bill.lines.map(
        (l: { category: string; code: string; quantity: number; unitPrice: number; taxCode: string }) => [
          l.category,
          l.code,
          l.quantity,
          l.unitPrice,
          l.taxCode,
        ],
      ),
    ).toEqual([
      ['registration', 'REG-ADM', 1, 25_000, 'SERVICE_EXEMPT'],
      // a printed card is goods: without PKP no PPN
      ['registration', 'REG-KARTU', 1, 15_000, 'GOODS_NON_PKP'],
      ['consultation', 'KONS-UMUM', 1, 90_000, 'SERVICE_EXEMPT'],
      // the voided procedure is not charged
      ['procedure', 'TND-HECT', 1, 150_000, 'SERVICE_EXEMPT'],
      // two batches of one line: one line of 10 tablets
      ['drug', 'drug-pct', 10, 1_500, 'GOODS_NON_PKP'],
      ['compounding', 'compounding:1', 1, 5_000, 'SERVICE_EXEMPT'],
    ]);
    expect(bill.totals).toMatchObject({ net: 300_000, ppn: 0, patientPortion: 300_000, payerPortion: 0 });
    expect(bill.outstanding).toBe(300_000);

    // a company visit: the company's class prices, its contract price first (the demo's first
    // company has KONS-UMUM at 60 000), all on the payer within its ceiling; the card only on a first visit
    const company = await newVisit({ payerType: 'company', companyId });
    const cb = await billOf(company);
    expect(codes(cb)).toMatchObject({ 'REG-ADM': 22_500, 'KONS-UMUM': 60_000 });
    expect(cb.payerName).toBeTruthy();
    expect(cb.totals.patientPortion).toBe(0);
    expect(cb.totals.payerPortion).toBe(cb.totals.net);
    const insured = await newVisit({ payerType: 'insurance', insuranceName: 'Asuransi Sehat' });
    expect(codes(await billOf(insured))).toMatchObject({ 'REG-ADM': 27_500, 'KONS-UMUM': 99_000 });
  });

  it('charges a procedure the treatment room records, and takes it back when it is voided', async () => {
    const patient = await call('POST', '/patients', 'superadmin', {
      clinicId: 10,
      name: 'Pasien Tindakan Tagihan',
      sex: 'M',
      dob: '11/11/1990',
      nik: `317105010290${String(nik++).padStart(4, '0')}`,
    });
    const visit = json(
      await call('POST', '/registrations/registrations', 'pendaftaran', {
        clinicId: 10,
        patientId: json(patient).data.uid,
        orderType: 'service',
        serviceType: 'TREATMENT',
        payerType: 'self',
        complaint: 'Nebulisasi',
      }),
    ).data._id as string;
    const options = json(await call('GET', '/treatment/options?clinicId=10', 'perawat')).data;
    const nebu = options.procedures.find((p: { code: string }) => p.code === 'TND-NEBU');
    const recorded = await call('POST', `/treatment/visits/${visit}/procedures`, 'perawat', {
      requestKey: 'bill-nebu-0001',
      icd9Code: '93.94',
      serviceUid: nebu.uid,
      consumables: [],
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    // a treatment visit: registration fees and the procedure, no consultation
    expect(codes(await billOf(visit))).toEqual({
      'REG-ADM': 25_000,
      'REG-KARTU': 15_000,
      'TND-NEBU': 85_000,
    });
    const procedure = json(recorded).data.procedures[0].uid;
    const voided = await call('POST', `/treatment/procedures/${procedure}/void`, 'perawat', {
      reason: 'Salah pasien',
    });
    expect(voided.statusCode).toBe(200);
    expect(codes(await billOf(visit))).toEqual({ 'REG-ADM': 25_000, 'REG-KARTU': 15_000 });
  });

  it('prices by the visit’s day (2025’s tariff for a 2025 visit)', async () => {
    const visit = await newVisit();
    await ctx.database.db
      .update(registrations)
      .set({ queueDate: '2025-06-10' })
      .where(eq(registrations.uid, visit));
    const bill = await billOf(visit);
    expect(bill.serviceDay).toBe('2025-06-10');
    expect(codes(bill)).toMatchObject({ 'REG-ADM': 23_000, 'KONS-UMUM': 83_000 });
  });

  it('splits PPN out of drugs at a PKP clinic, prices with or without PPN', async () => {
    const visit = await newVisit();
    await dispensed(visit);
    const save = (body: object) =>
      call('PUT', '/billing/settings', 'superadmin', {
        clinicId: 10,
        discountApprovalThreshold: 100_000,
        ...body,
      });
    expect((await save({ isPkp: true, pricesIncludePpn: true })).statusCode).toBe(200);
    let drug = (await billOf(visit)).lines.find((l: { category: string }) => l.category === 'drug');
    // 15.000 includes PPN: DPP 13.514, PPN 1.486
    expect([drug.taxCode, drug.dpp, drug.ppn, drug.net]).toEqual(['GOODS_PPN', 13_514, 1_486, 15_000]);
    expect((await save({ isPkp: true, pricesIncludePpn: false })).statusCode).toBe(200);
    drug = (await billOf(visit)).lines.find((l: { category: string }) => l.category === 'drug');
    expect([drug.taxCode, drug.dpp, drug.ppn, drug.net]).toEqual(['GOODS_PPN', 15_000, 1_650, 16_650]);
    expect((await save({ isPkp: false, pricesIncludePpn: true })).statusCode).toBe(200);
    const settings = json(await call('GET', '/billing/settings?clinicId=10', 'superadmin')).data;
    expect(settings).toMatchObject({
      clinicId: 10,
      isPkp: false,
      pricesIncludePpn: true,
      discountApprovalThreshold: 100_000,
    });
    // the cashier does not keep the settings
    expect((await call('GET', '/billing/settings?clinicId=10', 'kasir')).statusCode).toBe(403);
  });
});

describe('charges and discounts', () => {
  it('needs a reason; a discount above the threshold waits for a second person', async () => {
    const visit = await newVisit();
    const noReason = await call('POST', `/billing/visits/${visit}/bill/charges`, 'kasir', {
      description: 'Surat',
      amount: 10_000,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).errors).toEqual([
      { path: 'reason', message: 'Alasan wajib diisi (minimal 3 huruf)' },
    ]);
    const charged = await call('POST', `/billing/visits/${visit}/bill/charges`, 'kasir', {
      description: 'Surat keterangan',
      amount: 10_000,
      reason: 'Permintaan pasien',
    });
    expect(charged.statusCode).toBe(200);
    expect(json(charged).data.totals.net).toBe(140_000);

    // small: counts at once
    const small = await call('POST', `/billing/visits/${visit}/bill/discounts`, 'kasir', {
      type: 'fixed',
      value: 5_000,
      reason: 'Pelanggan setia',
    });
    expect(json(small).data.totals.net).toBe(135_000);
    // large: pending, does not count
    const big = await call('POST', `/billing/visits/${visit}/bill/discounts`, 'kasir', {
      type: 'percent',
      value: 100,
      reason: 'Karyawan klinik',
    });
    expect(big.statusCode).toBe(200);
    expect(json(big).message).toBe('Diskon Rp 140.000 menunggu persetujuan');
    const pending = json(big).data.adjustments.find((a: { status: string }) => a.status === 'pending');
    expect(json(big).data.totals.net).toBe(135_000);
    // not while pending
    expect((await call('POST', `/billing/visits/${visit}/bill/post`, 'kasir')).statusCode).toBe(409);
    // the asker cannot decide it, nor who lacks the right; someone else rejects it: it never counts
    const self = await call('POST', `/billing/adjustments/${pending.uid}/decision`, 'kasir', {
      approve: true,
    });
    expect(self.statusCode).toBe(403);
    expect(json(self).message).toBe('Diskon harus disetujui orang lain, bukan yang mengajukan');
    expect(
      (await call('POST', `/billing/adjustments/${pending.uid}/decision`, 'dokter', { approve: true }))
        .statusCode,
    ).toBe(403);
    const rejected = await call('POST', `/billing/adjustments/${pending.uid}/decision`, 'superadmin', {
      approve: false,
    });
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).data.totals.net).toBe(135_000);
    expect(
      (await call('POST', `/billing/adjustments/${pending.uid}/decision`, 'superadmin', { approve: true }))
        .statusCode,
    ).toBe(409);
    // another above the threshold, approved: counts
    const second = await call('POST', `/billing/visits/${visit}/bill/discounts`, 'kasir', {
      type: 'fixed',
      value: 120_000,
      reason: 'Program sosial',
    });
    const approved = await call(
      'POST',
      `/billing/adjustments/${json(second).data.adjustments.at(-1).uid}/decision`,
      'superadmin',
      { approve: true },
    );
    expect(json(approved).data.totals.net).toBe(15_000);
    // a line discount names a line of the bill
    const line = json(approved).data.lines.find((l: { code: string }) => l.code === 'REG-ADM');
    const onLine = await call('POST', `/billing/visits/${visit}/bill/discounts`, 'kasir', {
      lineKey: line.key,
      type: 'percent',
      value: 100,
      reason: 'Gratis daftar',
    });
    expect(json(onLine).data.lines.find((l: { code: string }) => l.code === 'REG-ADM').net).toBe(0);
    expect(json(onLine).data.totals.net).toBe(0);
    // nothing left to pay: posting settles it, the visit is Paid
    const posted = await call('POST', `/billing/visits/${visit}/bill/post`, 'kasir');
    expect(json(posted).data).toMatchObject({ status: 'paid', outstanding: 0 });
    expect(await statusOf(visit)).toBe('Paid');
    const unknown = await call('POST', `/billing/visits/${visit}/bill/discounts`, 'kasir', {
      lineKey: 'x:y:z',
      type: 'fixed',
      value: 1,
      reason: 'Salah',
    });
    expect(unknown.statusCode).toBe(409);
    const fresh = await newVisit();
    const unknownLine = await call('POST', `/billing/visits/${fresh}/bill/discounts`, 'kasir', {
      lineKey: 'x:y:z',
      type: 'fixed',
      value: 1,
      reason: 'Salah',
    });
    expect(unknownLine.statusCode).toBe(404);
    expect(json(unknownLine).errors).toEqual([{ path: 'lineKey', message: 'Baris tagihan tidak ditemukan' }]);
  });
});

describe('posting', () => {
  it('freezes the lines once, numbers without gaps under concurrency, changes only by adjustment', async () => {
    const visits = await Promise.all([newVisit(), newVisit(), newVisit(), newVisit()]);
    const posted = await Promise.all(
      visits.map((v) => call('POST', `/billing/visits/${v}/bill/post`, 'kasir')),
    );
    expect(posted.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const numbers = posted.map((r) => json(r).data.number as string).sort();
    const seqs = numbers.map((n) => Number(n.split('/')[3]));
    expect(numbers[0]).toMatch(/^INV\/10\/\d{6}\/\d{4}$/);
    expect(seqs).toEqual([seqs[0], seqs[0] + 1, seqs[0] + 2, seqs[0] + 3]);
    // again: the same bill
    const again = await call('POST', `/billing/visits/${visits[0]}/bill/post`, 'kasir');
    expect(json(again).data.number).toBe(json(posted[0]).data.number);
    expect(json(again).data.lines).toEqual(json(posted[0]).data.lines);
    // a later procedure does not change the posted bill
    await performed(visits[0], 'TREATMENT', ['TND-HECT']);
    expect((await billOf(visits[0])).totals.net).toBe(json(posted[0]).data.totals.net);
    const charge = await call('POST', `/billing/visits/${visits[0]}/bill/charges`, 'kasir', {
      description: 'X',
      amount: 1_000,
      reason: 'Tambah',
    });
    expect(charge.statusCode).toBe(409);
    const adjusted = await call('POST', `/billing/bills/${json(posted[0]).data.uid}/adjustments`, 'kasir', {
      description: 'Jahit luka',
      amount: 150_000,
      reason: 'Tindakan setelah posting',
    });
    expect(adjusted.statusCode).toBe(200);
    expect(json(adjusted).data.totals.net).toBe(json(posted[0]).data.totals.net + 150_000);
    expect(json(adjusted).data.lines.at(-1)).toMatchObject({ category: 'adjustment', net: 150_000 });
  });
});

describe('payment', () => {
  it('refuses parts that do not sum to what is outstanding and non-cash parts without a reference', async () => {
    const visit = await newVisit();
    const bill = await billOf(visit);
    const noRef = await pay(bill.uid, [{ method: 'QRIS', amount: 130_000 }]);
    expect(noRef.statusCode).toBe(400);
    expect(json(noRef).errors).toEqual([
      { path: 'parts.0.reference', message: 'Nomor referensi wajib diisi' },
    ]);
    const short = await pay(bill.uid, [{ method: 'TUNAI', amount: 100_000, tendered: 50_000 }]);
    expect(json(short).errors).toEqual([
      { path: 'parts.0.tendered', message: 'Uang diterima kurang dari jumlah' },
    ]);
    const mismatch = await pay(bill.uid, [{ method: 'TUNAI', amount: 100_000 }]);
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).message).toBe(
      'Jumlah pembayaran Rp 100.000 tidak sama dengan sisa tagihan Rp 130.000',
    );
    expect(json(mismatch).errors).toEqual([
      { path: 'parts', message: 'Jumlah harus sama dengan sisa tagihan Rp 130.000' },
    ]);
    const company = await pay(bill.uid, [{ method: 'PERUSAHAAN', amount: 130_000 }]);
    expect(json(company).errors).toEqual([
      { path: 'parts.0.method', message: 'Kunjungan tanpa perusahaan penjamin' },
    ]);
    // nothing was written: the visit is still at the cashier, the bill a draft (the posting rolled back)
    expect(await statusOf(visit)).toBe('Payment');
    expect((await billOf(visit)).status).toBe('draft');
  });

  it('takes a split payment with change: the bill is posted and paid, the visit Paid, a receipt number', async () => {
    const visit = await newVisit();
    const bill = await billOf(visit);
    const key = randomUUID();
    const parts = [
      { method: 'TUNAI', amount: 50_000, tendered: 100_000 },
      { method: 'QRIS', amount: 80_000, reference: 'RRN123456' },
    ];
    const res = await pay(bill.uid, parts, 'kasir', key);
    expect(res.statusCode).toBe(200);
    const { bill: paid, payment } = json(res).data;
    expect(json(res).message).toBe(`Pembayaran berhasil dicatat, kuitansi ${payment.receiptNumber}`);
    expect(paid).toMatchObject({ status: 'paid', paid: 130_000, receivable: 0, outstanding: 0 });
    expect(paid.number).toMatch(/^INV\/10\//);
    expect(payment.receiptNumber).toMatch(/^KW\/10\/\d{6}\/\d{4}$/);
    expect(payment.parts).toEqual([
      { method: 'TUNAI', amount: 50_000, tendered: 100_000, change: 50_000, reference: null },
      { method: 'QRIS', amount: 80_000, tendered: null, change: 0, reference: 'RRN123456' },
    ]);
    expect(await statusOf(visit)).toBe('Paid');
    const events = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.aggregateId, payment.uid)));
    expect(events.map((e) => e.type)).toEqual(['payment.received']);

    // the same request again: the same answer, nothing charged twice
    const replay = await pay(bill.uid, parts, 'kasir', key);
    expect(replay.statusCode).toBe(200);
    expect(json(replay).data.payment).toEqual(payment);
    expect(json(replay).data.bill.payments).toHaveLength(1);
    // the same key with another body: 409
    const other = await pay(bill.uid, [{ method: 'TUNAI', amount: 130_000 }], 'kasir', key);
    expect(other.statusCode).toBe(409);
    expect(json(other).message).toBe('Kunci permintaan ini sudah dipakai untuk pembayaran lain');
    // a new key on a paid bill: 409
    expect((await pay(bill.uid, [{ method: 'TUNAI', amount: 130_000 }])).statusCode).toBe(409);
  });

  it('puts company parts on receivables, naming the company', async () => {
    const visit = await newVisit({ payerType: 'company', companyId });
    const bill = await billOf(visit);
    const res = await pay(bill.uid, [
      { method: 'PERUSAHAAN', amount: bill.outstanding - 10_000 },
      { method: 'TUNAI', amount: 10_000 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.bill).toMatchObject({
      status: 'paid',
      paid: 10_000,
      receivable: bill.outstanding - 10_000,
    });
  });

  it('lets one of two cashiers paying one bill succeed; the other gets 409', async () => {
    const visit = await newVisit();
    const bill = await billOf(visit);
    const parts = [{ method: 'TUNAI', amount: 130_000 }];
    const [a, b] = await Promise.all([pay(bill.uid, parts, 'kasir'), pay(bill.uid, parts, 'superadmin')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(json(loser).message).toMatch(/^Tagihan INV\/10\/\d{6}\/\d{4} sudah lunas$/);
    expect((await billOf(visit)).payments).toHaveLength(1);

    // a double click: the same key twice at once charges once
    const visit2 = await newVisit();
    const bill2 = await billOf(visit2);
    const key = randomUUID();
    const [c, d] = await Promise.all([
      pay(bill2.uid, parts, 'kasir', key),
      pay(bill2.uid, parts, 'kasir', key),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    expect(json(c).data.payment.uid).toBe(json(d).data.payment.uid);
    expect((await billOf(visit2)).payments).toHaveLength(1);
  });

  it('reverses a payment by a second person with a reason: owed again, the visit stays Paid', async () => {
    const visit = await newVisit();
    const bill = await billOf(visit);
    const paid = json(await pay(bill.uid, [{ method: 'DEBIT', amount: 130_000, reference: 'EDC-778' }])).data;
    const self = await call('POST', `/billing/payments/${paid.payment.uid}/reverse`, 'kasir', {
      reason: 'Salah pasien',
    });
    expect(self.statusCode).toBe(403);
    expect(
      (await call('POST', `/billing/payments/${paid.payment.uid}/reverse`, 'superadmin', { reason: '' }))
        .statusCode,
    ).toBe(400);
    const reversed = await call('POST', `/billing/payments/${paid.payment.uid}/reverse`, 'superadmin', {
      reason: 'Salah pasien',
    });
    expect(reversed.statusCode).toBe(200);
    const { bill: after, payment } = json(reversed).data;
    expect(payment).toMatchObject({
      amount: -130_000,
      reversesUid: paid.payment.uid,
      reason: 'Salah pasien',
      receiptNumber: null,
    });
    expect(payment.parts).toEqual([
      { method: 'DEBIT', amount: -130_000, tendered: null, change: 0, reference: 'EDC-778' },
    ]);
    expect(after).toMatchObject({ status: 'posted', paid: 0, outstanding: 130_000 });
    expect(after.payments.find((p: { uid: string }) => p.uid === paid.payment.uid).reversedBy).toBe(
      payment.uid,
    );
    expect(await statusOf(visit)).toBe('Paid');
    expect(
      (await call('POST', `/billing/payments/${paid.payment.uid}/reverse`, 'superadmin', { reason: 'Lagi' }))
        .statusCode,
    ).toBe(409);
    // paid again
    expect((await pay(bill.uid, [{ method: 'TUNAI', amount: 130_000 }])).statusCode).toBe(200);
    // money rows are never changed
    await expect(ctx.database.db.execute(sql`UPDATE payments SET amount = 0`)).rejects.toThrow();
  });

  it('refuses a visit not yet at the cashier', async () => {
    const visit = await newVisit();
    await setStatus(visit, 'Examination');
    const bill = await billOf(visit);
    const res = await pay(bill.uid, [{ method: 'TUNAI', amount: 130_000 }]);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toMatch(/belum di kasir \(status Pemeriksaan\)/);
  });
});

describe('the visit reaches Paid only by paying', () => {
  it('refuses Payment → Paid by the status route, to every role', async () => {
    const visit = await newVisit();
    for (const who of ['superadmin', 'kasir', 'pendaftaran']) {
      const res = await call('PATCH', `/registrations/registrations/${visit}`, who, {
        clinicId: 10,
        updateField: { status: 'Paid' },
      });
      expect(res.statusCode, who).toBe(403);
    }
    expect(await statusOf(visit)).toBe('Payment');
  });

  it('takes money only from the cashier’s menu: the front office and the nurse are refused', async () => {
    const visit = await newVisit();
    const bill = await billOf(visit);
    for (const who of ['pendaftaran', 'perawat']) {
      const res = await pay(bill.uid, [{ method: 'TUNAI', amount: 130_000 }], who);
      expect(res.statusCode, who).toBe(403);
    }
    expect((await billOf(visit)).payments).toHaveLength(0);
    expect(await statusOf(visit)).toBe('Payment');
  });
});

describe('clinic scope', () => {
  it('does not show another clinic’s bill', async () => {
    // dokter2 works at Cikarang (12) only
    const visit = await newVisit({ payerType: 'self' }, 10);
    const bill = await billOf(visit);
    for (const [method, url] of [
      ['GET', `/billing/visits/${visit}/bill`],
      ['POST', `/billing/visits/${visit}/bill/post`],
    ] as const)
      expect((await call(method, url, 'dokter2')).statusCode).toBeGreaterThanOrEqual(403);
    const kasirOther = await newVisit({ payerType: 'self' }, 11);
    expect((await call('GET', `/billing/visits/${kasirOther}/bill`, 'kasir')).statusCode).toBe(404);
    const otherBill = await billOf(kasirOther, 'superadmin');
    expect((await pay(otherBill.uid, [{ method: 'TUNAI', amount: 1 }])).statusCode).toBe(404);
    expect(bill.clinicId).toBe(10);
  });
});

describe('consistency', () => {
  it('is clean after the bursts', async () => {
    const res = await call('GET', '/billing/consistency', 'superadmin');
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.problems).toEqual([]);
    expect(data.ok).toBe(true);
    expect(data.checked.bills).toBeGreaterThan(5);
    expect(data.checked.counters).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/billing/consistency', 'kasir')).statusCode).toBe(403);
  });

  it('covers the journals: every entry booked from billing balances; one that does not is reported', async () => {
    // reading the journal books what the consumer has not yet: the bursts' bills and payments
    const today = clinicDay('Asia/Jakarta');
    const read = await call('GET', `/accounting/journal?clinicId=10&from=${today}&to=${today}`, 'superadmin');
    expect(read.statusCode).toBe(200);
    const clean = json(await call('GET', '/billing/consistency', 'superadmin')).data;
    expect(clean.problems).toEqual([]);
    expect(clean.checked.journals).toBeGreaterThan(5);

    const db = ctx.database.db;
    const [{ corpId }] = await db.select({ corpId: clinics.corpId }).from(clinics).where(eq(clinics.id, 10));
    const [entry] = await db
      .insert(journalEntries)
      .values({
        uid: randomUUID(),
        corpId,
        clinicId: 10,
        day: '2026-01-05',
        source: 'bill',
        sourceUid: `broken-${randomUUID()}`,
        reference: 'INV/10/TEST',
        description: 'a broken entry',
      })
      .returning({ id: journalEntries.id });
    const broken = async () =>
      json(await call('GET', '/billing/consistency', 'superadmin')).data.problems.map(
        (p: { kind: string; ref: string }) => [p.kind, p.ref],
      );
    expect(await broken()).toEqual([['journalEntryEmpty', 'INV/10/TEST (bill)']]);
    const line = { entryId: entry.id, accountKey: 'cash', accountCode: '1101', accountName: 'Kas' };
    await db.insert(journalLines).values([
      { ...line, seq: 1, debit: 10_000, credit: 0 },
      { ...line, seq: 2, debit: 0, credit: 9_000 },
    ]);
    expect(await broken()).toEqual([['journalUnbalanced', 'INV/10/TEST (bill)']]);
    await db.delete(journalLines).where(eq(journalLines.entryId, entry.id));
    await db.delete(journalEntries).where(eq(journalEntries.id, entry.id));
    expect(json(await call('GET', '/billing/consistency', 'superadmin')).data.ok).toBe(true);
  });
});
