import type { Drug } from '@klinikita/domain/drugs/drug.schema';
import { listDrugs } from '@klinikita/domain/drugs/drugs.contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractQuery } from '../api/contract-client.ts';

export type { Drug };

/** `GET settings/pharmacy/drugs`: active drugs of the master matching name, generic name or KFA code. */
export const useDrugSearch = (search: string, { enabled = true, limit = 10 } = {}) =>
  useContractQuery(
    listDrugs,
    { query: { search: search || undefined, active: 'true', limit } },
    { enabled, placeholderData: keepPreviousData, staleTime: 60_000 },
  );

/** How a drug reads on a prescription line: 'Paracetamol 500 mg'. */
export const drugLabel = (drug: Pick<Drug, 'name' | 'strength'>) =>
  drug.strength && !drug.name.includes(drug.strength) ? `${drug.name} ${drug.strength}` : drug.name;
