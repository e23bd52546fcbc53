import { type BillStatus, balanceProblem, sequenceGaps } from '@klinikita/domain/billing/billing.rules';
import type { BillingConsistency } from '@klinikita/domain/billing/billing.schema';
import { sequenceOf } from '@klinikita/domain/common/document-number';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { billBalances, countersOf, paymentProblems, usedNumbers } from './billing.queries.ts';

/**
 * The billing consistency check over the caller's clinics (issue 18 "Rules"): every paid bill's
 * payments and receivables sum to its total (none more than the total otherwise), every payment is
 * the sum of its parts on a posted bill of its clinic, every company or insurer part has its
 * receivable, and the invoice and receipt numbers of each clinic's month run 1..n without a gap.
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

  const counters = await countersOf(db, session.clinicIds);
  const used = await usedNumbers(db, session.clinicIds);
  for (const c of counters) {
    const prefix = c.kind === 'invoice' ? 'INV' : 'KW';
    const numbers = (c.kind === 'invoice' ? used.invoices : used.receipts)
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
    checked: { bills: balances.length, payments: payments.count, counters: counters.length },
    problems,
  };
}
