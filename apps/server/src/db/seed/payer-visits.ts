import { billingNumber } from '@klinikita/domain/billing/billing.rules';
import { payerInvoiceNumber } from '@klinikita/domain/billing/payer-invoices.rules';
import { periodOf } from '@klinikita/domain/common/document-number';
import {
  DEFAULT_QUEUE_PREFIXES,
  formatQueueNumber,
  queuePrefixFor,
} from '@klinikita/domain/registrations/registration.rules';
import { sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import { nextQueueValue } from '../queue-counters.ts';
import {
  billingCounters,
  billLines,
  bills,
  payerInvoiceCounters,
  paymentParts,
  payments,
  receivables,
  registrations,
} from '../schema/index.ts';

/**
 * The demo's paid visits of companies and insurers at Menteng (seed/payer-invoices.ts and
 * seed/payer-claims.ts): the rows the cashier's screen writes, and the numbers they take.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The demo clinic that bills its partner companies and insurers: Menteng. */
export const CLINIC_ID = 10;

/** The company's (and the demo insurer's) prices of the registration fee and the consultation (seed/service-tariffs.data.ts). */
export const LINES = [
  {
    category: 'registration',
    sourceType: 'registration',
    code: 'REG-ADM',
    text: 'Biaya pendaftaran',
    price: 22_500,
  },
  {
    category: 'consultation',
    sourceType: 'consultation',
    code: 'KONS-UMUM',
    text: 'Konsultasi dokter umum',
    price: 81_000,
  },
] as const;
export const OFFSET = '+07:00';

async function nextBillingNumber(tx: Tx, kind: 'invoice' | 'receipt', day: string) {
  const period = periodOf(day);
  const [row] = await tx
    .insert(billingCounters)
    .values({ clinicId: CLINIC_ID, kind, period, lastValue: 1 })
    .onConflictDoUpdate({
      target: [billingCounters.clinicId, billingCounters.kind, billingCounters.period],
      set: { lastValue: sql`${billingCounters.lastValue} + 1` },
    })
    .returning({ value: billingCounters.lastValue });
  return billingNumber(kind, CLINIC_ID, period, row.value);
}

/** Who pays a demo visit: a partner company, or an insurer of the master (by its name on the bill). */
export type DemoPayer =
  | { kind: 'company'; id: number; name: string }
  | { kind: 'insurer'; insurerId: number; name: string };

/**
 * A company or insurer visit of a past day, examined and paid at the cashier by its payer: the
 * registration (Paid), its posted bill with the company's prices, the payment of one PERUSAHAAN
 * or ASURANSI part and its receivable — what the cashier's screen writes, so that the billing
 * consistency check holds (the payment and receivable sum to the bill's total, numbers without gaps).
 */
export async function paidPayerVisit(
  tx: Tx,
  ctx: { corpId: number; doctorId: number; cashierId: number },
  payer: DemoPayer,
  patientId: number,
  day: string,
  hour: number,
) {
  const payerType = payer.kind === 'company' ? 'company' : 'insurance';
  const companyId = payer.kind === 'company' ? payer.id : null;
  const prefix = queuePrefixFor(DEFAULT_QUEUE_PREFIXES, { orderType: 'doctor', payerType });
  const seq = await nextQueueValue(tx, CLINIC_ID, prefix, day);
  const arrived = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00${OFFSET}`);
  const paidAt = new Date(arrived.getTime() + 50 * 60_000);
  const [visit] = await tx
    .insert(registrations)
    .values({
      uid: newUid(),
      corpId: ctx.corpId,
      clinicId: CLINIC_ID,
      patientId,
      orderType: 'doctor',
      doctorId: ctx.doctorId,
      status: 'Paid',
      queueDate: day,
      queuePrefix: prefix,
      queueSeq: seq,
      queueNumber: formatQueueNumber(prefix, seq),
      room: 'Poli Umum',
      payerType,
      companyId,
      insuranceName: payer.kind === 'insurer' ? payer.name : null,
      insurerId: payer.kind === 'insurer' ? payer.insurerId : null,
      complaint: payer.kind === 'company' ? 'Pemeriksaan karyawan' : 'Demam dan batuk',
      arrivedAt: arrived,
      calledAt: new Date(arrived.getTime() + 10 * 60_000),
      statusChangedAt: paidAt,
      createdAt: arrived,
    })
    .returning();
  const total = LINES.reduce((s, l) => s + l.price, 0);
  const [bill] = await tx
    .insert(bills)
    .values({
      uid: newUid(),
      corpId: ctx.corpId,
      clinicId: CLINIC_ID,
      registrationId: visit.id,
      patientId,
      status: 'paid',
      number: await nextBillingNumber(tx, 'invoice', day),
      payerType,
      companyId,
      payerName: payer.name,
      serviceDay: day,
      isPkp: false,
      pricesIncludePpn: true,
      postedAt: paidAt,
      postedBy: ctx.cashierId,
      createdAt: arrived,
      updatedAt: paidAt,
    })
    .returning();
  await tx.insert(billLines).values(
    LINES.map((l, i) => ({
      billId: bill.id,
      seq: i + 1,
      category: l.category,
      sourceType: l.sourceType,
      sourceUid: visit.uid,
      code: l.code,
      description: l.text,
      quantity: 1,
      unitPrice: l.price,
      gross: l.price,
      discount: 0,
      taxCode: 'SERVICE_EXEMPT',
      dpp: l.price,
      ppn: 0,
      net: l.price,
      payerPortion: l.price,
      patientPortion: 0,
    })),
  );
  const [payment] = await tx
    .insert(payments)
    .values({
      uid: newUid(),
      corpId: ctx.corpId,
      clinicId: CLINIC_ID,
      billId: bill.id,
      idempotencyKey: `demo-${visit.uid}`,
      receiptNumber: await nextBillingNumber(tx, 'receipt', day),
      amount: total,
      cashierId: ctx.cashierId,
      createdAt: paidAt,
    })
    .returning();
  const [part] = await tx
    .insert(paymentParts)
    .values({
      paymentId: payment.id,
      seq: 1,
      method: payer.kind === 'company' ? 'PERUSAHAAN' : 'ASURANSI',
      amount: total,
    })
    .returning();
  const [receivable] = await tx
    .insert(receivables)
    .values({
      uid: newUid(),
      corpId: ctx.corpId,
      clinicId: CLINIC_ID,
      billId: bill.id,
      paymentPartId: part.id,
      payerKind: payer.kind,
      companyId,
      payerName: payer.name,
      amount: total,
      createdAt: paidAt,
    })
    .returning();
  return { id: receivable.id, uid: receivable.uid, amount: total, day };
}

/** The next invoice-to-payer number of the clinic's month of `day` (TG/10/<yyyymm>/<nnnn>). */
export async function nextPayerInvoiceNumber(tx: Tx, day: string) {
  const period = periodOf(day);
  const [counter] = await tx
    .insert(payerInvoiceCounters)
    .values({ clinicId: CLINIC_ID, period, lastValue: 1 })
    .onConflictDoUpdate({
      target: [payerInvoiceCounters.clinicId, payerInvoiceCounters.period],
      set: { lastValue: sql`${payerInvoiceCounters.lastValue} + 1` },
    })
    .returning({ value: payerInvoiceCounters.lastValue });
  return payerInvoiceNumber(CLINIC_ID, period, counter.value);
}
