import type { ClinicCode } from '@klinikita/domain/codes/code.schema';
import { listClinicCodes, updateCode } from '@klinikita/domain/codes/codes.contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ContractQuery,
  call,
  moduleKey,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';

/** A page of the clinics' ICD title corrections and favourites (`GET clinic-codes`). */
export const useClinicCodes = (query: ContractQuery<typeof listClinicCodes>) =>
  useContractQuery(listClinicCodes, { query }, { placeholderData: keepPreviousData });

/**
 * Undoes a clinic's title correction (back to the shipped titles) or removes its favourite mark,
 * through `PUT codes/{system}/{code}`; the code searches and this list refetch.
 */
export function useUndoClinicCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ row, undo }: { row: ClinicCode; undo: 'correction' | 'favourite' }) =>
      call(updateCode, {
        params: { system: row.system, code: row.code },
        body:
          undo === 'correction'
            ? { clinicId: row.clinicId, titleId: null, titleEn: null }
            : { clinicId: row.clinicId, favourite: false },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: moduleKey(listClinicCodes) }),
  });
}
