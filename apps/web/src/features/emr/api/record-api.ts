import { listAuditLogs } from '@klinikita/domain/audit/audit.contract';
import type {
  AuditEntry,
  Encounter,
  RecordPatient,
} from '@klinikita/domain/consultations/consultation.schema';
import type { Letter } from '@klinikita/domain/consultations/letter.schema';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ContractQuery, useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE, api } from '../../../shared/api-client.ts';
import { encountersKey, type Paged } from '../../../shared/consultations/encounters-api.ts';

export type { AuditEntry, Encounter, Letter, Paged, RecordPatient };

/** `GET consultations/patients`: patients with a record at the user's clinics (`mine`: the doctor's own). */
export const useRecordPatients = (
  q: { search?: string; mine?: boolean; page: number; limit: number },
  enabled = true,
) =>
  useQuery({
    queryKey: ['record-patients', q],
    queryFn: async () =>
      (
        await api<Paged<RecordPatient>>('consultations/patients', {
          query: { search: q.search, mine: q.mine ? 'true' : undefined, page: q.page, limit: q.limit },
        })
      ).data!,
    placeholderData: keepPreviousData,
    enabled,
  });

/** `GET consultations/patients/{uid}`: the record's banner (an audited read). */
export const useRecordPatient = (uid: string) =>
  useQuery({
    queryKey: ['record-patients', 'one', uid],
    queryFn: async () =>
      (await api<RecordPatient>(`consultations/patients/${encodeURIComponent(uid)}`)).data!,
    retry: false,
  });

export const TIMELINE_PAGE = 10;
const encountersPath = (uid: string) => `consultations/patients/${encodeURIComponent(uid)}/encounters`;

/**
 * The visits, newest first, a page at a time ("load more"). Under the encounters key, so an
 * addendum written anywhere refreshes it.
 */
export const useTimeline = (patientUid: string) =>
  useInfiniteQuery({
    queryKey: [...encountersKey, 'timeline', patientUid],
    queryFn: async ({ pageParam }) =>
      (
        await api<Paged<Encounter>>(encountersPath(patientUid), {
          query: { page: pageParam, limit: TIMELINE_PAGE },
        })
      ).data!,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

/** The latest 100 visits at once, for the trends and the diagnosis history. */
export const HISTORY_LIMIT = 100;
export const useVisitHistory = (patientUid: string, enabled: boolean) =>
  useQuery({
    queryKey: [...encountersKey, 'history', patientUid],
    queryFn: async () =>
      (await api<Paged<Encounter>>(encountersPath(patientUid), { query: { page: 1, limit: HISTORY_LIMIT } }))
        .data!,
    enabled,
  });

/** `GET consultations/letters?patientId=`: the patient's letters, newest first. */
export const usePatientLetters = (patientUid: string, page: number, enabled = true) =>
  useQuery({
    queryKey: ['letters', 'patient', patientUid, page],
    queryFn: async () =>
      (
        await api<Paged<Letter>>('consultations/letters', {
          query: { patientId: patientUid, page, limit: 20 },
        })
      ).data!,
    placeholderData: keepPreviousData,
    enabled,
  });

/** `GET audit/logs`: who read or wrote what (Super Admin). */
export const useAuditLog = (query: ContractQuery<typeof listAuditLogs>, enabled = true) =>
  useContractQuery(listAuditLogs, { query }, { placeholderData: keepPreviousData, retry: false, enabled });

/** The printed visit and letters open in a new tab: the browser shows the PDF itself. */
export const encounterPdfUrl = (uid: string) =>
  `${API_BASE}/consultations/encounters/${encodeURIComponent(uid)}/pdf`;
export const letterPdfUrl = (uid: string) =>
  `${API_BASE}/consultations/letters/${encodeURIComponent(uid)}/pdf`;
