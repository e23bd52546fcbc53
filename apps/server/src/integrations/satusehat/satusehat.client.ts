import type { Bundle, FhirResource, OperationOutcome, Patient, Practitioner } from 'fhir/r4';
import { AUTH_PATH, FHIR_PATH, NIK_SYSTEM } from './satusehat.constants.ts';

/** A typed FHIR R4 client of SATUSEHAT (satusehat.md): OAuth2 client credentials, retries, errors. */

export type SatusehatEnvironment = 'simulator' | 'sandbox' | 'production';

export interface SatusehatEndpoints {
  authUrl: string;
  fhirUrl: string;
}

const PLATFORM: Record<Exclude<SatusehatEnvironment, 'simulator'>, SatusehatEndpoints> = {
  sandbox: {
    authUrl: 'https://api-satusehat-stg.dto.kemkes.go.id/oauth2/v1',
    fhirUrl: 'https://api-satusehat-stg.dto.kemkes.go.id/fhir-r4/v1',
  },
  production: {
    authUrl: 'https://api-satusehat.kemkes.go.id/oauth2/v1',
    fhirUrl: 'https://api-satusehat.kemkes.go.id/fhir-r4/v1',
  },
};

/** Base URLs of an environment; the simulator's come from where it runs. */
export function satusehatEndpoints(
  environment: SatusehatEnvironment,
  simulatorUrl?: string,
): SatusehatEndpoints {
  if (environment !== 'simulator') return PLATFORM[environment];
  if (!simulatorUrl) throw new Error('the SATUSEHAT simulator is not running');
  const base = simulatorUrl.replace(/\/+$/, '');
  return { authUrl: `${base}${AUTH_PATH}`, fhirUrl: `${base}${FHIR_PATH}` };
}

/**
 * - `unavailable`: 429, 5xx or no answer, still so after the retries
 * - `credentials`: the token endpoint refused the client id or secret
 * - `refused`: the platform refused the request (4xx), usually with an OperationOutcome
 * - `bad-response`: an answer the client cannot read
 */
export type SatusehatErrorKind = 'unavailable' | 'credentials' | 'refused' | 'bad-response';

export class SatusehatError extends Error {
  constructor(
    readonly kind: SatusehatErrorKind,
    /** HTTP status, or 0 when no answer came */
    readonly status: number,
    message: string,
    readonly outcome?: OperationOutcome,
    /** How long the platform asked us to wait, when it said so */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SatusehatError';
  }
}

export interface RetryPolicy {
  /** Attempts in all, first one included */
  tries: number;
  baseDelayMs: number;
  /** Longest wait between attempts; a Retry-After beyond it ends the retries */
  maxDelayMs: number;
}

export interface SatusehatClientOptions extends SatusehatEndpoints {
  clientId: string;
  clientSecret: string;
  retry?: Partial<RetryPolicy>;
  /** Per attempt */
  timeoutMs?: number;
  /** A token is renewed this long before it expires (at most half its lifetime) */
  refreshMarginMs?: number;
  now?: () => number;
}

interface CachedToken {
  value: string;
  renewAt: number;
}

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

const DEFAULT_RETRY: RetryPolicy = { tries: 3, baseDelayMs: 250, maxDelayMs: 5_000 };
const RETRYABLE = (status: number) => status === 429 || status >= 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `Retry-After` as milliseconds: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function asOutcome(body: unknown): OperationOutcome | undefined {
  return body &&
    typeof body === 'object' &&
    (body as { resourceType?: string }).resourceType === 'OperationOutcome'
    ? (body as OperationOutcome)
    : undefined;
}

/**
 * The platform's own words: the OperationOutcome's texts (each once: one wrong reference repeats
 * in every resource of a Bundle), else the start of a plain-text answer.
 */
function describe(answer: RawAnswer, outcome?: OperationOutcome): string {
  const texts = [
    ...new Set(outcome?.issue?.map((i) => i.details?.text ?? i.diagnostics ?? i.code).filter(Boolean)),
  ].join('; ');
  if (texts) return texts;
  const plain = answer.text.trim().slice(0, 200);
  return plain || `HTTP ${answer.status}`;
}

export class SatusehatClient {
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly refreshMarginMs: number;
  private readonly now: () => number;
  private token: CachedToken | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly options: SatusehatClientOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.refreshMarginMs = options.refreshMarginMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** IHS number of the practitioner holding this NIK, or null when the platform knows none. */
  async practitionerByNik(nik: string): Promise<string | null> {
    const bundle = await this.search<Practitioner>('Practitioner', { identifier: `${NIK_SYSTEM}|${nik}` });
    return firstId(bundle);
  }

