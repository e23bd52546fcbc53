import type { MedicalCode } from '@klinikita/domain/codes/code.schema';
import { searchCodes, updateCode } from '@klinikita/domain/codes/codes.contract';
import type { CodeSystem } from '@klinikita/domain/consultations/consultation.rules';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, moduleKey, useContractQuery } from '../api/contract-client.ts';

export type { CodeSystem, MedicalCode };

/**
 * `GET codes/{system}`: codes matching what the doctor typed (code prefix or words), the
 * clinic's favourites first; an empty search answers the favourites.
 */
export const useCodeSearch = (system: CodeSystem, clinicId: number | null, search: string, limit = 12) =>
  useContractQuery(
    searchCodes,
    { params: { system }, query: { clinicId: clinicId ?? 0, search: search || undefined, limit } },
    { enabled: clinicId !== null, placeholderData: keepPreviousData, staleTime: 60_000 },
  );

/** `PUT codes/{system}/{code}`: marks or unmarks a clinic favourite. */
export const useMarkFavourite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { system: CodeSystem; code: string; clinicId: number; favourite: boolean }) =>
      (
        await call(updateCode, {
          params: { system: v.system, code: v.code },
          body: { clinicId: v.clinicId, favourite: v.favourite },
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: moduleKey(searchCodes) }),
  });
};
