import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { partnerCompanies, registrations } from '../../db/schema/index.ts';
import { emit } from '../../events/outbox.ts';
import { ensureShift } from '../../test/cashier-shift-fixtures.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { pdfText } from '../letters/pdf-text.ts';

/**
 * The papers of a bill through the API on a real database (issue 18 §3): the invoice of a draft
 * (DRAF) and of a posted bill with its DPP/PPN and payments, on A4 and the 80 mm roll; the
 * receipt with its amount in words, the meterai flag above Rp5.000.000, DIBATALKAN once
 * reversed; another clinic's bill and payment are not found.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let nik = 7000;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

async function newVisit(clinicId = 10, payer: object = { payerType: 'self' }) {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Kwitansi ${nik}`,
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
  await ctx.database.db.update(registrations).set({ status: 'Payment' }).where(eq(registrations.uid, uid));
  return { uid, name: json(patient).data.name as string, mrn: json(patient).data.mrn as string };
}

/** A drug handed over for the visit, as the pharmacy publishes it. */
async function dispensed(visitUid: string) {
  const [visit] = await ctx.database.db.select().from(registrations).where(eq(registrations.uid, visitUid));
  const prescriptionUid = randomUUID();
  await emit(ctx.database.db, {
    type: 'prescription.dispensed',
    aggregateType: 'prescription',
    aggregateId: prescriptionUid,
    corpId: visit.corpId,
    clinicId: visit.clinicId,
    payload: {
      prescriptionUid,
      registrationUid: visitUid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      patientId: visit.patientId,
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
          quantity: 10,
          baseUnit: 'tablet',
          unitPrice: 1_500,
          ingredient: null,
        },
      ],
      overrideReason: null,
      fees: [],
    },
  });
}

const billOf = async (visitUid: string, who = 'kasir') =>
  json(await call('GET', `/billing/visits/${visitUid}/bill`, who)).data;
const pay = async (billUid: string, parts: object[]) => {
  const res = await call('POST', `/billing/bills/${billUid}/payments`, 'kasir', {
    idempotencyKey: randomUUID(),
    parts,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as { bill: { number: string; outstanding: number }; payment: { uid: string } };
};
const pdf = async (url: string, who = 'kasir') => {
  const res = await call('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return { res, text: pdfText(res.rawPayload).replace(/\s+/g, ' ') };
};

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'kasir', 'dokter2']) tokens[who] = await loginAs(ctx.app, who);
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
}, 120_000);
afterAll(() => ctx?.close());

