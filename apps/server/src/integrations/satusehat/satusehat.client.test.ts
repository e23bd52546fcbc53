import type { Practitioner } from 'fhir/r4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSatusehatClient,
  parseRetryAfter,
  type SatusehatClientOptions,
  SatusehatError,
  satusehatEndpoints,
} from './satusehat.client.ts';
import { SIMULATOR_CLIENTS } from './simulator/simulator.data.ts';
import { type SatusehatSimulator, startSimulator } from './simulator/simulator.server.ts';

const [seeded] = SIMULATOR_CLIENTS;
let sim: SatusehatSimulator;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

function client(overrides: Partial<SatusehatClientOptions> = {}) {
  return createSatusehatClient({
    ...satusehatEndpoints('simulator', sim.url),
    clientId: seeded.clientId,
    clientSecret: seeded.clientSecret,
    retry: { tries: 3, baseDelayMs: 5, maxDelayMs: 100 },
    ...overrides,
  });
}

const requests = (target: 'token' | 'fhir') => sim.log().filter((e) => e.target === target);

async function refusal(promise: Promise<unknown>): Promise<SatusehatError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SatusehatError);
  return error as SatusehatError;
}

describe('SATUSEHAT client', () => {
  it('finds the sandbox practitioners and patients by NIK, null when unknown', async () => {
    const c = client();
    expect(await c.practitionerByNik('7209061211900001')).toBe('10009880728');
    expect(await c.practitionerByNik('3322071302900002')).toBe('10006926841');
    expect(await c.practitionerByNik('1111111111111111')).toBeNull();
    expect(await c.patientByNik('9271060312000001')).toBe('P02478375538');
    expect(await c.patientByNik('7209061211900001')).toBeNull();
    const practitioner = await c.read<Practitioner>('Practitioner', '10009880728');
    expect(practitioner.identifier?.some((i) => i.value === '7209061211900001')).toBe(true);
  });

  it('sends grant_type in the query and the credentials as a form body, then reuses the token', async () => {
    const c = client();
    await c.practitionerByNik('7209061211900001');
    await c.patientByNik('9271060312000001');
    await c.practitionerByNik('3322071302900002');
    const tokens = requests('token');
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ method: 'POST', query: '?grant_type=client_credentials', status: 200 });
    expect(requests('fhir').map((e) => e.status)).toEqual([200, 200, 200]);
  });

  it('shares one token request between concurrent calls', async () => {
    const c = client();
    await Promise.all([c.practitionerByNik('7209061211900001'), c.patientByNik('9271060312000001')]);
    expect(requests('token')).toHaveLength(1);
  });

  it('fetches a new token once the cached one is about to expire', async () => {
    let now = 1_700_000_000_000;
    const c = client({ now: () => now, refreshMarginMs: 60_000 });
    await c.practitionerByNik('7209061211900001');
    now += 3599_000 - 61_000;
    await c.practitionerByNik('7209061211900001');
    expect(requests('token')).toHaveLength(1);
    now += 2_000; // inside the margin before expires_in (3599 s)
    await c.practitionerByNik('7209061211900001');
    expect(requests('token')).toHaveLength(2);
  });

  it('reads expires_in as a string and renews a short-lived token before the platform rejects it', async () => {
    sim.setTokenLifetime(1);
    const c = client();
    await c.practitionerByNik('7209061211900001');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await c.practitionerByNik('7209061211900001')).toBe('10009880728');
    expect(requests('token')).toHaveLength(2);
    expect(requests('fhir').map((e) => e.status)).toEqual([200, 200]);
  });

  it('on a 401 drops the token, fetches a new one and retries once', async () => {
    const c = client();
    await c.practitionerByNik('7209061211900001');
    sim.revokeTokens();
    expect(await c.practitionerByNik('7209061211900001')).toBe('10009880728');
    expect(requests('token')).toHaveLength(2);
    expect(requests('fhir').map((e) => e.status)).toEqual([200, 401, 200]);
  });

  it('retries 429 honouring Retry-After, then succeeds', async () => {
    const c = client({ retry: { tries: 3, baseDelayMs: 5, maxDelayMs: 2_000 } });
    await c.accessToken();
    sim.injectFault({ kind: 'rate-limit', target: 'fhir', retryAfter: '1' });
    const started = performance.now();
    expect(await c.practitionerByNik('7209061211900001')).toBe('10009880728');
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(requests('fhir').map((e) => e.status)).toEqual([429, 200]);
  });

  it('gives up at once when Retry-After asks for longer than it may wait', async () => {
    const c = client();
    sim.injectFault({ kind: 'rate-limit', target: 'fhir', retryAfter: '120' });
    const error = await refusal(c.practitionerByNik('7209061211900001'));
    expect(error).toMatchObject({ kind: 'unavailable', status: 429, retryAfterMs: 120_000 });
    expect(requests('fhir')).toHaveLength(1);
  });

  it('retries 500 and a plain-text 504, then succeeds', async () => {
    const c = client();
    sim.injectFault({ kind: 'server-error', target: 'fhir' });
    sim.injectFault({ kind: 'gateway-timeout', target: 'fhir' });
    expect(await c.practitionerByNik('7209061211900001')).toBe('10009880728');
    expect(requests('fhir').map((e) => e.status)).toEqual([500, 504, 200]);
  });

  it('reports an outage after the last try, with the plain-text answer', async () => {
    const c = client();
    sim.injectFault({ kind: 'gateway-timeout', target: 'fhir', count: 5 });
    const error = await refusal(c.practitionerByNik('7209061211900001'));
    expect(error).toMatchObject({ kind: 'unavailable', status: 504, message: 'upstream request timeout' });
    expect(requests('fhir')).toHaveLength(3);
  });

  it('retries the token endpoint and dropped connections too', async () => {
    const c = client();
    sim.injectFault({ kind: 'server-error', target: 'token' });
    sim.injectFault({ kind: 'drop', target: 'fhir' });
    expect(await c.practitionerByNik('7209061211900001')).toBe('10009880728');
    expect(requests('token').map((e) => e.status)).toEqual([500, 200]);
    expect(requests('fhir').map((e) => e.status)).toEqual([-1, 200]);
  });

  it('treats a slow answer as a failure and retries it', async () => {
    const c = client({ timeoutMs: 150 });
    await c.accessToken();
    sim.injectFault({ kind: 'delay', target: 'fhir', delayMs: 400 });
    expect(await c.practitionerByNik('7209061211900001')).toBe('10009880728');
    expect(requests('fhir').map((e) => e.fault)).toEqual(['delay', undefined]);
  });

  it('never retries a 400 and surfaces its OperationOutcome', async () => {
    const c = client();
    const error = await refusal(c.search('Practitioner', { identifier: '7209061211900001' }));
    expect(error.kind).toBe('refused');
    expect(error.status).toBe(400);
    expect(error.outcome?.issue[0]).toMatchObject({ code: 'value', expression: ['identifier'] });
    expect(error.message).toBe('identifier must be written as system|value');
    expect(requests('fhir')).toHaveLength(1);
  });

  it('surfaces a 404 read without retrying', async () => {
    const error = await refusal(client().read('Patient', 'P00000000000'));
    expect(error).toMatchObject({ kind: 'refused', status: 404 });
    expect(requests('fhir')).toHaveLength(1);
  });

  it('reports refused credentials without retrying', async () => {
    const c = client({ clientSecret: 'wrong' });
    const error = await refusal(c.practitionerByNik('7209061211900001'));
    expect(error).toMatchObject({ kind: 'credentials', status: 401 });
    expect(error.outcome?.resourceType).toBe('OperationOutcome');
    expect(requests('token')).toHaveLength(1);
    expect(requests('fhir')).toHaveLength(0);
  });

  it('knows the platform environments', () => {
    expect(satusehatEndpoints('sandbox')).toEqual({
      authUrl: 'https://api-satusehat-stg.dto.kemkes.go.id/oauth2/v1',
      fhirUrl: 'https://api-satusehat-stg.dto.kemkes.go.id/fhir-r4/v1',
    });
    expect(satusehatEndpoints('production').fhirUrl).toBe('https://api-satusehat.kemkes.go.id/fhir-r4/v1');
    expect(() => satusehatEndpoints('simulator')).toThrow();
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
