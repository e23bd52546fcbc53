import type { Bundle, BundleEntry, FhirResource } from 'fhir/r4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { duplicateOf } from './operation-outcome.ts';
import { conditionFixture, encounterFixture, observationFixture } from './simulator.fixtures.ts';
import { type SatusehatSimulator, startSimulator } from './simulator.server.ts';
import { fhirSession, type Json } from './test/fhir-session.ts';

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

const ENCOUNTER_URN = 'urn:uuid:6f1a3c52-0d0b-4c1e-9a55-1f4a0e9b7c01';
const CONDITION_URN = 'urn:uuid:6f1a3c52-0d0b-4c1e-9a55-1f4a0e9b7c02';
const OBSERVATION_URN = 'urn:uuid:6f1a3c52-0d0b-4c1e-9a55-1f4a0e9b7c03';

const entry = (fullUrl: string, resource: FhirResource): BundleEntry => ({
  fullUrl,
  resource,
  request: { method: 'POST', url: resource.resourceType },
});

/** One visit as a clinic sends it: the finished Encounter naming its diagnosis, the diagnosis, a vital sign. */
function visitBundle(registration = 'REG-0001', conditionCode = 'J06.9'): Bundle {
  const encounter = {
    ...encounterFixture(registration),
    diagnosis: [
      {
        condition: { reference: CONDITION_URN },
        use: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/diagnosis-role', code: 'DD' }] },
        rank: 1,
      },
    ],
  };
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      entry(ENCOUNTER_URN, encounter),
      entry(CONDITION_URN, conditionFixture(ENCOUNTER_URN, conditionCode)),
      entry(OBSERVATION_URN, observationFixture(ENCOUNTER_URN)),
    ],
  };
}

const postBundle = (bundle: unknown) => session.call('POST', '', bundle);

describe('SATUSEHAT simulator: transaction bundles', () => {
  it('accepts an Encounter, Condition and Observation with urn:uuid references, resolved to ids', async () => {
    const answer = await postBundle(visitBundle());
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ resourceType: 'Bundle', type: 'transaction-response' });
    const responses = answer.body.entry.map((e: Json) => e.response);
    expect(responses.map((r: Json) => r.status)).toEqual(['201 Created', '201 Created', '201 Created']);
    const [encounterAt, conditionAt, observationAt] = responses.map((r: Json) =>
      r.location.replace(/\/_history\/1$/, ''),
    );
    expect(encounterAt).toMatch(/^Encounter\/[\w-]+$/);
    expect(answer.body.entry[0].fullUrl).toBe(`${sim.fhirUrl}/${encounterAt}`);

    const encounter = (await session.call('GET', `/${encounterAt}`)).body;
    expect(encounter.diagnosis[0].condition.reference).toBe(conditionAt);
    const condition = (await session.call('GET', `/${conditionAt}`)).body;
    expect(condition.encounter.reference).toBe(encounterAt);
    const observation = (await session.call('GET', `/${observationAt}`)).body;
    expect(observation).toMatchObject({ encounter: { reference: encounterAt }, meta: { versionId: '1' } });
  });

  it('is all or nothing: one bad entry refuses the bundle and stores none of it', async () => {
    const answer = await postBundle(visitBundle('REG-0002', 'NOT-ICD'));
    expect(answer.status).toBe(400);
    expect(answer.body.issue[0]).toMatchObject({
      code: 'value',
      expression: ['Bundle.entry[1].resource.code.coding[0].code'],
    });
    const identifier = encodeURIComponent('http://sys-ids.kemkes.go.id/encounter/10000101|REG-0002');
    expect((await session.call('GET', `/Encounter?identifier=${identifier}`)).body.total).toBe(0);
    expect((await session.call('GET', '/Observation?patient=P02478375538')).body.total).toBe(0);
  });

  it('refuses a reference to an entry the bundle does not hold', async () => {
    const bundle = visitBundle();
    bundle.entry![2].resource = observationFixture('urn:uuid:00000000-0000-4000-8000-000000000000');
    const answer = await postBundle(bundle);
    expect(answer.status).toBe(400);
    expect(answer.body.issue[0].expression).toEqual(['Bundle.entry[2].resource.encounter']);
  });

  it('answers a resent visit with duplicate and the existing Encounter id, storing nothing new', async () => {
    const first = await postBundle(visitBundle('REG-0003'));
    const encounterId = first.body.entry[0].response.location.split('/')[1];
    const resend = await postBundle(visitBundle('REG-0003'));
    expect(resend.status).toBe(400);
    expect(resend.body.issue[0]).toMatchObject({
      code: 'duplicate',
      expression: ['Bundle.entry[0].resource.identifier[0]'],
    });
    expect(duplicateOf(resend.body)).toEqual({ type: 'Encounter', id: encounterId });
    expect((await session.call('GET', '/Condition?patient=P02478375538')).body.total).toBe(1);
  });

  it('refuses a batch, and a transaction broken by the FHIR definitions', async () => {
    expect((await postBundle({ ...visitBundle(), type: 'batch' })).status).toBe(400);
    const noRequest = visitBundle();
    delete noRequest.entry![0].request;
    const answer = await postBundle(noRequest);
    expect(answer.status).toBe(400);
    expect(answer.body.issue[0].code).toBe('invariant');
  });
});

describe('SATUSEHAT simulator: the log of received creates', () => {
  it('counts per local identifier what was created, resent and refused', async () => {
    await postBundle(visitBundle('REG-0010'));
    await postBundle(visitBundle('REG-0010'));
    await session.call('POST', '/Encounter', encounterFixture('REG-0010'));
    await session.call('POST', '/Encounter', encounterFixture('REG-0011'));
    await session.call('POST', '/Encounter', { ...encounterFixture('REG-0012'), class: { code: 'X' } });

    const log = sim.received();
    const counts = Object.fromEntries(
      log.byIdentifier.map((c) => [c.identifier.split('|')[1], [c.created, c.duplicate, c.refused]]),
    );
    expect(counts).toEqual({ 'REG-0010': [1, 2, 0], 'REG-0011': [1, 0, 0], 'REG-0012': [0, 0, 1] });
    const created = log.byIdentifier.find((c) => c.identifier.endsWith('REG-0010'));
    expect(created?.id).toBe(log.creates.find((c) => c.outcome === 'created')?.id);
    // the Conditions and Observations carry no identifier: listed among the creates, not counted
    expect(log.creates.filter((c) => c.resourceType === 'Condition').map((c) => c.outcome)).toEqual([
      'created',
      'refused',
    ]);

    const overHttp = (await (await fetch(`${sim.url}/__sim/received`)).json()) as Json;
    expect(overHttp.byIdentifier).toEqual(log.byIdentifier);
    sim.reset();
    expect(sim.received()).toEqual({ creates: [], byIdentifier: [] });
  });
});