describe('the invoice (rincian biaya)', () => {
  it('prints a draft with DRAF, on A4 and the 80 mm roll', async () => {
    const visit = await newVisit();
    const bill = await billOf(visit.uid);
    expect(bill.status).toBe('draft');
    for (const paper of ['a4', 'roll80']) {
      const { text } = await pdf(`/billing/bills/${bill.uid}/invoice.pdf?paper=${paper}`);
      expect(text).toContain('RINCIAN BIAYA');
      expect(text).toContain('DRAF');
      expect(text).toContain(visit.name);
      expect(text).toContain(visit.mrn);
      expect(text).toContain('dr. Alexander Wijaya');
      expect(text).toContain('Konsultasi');
      expect(text).toContain('Belum ada pembayaran');
      expect(text).toContain(`Sisa tagihan ${'Rp 130.000'}`);
    }
  });

  it('prints a posted bill with its lines by category, DPP/PPN, payments and what is outstanding', async () => {
    const save = (isPkp: boolean) =>
      call('PUT', '/billing/settings', 'superadmin', {
        clinicId: 10,
        isPkp,
        pricesIncludePpn: true,
        discountApprovalThreshold: 100_000,
      });
    expect((await save(true)).statusCode).toBe(200);
    onTestFinished(async () => {
      await save(false);
    });
    const visit = await newVisit();
    await dispensed(visit.uid);
    const posted = await call('POST', `/billing/visits/${visit.uid}/bill/post`, 'kasir');
    expect(posted.statusCode, posted.body).toBe(200);
    const bill = json(posted).data;
    const drug = bill.lines.find((l: { category: string }) => l.category === 'drug');
    expect(drug.taxCode).toBe('GOODS_PPN');
    // a split payment: QRIS and the rest in cash
    const paid = await pay(bill.uid, [
      { method: 'QRIS', amount: 50_000, reference: 'RRN-001' },
      { method: 'TUNAI', amount: bill.outstanding - 50_000 },
    ]);
    expect(paid.bill.outstanding).toBe(0);

    const a4 = await pdf(`/billing/bills/${bill.uid}/invoice.pdf`);
    expect(a4.res.headers['content-disposition']).toContain(bill.number.replace(/\//g, '-'));
    const { text } = a4;
    expect(text).not.toContain('DRAF');
    expect(text).toContain(bill.number);
    expect(text).toContain('Obat');
    expect(text).toContain('Paracetamol 500 mg');
    // the drug and the printed card are goods: at a PKP clinic both carry PPN
    type Line = { taxCode: string; dpp: number; ppn: number };
    const taxed = bill.lines.filter((l: Line) => l.taxCode === 'GOODS_PPN') as Line[];
    const sum = (f: (l: Line) => number) => taxed.reduce((s, l) => s + f(l), 0).toLocaleString('id-ID');
    expect(text).toContain(`DPP barang kena PPN Rp ${sum((l) => l.dpp)}`);
    expect(text).toContain(`PPN Rp ${sum((l) => l.ppn)}`);
    expect(text).toContain(`QRIS Rp 50.000, Tunai Rp ${(bill.totals.net - 50_000).toLocaleString('id-ID')}`);
    expect(text).toContain(`Total tagihan Rp ${bill.totals.net.toLocaleString('id-ID')}`);
    expect(text).toContain(`Sudah dibayar Rp ${bill.totals.net.toLocaleString('id-ID')}`);
    expect(text).toContain('Sisa tagihan Rp 0');
    const roll = await pdf(`/billing/bills/${bill.uid}/invoice.pdf?paper=roll80`);
    expect(roll.text).toContain('PPN');
    expect(roll.text).toContain('QRIS Rp 50.000');
  });

  it('refuses an unknown paper', async () => {
    const visit = await newVisit();
    const bill = await billOf(visit.uid);
    expect((await call('GET', `/billing/bills/${bill.uid}/invoice.pdf?paper=a5`, 'kasir')).statusCode).toBe(
      400,
    );
  });
});

describe('the receipt (kwitansi)', () => {
  it('states who paid, the amount in words and figures, purpose, number, date and cashier', async () => {
    const visit = await newVisit();
    const bill = await billOf(visit.uid);
    const { bill: after, payment } = await pay(bill.uid, [
      { method: 'TUNAI', amount: bill.outstanding, tendered: 200_000 },
    ]);
    const receipt = json(await call('GET', `/billing/payments/${payment.uid}/receipt`, 'kasir')).data;
    expect(receipt).toMatchObject({
      receivedFrom: visit.name,
      amount: 130_000,
      amountInWords: 'Seratus Tiga Puluh Ribu Rupiah',
      invoiceNumber: after.number,
      reversed: false,
      meteraiRequired: false,
      meteraiDuty: null,
    });
    expect(receipt.receiptNumber).toMatch(/^KW\//);
    expect(receipt.purpose).toContain(after.number);
    for (const paper of ['a4', 'roll80']) {
      const { res, text } = await pdf(`/billing/payments/${payment.uid}/receipt.pdf?paper=${paper}`);
      expect(res.headers['x-meterai-required']).toBe('false');
      const order = [
        'KUITANSI',
        `Telah terima dari : ${visit.name}`,
        'Uang sejumlah : Seratus Tiga Puluh Ribu Rupiah',
        'Rp 130.000',
        `Untuk pembayaran : Biaya pemeriksaan`,
        `No. Kuitansi : ${receipt.receiptNumber}`,
        'Tanggal :',
        'Kasir',
        receipt.cashierName,
      ].map((s) => text.indexOf(s));
      expect(
        order.every((at) => at >= 0),
        `${paper}: ${text}`,
      ).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(text).not.toContain('Meterai');
      expect(text).not.toContain('DIBATALKAN');
    }
  });

  it('flags a receipt above Rp5.000.000 for meterai and marks a reversed one DIBATALKAN', async () => {
    const visit = await newVisit();
    const charged = await call('POST', `/billing/visits/${visit.uid}/bill/charges`, 'kasir', {
      description: 'Paket pemeriksaan lengkap',
      amount: 5_000_000,
      reason: 'Paket MCU eksekutif',
    });
    expect(charged.statusCode, charged.body).toBe(200);
    const bill = json(charged).data;
    expect(bill.outstanding).toBe(5_130_000);
    const { payment } = await pay(bill.uid, [
      { method: 'TRANSFER', amount: bill.outstanding, reference: 'TRF-778' },
    ]);
    const receipt = json(await call('GET', `/billing/payments/${payment.uid}/receipt`, 'kasir')).data;
    expect(receipt).toMatchObject({
      amount: 5_130_000,
      amountInWords: 'Lima Juta Seratus Tiga Puluh Ribu Rupiah',
      meteraiRequired: true,
      meteraiDuty: 10_000,
    });
    for (const paper of ['a4', 'roll80']) {
      const { res, text } = await pdf(`/billing/payments/${payment.uid}/receipt.pdf?paper=${paper}`);
      expect(res.headers['x-meterai-required']).toBe('true');
      expect(text).toContain('Meterai Rp10.000');
      expect(text).toContain('Rp 5.130.000');
    }
    const reversed = await call('POST', `/billing/payments/${payment.uid}/reverse`, 'superadmin', {
      reason: 'Salah nominal transfer',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(json(await call('GET', `/billing/payments/${payment.uid}/receipt`, 'kasir')).data.reversed).toBe(
      true,
    );
    const { text } = await pdf(`/billing/payments/${payment.uid}/receipt.pdf`);
    expect(text).toContain('DIBATALKAN');
    // the reversal itself has no receipt
    const reversal = json(reversed).data.payment.uid;
    expect((await call('GET', `/billing/payments/${reversal}/receipt.pdf`, 'kasir')).statusCode).toBe(409);
    // the invoice shows the reversal and the bill outstanding again
    const invoice = await pdf(`/billing/bills/${bill.uid}/invoice.pdf`);
    expect(invoice.text).toContain('Pembatalan');
    expect(invoice.text).toContain('Sisa tagihan Rp 5.130.000');
  });
});

describe('a company visit', () => {
  it('prints what the company covers; a payment owed wholly by the company has no receipt', async () => {
    const [company] = await ctx.database.db
      .select()
      .from(partnerCompanies)
      .where(eq(partnerCompanies.active, true))
      .orderBy(asc(partnerCompanies.id))
      .limit(1);
    const visit = await newVisit(10, { payerType: 'company', companyId: company.id });
    const bill = await billOf(visit.uid);
    const { payment } = await pay(bill.uid, [{ method: 'PERUSAHAAN', amount: bill.outstanding }]);
    const { text } = await pdf(`/billing/bills/${bill.uid}/invoice.pdf`);
    expect(text).toContain(`Penjamin : ${company.name}`);
    expect(text).toContain(`Ditanggung penjamin Rp ${bill.totals.payerPortion.toLocaleString('id-ID')}`);
    expect(text).toContain(`Piutang penjamin Rp ${bill.outstanding.toLocaleString('id-ID')}`);
    const receipt = await call('GET', `/billing/payments/${payment.uid}/receipt.pdf`, 'kasir');
    expect(receipt.statusCode).toBe(409);
    expect(json(receipt).message).toContain('tidak ada uang yang diterima');
  });
});

describe('clinic scope', () => {
  it('does not print another clinic’s bill or receipt', async () => {
    const visit = await newVisit(11);
    const bill = await billOf(visit.uid, 'superadmin');
    const { payment } = await call('POST', `/billing/bills/${bill.uid}/payments`, 'superadmin', {
      idempotencyKey: randomUUID(),
      parts: [{ method: 'TUNAI', amount: bill.outstanding }],
    }).then((r) => json(r).data);
    // the cashier works at Menteng (10) only; dokter2 lacks bill.read
    expect((await call('GET', `/billing/bills/${bill.uid}/invoice.pdf`, 'kasir')).statusCode).toBe(404);
    expect((await call('GET', `/billing/payments/${payment.uid}/receipt.pdf`, 'kasir')).statusCode).toBe(404);
    expect((await call('GET', `/billing/payments/${payment.uid}/receipt`, 'kasir')).statusCode).toBe(404);
    expect(
      (await call('GET', `/billing/bills/${bill.uid}/invoice.pdf`, 'dokter2')).statusCode,
    ).toBeGreaterThanOrEqual(403);
    expect((await call('GET', `/billing/bills/${bill.uid}/invoice.pdf`, 'superadmin')).statusCode).toBe(200);
  });
});
