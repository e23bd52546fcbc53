import { isReceivable } from '@klinikita/domain/billing/billing.rules';
import type { PaymentAnswer } from '@klinikita/domain/billing/billing.schema';
import {
  type DocumentPaper,
  METERAI_DUTY,
  needsMeterai,
  type Receipt,
} from '@klinikita/domain/billing/billing-documents.schema';
import { terbilangRupiah } from '@klinikita/domain/billing/terbilang';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { translate } from '@klinikita/domain/i18n/translate';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { auditBill, composeBill, refuse, visitOfBill } from './bill-read.service.ts';
import { findBill, findPayment } from './billing.queries.ts';
import { depositHeaderOf, printHeaderOf, userNames } from './billing-documents.queries.ts';
import type { BillingPdfJob } from './billing-documents.worker.ts';
import { findEntry } from './deposits.queries.ts';

/**
 * The papers of a bill (issue 18 §3): the invoice of a bill, draft or posted, and the receipt of a
 * payment. Both are read within the caller's clinics (another clinic's: 404) and each print is
 * audited: it shows the patient's name and what they were treated for.
 */

const docRefuse = (status: number, key: string) => new AppError(status, `billingDocuments.${key}`);

async function scopedBill(db: Executor, session: AuthSession, where: { uid: string } | { id: number }) {
  const row = await findBill(db, session.corpId, session.clinicIds, where);
  if (!row) throw refuse(404, 'billNotFound');
  const bill = await composeBill(db, row, await visitOfBill(db, row));
  const header = await printHeaderOf(db, row);
  if (!header) throw refuse(404, 'billNotFound');
  return { row, bill, header };
}

type Header = NonNullable<Awaited<ReturnType<typeof printHeaderOf>>>;

const patientLabel = (h: Pick<Header, 'patientTitle' | 'patientName'>) =>
  h.patientTitle ? `${h.patientTitle}. ${h.patientName}` : h.patientName;
const letterhead = (h: Pick<Header, 'clinicName' | 'address' | 'phone' | 'corporate'>) => ({
  name: h.clinicName,
  address: h.address,
  phone: h.phone,
  corporate: h.corporate,
});

export interface PrintJob {
  job: BillingPdfJob;
  fileName: string;
  meteraiRequired?: boolean;
}

/**
 * `GET /billing/bills/:billUid/invoice.pdf`: what the invoice prints (laid out on a PDF worker);
 * a draft prints DRAF (its lines may change).
 */
export async function invoicePrint(
  db: Db,
  session: AuthSession,
  billUid: string,
  paper: DocumentPaper,
  ip: string,
): Promise<PrintJob> {
  const { row, bill, header } = await db.transaction((tx) => scopedBill(tx, session, { uid: billUid }));
  const cashiers = await userNames(
    db,
    bill.payments.map((p) => p.cashierId),
  );
  await auditBill(db, session, ip, row, 'bill.invoice.print', { paper, number: bill.number });
  return {
    job: {
      kind: 'invoice',
      print: {
        paper,
        head: letterhead(header),
        timeZone: header.timeZone,
        patient: { name: patientLabel(header), mrn: header.mrn },
        doctorName: header.doctorName,
        bill,
        cashiers: Object.fromEntries(cashiers),
        printedAt: new Date().toISOString(),
      },
    },
    fileName: `rincian-${(bill.number ?? `draf-${header.mrn}`).replace(/\//g, '-')}.pdf`,
  };
}

/** The money received by a payment: its parts less what a company or an insurer owes. */
const receivedOf = (p: PaymentAnswer) =>
  p.parts.filter((x) => !isReceivable(x.method)).reduce((sum, x) => sum + x.amount, 0);

