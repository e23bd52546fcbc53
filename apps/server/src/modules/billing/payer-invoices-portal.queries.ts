import { and, desc, eq, inArray } from 'drizzle-orm';
import { payerInvoices } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';
import { itemTotals } from './payer-invoices.queries.ts';

/** A partner company's invoices of these statuses at every clinic of the corporate, newest first (the company portal). */
export function companyInvoiceRows(
  db: Executor,
  corpId: number,
  companyId: number,
  statuses: readonly string[],
) {
  return db
    .select({ invoice: payerInvoices, ...itemTotals })
    .from(payerInvoices)
    .where(
      and(
        eq(payerInvoices.corpId, corpId),
        eq(payerInvoices.payerKind, 'company'),
        eq(payerInvoices.companyId, companyId),
        inArray(payerInvoices.status, [...statuses]),
      ),
    )
    .orderBy(desc(payerInvoices.issueDate), desc(payerInvoices.id))
    .limit(200);
}
