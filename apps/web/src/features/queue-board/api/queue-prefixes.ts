import type { QueuePrefixesInput } from '@klinikita/domain/registrations/registration.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

const prefixesKey = (clinicId: number) => ['queue-prefixes', clinicId];

export const useQueuePrefixes = (clinicId: number, enabled: boolean) =>
  useQuery({
    queryKey: prefixesKey(clinicId),
    queryFn: async () =>
      (await api<QueuePrefixesInput>('registrations/queue-prefixes', { query: { clinicId } })).data!,
    enabled,
  });

export const useSaveQueuePrefixes = (clinicId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefixes: QueuePrefixesInput) =>
      api<QueuePrefixesInput>('registrations/queue-prefixes', {
        method: 'PUT',
        body: { clinicId, prefixes },
      }),
    onSuccess: (answer) => client.setQueryData(prefixesKey(clinicId), answer.data),
  });
};
