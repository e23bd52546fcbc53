import { billingConsistency } from '@klinikita/domain/billing/billing.contract';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

/**
 * `GET billing/consistency`, run when asked: bills, payments, receivables, deposits, number series
 * and journal entries of the caller's clinics. Never served from the cache: each ask reads again.
 */
export const useBillingConsistency = (enabled: boolean) =>
  useContractQuery(billingConsistency, {}, { enabled, staleTime: 0 });
