import {
  BILLING_PREFIXES,
  type BillingDocument,
  type BillStatus,
  balanceProblem,
  sequenceGaps,
} from '@klinikita/domain/billing/billing.rules';
import type { BillingConsistency } from '@klinikita/domain/billing/billing.schema';
import { sequenceOf } from '@klinikita/domain/common/document-number';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { staleReportRows } from '../transaction-report/transaction-report-model.service.ts';
import {
  billBalances,
  countersOf,
  journalProblems,
  paymentProblems,
  usedNumbers,
} from './billing.queries.ts';
import { depositBalances, depositPartsUnmatched, usedDepositNumbers } from './deposits.queries.ts';
import { claimProblems } from './payer-claims.queries.ts';

/**
 * The billing consistency check over the caller's clinics (issue 18 "Rules"): every paid bill's
 * payments and receivables sum to its total (none more than the total otherwise), every payment is
 * the sum of its parts on a posted bill of its clinic, every company or insurer part has its
 * receivable, and the invoice, receipt and deposit numbers of each clinic's month run 1..n
 * without a gap. Deposits: each patient's balance is its ledger's sum (received − drawn −
 * refunded) and never below zero; every DEPOSIT part of a payment has its ledger entry. Journals:
 * every entry of the accounting hand-off has lines and its debits equal its credits.
 */
export async function checkBillingConsistency(db: Db, session: AuthSession): Promise<BillingConsistency> {
  const problems: BillingConsistency['problems'] = [];
  const balances = await billBalances(db, session.corpId, session.clinicIds);
  for (const b of balances) {
    const problem = balanceProblem({ ...b, status: b.status as BillStatus });
    if (problem)
      problems.push({
        kind: problem,
        ref: b.number ?? b.uid,
        detail: `total ${b.total}, paid ${b.paid}, receivable ${b.receivable}, status ${b.status}`,
      });
  }
  const payments = await paymentProblems(db, session.corpId, session.clinicIds);
  for (const p of payments.problems) problems.push({ kind: p.kind, ref: p.uid, detail: '' });
  // the payers' invoices: no item settled (paid, written off, denied) beyond what it bills
  problems.push(...(await claimProblems(db, session.corpId, session.clinicIds)));
  // the transaction report's read model: each posted bill's row equal to its money rows
  for (const billId of await staleReportRows(db, session.corpId, session.clinicIds))
    problems.push({ kind: 'transactionReportStale', ref: `bill:${billId}`, detail: '' });
  const journals = await journalProblems(db, session.corpId, session.clinicIds);
  problems.push(...journals.problems);

  for (const uid of await depositPartsUnmatched(db, session.corpId, session.clinicIds))
    problems.push({ kind: 'depositEntryMissing', ref: uid, detail: '' });
  const deposits = await depositBalances(db, session.corpId);
  for (const d of deposits) {
    const left = d.received - d.drawn - d.refunded;
    if (d.balance !== d.ledger || left !== d.ledger || left < 0)
      problems.push({
        kind: left < 0 ? 'depositOverdrawn' : 'depositBalanceMismatch',
        ref: `patient:${d.patientId}`,
        detail: `balance ${d.balance}, received ${d.received}, drawn ${d.drawn}, refunded ${d.refunded}`,
      });
  }

  const counters = await countersOf(db, session.clinicIds);
  const used = await usedNumbers(db, session.clinicIds);
  const depositNumbers = await usedDepositNumbers(db, session.clinicIds);
  for (const c of counters) {
    if (!(c.kind in BILLING_PREFIXES)) continue;
    const kind = c.kind as BillingDocument;
    const prefix = BILLING_PREFIXES[kind];
    const numbers = { invoice: used.invoices, receipt: used.receipts, deposit: depositNumbers }[kind]
      .filter((u) => u.clinicId === c.clinicId && u.number.startsWith(`${prefix}/${c.clinicId}/${c.period}/`))
      .map((u) => sequenceOf(u.number) ?? 0);
    const { missing, duplicate } = sequenceGaps(numbers, c.lastValue);
    if (missing.length || duplicate.length)
      problems.push({
        kind: 'numberGap',
        ref: `${prefix}/${c.clinicId}/${c.period}`,
        detail: `missing ${missing.join(',') || '-'}; duplicate ${duplicate.join(',') || '-'}`,
      });
  }
  return {
    ok: problems.length === 0,
    checked: {
      bills: balances.length,
      payments: payments.count,
      counters: counters.length,
      journals: journals.count,
    },
    problems,
  };
}
