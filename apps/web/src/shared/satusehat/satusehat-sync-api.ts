import {
  getSatusehatRefusals,
  getSatusehatVisitStatuses,
  listSatusehatDeliveries,
  resendSatusehatDelivery,
} from '@klinikita/domain/satusehat/satusehat-sync.contract';
import type {
  SatusehatSyncQuery,
  SatusehatVisitStatus,
} from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { contractKey, useContractMutation, useContractQuery } from '../api/contract-client.ts';

/** What the sync screen, the visits' badges and the dashboard card read of the deliveries to SATUSEHAT (issue 19 §5). */

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

/** "Kirim ulang": the list, the badges and the count refetch once it settled. */
export const useResendSatusehatDelivery = () =>
  useContractMutation(resendSatusehatDelivery, {
    invalidates: [
      contractKey(listSatusehatDeliveries),
      contractKey(getSatusehatVisitStatuses),
      contractKey(getSatusehatRefusals),
    ],
  });

const byRegistration = (statuses: SatusehatVisitStatus[]) =>
  new Map(statuses.map((s) => [s.registrationId, s]));

/**
 * The deliveries and their worst state of a page of the record's visits, in one call (the badges
 * of its cards), by registration; a visit left out of the answer has no badge. Nothing is asked
 * for a page without visits.
 */
export const useSatusehatVisitStatuses = (registrationIds: string[], enabled = true) =>
  useContractQuery(
    getSatusehatVisitStatuses,
    { query: { registrationIds: registrationIds.join(',') } },
    { enabled: enabled && registrationIds.length > 0, select: byRegistration },
  );

/** Refused, blocked and waiting deliveries of the caller's clinics (the dashboard card). */
export const useSatusehatRefusals = (enabled = true) =>
  useContractQuery(getSatusehatRefusals, { query: {} }, { enabled, refetchInterval: 60_000 });
