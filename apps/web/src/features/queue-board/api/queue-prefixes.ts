import type { QueuePrefixesInput } from '@klinikita/domain/registrations/registration.schema';
import { getQueuePrefixes, saveQueuePrefixes } from '@klinikita/domain/registrations/registrations.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData } from '../../../shared/api/contract-client.ts';

const prefixesKey = (clinicId: number) => ['queue-prefixes', clinicId];

export const useQueuePrefixes = (clinicId: number, enabled: boolean) =>
  useQuery({
    queryKey: prefixesKey(clinicId),
    queryFn: () => fetchData(getQueuePrefixes, { query: { clinicId } }),
    enabled,
  });

export const useSaveQueuePrefixes = (clinicId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefixes: QueuePrefixesInput) => call(saveQueuePrefixes, { body: { clinicId, prefixes } }),
    onSuccess: (answer) => client.setQueryData(prefixesKey(clinicId), answer.data),
  });
};
