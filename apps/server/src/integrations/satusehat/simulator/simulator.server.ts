import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bundle, FhirResource, OperationOutcome } from 'fhir/r4';
import { AUTH_PATH, FHIR_PATH } from '../satusehat.constants.ts';
import { FhirStore } from './fhir-store.ts';
import {
  SEED_PATIENTS,
  SEED_PRACTITIONERS,
  SIMULATOR_CLIENTS,
  type SimulatorClient,
} from './simulator.data.ts';

/**
 * A local stand-in for the SATUSEHAT platform (satusehat.md), on loopback only: the OAuth2
 * token endpoint, bearer checks, Practitioner/Patient search and read, fault injection and a
 * request log for tests. Paths mirror the platform (`/oauth2/v1`, `/fhir-r4/v1`), so the client
 * only swaps its base URL.
 */

const TOKEN_PATH = `${AUTH_PATH}/accesstoken`;
const ADMIN_PATH = '/__sim';
const MAX_BODY = 1024 * 1024;

const FAULT_KINDS = ['rate-limit', 'server-error', 'gateway-timeout', 'delay', 'drop'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultTarget = 'token' | 'fhir' | 'any';

/**
 * The next `count` matching requests fail: 429 with `Retry-After`, a 500 OperationOutcome, a
 * plain-text 504, a delay before the normal answer, or a dropped connection.
 */
export interface FaultSpec {
  kind: FaultKind;
  count?: number;
  target?: FaultTarget;
  /** `Retry-After` header of a 429, seconds or an HTTP date; default '1'. */
  retryAfter?: string;
  delayMs?: number;
}

export interface SimulatorLogEntry {
  at: string;
  method: string;
  path: string;
  query: string;
  target: FaultTarget | 'admin' | 'unknown';
  /** 0 while unanswered, -1 for a dropped connection */
  status: number;
  fault?: FaultKind;
  clientId?: string;
}

export interface SimulatorOptions {
  clients?: readonly SimulatorClient[];
  /** Lifetime of an access token, seconds (the platform's is 3599). */
  tokenLifetimeSeconds?: number;
  now?: () => number;
  port?: number;
}

export interface SatusehatSimulator {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  authUrl: string;
  fhirUrl: string;
  injectFault(fault: FaultSpec): void;
  log(): readonly SimulatorLogEntry[];
  revokeTokens(): void;
  setTokenLifetime(seconds: number): void;
  reset(): void;
  close(): Promise<void>;
}

interface IssuedToken {
  clientId: string;
  organizationId: string;
  expiresAt: number;
}

interface PendingFault extends Required<Pick<FaultSpec, 'kind' | 'target'>> {
  remaining: number;
  retryAfter: string;
  delayMs: number;
}

/** What a FHIR interaction answers; `undefined` body for an empty answer. */
interface FhirAnswer {
  status: number;
  body?: FhirResource;
}

interface FhirRequest {
  method: string;
  type: string;
  id?: string;
  params: URLSearchParams;
  body: string;
  token: IssuedToken;
}

/**
 * FHIR interactions by `METHOD level`; resource creation and validation (Encounter, Condition,
 * ...) is added here as `POST type` / `PUT instance` handlers.
 */
type Interaction = (request: FhirRequest) => FhirAnswer;

export function operationOutcome(code: string, text: string, expression?: string[]): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: code as 'invalid',
        details: { text },
        ...(expression ? { expression } : {}),
      },
    ],
  };
}

const SEARCHABLE_TYPES = new Set(['Practitioner', 'Patient']);

