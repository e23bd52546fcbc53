import { allocateOldestFirst, dueDateOf } from '@klinikita/domain/billing/payer-invoices.rules';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import {
  clinics,
  partnerCompanies,
  patients,
  payerInvoiceAllocations,
  payerInvoiceClaims,
  payerInvoiceItems,
  payerInvoicePayments,
  payerInvoiceSettings,
  payerInvoices,
  users,
} from '../schema/index.ts';
import { seedDemoClaimBatch } from './payer-claims.ts';
import { CLINIC_ID, nextPayerInvoiceNumber, OFFSET, paidPayerVisit } from './payer-visits.ts';

/** Two of the demo companies (seed/registrations.ts): the first is invoiced, the second not yet. */
const COMPANIES = ['PT Maju Bersama Logistik', 'PT Bank Nusantara Sejahtera'];
/** Days back of the company visits (a month), one visit each of these days per company. */
const VISIT_DAYS = [32, 29, 26, 22, 19, 15, 12, 8];

/**
 * Demo bills to companies (issue 18 §5): at Menteng a month of paid visits of two partner
 * companies with their receivables; the first company's are on one invoice, approved, sent and
 * partly paid by transfer (allocated oldest visit first); the second's are not invoiced yet. The
 * clinic's bank account for the paper; and the demo insurer's claim batch (seed/payer-claims.ts).
 * Each part runs once: a clinic with such invoices is left alone. Returns whether it seeded.
 */
export async function seedDemoPayerInvoices(db: Db, now = new Date()): Promise<boolean> {
  const companies = await seedCompanyInvoices(db, now);
  // AdMedika's month of visits and its claim batch with a denial (seed/payer-claims.ts)
  const claims = await seedDemoClaimBatch(db, now);
  return companies || claims;
}

function seedCompanyInvoices(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [clinic] = await tx.select().from(clinics).where(eq(clinics.id, CLINIC_ID));
    if (!clinic) return false;
    const [any] = await tx
      .select({ id: payerInvoices.id })
      .from(payerInvoices)
      .where(and(eq(payerInvoices.clinicId, CLINIC_ID), eq(payerInvoices.payerKind, 'company')))
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
          await paidPayerVisit(
            tx,
            ctx,
            { kind: 'company', id: company.id, name: company.name },
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
    const at = (day: string, hour: number) => new Date(`${day}T${hour}:00:00${OFFSET}`);
    const [invoice] = await tx
      .insert(payerInvoices)
      .values({
        uid: newUid(),
        corpId: clinic.corpId,
        clinicId: CLINIC_ID,
        number: await nextPayerInvoiceNumber(tx, issueDate),
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
