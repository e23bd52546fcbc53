import type { Endpoint } from '@klinikita/domain/common/contract';
import {
  getTreatmentOptions,
  getTreatmentVisit,
  listTreatmentVisits,
  recordTreatmentProcedure,
  voidTreatmentProcedure,
} from '@klinikita/domain/treatment/treatment.contract';
import type { TreatmentVisit } from '@klinikita/domain/treatment/treatment.schema';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  adoptAnswer,
  contractKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';

export type {
  TreatmentOptions,
  TreatmentProcedure,
  TreatmentVisit,
  TreatmentVisitItem,
} from '@klinikita/domain/treatment/treatment.schema';

/** `GET treatment/visits`: the clinic's treatment visits of a day, searched and paged. */
export const useTreatmentVisits = (
  query: { clinicId: number; date?: string; search?: string; page: number } | null,
) =>
  useContractQuery(
    listTreatmentVisits,
    { query: query ?? { clinicId: 0, page: 1 } },
    {
      enabled: query !== null,
      placeholderData: keepPreviousData,
    },
  );

export const treatmentVisitKey = (registrationId: string) =>
  contractKey(getTreatmentVisit, { params: { registrationId } });

/** `GET treatment/visits/:registrationId`: the doctor's order and the procedures done. */
export const useTreatmentVisit = (registrationId: string) =>
  useContractQuery(getTreatmentVisit, { params: { registrationId } });

/** The catalogue's procedures and the clinic's staff, for the form. */
export const useTreatmentOptions = (clinicId: number) =>
  useContractQuery(getTreatmentOptions, { query: { clinicId } }, { staleTime: 5 * 60_000 });

/** A write answers the visit as it now is: cached at once; the worklist's counts refetch. */
function useTreatmentWrite<E extends Endpoint>(contract: E) {
  const client = useQueryClient();
  return useContractMutation(contract, {
    onSuccess: async (answer) => {
      const visit = answer.data as TreatmentVisit | undefined;
      if (visit) await adoptAnswer(client, treatmentVisitKey(visit.registrationId), visit);
    },
    invalidates: [contractKey(listTreatmentVisits)],
  });
}

export const useRecordProcedure = () => useTreatmentWrite(recordTreatmentProcedure);
export const useVoidProcedure = () => useTreatmentWrite(voidTreatmentProcedure);

/** What a visit's change refetches: the worklist and the visits open (not the form's options). */
export const TREATMENT_LIVE_KEYS = [contractKey(listTreatmentVisits), contractKey(getTreatmentVisit)];
