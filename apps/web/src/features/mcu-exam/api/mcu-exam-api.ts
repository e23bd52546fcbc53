import { uploadStationAttachment } from '@klinikita/domain/mcu/mcu-attachments.contract';
import {
  approveConclusion,
  getExam,
  getWorklist,
  saveConclusion,
  saveExposures,
  saveStation,
} from '@klinikita/domain/mcu/mcu-exam.contract';
import type { ExamAnswer, WorklistQuery } from '@klinikita/domain/mcu/mcu-exam.schema';
import type { McuStation } from '@klinikita/domain/mcu/mcu-stations';
import { listCompanies } from '@klinikita/domain/partner-companies/partner-companies.contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adoptAnswer,
  call,
  contractKey,
  moduleKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';

export type {
  ConclusionAnswer,
  ExamAnswer,
  StationResult,
  WorklistRow,
} from '@klinikita/domain/mcu/mcu-exam.schema';

/** The MCU examination calls (`/mcu/worklist`, `/mcu/participants/:uid/…`), from the domain contract. */

type WorklistInput = Omit<WorklistQuery, 'page' | 'limit'> & { page: number; limit: number };

export const useMcuWorklist = (query: WorklistInput) =>
  useContractQuery(getWorklist, { query }, { placeholderData: keepPreviousData });

const examKey = (uid: string) => contractKey(getExam, { params: { uid } });

export const useMcuExam = (uid: string | null) =>
  useContractQuery(getExam, { params: { uid: uid ?? '' } }, { enabled: Boolean(uid) });

/** The companies of the filter (the first 100, active). */
export const useMcuCompanies = () =>
  useContractQuery(listCompanies, { query: { active: 'true', page: 1, limit: 100 } });

/** A write answering the whole examination: the cached examination at once, the worklist refetches. */
function useExamWrite<E extends typeof saveStation | typeof saveConclusion | typeof approveConclusion>(
  contract: E,
) {
  const client = useQueryClient();
  return useContractMutation(contract, {
    onSuccess: async (answer) => {
      const data = answer.data as ExamAnswer | undefined;
      if (data) await adoptAnswer(client, examKey(data.participant.uid), data);
    },
    invalidates: [moduleKey(getWorklist)],
  });
}

export const useSaveStation = () => useExamWrite(saveStation);
export const useSaveConclusion = () => useExamWrite(saveConclusion);
export const useApproveConclusion = () => useExamWrite(approveConclusion);
export const useSaveExposures = () =>
  useContractMutation(saveExposures, { invalidates: [moduleKey(getExam)] });

/** The station's tracing (ECG, audiogram; PDF, JPG, PNG): uploaded to the station, answered as the examination. */
export function useUploadTracing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ uid, station, file }: { uid: string; station: McuStation; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return call(uploadStationAttachment, { params: { uid, station }, body: form });
    },
    onSuccess: async (answer) => {
      if (answer.data) await adoptAnswer(client, examKey(answer.data.participant.uid), answer.data);
    },
  });
}
