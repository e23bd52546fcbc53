import type { Endpoint } from '@klinikita/domain/common/contract';
import {
  amendLabResults,
  getLabWork,
  listPatientLabResults,
  releaseLabResults,
  saveLabResults,
  validateLabResults,
} from '@klinikita/domain/lab/lab-results.contract';
import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import { labWorkPdf } from '@klinikita/domain/results/lab-print.contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  adoptAnswer,
  contractKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';

export type { LabWork } from '@klinikita/domain/lab/lab-results.schema';

/** The work of a lab visit: its order, the tests with the ranges for this patient and the report. */
export const labWorkKey = (registrationId: string) => contractKey(getLabWork, { params: { registrationId } });

/** `GET lab-results/visits/:registrationId`; off (`enabled: false`) without the right to enter results. */
export const useLabWork = (registrationId: string, enabled = true) =>
  useContractQuery(getLabWork, { params: { registrationId } }, { enabled });

/**
 * Every write answers the visit's work as it now is: it becomes the cached answer at once (the
 * screen shows the server's flags and calculated values without a second call), and the
 * patient's released results refetch (the doctor's card).
 */
function useLabResultsWrite<E extends Endpoint>(contract: E) {
  const client = useQueryClient();
  return useContractMutation(contract, {
    onSuccess: async (answer) => {
      const work = answer.data as LabWork | undefined;
      if (work) await adoptAnswer(client, labWorkKey(work.registrationId), work);
    },
    invalidates: [contractKey(listPatientLabResults)],
  });
}

export const useSaveLabResults = () => useLabResultsWrite(saveLabResults);
export const useValidateLabResults = () => useLabResultsWrite(validateLabResults);
export const useReleaseLabResults = () => useLabResultsWrite(releaseLabResults);
export const useAmendLabResults = () => useLabResultsWrite(amendLabResults);

/** The released results' sheet (a raw PDF answer), opened in a new tab by the browser. */
export const labResultsPdfUrl = (registrationId: string) =>
  `${API_BASE}${labWorkPdf.path.replace(':registrationId', encodeURIComponent(registrationId))}`;
