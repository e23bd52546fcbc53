import { billingNumber } from '@klinikita/domain/billing/billing.rules';
import {
  allocateOldestFirst,
  dueDateOf,
  payerInvoiceNumber,
} from '@klinikita/domain/billing/payer-invoices.rules';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { periodOf } from '@klinikita/domain/common/document-number';
import {
  DEFAULT_QUEUE_PREFIXES,
  formatQueueNumber,
  queuePrefixFor,
} from '@klinikita/domain/registrations/registration.rules';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import { nextQueueValue } from '../queue-counters.ts';
import {
  billingCounters,
  billLines,
  bills,
  clinics,
  partnerCompanies,
  patients,
  payerInvoiceAllocations,
  payerInvoiceClaims,
  payerInvoiceCounters,
  payerInvoiceItems,
  payerInvoicePayments,
  payerInvoiceSettings,
  payerInvoices,
  paymentParts,
  payments,
  receivables,
  registrations,
  users,
} from '../schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The demo clinic that bills its partner companies: Menteng. */
const CLINIC_ID = 10;
/** Two of the demo companies (seed/registrations.ts): the first is invoiced, the second not yet. */
const COMPANIES = ['PT Maju Bersama Logistik', 'PT Bank Nusantara Sejahtera'];
/** Days back of the company visits (a month), one visit each of these days per company. */
const VISIT_DAYS = [32, 29, 26, 22, 19, 15, 12, 8];
/** The company's prices of the registration fee and the consultation (seed/service-tariffs.data.ts). */
const LINES = [
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
const OFFSET = '+07:00';

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

/**
 * A company visit of a past day, examined and paid at the cashier by the company: the
 * registration (Paid), its posted bill with the company's prices, the payment of one PERUSAHAAN
 * part and its receivable — what the cashier's screen writes, so that the billing consistency
 * check holds (the payment and receivable sum to the bill's total, numbers without gaps).
 */
async function paidCompanyVisit(
  tx: Tx,
  ctx: { corpId: number; doctorId: number; cashierId: number },
  company: { id: number; name: string },
  patientId: number,
  day: string,
  hour: number,
) {
  const prefix = queuePrefixFor(DEFAULT_QUEUE_PREFIXES, { orderType: 'doctor', payerType: 'company' });
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
      payerType: 'company',
      companyId: company.id,
      complaint: 'Pemeriksaan karyawan',
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
      payerType: 'company',
      companyId: company.id,
      payerName: company.name,
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
    .values({ paymentId: payment.id, seq: 1, method: 'PERUSAHAAN', amount: total })
    .returning();
  const [receivable] = await tx
    .insert(receivables)
    .values({
      uid: newUid(),
      corpId: ctx.corpId,
      clinicId: CLINIC_ID,
      billId: bill.id,
      paymentPartId: part.id,
      payerKind: 'company',
      companyId: company.id,
      payerName: company.name,
      amount: total,
      createdAt: paidAt,
    })
    .returning();
  return { id: receivable.id, uid: receivable.uid, amount: total, day };
}

/**
 * Demo bills to companies (issue 18 §5): at Menteng a month of paid visits of two partner
 * companies with their receivables; the first company's are on one invoice, approved, sent and
 * partly paid by transfer (allocated oldest visit first); the second's are not invoiced yet. The
 * clinic's bank account for the paper. Runs once: a clinic with invoices to payers is left alone.
 * Returns whether it seeded.
 */
export async function seedDemoPayerInvoices(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [clinic] = await tx.select().from(clinics).where(eq(clinics.id, CLINIC_ID));
    if (!clinic) return false;
    const [any] = await tx
      .select({ id: payerInvoices.id })
      .from(payerInvoices)
      .where(eq(payerInvoices.clinicId, CLINIC_ID))
      .limit(1);
    if (any) return false;
    const staff = await tx
      .select({ id: users.id, username: users.username, doctorId: users.doctorId })
      .from(users)
      .where(inArray(users.username, ['kasir', 'superadmin', 'dokter']));
    const by = (name: string) => staff.find((u) => u.username === name);
    const companies = await tx
      .select({
        id: partnerCompanies.id,
        name: partnerCompanies.name,
        term: partnerCompanies.paymentTermDays,
      })
      .from(partnerCompanies)
      .where(and(eq(partnerCompanies.corpId, clinic.corpId), inArray(partnerCompanies.name, COMPANIES)))
      .orderBy(asc(partnerCompanies.id));
    // each company's visits are its own people: its employees among the patients first, then others
    const people = await tx
      .select({ id: patients.id, companyId: patients.companyId })
      .from(patients)
      .where(eq(patients.clinicId, CLINIC_ID))
      .orderBy(asc(patients.id))
      .limit(VISIT_DAYS.length * 4);
    const peopleOf = (companyId: number, c: number) => {
      const own = people.filter((p) => p.companyId === companyId);
      const others = people.filter((p) => p.companyId === null).slice(c * VISIT_DAYS.length);
      return [...own, ...others].slice(0, VISIT_DAYS.length);
    };
    const kasir = by('kasir');
    const approver = by('superadmin');
    const doctorId = by('dokter')?.doctorId;
    if (!kasir || !approver || !doctorId || companies.length < 2 || !people.length) return false;
    const ctx = { corpId: clinic.corpId, doctorId, cashierId: kasir.id };
    const today = clinicDay(clinic.timeZone, now);

    const owed: { id: number; uid: string; amount: number; day: string }[][] = [];
    for (const [c, company] of companies.entries()) {
      const rows = [];
      const theirs = peopleOf(company.id, c);
      if (!theirs.length) return false;
      for (const [i, back] of VISIT_DAYS.entries())
        rows.push(
          await paidCompanyVisit(
            tx,
            ctx,
            company,
            theirs[i % theirs.length].id,
            addDays(today, -back),
            9 + c,
          ),
        );
      owed.push(rows);
    }

    await tx.insert(payerInvoiceSettings).values({
      clinicId: CLINIC_ID,
      bankName: 'Bank Mandiri',
      accountNumber: '123-00-0987654-3',
      accountHolder: 'PT Klinikita Sehat Group',
      updatedBy: approver.id,
    });

    // the first company's month on one invoice, issued a week ago, sent, paid in part
    const [company] = companies;
    const items = owed[0];
    const issueDate = addDays(today, -7);
    const period = periodOf(issueDate);
    const [counter] = await tx
      .insert(payerInvoiceCounters)
      .values({ clinicId: CLINIC_ID, period, lastValue: 1 })
      .onConflictDoUpdate({
        target: [payerInvoiceCounters.clinicId, payerInvoiceCounters.period],
        set: { lastValue: sql`${payerInvoiceCounters.lastValue} + 1` },
      })
      .returning({ value: payerInvoiceCounters.lastValue });
    const at = (day: string, hour: number) => new Date(`${day}T${hour}:00:00${OFFSET}`);
    const [invoice] = await tx
      .insert(payerInvoices)
      .values({
        uid: newUid(),
        corpId: clinic.corpId,
        clinicId: CLINIC_ID,
        number: payerInvoiceNumber(CLINIC_ID, period, counter.value),
        payerKind: 'company',
        companyId: company.id,
        payerName: company.name,
        periodFrom: items[0].day,
        periodTo: items[items.length - 1].day,
        issueDate,
        dueDate: dueDateOf(issueDate, company.term),
        termDays: company.term,
        status: 'PARTIALLY_PAID',
        preparedBy: kasir.id,
        preparedAt: at(issueDate, 10),
        approvedBy: approver.id,
        approvedAt: at(issueDate, 11),
        sentBy: kasir.id,
        sentAt: at(issueDate, 13),
      })
      .returning();
    const itemRows = await tx
      .insert(payerInvoiceItems)
      .values(items.map((r) => ({ invoiceId: invoice.id, receivableId: r.id, amount: r.amount })))
      .returning();
    await tx
      .insert(payerInvoiceClaims)
      .values(items.map((r) => ({ invoiceId: invoice.id, receivableId: r.id })));
    const total = items.reduce((s, r) => s + r.amount, 0);
    const paid = Math.round((total * 0.4) / 1_000) * 1_000;
    const [payment] = await tx
      .insert(payerInvoicePayments)
      .values({
        uid: newUid(),
        invoiceId: invoice.id,
        paidOn: addDays(today, -2),
        method: 'TRANSFER',
        reference: 'TRF-MBL-0001',
        amount: paid,
        note: 'Pembayaran termin pertama',
        recordedBy: kasir.id,
      })
      .returning();
    const itemOf = new Map(itemRows.map((row, i) => [items[i].uid, row.id]));
    const allocation = allocateOldestFirst(
      items.map((r) => ({ key: r.uid, day: r.day, open: r.amount })),
      paid,
    )!;
    await tx
      .insert(payerInvoiceAllocations)
      .values(
        allocation.map((a) => ({ paymentId: payment.id, itemId: itemOf.get(a.key)!, amount: a.amount })),
      );
    return true;
  });
}
