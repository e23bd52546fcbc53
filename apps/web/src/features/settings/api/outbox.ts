import type { ConsumerState, ParkedEvent } from '@klinikita/domain/outbox/outbox.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

interface ParkedPage {
  docs: ParkedEvent[];
  page: number;
  totalPages: number;
  limit: number;
  totalDocs: number;
}

const outboxKey = ['outbox'] as const;

/** `GET outbox/consumers`: each automatic process and how far behind it is. */
export const useEventConsumers = (enabled: boolean) =>
  useQuery({
    queryKey: [...outboxKey, 'consumers'],
    queryFn: async () => (await api<ConsumerState[]>('outbox/consumers')).data ?? [],
    enabled,
    refetchInterval: 10_000,
  });

/** `GET outbox/parked`: the events a process gave up on. */
export const useParkedEvents = (q: { open: boolean; page: number; limit: number }, enabled: boolean) =>
  useQuery({
    queryKey: [...outboxKey, 'parked', q],
    queryFn: async () =>
      (
        await api<ParkedPage>('outbox/parked', {
          query: { open: String(q.open), page: q.page, limit: q.limit },
        })
      ).data!,
    enabled,
    placeholderData: keepPreviousData,
  });

/** `POST outbox/parked/{id}/replay`. */
export const useReplayParked = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      api<{ replayed: boolean }>(`outbox/parked/${id}/replay`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: outboxKey }),
  });
};
