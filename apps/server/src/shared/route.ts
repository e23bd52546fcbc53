import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResult,
} from '@klinikita/domain/common/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { ok, standardErrors } from './http.ts';

/** The request of a contract's route: params, query and body as its schemas parsed them. */
export type ContractRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/** A success answer whose message depends on the outcome (`patients.created` names the record number). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {}
}

/** `data` answered with the message `key` instead of the contract's own. */
export const answer = <T>(data: T, key: string, params?: Record<string, string | number>) =>
  new Answer(data, key, params);

/**
 * What a handler gives: the envelope's `data` (the contract's message is added), an `answer(...)`
 * with its own message, or the reply it sent itself (a file stream, a refusal with extra fields).
 */
export type ContractResult<E extends Endpoint> =
  | EndpointResult<E>
  | Answer<EndpointResult<E>>
  | FastifyReply
  // a write that answers only its message: its service returns nothing
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler ending in a void call gives void, not undefined
  | (undefined extends EndpointResult<E> ? void : never);

export type ContractHandler<E extends Endpoint> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
) => ContractResult<E> | Promise<ContractResult<E>>;

/** The envelope of a `pagingBeside` page: its docs as `data`, the paging beside them. */
function pageBeside(page: z.ZodType) {
  const { docs, ...paging } = (page as z.ZodObject).shape;
  return z.object({ status: z.boolean(), message: z.string(), data: docs, ...paging });
}

/**
 * Registers the route of a contract: its access rule (plugins/auth.ts), its schemas (params,
 * querystring, body, the envelope of `data` and the error answers), summary and tags for OpenAPI.
 */
export function route<E extends Endpoint>(app: FastifyInstance, contract: E, handler: ContractHandler<E>) {
  const schema: FastifySchema = {
    tags: [...contract.tags],
    summary: contract.summary,
    ...(contract.params && { params: contract.params }),
    ...(contract.query && { querystring: contract.query }),
    ...(contract.body && { body: contract.body }),
    response: {
      ...(!contract.raw && {
        200: contract.pagingBeside ? pageBeside(contract.response) : ok(contract.response),
      }),
      ...standardErrors,
      ...contract.errors,
    },
  };
  const successKey = contract.message ?? 'api.ok';
  app.route({
    method: contract.method,
    url: contract.path,
    config: { access: contract.access },
    schema,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await handler(request as ContractRequest<E>, reply);
      // a handler that sent its own answer (a PDF, a file stream) is done; awaiting the reply it
      // returned resolves to undefined, so `reply.sent` is what says so
      if (result === reply || reply.sent) return reply;
      const [key, params, data] =
        result instanceof Answer ? [result.key, result.params, result.data] : [successKey, {}, result];
      const message = request.t(key, params);
      if (contract.pagingBeside) {
        const { docs, ...paging } = data as { docs: unknown[] };
        return { status: true, message, data: docs, ...paging };
      }
      return { status: true, message, data };
    },
  });
}
