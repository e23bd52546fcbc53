import { getScheduleWeek } from '@klinikita/domain/services/schedule-overview.contract';
import { keepPreviousData } from '@tanstack/react-query';
import { type ContractQuery, useContractQuery } from '../../../shared/api/contract-client.ts';

/** One week of who practises where (`GET schedule/week`); the last week stays shown while the next loads. */
export const useScheduleWeek = (query: ContractQuery<typeof getScheduleWeek>) =>
  useContractQuery(getScheduleWeek, { query }, { placeholderData: keepPreviousData });
