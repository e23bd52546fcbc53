import type { Endpoint } from '@klinikita/domain/common/contract';
import {
  collectLabSpecimen,
  getLabSpecimens,
  labelLabSpecimens,
  labSpecimenLabels,
  receiveLabSpecimen,
  rejectLabSpecimen,
} from '@klinikita/domain/lab/lab-specimens.contract';
import type { LabVisitSpecimens } from '@klinikita/domain/lab/lab-specimens.schema';
import { useQueryClient } from '@tanstack/react-query';
import {
  adoptAnswer,
  contractKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';
import { registrationsKey } from '../../../shared/registrations/registrations-api.ts';

export type { LabSpecimen, LabVisitSpecimens } from '@klinikita/domain/lab/lab-specimens.schema';

export const labSpecimensKey = (registrationId: string) =>
  contractKey(getLabSpecimens, { params: { registrationId } });

/** `GET lab-specimens/visits/:registrationId`: the visit's containers and the rejection reasons. */
export const useLabSpecimens = (registrationId: string, enabled = true) =>
  useContractQuery(getLabSpecimens, { params: { registrationId } }, { enabled });

/**
 * Every step answers the visit's containers as they now are (the cached answer at once); the
 * visit's sampling flag may have moved, so the lab's list and the visit refetch.
 */
function useSpecimenStep<E extends Endpoint>(contract: E) {
  const client = useQueryClient();
  return useContractMutation(contract, {
    onSuccess: async (answer) => {
      const data = answer.data as LabVisitSpecimens | undefined;
      if (data) await adoptAnswer(client, labSpecimensKey(data.registrationId), data);
    },
    invalidates: [registrationsKey],
  });
}

export const useLabelLabSpecimens = () => useSpecimenStep(labelLabSpecimens);
export const useCollectLabSpecimen = () => useSpecimenStep(collectLabSpecimen);
export const useReceiveLabSpecimen = () => useSpecimenStep(receiveLabSpecimen);
export const useRejectLabSpecimen = () => useSpecimenStep(rejectLabSpecimen);

/** The labels PDF (a raw answer), opened in a new tab: one 50 × 25 mm page per label, or an A4 sheet. */
export const labelsPdfUrl = (registrationId: string, layout: 'label' | 'sheet') =>
  `${API_BASE}${labSpecimenLabels.path.replace(':registrationId', encodeURIComponent(registrationId))}?layout=${layout}`;
