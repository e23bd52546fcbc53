import { listDrugs } from '@klinikita/domain/drugs/drugs.contract';
import { keepPreviousData } from '@tanstack/react-query';
import { type ContractQuery, useContractQuery } from '../../../shared/api/contract-client.ts';

/** A page of the drug master (`GET settings/pharmacy/drugs`). */
export const useDrugs = (query: ContractQuery<typeof listDrugs>) =>
  useContractQuery(listDrugs, { query }, { placeholderData: keepPreviousData });
