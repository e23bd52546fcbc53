import type { Permission } from '../access/permissions.ts';
import { errorEnvelopeSchema } from './envelope.ts';
import type { z } from './zod-config.ts';

/**
 * Typed endpoint contracts (DESIGN 3): one description of a call — method, wire path, access,
 * params, query, body and the `data` of its envelope — that the server registers its route from
 * (OpenAPI follows), and the web calls through one typed client.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call needs: nothing, a logged-in user acting on their own things, or a permission. */
export type EndpointAccess = { public: true } | { session: true } | { permission: Permission };

type AccessSpec =
  | { permission: Permission; session?: never; public?: never }
  | { session: true; permission?: never; public?: never }
  | { public: true; permission?: never; session?: never };

/** Error answers beyond the standard 400/401/403/404, by HTTP status (e.g. `{ 409: conflict }`). */
export type EndpointErrors = Readonly<Record<number, z.ZodType>>;

/** The plain error envelope, for the extra statuses of `errors` (409, 413, 423, 429). */
export const errorAnswer = errorEnvelopeSchema;
/** A write that may collide with what exists: 409 beside the standard errors. */
export const conflictErrors = { 409: errorAnswer } as const;

export interface EndpointSpec {
  method: HttpMethod;
  /** The wire path under the API prefix, `:name` for params (kept exactly as the spec names it). */
  path: string;
  summary: string;
  tags: readonly [string, ...string[]];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `data`; `z.undefined()` for answers that carry only a message. */
  response: z.ZodType;
  errors?: EndpointErrors;
  /** i18n key of the success message (default `api.ok`). */
  message?: string;
  /** The answer is not an envelope (a file stream): the route sends it itself. */
  raw?: true;
  /** The body is multipart form data, read by the route itself (not parsed by a schema). */
  multipart?: true;
  /**
   * The legacy lab list (spec 3): `response` is a page (`pagedSchema`), but the wire carries its
   * docs as the envelope's `data` and the paging beside it; the server and the client translate.
   */
  pagingBeside?: true;
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  access: EndpointAccess;
  /** The query key of every call of this endpoint: `[module, path]` (the first tag is the module). */
  key: readonly [S['tags'][0], S['path']];
};

/** Declares a call; exactly one of `permission`, `session: true` or `public: true`. */
export function endpoint<const S extends EndpointSpec>(spec: S & AccessSpec): Endpoint<S> {
  const access: EndpointAccess =
    spec.permission !== undefined
      ? { permission: spec.permission }
      : spec.session
        ? { session: true }
        : { public: true };
  return { ...spec, access, key: [spec.tags[0], spec.path] as const };
}

type Schema<E, K extends 'params' | 'query' | 'body'> =
  E extends Record<K, infer T extends z.ZodType> ? T : undefined;

/** What the server receives after parsing (coerced numbers, defaults filled in). */
export type EndpointParams<E extends Endpoint> = Parsed<Schema<E, 'params'>>;
export type EndpointQuery<E extends Endpoint> = Parsed<Schema<E, 'query'>>;
export type EndpointBody<E extends Endpoint> = Parsed<Schema<E, 'body'>>;
/** The `data` of a successful answer, as the client reads it. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;
/** What a handler may give for `data` before the response schema shapes it. */
export type EndpointResult<E extends Endpoint> = z.input<E['response']>;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;
type Sent<T> = T extends z.ZodType ? z.input<T> : never;

/** The input of a call, as a client sends it: only the parts the endpoint declares. */
export type EndpointInput<E extends Endpoint> = ([Schema<E, 'params'>] extends [undefined]
  ? { params?: undefined }
  : { params: Sent<Schema<E, 'params'>> }) &
  ([Schema<E, 'query'>] extends [undefined] ? { query?: undefined } : { query: Sent<Schema<E, 'query'>> }) &
  ([Schema<E, 'body'>] extends [undefined]
    ? { body?: E['multipart'] extends true ? FormData : undefined }
    : { body: Sent<Schema<E, 'body'>> });

/** Whether a call needs any input at all (a mutation without one is called as `mutate()`). */
export type EndpointNeedsInput<E extends Endpoint> = [
  Schema<E, 'params'> | Schema<E, 'query'> | Schema<E, 'body'>,
] extends [undefined]
  ? E['multipart'] extends true
    ? true
    : false
  : true;