export async function startSimulator(options: SimulatorOptions = {}): Promise<SatusehatSimulator> {
  const clients = options.clients ?? SIMULATOR_CLIENTS;
  const now = options.now ?? Date.now;
  const initialLifetime = options.tokenLifetimeSeconds ?? 3599;
  let tokenLifetime = initialLifetime;
  const tokens = new Map<string, IssuedToken>();
  const faults: PendingFault[] = [];
  const entries: SimulatorLogEntry[] = [];
  const store = new FhirStore([...SEED_PRACTITIONERS, ...SEED_PATIENTS]);
  let baseUrl = '';

  const interactions: Record<string, Interaction> = {
    'GET type': search,
    'GET instance': read,
  };

  function search({ type, params }: FhirRequest): FhirAnswer {
    if (!SEARCHABLE_TYPES.has(type)) return { status: 404, body: notSupported(type) };
    const unsupported = [...params.keys()].filter((k) => k !== 'identifier');
    if (unsupported.length) {
      return {
        status: 400,
        body: operationOutcome('not-supported', `Unsupported search parameter: ${unsupported.join(', ')}`),
      };
    }
    const identifier = params.get('identifier');
    if (!identifier) {
      return { status: 400, body: operationOutcome('required', 'Search parameter identifier is required') };
    }
    const bar = identifier.indexOf('|');
    if (bar <= 0 || bar === identifier.length - 1) {
      return {
        status: 400,
        body: operationOutcome('value', 'identifier must be written as system|value', ['identifier']),
      };
    }
    const matches = store.searchByIdentifier(type, identifier.slice(0, bar), identifier.slice(bar + 1));
    const bundle: Bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      total: matches.length,
      link: [{ relation: 'self', url: `${baseUrl}${FHIR_PATH}/${type}?${params.toString()}` }],
      entry: matches.map((resource) => ({
        fullUrl: `${baseUrl}${FHIR_PATH}/${type}/${resource.id}`,
        resource,
        search: { mode: 'match' },
      })),
    };
    return { status: 200, body: bundle };
  }

  function read({ type, id }: FhirRequest): FhirAnswer {
    if (!SEARCHABLE_TYPES.has(type)) return { status: 404, body: notSupported(type) };
    const resource = store.read(type, id!);
    if (!resource) return { status: 404, body: operationOutcome('not-found', `${type}/${id} not found`) };
    return { status: 200, body: resource };
  }

  function notSupported(type: string): OperationOutcome {
    return operationOutcome('not-supported', `Resource type ${type} is not supported by the simulator`);
  }

  function takeFault(target: FaultTarget): PendingFault | undefined {
    const index = faults.findIndex((f) => f.target === 'any' || f.target === target);
    if (index < 0) return undefined;
    const fault = faults[index];
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults.splice(index, 1);
    return fault;
  }

  function injectFault(spec: FaultSpec): void {
    faults.push({
      kind: spec.kind,
      target: spec.target ?? 'any',
      remaining: Math.max(1, spec.count ?? 1),
      retryAfter: spec.retryAfter ?? '1',
      delayMs: spec.delayMs ?? 200,
    });
  }

  function reset(): void {
    tokens.clear();
    faults.length = 0;
    entries.length = 0;
    tokenLifetime = initialLifetime;
    store.reset();
  }

  function issueToken(client: SimulatorClient) {
    const accessToken = randomBytes(21).toString('base64url');
    const issuedAt = now();
    tokens.set(accessToken, {
      clientId: client.clientId,
      organizationId: client.organizationId,
      expiresAt: issuedAt + tokenLifetime * 1000,
    });
    // the platform answers every value as a string, expires_in included
    return {
      refresh_token_expires_in: '0',
      api_product_list: '[api-satusehat-simulator]',
      api_product_list_json: ['api-satusehat-simulator'],
      organization_name: 'ihs-simulator',
      'developer.email': 'simulator@klinikita.local',
      token_type: 'BearerToken',
      issued_at: String(issuedAt),
      client_id: client.clientId,
      access_token: accessToken,
      application_name: `simulator-${client.organizationId}`,
      scope: '',
      expires_in: String(tokenLifetime),
      refresh_count: '0',
      status: 'approved',
    };
  }

  function bearer(request: IncomingMessage): IssuedToken | undefined {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = match ? tokens.get(match[1]) : undefined;
    if (!token) return undefined;
    if (token.expiresAt <= now()) {
      tokens.delete(match![1]);
      return undefined;
    }
    return token;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const path = url.pathname;
    const entry: SimulatorLogEntry = {
      at: new Date(now()).toISOString(),
      method: request.method ?? 'GET',
      path,
      query: url.search,
      target: 'unknown',
      status: 0,
    };
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      if (body === undefined) {
        response.writeHead(status, headers).end();
      } else if (typeof body === 'string') {
        response.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
      } else {
        response
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(body));
      }
    };

    let body: string;
    try {
      body = await readBody(request);
    } catch {
      send(413, operationOutcome('too-costly', 'Request body too large'));
      return;
    }

    if (path.startsWith(`${ADMIN_PATH}/`)) {
      entry.target = 'admin';
      const answer = admin(entry.method, path.slice(ADMIN_PATH.length), body);
      return send(answer.status, answer.body);
    }
    // logged on arrival (status filled in on answer), so the log keeps the order of requests
    entries.push(entry);
    if (path === TOKEN_PATH) entry.target = 'token';
    else if (path === FHIR_PATH || path.startsWith(`${FHIR_PATH}/`)) entry.target = 'fhir';
    else return send(404, operationOutcome('not-found', `No such path: ${path}`));

    const fault = takeFault(entry.target);
    if (fault) {
      entry.fault = fault.kind;
      switch (fault.kind) {
        case 'rate-limit':
          return send(429, operationOutcome('throttled', 'Too many requests'), {
            'retry-after': fault.retryAfter,
          });
        case 'server-error':
          return send(500, operationOutcome('exception', 'Internal server error'));
        case 'gateway-timeout':
          return send(504, 'upstream request timeout');
        case 'drop':
          entry.status = -1;
          request.socket.destroy();
          return;
        case 'delay':
          await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
          break;
      }
    }

    if (entry.target === 'token') return tokenEndpoint(request, url, body, entry, send);

    const token = bearer(request);
    if (!token) return send(401, operationOutcome('login', 'Invalid or expired access token'));
    entry.clientId = token.clientId;
    const parts = path
      .slice(FHIR_PATH.length + 1)
      .split('/')
      .filter(Boolean);
    if (parts.length === 0 || parts.length > 2) {
      return send(404, operationOutcome('not-supported', 'Unsupported FHIR path'));
    }
    const [type, id] = parts;
    const interaction = interactions[`${entry.method} ${id ? 'instance' : 'type'}`];
    if (!interaction) {
      return send(405, operationOutcome('not-supported', `${entry.method} is not supported here`));
    }
    const answer = interaction({ method: entry.method, type, id, params: url.searchParams, body, token });
    return send(answer.status, answer.body);
  }

  function tokenEndpoint(
    request: IncomingMessage,
    url: URL,
    body: string,
    entry: SimulatorLogEntry,
    send: (status: number, body?: unknown, headers?: Record<string, string>) => void,
  ) {
    if (request.method !== 'POST') return send(405, operationOutcome('not-supported', 'Use POST'));
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      return send(
        400,
        operationOutcome('invalid', 'Unsupported grant type: grant_type must be in the query'),
      );
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return send(400, operationOutcome('invalid', 'Credentials must be sent as a form body'));
    }
    const form = new URLSearchParams(body);
    const clientId = form.get('client_id') ?? '';
    entry.clientId = clientId || undefined;
    const client = clients.find(
      (c) => c.clientId === clientId && c.clientSecret === form.get('client_secret'),
    );
    if (!client) return send(401, operationOutcome('security', 'Invalid client_id or client_secret'));
    return send(200, issueToken(client));
  }

  /** Test controls under /__sim; answers plain JSON, not FHIR. */
  function admin(method: string, path: string, body: string): { status: number; body?: unknown } {
    let payload: Record<string, unknown>;
    try {
      payload = body ? JSON.parse(body) : {};
    } catch {
      return { status: 400, body: { error: 'invalid JSON' } };
    }
    const route = `${method} ${path}`;
    if (route === 'GET /log') return { status: 200, body: { entries } };
    if (route === 'POST /faults') {
      if (!FAULT_KINDS.includes(payload.kind as FaultKind)) return { status: 400, body: { error: 'kind' } };
      injectFault(payload as unknown as FaultSpec);
      return { status: 204 };
    }
    if (route === 'POST /reset') {
      reset();
      return { status: 204 };
    }
    if (route === 'POST /tokens/revoke') {
      tokens.clear();
      return { status: 204 };
    }
    if (route === 'POST /config') {
      const seconds = Number(payload.tokenLifetimeSeconds);
      if (!Number.isFinite(seconds) || seconds <= 0)
        return { status: 400, body: { error: 'tokenLifetimeSeconds' } };
      tokenLifetime = seconds;
      return { status: 204 };
    }
    return { status: 404, body: { error: 'unknown admin path' } };
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('simulator failure');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    authUrl: `${baseUrl}${AUTH_PATH}`,
    fhirUrl: `${baseUrl}${FHIR_PATH}`,
    injectFault,
    log: () => [...entries],
    revokeTokens: () => tokens.clear(),
    setTokenLifetime: (seconds) => {
      tokenLifetime = seconds;
    },
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
