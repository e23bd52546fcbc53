import type { Endpoint } from '@klinikita/domain/common/contract';
import {
  addLabParameter,
  deactivateLabParameter,
  getLabTest,
  listLabTests,
  reactivateLabParameter,
  replaceLabRanges,
  setLabPanelItems,
  updateLabParameter,
} from '@klinikita/domain/lab/lab-catalogue.contract';
import type { LabTestDetail } from '@klinikita/domain/lab/lab-catalogue.schema';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  adoptAnswer,
  type ContractQuery,
  contractKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';

/** A page of the lab tests and panels (`GET lab-catalogue/tests`). */
export const useLabTests = (query: ContractQuery<typeof listLabTests>, enabled = true) =>
  useContractQuery(listLabTests, { query }, { placeholderData: keepPreviousData, enabled });

/** One test with its parameters and ranges, or one panel with its tests. */
export const useLabTest = (uid: string | null) =>
  useContractQuery(getLabTest, { params: { uid: uid ?? '' } }, { enabled: uid !== null });

/**
 * Every write answers the test as it now is: it becomes the test's cached answer at once, and the
 * lists (their counts) refetch.
 */
function useLabWrite<E extends Endpoint>(contract: E) {
  const client = useQueryClient();
  return useContractMutation(contract, {
    onSuccess: async (answer) => {
      const test = answer.data as LabTestDetail | undefined;
      if (test) await adoptAnswer(client, contractKey(getLabTest, { params: { uid: test.uid } }), test);
    },
    invalidates: [contractKey(listLabTests)],
  });
}

export const useAddParameter = () => useLabWrite(addLabParameter);
export const useUpdateParameter = () => useLabWrite(updateLabParameter);
export const useDeactivateParameter = () => useLabWrite(deactivateLabParameter);
export const useReactivateParameter = () => useLabWrite(reactivateLabParameter);
export const useReplaceRanges = () => useLabWrite(replaceLabRanges);
export const useSetPanelItems = () => useLabWrite(setLabPanelItems);
