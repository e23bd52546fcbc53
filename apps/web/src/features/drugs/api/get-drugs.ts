import type { Drug } from '@klinikita/domain/consultations/consultation.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

/** A page of the drug master (`GET settings/pharmacy/drugs`). */
export interface DrugPage {
  docs: Drug[];
  page: number;
  totalPages: number;
  limit: number;
  totalDocs: number;
}

export interface DrugListQuery {
  search?: string;
  active?: boolean;
  page: number;
  limit: number;
}

export const drugsKey = ['drugs'] as const;

export async function getDrugs(query: DrugListQuery): Promise<DrugPage> {
  const params: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.search) params.search = query.search;
  if (query.active !== undefined) params.active = String(query.active);
  return (await api<DrugPage>('settings/pharmacy/drugs', { query: params })).data!;
}

export const useDrugs = (query: DrugListQuery) =>
  useQuery({
    queryKey: [...drugsKey, 'list', query],
    queryFn: () => getDrugs(query),
    placeholderData: keepPreviousData,
  });
