import type { Permission } from '@klinikita/domain/access/permissions';
import type { Bill } from '@klinikita/domain/billing/billing.schema';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import {
  DEFAULT_QUEUE_PREFIXES,
  formatQueueNumber,
  queuePrefixFor,
} from '@klinikita/domain/registrations/registration.rules';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nextQueueValue } from '../../db/queue-counters.ts';
import { clinics, partnerCompanies, patients, registrations, users } from '../../db/schema/index.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { getVisitBill } from './bill-read.service.ts';
import { addCharge, addDiscount, postBill } from './billing.service.ts';
import { payBill, reversePayment } from './payment.service.ts';

/**
 * Demo (issue 18): today's bills at Menteng in every state the cashier meets, made through the
 * billing services as the demo's `kasir` (in the open shift the demo gives her) and, where a
 * second person is needed, the `admin` (bill.approve) — so numbers, events, journals and the
 * consistency check come out as the cashier's screen leaves them:
 *  - a draft of a visit at Payment (assembled live: registration and consultation);
 *  - a posted bill not paid yet;
 *  - a bill paid in full in cash;
 *  - a company visit paid with a split: the company's part a receivable, the rest by debit card;
 *  - a bill whose cash payment the admin reversed with the reason, so it is owed again;
 *  - a draft with a discount above the clinic's threshold waiting for approval.
 * Each is a doctor visit of its own patient (not the ones the other demo parts use). Runs once a
 * day: the visits carry the complaint MARK. Answers the bills made.
 */

const CLINIC = 10;
/** The complaint of the demo's billing visits (how a rerun the same day knows them). */
export const BILLS_MARK = 'Kontrol tekanan darah (demo kasir)';
/** Menteng patients the other demo parts take first (the day's queue, pharmacy, company month). */
const SKIP_PATIENTS = 40;
/** A company not billed by the demo's month of company visits (seed/payer-invoices.ts). */
const SPLIT_COMPANY = 'PT Sinar Abadi Konstruksi';
const IP = '127.0.0.1';

type Case = 'draft' | 'posted' | 'paid' | 'split' | 'reversed' | 'discount';
const CASES: { kind: Case; minutesAgo: number }[] = [
  { kind: 'paid', minutesAgo: 150 },
  { kind: 'reversed', minutesAgo: 130 },
  { kind: 'split', minutesAgo: 110 },
  { kind: 'posted', minutesAgo: 80 },
  { kind: 'discount', minutesAgo: 45 },
  { kind: 'draft', minutesAgo: 20 },
];

const KASIR: Permission[] = ['payment.take', 'bill.read', 'queue.read'];
const APPROVER: Permission[] = ['bill.approve', 'bill.read', 'payment.take'];

export async function seedDemoBills(db: Db, now = new Date()): Promise<number> {
  const [clinic] = await db.select().from(clinics).where(eq(clinics.id, CLINIC));
  if (!clinic) return 0;
  const today = clinicDay(clinic.timeZone, now);
  const [done] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.clinicId, CLINIC),
        eq(registrations.queueDate, today),
        eq(registrations.complaint, BILLS_MARK),
      ),
    )
    .limit(1);
  if (done) return 0;
  const staff = await db
    .select({ id: users.id, username: users.username, name: users.name, doctorId: users.doctorId })
    .from(users)
    .where(inArray(users.username, ['kasir', 'admin', 'dokter']));
  const by = (name: string) => staff.find((u) => u.username === name);
  const kasir = by('kasir');
  const admin = by('admin');
  const doctorId = by('dokter')?.doctorId;
  const [company] = await db
    .select({ id: partnerCompanies.id })
    .from(partnerCompanies)
    .where(and(eq(partnerCompanies.corpId, clinic.corpId), eq(partnerCompanies.name, SPLIT_COMPANY)));
  const people = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, CLINIC), isNull(patients.deletedAt), isNull(patients.ihsNumber)))
    .orderBy(asc(patients.id))
    .offset(SKIP_PATIENTS)
    .limit(CASES.length);
  if (!kasir || !admin || !doctorId || !company || people.length < CASES.length) return 0;

  const sessionOf = (user: { id: number; username: string; name: string }, permissions: Permission[]) =>
    ({
      userId: user.id,
      username: user.username,
      name: user.name,
      corpId: clinic.corpId,
      clinicIds: [CLINIC],
      clinics: [
        {
          id: CLINIC,
          uid: clinic.uid,
          corpId: clinic.corpId,
          name: clinic.name,
          mcuSite: clinic.mcuSite,
          timeZone: clinic.timeZone,
        },
      ],
      permissions: new Set(permissions),
    }) as unknown as AuthSession;
  const cashier = sessionOf(kasir, KASIR);
  const approver = sessionOf(admin, APPROVER);

  let made = 0;
  for (const [i, c] of CASES.entries()) {
    const companyId = c.kind === 'split' ? company.id : null;
    const visitUid = await demoVisit(db, {
      corpId: clinic.corpId,
      patientId: people[i].id,
      doctorId,
      companyId,
      today,
      at: new Date(now.getTime() - c.minutesAgo * 60_000),
    });
    const bill = await getVisitBill(db, cashier, visitUid);
    await billCase(db, { cashier, approver }, c.kind, visitUid, bill);
    made++;
  }
  return made;
}

