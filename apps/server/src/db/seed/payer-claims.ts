import { dueDateOf } from '@klinikita/domain/billing/payer-invoices.rules';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import {
  clinics,
  insurers,
  patients,
  payerClaimDenials,
  payerInvoiceAllocations,
  payerInvoiceClaims,
  payerInvoiceItems,
  payerInvoicePayments,
  payerInvoices,
  users,
} from '../schema/index.ts';
import { DEMO_TPA } from './insurers.ts';
import { CLINIC_ID, LINES, nextPayerInvoiceNumber, OFFSET, paidPayerVisit } from './payer-visits.ts';

/** Days back of AdMedika's visits at Menteng (a month). */
const VISIT_DAYS = [31, 27, 24, 20, 17, 13, 10];
/** The visit the insurer answered on: its consultation over the ceiling in part. */
const DENIED_VISIT = 2;
const DENIED = 30_000;

/**
 * The demo insurer's claim batch (issue 18 §6): a month of AdMedika (TPA) visits at Menteng paid
 * through the insurer, all on one claim batch issued five days ago, approved and sent; AdMedika's
 * answer denies part of one visit's consultation (over the ceiling, with a note) and its transfer
 * pays the rest of that visit and the two oldest visits. Runs once: left alone when Menteng has an
 * invoice to AdMedika. Returns whether it seeded.
 */
export async function seedDemoClaimBatch(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [clinic] = await tx.select().from(clinics).where(eq(clinics.id, CLINIC_ID));
    if (!clinic) return false;
    const [insurer] = await tx
      .select({ id: insurers.id, name: insurers.name, term: insurers.paymentTermDays })
      .from(insurers)
      .where(and(eq(insurers.corpId, clinic.corpId), eq(insurers.name, DEMO_TPA)));
    if (!insurer) return false;
    const [any] = await tx
      .select({ id: payerInvoices.id })
      .from(payerInvoices)
      .where(and(eq(payerInvoices.clinicId, CLINIC_ID), eq(payerInvoices.payerName, DEMO_TPA)))
      .limit(1);
    if (any) return false;
    const staff = await tx
      .select({ id: users.id, username: users.username, doctorId: users.doctorId })
      .from(users)
      .where(inArray(users.username, ['kasir', 'superadmin', 'dokter']));
    const by = (name: string) => staff.find((u) => u.username === name);
    const kasir = by('kasir');
    const approver = by('superadmin');
    const doctorId = by('dokter')?.doctorId;
    // patients without a company, from the newest: not the company visits' people
    const people = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.clinicId, CLINIC_ID), isNull(patients.companyId)))
      .orderBy(desc(patients.id))
      .limit(VISIT_DAYS.length);
    if (!kasir || !approver || !doctorId || !people.length) return false;
    const ctx = { corpId: clinic.corpId, doctorId, cashierId: kasir.id };
    const today = clinicDay(clinic.timeZone, now);
    const payer = { kind: 'insurer' as const, insurerId: insurer.id, name: insurer.name };
    const visits = [];
    for (const [i, back] of VISIT_DAYS.entries())
      visits.push(
        await paidPayerVisit(tx, ctx, payer, people[i % people.length].id, addDays(today, -back), 11),
      );

    const issueDate = addDays(today, -5);
    const at = (day: string, hour: number) =>
      new Date(`${day}T${String(hour).padStart(2, '0')}:00:00${OFFSET}`);
    const [batch] = await tx
      .insert(payerInvoices)
      .values({
        uid: newUid(),
        corpId: clinic.corpId,
        clinicId: CLINIC_ID,
        number: await nextPayerInvoiceNumber(tx, issueDate),
        payerKind: 'insurer',
        payerName: insurer.name,
        periodFrom: visits[0].day,
        periodTo: visits[visits.length - 1].day,
        issueDate,
        dueDate: dueDateOf(issueDate, insurer.term),
        termDays: insurer.term,
        status: 'PARTIALLY_PAID',
        note: 'Klaim rawat jalan bulanan',
        preparedBy: kasir.id,
        preparedAt: at(issueDate, 10),
        approvedBy: approver.id,
        approvedAt: at(issueDate, 11),
        sentBy: kasir.id,
        sentAt: at(issueDate, 14),
      })
      .returning();
    const items = await tx
      .insert(payerInvoiceItems)
      .values(visits.map((v) => ({ invoiceId: batch.id, receivableId: v.id, amount: v.amount })))
      .returning();
    await tx
      .insert(payerInvoiceClaims)
      .values(visits.map((v) => ({ invoiceId: batch.id, receivableId: v.id })));
    items.sort((a, b) => a.id - b.id);

    // AdMedika's answer: part of one visit's consultation over the ceiling
    const denied = items[DENIED_VISIT];
    await tx.insert(payerClaimDenials).values({
      uid: newUid(),
      invoiceId: batch.id,
      itemId: denied.id,
      amount: DENIED,
      reasonCode: 'overCeiling',
      note: 'Tarif konsultasi melebihi plafon polis; selisih ditagihkan ulang setelah konfirmasi',
      lineSeqs: [LINES.findIndex((l) => l.category === 'consultation') + 1],
      recordedBy: kasir.id,
      createdAt: at(addDays(today, -2), 9),
    });
    // its transfer: the two oldest visits and the rest of the denied one
    const paidItems = [
      { id: items[0].id, amount: items[0].amount },
      { id: items[1].id, amount: items[1].amount },
      { id: denied.id, amount: denied.amount - DENIED },
    ];
    const [payment] = await tx
      .insert(payerInvoicePayments)
      .values({
        uid: newUid(),
        invoiceId: batch.id,
        paidOn: addDays(today, -1),
        method: 'TRANSFER',
        reference: 'ADM-REMIT-0001',
        amount: paidItems.reduce((s, p) => s + p.amount, 0),
        note: 'Remitansi AdMedika',
        recordedBy: kasir.id,
      })
      .returning();
    await tx
      .insert(payerInvoiceAllocations)
      .values(paidItems.map((p) => ({ paymentId: payment.id, itemId: p.id, amount: p.amount })));
    return true;
  });
}
