import { listSpecialists } from '@klinikita/domain/doctors/doctors.contract';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

/** `GET /doctors/specialists` (spec 7): the list the disabled Specialist field is chosen from. */
export const useSpecialists = (enabled: boolean) =>
  useContractQuery(listSpecialists, {}, { enabled, staleTime: 300_000, select: (d) => d?.specialists ?? [] });
