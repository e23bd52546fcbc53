import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_PATH, FHIR_PATH, NIK_SYSTEM } from '../satusehat.constants.ts';
import { FhirStore } from './fhir-store.ts';
import { operationOutcome } from './operation-outcome.ts';
import { SEED_KFA_CODES } from './simulator.codes.ts';
import {
  SEED_ORGANIZATIONS,
  SEED_PATIENTS,
  SEED_PRACTITIONERS,
  SIMULATOR_CLIENTS,
  type SimulatorClient,
} from './simulator.data.ts';
import {
  type FaultKind,
  type FaultSpec,
  type FaultTarget,
  faultQueue,
  isFaultSpec,
  type PendingFault,
} from './simulator.faults.ts';
import { fhirInteractions } from './simulator.fhir.ts';
import { type PopulationPerson, seedPopulation } from './simulator.population.ts';
import { type ReceivedLog, receivedLog } from './simulator.received.ts';
import { tokenDesk } from './simulator.tokens.ts';

/**
 * A local stand-in for the SATUSEHAT platform (satusehat.md), on loopback only: the OAuth2
 * token endpoint, bearer checks, Practitioner/Patient search and read, create/read/update/search
 * of the resources a clinic sends (validated by the FHIR R4 definitions and the platform's
 * rules), transaction bundles, fault injection, a request log and a log of received creates.
 * Paths mirror the platform (`/oauth2/v1`, `/fhir-r4/v1`), so the client only swaps its base URL.
 */

const TOKEN_PATH = `${AUTH_PATH}/accesstoken`;
const ADMIN_PATH = '/__sim';
const MAX_BODY = 1024 * 1024;

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
  /** KFA codes known beyond the seeded ones */
  kfaCodes?: readonly string[];
  /** Citizens known beyond the sandbox's dummy patients (the demo's patients) */
  population?: readonly PopulationPerson[];
  /** A file that keeps what the simulator was sent across restarts (the demo's); none: memory only */
  journal?: string;
  /**
   * Whom the platform knows beyond `population` when a NIK search finds nobody: the citizen of that
   * NIK, or null (unknown). The demo's: every well-formed NIK (`wellFormedCitizen`), as the platform
   * knows every citizen; tests leave it out and know only whom they name.
   */
  citizen?: (nik: string) => PopulationPerson | null;
}

