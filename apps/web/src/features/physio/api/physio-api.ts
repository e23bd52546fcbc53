import type { Endpoint } from '@klinikita/domain/common/contract';
import {
  closePhysioProgramme,
  createPhysioProgramme,
  getPhysioVisit,
  notePhysioSession,
} from '@klinikita/domain/physio/physio.contract';
import type { PhysioVisit } from '@klinikita/domain/physio/physio.schema';
import { useQueryClient } from '@tanstack/react-query';
import {
  adoptAnswer,
  contractKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';

export type { PhysioProgramme, PhysioSession, PhysioVisit } from '@klinikita/domain/physio/physio.schema';

export const physioVisitKey = (registrationId: string) =>
  contractKey(getPhysioVisit, { params: { registrationId } });

/** `GET physio/visits/:registrationId`: the referral, the patient's programme and this visit's note. */
export const usePhysioVisit = (registrationId: string) =>
  useContractQuery(getPhysioVisit, { params: { registrationId } });

/** Every write answers the visit as it now is: it becomes the cached answer, the queue lists refetch. */
function usePhysioWrite<E extends Endpoint>(contract: E) {
  const client = useQueryClient();
  return useContractMutation(contract, {
    onSuccess: async (answer) => {
      const visit = answer.data as PhysioVisit | undefined;
      if (visit) await adoptAnswer(client, physioVisitKey(visit.registrationId), visit);
    },
    invalidates: [['registrations']],
  });
}

export const useCreatePhysioProgramme = () => usePhysioWrite(createPhysioProgramme);
export const useNotePhysioSession = () => usePhysioWrite(notePhysioSession);
export const useClosePhysioProgramme = () => usePhysioWrite(closePhysioProgramme);
