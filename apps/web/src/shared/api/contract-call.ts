// types only: these calls are part of the first load, which keeps zod and the schemas out
import type {
  Endpoint,
  EndpointInput,
  EndpointNeedsInput,
  EndpointResponse,
} from '@klinikita/domain/common/contract';
import type { Envelope } from '@klinikita/domain/common/envelope';
import { api, type ServiceName } from '../api-client.ts';

/*
 * The calls of the contract client without its React hooks (contract-client.ts re-exports them):
 * the first load (the session check, the login page) calls the server through these and carries
 * no query library (app/query-layer.ts).
 */

/** The envelope a contract answers. */
export type ContractAnswer<E extends Endpoint> = Envelope<EndpointResponse<E>>;
/** The query string of a contract, as the client sends it. */
export type ContractQuery<E extends Endpoint> = NonNullable<EndpointInput<E>['query']>;
/** The body of a contract, as the client sends it. */
export type ContractBody<E extends Endpoint> = NonNullable<EndpointInput<E>['body']>;

export interface CallOptions {
  /** The spec's `service` header, for the calls that send it. */
  service?: ServiceName;
  /** Aborts the call (see `abortable` of `useContractQuery`). */
  signal?: AbortSignal;
}

/** The wire path with its params filled in: `/patients/:uid` → `/patients/p%201`. */
function endpointPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path param ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string as the wire carries it: every value a string, absent values left out. */
function wireQuery(query: unknown): Record<string, string> | undefined {
  if (query === undefined || query === null) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) out[name] = String(value);
  }
  return out;
}

/** What a call needs of its contract at run time: the method, the wire path (and its envelope). */
export type RouteOf<E extends Endpoint> = Pick<E, 'method' | 'path'> & { pagingBeside?: true };

export async function send<E extends Endpoint>(
  contract: RouteOf<E>,
  input: EndpointInput<E> | undefined,
  options?: CallOptions,
): Promise<ContractAnswer<E>> {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: unknown; body?: unknown };
  const answer = await api<EndpointResponse<E>>(endpointPath(contract.path, { ...params }), {
    method: contract.method,
    query: wireQuery(query),
    body,
    service: options?.service,
    signal: options?.signal,
  });
  return contract.pagingBeside ? pageOf(answer) : answer;
}

/** A `pagingBeside` answer (docs as `data`, the paging beside them) as the page its contract declares. */
function pageOf<T>(answer: Envelope<T>): Envelope<T> {
  const { status, message, errors, data, ...paging } = answer as Envelope<unknown> & Record<string, unknown>;
  return { status, message, errors, data: { docs: data ?? [], ...paging } as T };
}

/**
 * Calls a contract (packages/domain/src/<module>/<module>.contract.ts) through the API client:
 * its params fill the path, its query and body travel as declared; answers the envelope or throws
 * an ApiError (with the language header and the error toasts of every call).
 */
export function call<E extends Endpoint>(
  contract: E,
  ...[input, options]: EndpointNeedsInput<E> extends true
    ? [input: EndpointInput<E>, options?: CallOptions]
    : [input?: EndpointInput<E>, options?: CallOptions]
): Promise<ContractAnswer<E>> {
  return send(contract, input, options);
}

/**
 * `call` for the screens of the first load (the boot, the login page), which keep zod and the
 * schemas out of their script: the contract is imported as a type only, and its method and path,
 * written out, must be the contract's (`callRoute<typeof login>({ method: 'POST', path: '/auth/login' }, …)`).
 */
export function callRoute<E extends Endpoint>(
  route: RouteOf<E>,
  ...[input, options]: EndpointNeedsInput<E> extends true
    ? [input: EndpointInput<E>, options?: CallOptions]
    : [input?: EndpointInput<E>, options?: CallOptions]
): Promise<ContractAnswer<E>> {
  return send<E>(route, input, options);
}

/** The `data` of a read, whose successful answers always carry it. */
export async function fetchData<E extends Endpoint>(
  contract: E,
  input?: EndpointInput<E>,
  options?: CallOptions,
): Promise<EndpointResponse<E>> {
  return (await send(contract, input, options)).data as EndpointResponse<E>;
}
