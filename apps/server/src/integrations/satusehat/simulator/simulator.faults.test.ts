import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encounterFixture, locationFixture } from './simulator.fixtures.ts';
import { type SatusehatSimulator, startSimulator } from './simulator.server.ts';
import { fhirSession } from './test/fhir-session.ts';

let sim: SatusehatSimulator;
let session: Awaited<ReturnType<typeof fhirSession>>;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(async () => {
  sim.reset();
  session = await fhirSession(sim);
});

describe('SATUSEHAT simulator: faults on demand', () => {
  it('answers 429 with Retry-After to the next N requests of one resource type only', async () => {
    sim.injectFault({ kind: 'rate-limit', resourceType: 'Encounter', count: 2, retryAfter: '7' });
    expect((await session.call('POST', '/Location', locationFixture())).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const limited = await session.call('POST', '/Encounter', encounterFixture());
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(limited.body.issue[0].code).toBe('throttled');
    }
    expect((await session.call('POST', '/Encounter', encounterFixture())).status).toBe(201);
    // the refused attempts stored nothing: the one visit was created once
    expect(sim.received().byIdentifier.filter((c) => c.resourceType === 'Encounter')).toEqual([
      expect.objectContaining({ identifier: expect.stringContaining('REG-0001'), created: 1, duplicate: 0 }),
    ]);
  });

  it('answers a plain-text 504 by path prefix and method, and a 500 OperationOutcome', async () => {
    sim.injectFault({ kind: 'gateway-timeout', path: '/Encounter', method: 'POST' });
    const read = await session.call('GET', '/Patient/P02478375538');
    expect(read.status).toBe(200);
    const timeout = await session.call('POST', '/Encounter', encounterFixture());
    expect(timeout.status).toBe(504);
    expect(timeout.headers.get('content-type')).toBe('text/plain');
    expect(timeout.text).toBe('upstream request timeout');
    sim.injectFault({ kind: 'server-error', target: 'fhir' });
    const failed = await session.call('GET', '/Patient/P02478375538');
    expect(failed.status).toBe(500);
    expect(failed.body.resourceType).toBe('OperationOutcome');
    expect(sim.log().map((e) => e.fault ?? '-')).toEqual(['-', '-', 'gateway-timeout', 'server-error']);
  });

  it('faults a transaction posted to the FHIR root as resource type Bundle', async () => {
    sim.injectFault({ kind: 'rate-limit', resourceType: 'Bundle' });
    expect((await session.call('POST', '', { resourceType: 'Bundle', type: 'transaction' })).status).toBe(
      429,
    );
  });

  it('hangs without answering until the client gives up, then answers normally', async () => {
    sim.injectFault({ kind: 'hang', target: 'fhir' });
    const started = Date.now();
    const hung = fetch(`${sim.fhirUrl}/Patient/P02478375538`, {
      headers: { authorization: `Bearer ${session.token}` },
      signal: AbortSignal.timeout(150),
    });
    await expect(hung).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((await session.call('GET', '/Patient/P02478375538')).status).toBe(200);
    expect(sim.log()[1]).toMatchObject({ fault: 'hang', status: 0 });
  });

  it('lists pending faults and takes them over HTTP with the same matching', async () => {
    const inject = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'delay', delayMs: 50, resourceType: 'Patient', count: 3 }),
    });
    expect(inject.status).toBe(204);
    const { faults } = (await (await fetch(`${sim.url}/__sim/faults`)).json()) as { faults: unknown[] };
    expect(faults).toEqual([
      expect.objectContaining({ kind: 'delay', remaining: 3, resourceType: 'Patient' }),
    ]);
    const started = Date.now();
    expect((await session.call('GET', '/Patient/P02478375538')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const bad = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'x' }),
    });
    expect(bad.status).toBe(400);
  });
});
