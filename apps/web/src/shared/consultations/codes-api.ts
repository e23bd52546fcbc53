import type { CodeSystem } from '@klinikita/domain/consultations/consultation.rules';
import type { MedicalCode } from '@klinikita/domain/consultations/consultation.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export type { CodeSystem, MedicalCode };

const codesKey = ['medical-codes'] as const;

/**
 * `GET codes/{system}`: codes matching what the doctor typed (code prefix or words), the
 * clinic's favourites first; an empty search answers the favourites.
 */
export const useCodeSearch = (system: CodeSystem, clinicId: number | null, search: string, limit = 12) =>
  useQuery({
    queryKey: [...codesKey, system, clinicId, search, limit],
    queryFn: async () =>
      (
        await api<MedicalCode[]>(`codes/${system}`, {
          query: { clinicId: clinicId!, search: search || undefined, limit },
        })
      ).data!,
    enabled: clinicId !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** `PUT codes/{system}/{code}`: marks or unmarks a clinic favourite. */
export const useMarkFavourite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { system: CodeSystem; code: string; clinicId: number; favourite: boolean }) =>
      (
        await api<MedicalCode>(`codes/${v.system}/${encodeURIComponent(v.code)}`, {
          method: 'PUT',
          body: { clinicId: v.clinicId, favourite: v.favourite },
        })
      ).data!,
    onSuccess: () => client.invalidateQueries({ queryKey: codesKey }),
  });
};
