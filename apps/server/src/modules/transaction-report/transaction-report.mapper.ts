import type { PayerType } from '@klinikita/domain/billing/billing.rules';
import { REPORT_CATEGORIES, REPORT_METHODS } from '@klinikita/domain/billing/transaction-report.rules';
import type {
  AmountsByCategory,
  AmountsByMethod,
  TransactionAmounts,
  TransactionRow,
  TransactionTotals,
} from '@klinikita/domain/billing/transaction-report.schema';
import type { ReportRowRecord, ReportTotalsRecord } from './transaction-report.queries.ts';

/** The report's rows and totals from the statements' records (no raw row leaves the server). */

function amountsOf(r: ReportRowRecord | ReportTotalsRecord): TransactionAmounts {
  const num = (v: unknown) => Number(v ?? 0);
  const categories = Object.fromEntries(
    REPORT_CATEGORIES.map((c) => [c, num(r[`cat_${c}`])]),
  ) as AmountsByCategory;
  const methods = Object.fromEntries(REPORT_METHODS.map((m) => [m, num(r[`m_${m}`])])) as AmountsByMethod;
  const net = num(r.net);
  return {
    categories,
    gross: num(r.gross),
    discount: num(r.discount),
    dpp: num(r.dpp),
    ppn: num(r.ppn),
    net,
    methods,
    outstanding: net - num(r.paidTotal),
  };
}

export function toTransactionRow(r: ReportRowRecord): TransactionRow {
  return {
    ...amountsOf(r),
    billUid: r.uid,
    postedAt: r.postedAt,
    postedLocal: r.postedLocal,
    serviceDay: r.serviceDay,
    lastPaidAt: r.lastPaidAt,
    invoiceNumber: r.number,
    receiptNumbers: [...(r.receiptNumbers ?? [])].sort(),
    mrn: r.mrn,
    patientName: r.patientName,
    clinicId: r.clinicId,
    clinicName: r.clinicName,
    doctorName: r.doctorName,
    payerType: r.payerType as PayerType,
    payerName: r.payerName,
    cashiers: r.cashiers ?? [],
    status: r.status,
  };
}

export const toTransactionTotals = (r: ReportTotalsRecord): TransactionTotals => ({
  ...amountsOf(r),
  bills: Number(r.bills),
});
