import {
  dispensePrescription,
  getPharmacyPrescription,
  listPharmacyQueue,
  movePrescription,
  prescriptionLabels,
  reviewPrescription,
  substitutePrescriptionLine,
} from '@klinikita/domain/pharmacy/pharmacy.contract';
import type {
  LabelPaper,
  PharmacyPrescription,
  QueueQuery,
} from '@klinikita/domain/pharmacy/pharmacy.schema';
import { keepPreviousData } from '@tanstack/react-query';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';

export type {
  DispenseInput,
  LabelPaper,
  PharmacyPrescription,
  QueueRow,
} from '@klinikita/domain/pharmacy/pharmacy.schema';

export type PrescriptionLine = PharmacyPrescription['lines'][number];

/** The fallback refresh while the live stream is down (a minute is long at a pharmacy counter). */
const FALLBACK_REFRESH_MS = 30_000;

/** `GET pharmacy/prescriptions`: a clinic day's prescriptions, cito first (the page before stays while the next loads). */
export const usePharmacyQueue = (query: Partial<QueueQuery> & { clinicId: number }) =>
  useContractQuery(listPharmacyQueue, { query } as never, {
    placeholderData: keepPreviousData,
    refetchInterval: FALLBACK_REFRESH_MS,
  });

/** `GET pharmacy/prescriptions/:uid`: one prescription with its lines, stock, flags and history. */
export const usePharmacyPrescription = (uid: string | null) =>
  useContractQuery(
    getPharmacyPrescription,
    { params: { uid: uid ?? '' } },
    { enabled: Boolean(uid), refetchInterval: FALLBACK_REFRESH_MS },
  );

/** The pharmacy module's queries (the queue and the open prescription), refetched after a write or an event. */
export const PHARMACY_QUERIES = moduleKey(listPharmacyQueue);
const pharmacy = { invalidates: [PHARMACY_QUERIES] };

export const useMovePrescription = () => useContractMutation(movePrescription, pharmacy);
export const useDispensePrescription = () => useContractMutation(dispensePrescription, pharmacy);
/**
 * A saved review remounts its form (keyed by the saved time) before a `mutate` callback could run:
 * what to do on success is given here, where it runs whatever is mounted by then.
 */
export const useReviewPrescription = (onSaved: (message: string) => void) =>
  useContractMutation(reviewPrescription, { ...pharmacy, onSuccess: (answer) => onSaved(answer.message) });
export const useSubstituteLine = () => useContractMutation(substitutePrescriptionLine, pharmacy);

/** The labels' PDF, opened by the browser in a new tab (the session cookie goes with it). */
export const labelsUrl = (uid: string, paper: LabelPaper) =>
  `${API_BASE}${prescriptionLabels.path.replace(':uid', encodeURIComponent(uid))}?paper=${paper}`;