async function receiptOf(db: Executor, session: AuthSession, paymentUid: string) {
  const payment = await findPayment(db, session.corpId, session.clinicIds, { uid: paymentUid });
  if (!payment) throw refuse(404, 'paymentNotFound');
  const { row, bill, header } = await scopedBill(db, session, { id: payment.billId });
  const answer = bill.payments.find((p) => p.uid === paymentUid);
  if (!answer) throw refuse(404, 'paymentNotFound');
  if (answer.reversesUid || !answer.receiptNumber) throw docRefuse(409, 'noReceipt');
  const amount = receivedOf(answer);
  if (amount <= 0) throw docRefuse(409, 'nothingReceived');
  const cashierName = (await userNames(db, [answer.cashierId])).get(answer.cashierId) ?? '-';
  const receipt: Receipt = {
    paymentUid: answer.uid,
    billUid: bill.uid,
    receiptNumber: answer.receiptNumber,
    invoiceNumber: bill.number,
    receivedFrom: patientLabel(header),
    amount,
    amountInWords: terbilangRupiah(amount),
    purpose: translate('id', 'billingDocuments.receipt.purposeText', {
      clinic: header.clinicName,
      invoice: bill.number ?? '-',
    }),
    day: clinicDay(header.timeZone, new Date(answer.createdAt)),
    paidAt: answer.createdAt,
    cashierName,
    methods: answer.parts
      .filter((x) => !isReceivable(x.method))
      .map((x) => ({ method: x.method, amount: x.amount })),
    reversed: answer.reversedBy !== null,
    meteraiRequired: needsMeterai(amount),
    meteraiDuty: needsMeterai(amount) ? METERAI_DUTY : null,
  };
  return { row, bill, header, receipt };
}

/** `GET /billing/payments/:uid/receipt`: what the payment's receipt states (the cashier's receipt modal). */
export function getReceipt(db: Db, session: AuthSession, paymentUid: string): Promise<Receipt> {
  return db.transaction(async (tx) => (await receiptOf(tx, session, paymentUid)).receipt);
}

/** `GET /billing/payments/:uid/receipt.pdf`: what the receipt prints; a reversed payment's prints DIBATALKAN. */
export async function receiptPrint(
  db: Db,
  session: AuthSession,
  paymentUid: string,
  paper: DocumentPaper,
  ip: string,
): Promise<PrintJob> {
  const { row, header, receipt } = await db.transaction((tx) => receiptOf(tx, session, paymentUid));
  await auditBill(db, session, ip, row, 'payment.receipt.print', {
    paper,
    number: receipt.receiptNumber,
    meterai: receipt.meteraiRequired,
  });
  return {
    job: { kind: 'receipt', print: { paper, head: letterhead(header), receipt } },
    fileName: `kwitansi-${receipt.receiptNumber.replace(/\//g, '-')}.pdf`,
    meteraiRequired: receipt.meteraiRequired,
  };
}

/**
 * `GET /billing/deposits/:uid/receipt.pdf`: a deposit's receipt on the payment receipt's layout,
 * "Telah terima dari … untuk Deposit"; within the caller's clinics (else 404), audited.
 */
export async function depositReceiptPrint(
  db: Db,
  session: AuthSession,
  uid: string,
  paper: DocumentPaper,
  ip: string,
): Promise<PrintJob> {
  const entry = await findEntry(db, session.corpId, session.clinicIds, uid);
  if (entry?.kind !== 'receipt' || !entry.receiptNumber) throw refuse(404, 'depositNotFound');
  const header = await depositHeaderOf(db, entry.clinicId, entry.patientId);
  if (!header) throw refuse(404, 'depositNotFound');
  const cashierName = (await userNames(db, [entry.cashierId])).get(entry.cashierId) ?? '-';
  const receipt: Receipt = {
    paymentUid: entry.uid,
    billUid: '',
    receiptNumber: entry.receiptNumber,
    invoiceNumber: null,
    receivedFrom: patientLabel(header),
    amount: entry.amount,
    amountInWords: terbilangRupiah(entry.amount),
    purpose: translate('id', 'billingDocuments.receipt.depositPurpose', { clinic: header.clinicName }),
    day: clinicDay(header.timeZone, entry.createdAt),
    paidAt: entry.createdAt.toISOString(),
    cashierName,
    methods: [{ method: entry.method as Receipt['methods'][number]['method'], amount: entry.amount }],
    reversed: false,
    meteraiRequired: needsMeterai(entry.amount),
    meteraiDuty: needsMeterai(entry.amount) ? METERAI_DUTY : null,
  };
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: entry.clinicId,
    action: 'deposit.receipt.print',
    entity: 'deposit',
    entityId: entry.uid,
    ip,
    detail: { paper, number: entry.receiptNumber },
  });
  return {
    job: { kind: 'receipt', print: { paper, head: letterhead(header), receipt } },
    fileName: `kwitansi-${entry.receiptNumber.replace(/\//g, '-')}.pdf`,
    meteraiRequired: receipt.meteraiRequired,
  };
}
