import { getTurnaround } from '@klinikita/domain/dashboard/turnaround.contract';
import type { TurnaroundQuery } from '@klinikita/domain/dashboard/turnaround.schema';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

export type {
  TurnaroundAnswer,
  TurnaroundMetricAnswer,
  TurnaroundSlice,
} from '@klinikita/domain/dashboard/turnaround.schema';

/** `GET dashboard/turnaround`: a clinic's turnaround aggregates over its days (none while the filter is invalid). */
export const useTurnaround = (query: TurnaroundQuery, enabled: boolean) =>
  useContractQuery(getTurnaround, { query }, { enabled, placeholderData: keepPreviousData });