/** A doctor visit of today examined and sent to the cashier (status Payment). */
async function demoVisit(
  db: Db,
  v: {
    corpId: number;
    patientId: number;
    doctorId: number;
    companyId: number | null;
    today: string;
    at: Date;
  },
): Promise<string> {
  const payerType = v.companyId ? 'company' : 'self';
  return db.transaction(async (tx) => {
    const prefix = queuePrefixFor(DEFAULT_QUEUE_PREFIXES, { orderType: 'doctor', payerType });
    const seq = await nextQueueValue(tx, CLINIC, prefix, v.today);
    const arrived = new Date(v.at.getTime() - 45 * 60_000);
    const [visit] = await tx
      .insert(registrations)
      .values({
        uid: newUid(),
        corpId: v.corpId,
        clinicId: CLINIC,
        patientId: v.patientId,
        orderType: 'doctor',
        doctorId: v.doctorId,
        status: 'Payment',
        queueDate: v.today,
        queuePrefix: prefix,
        queueSeq: seq,
        queueNumber: formatQueueNumber(prefix, seq),
        room: 'Poli Umum',
        payerType,
        companyId: v.companyId,
        complaint: BILLS_MARK,
        arrivedAt: arrived,
        calledAt: new Date(arrived.getTime() + 10 * 60_000),
        statusChangedAt: v.at,
        createdAt: arrived,
        updatedAt: v.at,
      })
      .returning({ uid: registrations.uid });
    return visit.uid;
  });
}

/** Takes one visit's bill to its state through the cashier's (and the approver's) own calls. */
async function billCase(
  db: Db,
  who: { cashier: AuthSession; approver: AuthSession },
  kind: Case,
  visitUid: string,
  draft: Bill,
) {
  const { cashier, approver } = who;
  const cash = (amount: number) => ({
    method: 'TUNAI' as const,
    amount,
    tendered: Math.ceil(amount / 50_000) * 50_000,
    reference: null,
  });
  const pay = (billUid: string, parts: Parameters<typeof payBill>[3]['parts']) =>
    payBill(db, cashier, billUid, { idempotencyKey: crypto.randomUUID(), parts }, IP);
  switch (kind) {
    case 'draft':
      return;
    case 'posted':
      await postBill(db, cashier, visitUid, IP);
      return;
    case 'paid':
      await pay(draft.uid, [cash(draft.totals.net)]);
      return;
    case 'split': {
      // the company's part on its receivable, the employee's share by debit card
      const net = draft.totals.net;
      const company =
        draft.totals.payerPortion > 0 && draft.totals.payerPortion < net
          ? draft.totals.payerPortion
          : Math.round((net * 0.8) / 1_000) * 1_000;
      await pay(draft.uid, [
        { method: 'PERUSAHAAN', amount: company, tendered: null, reference: null },
        { method: 'DEBIT', amount: net - company, tendered: null, reference: 'EDC-BCA-204518' },
      ]);
      return;
    }
    case 'reversed': {
      const { data } = await pay(draft.uid, [cash(draft.totals.net)]);
      await reversePayment(
        db,
        approver,
        data.payment.uid,
        { reason: 'Salah input: pasien membayar untuk kunjungan lain, uang dikembalikan' },
        IP,
      );
      return;
    }
    case 'discount': {
      // a wound dressing added at the cashier, then a discount above the Rp 100.000 threshold
      await addCharge(
        db,
        cashier,
        visitUid,
        {
          description: 'Rawat luka dan ganti perban',
          amount: 175_000,
          reason: 'Tindakan di poli belum tercatat di layanan',
        },
        IP,
      );
      await addDiscount(
        db,
        cashier,
        visitUid,
        { lineKey: null, type: 'percent', value: 50, reason: 'Karyawan klinik (kebijakan diskon staf)' },
        IP,
      );
      return;
    }
  }
}
