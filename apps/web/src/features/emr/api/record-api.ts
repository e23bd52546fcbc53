import { listAuditLogs } from '@klinikita/domain/audit/audit.contract';
import type { AuditEntry } from '@klinikita/domain/audit/audit.schema';
import type { Paged } from '@klinikita/domain/common/paged';
import {
  listRecordPatients,
  patientTimeline,
  readRecord,
} from '@klinikita/domain/consultations/consultations.contract';
import type { Encounter } from '@klinikita/domain/consultations/encounter.schema';
import type { Letter } from '@klinikita/domain/consultations/letter.schema';
import { encounterPdf, letterPdf, listLetters } from '@klinikita/domain/consultations/letters.contract';
import type { RecordPage, RecordPatient } from '@klinikita/domain/consultations/record.schema';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ContractQuery, fetchData, useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';
import { encountersKey } from '../../../shared/consultations/encounters-api.ts';
import { FIRST_RECORD_PAGE } from './record-first-page.ts';

export type { AuditEntry, Encounter, Letter, Paged, RecordPage, RecordPatient };

/** `GET consultations/patients`: patients with a record at the user's clinics (`mine`: the doctor's own). */
export const useRecordPatients = (
  q: { search?: string; mine?: boolean; page: number; limit: number },
  enabled = true,
) =>
  useQuery({
    queryKey: ['record-patients', q],
    queryFn: () =>
      fetchData(listRecordPatients, {
        query: { search: q.search, mine: q.mine ? 'true' : undefined, page: q.page, limit: q.limit },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Visits in each later page. */
export const RECORD_PAGE = 20;

/**
 * `GET consultations/patients/{uid}/record`: the banner and the newest visits in one round trip,
 * then older visits a page at a time after the last page's cursor. Under the encounters key, so
 * an addendum written anywhere refreshes it.
 */
export const useRecord = (patientUid: string) =>
  useInfiniteQuery({
    queryKey: [...encountersKey, 'record', patientUid],
    queryFn: ({ pageParam }) =>
      fetchData(readRecord, {
        params: { uid: patientUid },
        query: pageParam ? { after: pageParam, limit: RECORD_PAGE } : { limit: FIRST_RECORD_PAGE },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: RecordPage) => last.next ?? undefined,
    retry: false,
  });

/** The latest 100 visits at once, for the trends and the diagnosis history. */
export const HISTORY_LIMIT = 100;
export const useVisitHistory = (patientUid: string, enabled: boolean) =>
  useQuery({
    queryKey: [...encountersKey, 'history', patientUid],
    queryFn: () =>
      fetchData(patientTimeline, { params: { uid: patientUid }, query: { page: 1, limit: HISTORY_LIMIT } }),
    enabled,
  });

/** `GET consultations/letters?patientId=`: the patient's letters, newest first. */
export const usePatientLetters = (patientUid: string, page: number, enabled = true) =>
  useQuery({
    queryKey: ['letters', 'patient', patientUid, page],
    queryFn: () => fetchData(listLetters, { query: { patientId: patientUid, page, limit: 20 } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** `GET audit/logs`: who read or wrote what (Super Admin). */
export const useAuditLog = (query: ContractQuery<typeof listAuditLogs>, enabled = true) =>
  useContractQuery(listAuditLogs, { query }, { placeholderData: keepPreviousData, retry: false, enabled });

/** The printed visit and letters (raw PDF answers) open in a new tab: the browser shows the PDF itself. */
const pdfUrl = (path: string, uid: string) => `${API_BASE}${path.replace(':uid', encodeURIComponent(uid))}`;
export const encounterPdfUrl = (uid: string) => pdfUrl(encounterPdf.path, uid);
export const letterPdfUrl = (uid: string) => pdfUrl(letterPdf.path, uid);