  /** IHS id of the patient holding this NIK (e.g. P02478375538), or null. */
  async patientByNik(nik: string): Promise<string | null> {
    const bundle = await this.search<Patient>('Patient', { identifier: `${NIK_SYSTEM}|${nik}` });
    return firstId(bundle);
  }

  /** A searchset Bundle of `type`. */
  async search<T extends FhirResource>(
    type: T['resourceType'],
    params: Record<string, string>,
  ): Promise<Bundle<T>> {
    const bundle = await this.fhir<Bundle<T>>('GET', `/${type}?${new URLSearchParams(params)}`);
    if (bundle?.resourceType !== 'Bundle') {
      throw new SatusehatError('bad-response', 200, `expected a Bundle from ${type} search`);
    }
    return bundle;
  }

  async read<T extends FhirResource>(type: T['resourceType'], id: string): Promise<T> {
    return this.fhir<T>('GET', `/${type}/${encodeURIComponent(id)}`);
  }

  /** One FHIR call with a bearer token; a 401 drops the token and retries once with a new one. */
  async fhir<T>(method: string, path: string, body?: unknown): Promise<T> {
    const call = async () => {
      const token = await this.accessToken();
      const answer = await this.send(`${this.options.fhirUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/fhir+json, application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/fhir+json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { token, answer };
    };
    let { token, answer } = await call();
    if (answer.status === 401) {
      this.dropToken(token);
      ({ answer } = await call());
    }
    const parsed = parseJson(answer.text);
    if (answer.status >= 200 && answer.status < 300) {
      if (parsed === undefined) {
        throw new SatusehatError('bad-response', answer.status, 'the answer is not JSON');
      }
      return parsed as T;
    }
    const outcome = asOutcome(parsed);
    throw new SatusehatError('refused', answer.status, describe(answer, outcome), outcome);
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private dropToken(value: string): void {
    if (this.token?.value === value) this.token = null;
  }

  private async fetchToken(): Promise<string> {
    const issuedAt = this.now();
    const answer = await this.send(`${this.options.authUrl}/accesstoken?grant_type=client_credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      }).toString(),
    });
    const parsed = parseJson(answer.text) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (answer.status < 200 || answer.status >= 300) {
      const outcome = asOutcome(parsed);
      throw new SatusehatError('credentials', answer.status, describe(answer, outcome), outcome);
    }
    if (typeof parsed?.access_token !== 'string' || !parsed.access_token) {
      throw new SatusehatError('bad-response', answer.status, 'the token answer has no access_token');
    }
    // expires_in arrives as a string ("3599"); an unreadable one means "do not reuse"
    const lifetimeMs = Math.max(0, Number(parsed.expires_in) * 1000 || 0);
    const margin = Math.min(this.refreshMarginMs, lifetimeMs / 2);
    this.token = { value: parsed.access_token, renewAt: issuedAt + lifetimeMs - margin };
    return parsed.access_token;
  }

  /**
   * One HTTP exchange with retries of 429, 5xx and network failures (exponential back-off with
   * jitter, never sooner than Retry-After). Other statuses are returned to the caller as they are.
   */
  private async send(url: string, init: RequestInit): Promise<RawAnswer> {
    const { tries, baseDelayMs, maxDelayMs } = this.retry;
    for (let attempt = 1; ; attempt++) {
      let failure: SatusehatError;
      let waitMs = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
      try {
        const response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
        const answer: RawAnswer = {
          status: response.status,
          headers: response.headers,
          text: await response.text(),
        };
        if (!RETRYABLE(answer.status)) return answer;
        const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'), this.now());
        const outcome = asOutcome(parseJson(answer.text));
        failure = new SatusehatError(
          'unavailable',
          answer.status,
          describe(answer, outcome),
          outcome,
          retryAfterMs,
        );
        if (retryAfterMs !== undefined) {
          // asked to wait longer than we may: give up now rather than retry too early
          if (retryAfterMs > maxDelayMs) throw failure;
          waitMs = Math.max(waitMs, retryAfterMs);
        }
      } catch (error) {
        if (error instanceof SatusehatError) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        failure = new SatusehatError('unavailable', 0, `no answer from SATUSEHAT (${reason})`);
      }
      if (attempt >= tries) throw failure;
      await sleep(waitMs);
    }
  }
}

function firstId(bundle: Bundle): string | null {
  if (!bundle.total && !bundle.entry?.length) return null;
  return bundle.entry?.[0]?.resource?.id ?? null;
}

export const createSatusehatClient = (options: SatusehatClientOptions) => new SatusehatClient(options);
