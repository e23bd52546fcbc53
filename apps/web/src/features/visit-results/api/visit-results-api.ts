import {
  getVisitResults,
  listResultVisits,
  visitLabPdf,
} from '@klinikita/domain/results/visit-results.contract';
import type { ResultVisitsQuery } from '@klinikita/domain/results/visit-results.schema';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';

export type { ResultVisit, VisitResults } from '@klinikita/domain/results/visit-results.schema';

/** `GET visit-results/visits`: visits with released results, one page; the last page stays while typing. */
export const useResultVisits = (query: Partial<ResultVisitsQuery>) =>
  useContractQuery(listResultVisits, { query }, { placeholderData: keepPreviousData, abortable: true });

/** `GET visit-results/visits/:registrationId`: what the visit hands to the patient. */
export const useVisitResults = (registrationId: string) =>
  useContractQuery(getVisitResults, { params: { registrationId } });

/** The released lab results' sheet (a raw PDF answer), opened in a new tab by the browser. */
export const visitLabPdfUrl = (registrationId: string) =>
  `${API_BASE}${visitLabPdf.path.replace(':registrationId', encodeURIComponent(registrationId))}`;
