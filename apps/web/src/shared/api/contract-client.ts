// types only: no zod and no schemas in this client either
import type {
  Endpoint,
  EndpointInput,
  EndpointNeedsInput,
  EndpointResponse,
} from '@klinikita/domain/common/contract';
import {
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type CallOptions, type ContractAnswer, fetchData, send } from './contract-call.ts';

export {
  type CallOptions,
  type ContractAnswer,
  type ContractBody,
  type ContractQuery,
  call,
  callRoute,
  fetchData,
} from './contract-call.ts';

/**
 * The query key of a call, from the contract: `[module, path]` for all its calls (to invalidate)
 * and `[module, path, input]` for one.
 */
export function contractKey<E extends Endpoint>(contract: E, input?: EndpointInput<E>): QueryKey {
  return input === undefined ? contract.key : [...contract.key, input];
}

/**
 * A write's answer becomes the cached answer of `key`. A read of that key still in flight was sent
 * before the write committed: it is cancelled first, so its older answer cannot land afterwards and
 * put the screen back one step (a sample shown as taken again after it was received).
 */
export async function adoptAnswer(client: QueryClient, key: QueryKey, data: unknown) {
  await client.cancelQueries({ queryKey: key, exact: true });
  client.setQueryData(key, data);
}

/** Every query of a module (the contract's first tag), to invalidate after a write. */
export const moduleKey = (contract: Endpoint): QueryKey => [contract.key[0]];

type QueryOptions<E extends Endpoint, TData> = Omit<
  UseQueryOptions<EndpointResponse<E>, Error, TData>,
  'queryKey' | 'queryFn'
> &
  Omit<CallOptions, 'signal'> & {
    /**
     * The request is aborted once its answer is no longer wanted: the input changed (a search the
     * next key superseded) or the screen closed. For searches as the user types.
     */
    abortable?: boolean;
  };

/** A read through its contract, keyed by `contractKey(contract, input)`. */
export function useContractQuery<E extends Endpoint, TData = EndpointResponse<E>>(
  contract: E,
  input: EndpointInput<E>,
  options: QueryOptions<E, TData> = {},
) {
  const { service, abortable, ...query } = options;
  return useQuery({
    ...query,
    queryKey: contractKey(contract, input),
    // reading the signal is what tells react-query to abort the request when it is superseded
    queryFn: abortable
      ? ({ signal }) => fetchData(contract, input, { service, signal })
      : () => fetchData(contract, input, { service }),
  });
}

// biome-ignore lint/suspicious/noConfusingVoidType: void lets a call without input be `mutate()`
type Variables<E extends Endpoint> = EndpointNeedsInput<E> extends true ? EndpointInput<E> : void;

type MutationOptions<E extends Endpoint> = Omit<
  UseMutationOptions<ContractAnswer<E>, Error, Variables<E>>,
  'mutationFn'
> &
  CallOptions & {
    /** Query keys to refetch once the write settled (success or failure). */
    invalidates?: QueryKey[];
  };

/** A write through its contract; `mutate(input)` takes the contract's params, query and body. */
export function useContractMutation<E extends Endpoint>(contract: E, options: MutationOptions<E> = {}) {
  const client = useQueryClient();
  const { service, invalidates, onSettled, ...mutation } = options;
  return useMutation<ContractAnswer<E>, Error, Variables<E>>({
    ...mutation,
    mutationFn: (input) => send(contract, (input ?? undefined) as EndpointInput<E> | undefined, { service }),
    onSettled: async (...args) => {
      await Promise.all((invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
      return onSettled?.(...args);
    },
  });
}
