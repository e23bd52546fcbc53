import {
  approveShift,
  closeDay,
  closeShift,
  getCurrentShift,
  listShifts,
  openShift,
} from '@klinikita/domain/billing/cashier-shifts.contract';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';
import { FALLBACK_REFRESH_MS } from './cashier-api.ts';

export type { Shift } from '@klinikita/domain/billing/cashier-shifts.schema';

/**
 * The cashier's shift (issue 18 §4). Its queries sit under billing's key, so a payment or a
 * reversal refetches the running totals; a shift write refetches every billing read.
 */
const refetch = { invalidates: [moduleKey(getCurrentShift)] };

/** `GET billing/shifts/current`: the caller's open shift at the clinic and those waiting for approval. */
export const useCurrentShift = (clinicId: number) =>
  useContractQuery(getCurrentShift, { query: { clinicId } }, { refetchInterval: FALLBACK_REFRESH_MS });

/** The clinic's shifts waiting for a second person's approval (for holders of `bill.approve`). */
export const usePendingShifts = (clinicId: number, enabled: boolean) =>
  useContractQuery(
    listShifts,
    { query: { clinicId, status: 'pending_approval', page: 1, limit: 50 } },
    { enabled, refetchInterval: FALLBACK_REFRESH_MS },
  );

export const useOpenShift = () => useContractMutation(openShift, refetch);
export const useCloseShift = () => useContractMutation(closeShift, refetch);
export const useApproveShift = () => useContractMutation(approveShift, refetch);
export const useCloseDay = () => useContractMutation(closeDay, refetch);
