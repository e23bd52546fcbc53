import type { Envelope, FieldError } from '@klinikita/domain/common/envelope';
import { currentLocale } from './i18n/i18n.ts';
import { wantToastHost } from './ui/toast-host.ts';

/** The clinic service, version 1 (spec 7), on the app's own origin. */
export const API_BASE = '/api/clinic/v1';

/** The service-name header some calls send (spec 7). */
export type ServiceName = 'master' | 'registration' | 'assesment';

/**
 * A failed call: the HTTP status (0 when the network failed), the server's message and, for
 * refusals that carry them, the machine `code` and `data` (e.g. the colliding records).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly code?: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  service?: ServiceName;
  /** Aborts the request (a search the next key superseded): it rejects with the abort, not an ApiError. */
  signal?: AbortSignal;
}

/** The wire URL of a call: `url` and its query string (absent values left out). */
function wireUrl(url: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  return params.size ? `${url}?${params}` : url;
}

/** JSON in, and the server answers in the language the user chose, not the browser's. */
const readHeaders = (locale: string): Record<string, string> => ({
  accept: 'application/json',
  'accept-language': locale,
});

/**
 * Early reads: a route starts the first GET of its screen as the navigation begins (beside the
 * screen's chunk, app/routes/early-read-routes.ts), and the screen's own `request` of the same URL
 * in the same language takes it instead of sending another — the same request, sent sooner. Each is
 * taken once; one not taken within `EARLY_READ_TTL_MS` is dropped (the screen sends its own).
 */
export const EARLY_READ_TTL_MS = 10_000;
const earlyReads = new Map<string, { at: number; locale: string; response: Promise<Response> }>();

/** A read a route starts early: the path under the clinic service, its query and its service header. */
export interface EarlyRead {
  path: string;
  query?: RequestOptions['query'];
  service?: ServiceName;
}

/** An early read is known by its URL and the service it is sent under (the header changes the call). */
const earlyKey = (target: string, service: ServiceName | undefined) => `${service ?? ''} ${target}`;

/** Starts the GET of `path` (under `service`, as `api` would send it) unless one is out. */
export function readEarly(path: string, query?: RequestOptions['query'], service?: ServiceName): void {
  const target = wireUrl(`${API_BASE}/${path.replace(/^\//, '')}`, query);
  const key = earlyKey(target, service);
  const now = performance.now();
  for (const [k, read] of earlyReads) if (now - read.at > EARLY_READ_TTL_MS) earlyReads.delete(k);
  if (earlyReads.has(key)) return;
  const locale = currentLocale();
  const headers = readHeaders(locale);
  if (service) headers.service = service;
  const response = fetch(target, { headers, credentials: 'same-origin' });
  // a failed early read is the screen's own request's to report: never an unhandled rejection here
  response.catch(() => undefined);
  earlyReads.set(key, { at: now, locale, response });
}

/** The early read of `key` in `locale`, if one is out and fresh: taken (a second call gets none). */
function takeEarlyRead(key: string, locale: string): Promise<Response> | null {
  const read = earlyReads.get(key);
  if (!read) return null;
  earlyReads.delete(key);
  if (read.locale !== locale || performance.now() - read.at > EARLY_READ_TTL_MS) return null;
  return read.response;
}

/** Calls `url` (absolute path on this origin) and returns the envelope, or throws an ApiError. */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const headers = readHeaders(currentLocale());
  // form data (an upload) brings its own multipart content type and boundary
  const form = options.body instanceof FormData ? options.body : null;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (options.service) headers.service = options.service;

  const target = wireUrl(url, options.query);
  const early =
    (options.method ?? 'GET') === 'GET'
      ? takeEarlyRead(earlyKey(target, options.service), headers['accept-language'])
      : null;
  let response: Response;
  try {
    response = await (early ??
      fetch(target, {
        method: options.method ?? 'GET',
        headers,
        body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        credentials: 'same-origin',
        signal: options.signal,
      }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  const envelope = (await response.json().catch(() => null)) as (Envelope<T> & { code?: string }) | null;
  if (!response.ok || !envelope || envelope.status === false) {
    throw new ApiError(
      response.status,
      envelope?.message ?? response.statusText,
      envelope?.errors ?? [],
      envelope?.code,
      envelope?.data,
    );
  }
  return envelope;
}

/** A call under the clinic service: `api('users')` → GET /api/clinic/v1/users. */
export const api = <T>(path: string, options?: RequestOptions): Promise<Envelope<T>> =>
  request<T>(`${API_BASE}/${path.replace(/^\//, '')}`, options);

/** Network failures, server errors and anything that is not an API answer: nothing the user can fix. */
export const isUnexpectedError = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

export const GENERIC_ERROR_TOAST = 'Oops...Something went wrong';

/**
 * The generic toast of spec 8, for failures the screen itself does not explain. The toast code
 * loads on first use, keeping it out of the login page's first load.
 */
export async function reportUnexpectedError(error: unknown): Promise<void> {
  if (!isUnexpectedError(error)) return;
  wantToastHost();
  const { notifications } = await import('@mantine/notifications');
  notifications.show({ id: 'unexpected-error', color: 'red', message: GENERIC_ERROR_TOAST });
}
