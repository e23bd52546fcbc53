import { type BillingDocument, billingNumber } from '@klinikita/domain/billing/billing.rules';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { periodOf } from '@klinikita/domain/common/document-number';
import type { Tx } from '../../shared/sql.ts';
import { nextSequence } from './billing.queries.ts';

/** The next number of a billing document (invoice, receipt, deposit) of a clinic, in its day's period. */
export async function nextBillingNumber(tx: Tx, kind: BillingDocument, clinicId: number, timeZone: string) {
  const period = periodOf(clinicDay(timeZone));
  return billingNumber(kind, clinicId, period, await nextSequence(tx, clinicId, kind, period));
}