export interface SatusehatSimulator {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  authUrl: string;
  fhirUrl: string;
  injectFault(fault: FaultSpec): void;
  log(): readonly SimulatorLogEntry[];
  /** Every create received (alone or in a transaction) and the counts per local identifier */
  received(): ReceivedLog;
  /** Makes the platform know these citizens too (kept by `reset`) */
  populate(people: readonly PopulationPerson[]): void;
  revokeTokens(): void;
  setTokenLifetime(seconds: number): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<SatusehatSimulator> {
  const clients = options.clients ?? SIMULATOR_CLIENTS;
  const now = options.now ?? Date.now;
  const tokens = tokenDesk({ clients, now, lifetimeSeconds: options.tokenLifetimeSeconds ?? 3599 });
  const faults = faultQueue();
  const entries: SimulatorLogEntry[] = [];
  const received = receivedLog(now);
  const store = new FhirStore(
    [
      ...[...SEED_PRACTITIONERS, ...SEED_PATIENTS].map((resource) => ({ resource, owner: 'public' })),
      ...SEED_ORGANIZATIONS.map((resource) => ({ resource, owner: resource.id! })),
    ],
    options.journal,
  );
  seedPopulation(store, options.population ?? []);
  let baseUrl = '';
  const interactions = fhirInteractions({
    store,
    received,
    kfaCodes: new Set([...SEED_KFA_CODES, ...(options.kfaCodes ?? [])]),
    now,
    baseUrl: () => baseUrl,
  });

  function injectFault(spec: FaultSpec): void {
    faults.inject(spec);
  }

  function reset(): void {
    tokens.reset();
    faults.clear();
    entries.length = 0;
    received.clear();
    store.reset();
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

    const fhirPath = entry.target === 'fhir' ? path.slice(FHIR_PATH.length) : '';
    const parts = fhirPath.split('/').filter(Boolean);
    const fault = faults.take({
      target: entry.target,
      method: entry.method,
      path,
      fhirPath,
      resourceType: entry.target === 'fhir' ? (parts[0] ?? 'Bundle') : undefined,
    });
    if (fault) {
      entry.fault = fault.kind;
      if (await answeredByFault(fault, request, entry, send)) return;
    }

    if (entry.target === 'token') return tokens.endpoint(request, url, body, entry, send);

    const token = tokens.bearer(request);
    if (!token) return send(401, operationOutcome('login', 'Invalid or expired access token'));
    entry.clientId = token.clientId;
    if (parts.length > 2) return send(404, operationOutcome('not-supported', 'Unsupported FHIR path'));
    const [type = '', id] = parts;
    const level = id ? 'instance' : type ? 'type' : 'root';
    const interaction = interactions[`${entry.method} ${level}`];
    if (!interaction) {
      return send(405, operationOutcome('not-supported', `${entry.method} is not supported here`));
    }
    if (entry.method === 'GET' && type === 'Patient' && !id)
      discoverCitizen(url.searchParams.get('identifier'));
    const answer = interaction({ method: entry.method, type, id, params: url.searchParams, body, token });
    return send(answer.status, answer.body, answer.headers);
  }

  /** A NIK search for someone the store does not hold yet: the citizen, when `options.citizen` knows them. */
  function discoverCitizen(identifier: string | null): void {
    if (!options.citizen || !identifier?.startsWith(`${NIK_SYSTEM}|`)) return;
    const nik = identifier.slice(NIK_SYSTEM.length + 1);
    if (store.searchByIdentifier('Patient', NIK_SYSTEM, nik).length) return;
    const person = options.citizen(nik);
    if (person) seedPopulation(store, [person]);
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
    if (route === 'GET /received') return { status: 200, body: received.snapshot() };
    if (route === 'GET /faults') return { status: 200, body: { faults: faults.pending() } };
    if (route === 'POST /faults') {
      if (!isFaultSpec(payload)) return { status: 400, body: { error: 'kind' } };
      injectFault(payload);
      return { status: 204 };
    }
    if (route === 'POST /reset') {
      reset();
      return { status: 204 };
    }
    if (route === 'POST /tokens/revoke') {
      tokens.revoke();
      return { status: 204 };
    }
    if (route === 'POST /config') {
      const seconds = Number(payload.tokenLifetimeSeconds);
      if (!Number.isFinite(seconds) || seconds <= 0)
        return { status: 400, body: { error: 'tokenLifetimeSeconds' } };
      tokens.setLifetime(seconds);
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
    received: () => received.snapshot(),
    populate: (people) => seedPopulation(store, people),
    revokeTokens: () => tokens.revoke(),
    setTokenLifetime: (seconds) => tokens.setLifetime(seconds),
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

/**
 * Answers a request the way the fault says (429, 500, 504, a dropped connection); a delay only
 * holds the request back, which is then answered normally (false).
 */
async function answeredByFault(
  fault: PendingFault,
  request: IncomingMessage,
  entry: SimulatorLogEntry,
  send: (status: number, body?: unknown, headers?: Record<string, string>) => void,
): Promise<boolean> {
  switch (fault.kind) {
    case 'rate-limit':
      send(429, operationOutcome('throttled', 'Too many requests'), { 'retry-after': fault.retryAfter });
      return true;
    case 'server-error':
      send(500, operationOutcome('exception', 'Internal server error'));
      return true;
    case 'gateway-timeout':
      send(504, 'upstream request timeout');
      return true;
    case 'drop':
      entry.status = -1;
      request.socket.destroy();
      return true;
    case 'delay':
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      return false;
    case 'hang':
      // never answered: the client's timeout (or the simulator's close) ends it
      await new Promise((resolve) => request.socket.once('close', resolve));
      return true;
  }
}
