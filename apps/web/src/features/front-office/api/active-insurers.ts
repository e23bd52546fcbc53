import type { Insurer } from '@klinikita/domain/insurers/insurer.schema';
import { listInsurers } from '@klinikita/domain/insurers/insurers.contract';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

export type { Insurer };

/** A corporate keeps a handful of insurers: the first hundred active ones are the whole pick list. */
const ACTIVE = { active: 'true', page: 1, limit: 100 } as const;

/**
 * The corporate's active insurers (`GET /insurers`) the clerk picks an insurance or BPJS visit's
 * payer from; asked only once the payer is one of them, so a cash registration asks nothing.
 */
export const useActiveInsurers = (enabled: boolean) =>
  useContractQuery(listInsurers, { query: ACTIVE }, { enabled, staleTime: 5 * 60_000 });
