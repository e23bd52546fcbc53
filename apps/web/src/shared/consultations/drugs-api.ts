import type { Drug } from '@klinikita/domain/consultations/consultation.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import type { Paged } from './encounters-api.ts';

export type { Drug };

/** `GET settings/pharmacy/drugs`: active drugs of the master matching name, generic name or KFA code. */
export const useDrugSearch = (search: string, { enabled = true, limit = 10 } = {}) =>
  useQuery({
    queryKey: ['drugs', 'search', search, limit],
    queryFn: async () =>
      (
        await api<Paged<Drug>>('settings/pharmacy/drugs', {
          query: { search: search || undefined, active: 'true', limit },
        })
      ).data!,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** How a drug reads on a prescription line: 'Paracetamol 500 mg'. */
export const drugLabel = (drug: Pick<Drug, 'name' | 'strength'>) =>
  drug.strength && !drug.name.includes(drug.strength) ? `${drug.name} ${drug.strength}` : drug.name;
