import {
  listEventConsumers,
  listParkedEvents,
  replayParkedEvent,
} from '@klinikita/domain/outbox/outbox.contract';
import { keepPreviousData } from '@tanstack/react-query';
import {
  type ContractQuery,
  moduleKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';

/** `GET outbox/consumers`: each automatic process and how far behind it is. */
export const useEventConsumers = (enabled: boolean) =>
  useContractQuery(listEventConsumers, {}, { enabled, refetchInterval: 10_000 });

/** `GET outbox/parked`: the events a process gave up on. */
export const useParkedEvents = (query: ContractQuery<typeof listParkedEvents>, enabled: boolean) =>
  useContractQuery(listParkedEvents, { query }, { enabled, placeholderData: keepPreviousData });

/** `POST outbox/parked/{id}/replay`. */
export const useReplayParked = () =>
  useContractMutation(replayParkedEvent, { invalidates: [moduleKey(replayParkedEvent)] });
