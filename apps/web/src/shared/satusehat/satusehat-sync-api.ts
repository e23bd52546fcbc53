import {
  getSatusehatRefusals,
  getSatusehatVisitStatus,
  listSatusehatDeliveries,
  resendSatusehatDelivery,
} from '@klinikita/domain/satusehat/satusehat-sync.contract';
import type { SatusehatSyncQuery } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { contractKey, useContractMutation, useContractQuery } from '../api/contract-client.ts';

/** What the sync screen, the visit's badge and the dashboard card read of the deliveries to SATUSEHAT (issue 19 §5). */

/** The worker sends in the background: an open screen follows it every 10 s. */
export const SYNC_REFRESH_MS = 10_000;

type ListInput = Omit<SatusehatSyncQuery, 'page' | 'limit'> & { page?: number; limit?: number };

/** A clinic day's deliveries and its counts per state, refreshed while the screen is open. */
export const useSatusehatDeliveries = (query: ListInput, enabled = true) =>
  useContractQuery(
    listSatusehatDeliveries,
    { query: query as SatusehatSyncQuery },
    { enabled, refetchInterval: SYNC_REFRESH_MS, placeholderData: (previous) => previous, abortable: true },
  );

/** "Kirim ulang": the list, the badge and the count refetch once it settled. */
export const useResendSatusehatDelivery = () =>
  useContractMutation(resendSatusehatDelivery, {
    invalidates: [
      contractKey(listSatusehatDeliveries),
      contractKey(getSatusehatVisitStatus),
      contractKey(getSatusehatRefusals),
    ],
  });

/** The visit's deliveries and the worst of their states (the badge in the record). */
export const useSatusehatVisitStatus = (registrationId: string, enabled = true) =>
  useContractQuery(getSatusehatVisitStatus, { params: { registrationId } }, { enabled });

/** Refused, blocked and waiting deliveries of the caller's clinics (the dashboard card). */
export const useSatusehatRefusals = (enabled = true) =>
  useContractQuery(getSatusehatRefusals, { query: {} }, { enabled, refetchInterval: 60_000 });
