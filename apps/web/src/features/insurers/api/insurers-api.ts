import {
  createInsurer,
  deactivateInsurer,
  listInsurers,
  updateInsurer,
} from '@klinikita/domain/insurers/insurers.contract';
import { keepPreviousData } from '@tanstack/react-query';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';

export type { Insurer } from '@klinikita/domain/insurers/insurer.schema';

/** The insurer calls (`/insurers…`), from the domain contracts. */

interface Paging {
  search?: string;
  kind?: 'insurer' | 'tpa' | 'bpjs';
  active?: 'true' | 'false';
  page: number;
  limit: number;
}

const everything = [moduleKey(listInsurers)];

export const useInsurers = (query: Paging) =>
  useContractQuery(listInsurers, { query }, { placeholderData: keepPreviousData });

export const useCreateInsurer = () => useContractMutation(createInsurer, { invalidates: everything });
export const useUpdateInsurer = () => useContractMutation(updateInsurer, { invalidates: everything });
export const useDeactivateInsurer = () => useContractMutation(deactivateInsurer, { invalidates: everything });
