import type { FhirResource } from 'fhir/r4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { duplicateOf } from './operation-outcome.ts';
import { SIMULATOR_CLIENTS } from './simulator.data.ts';
import {
  allergyFixture,
  conditionFixture,
  diagnosticReportFixture,
  encounterFixture,
  FIXTURE_ORG,
  locationFixture,
  medicationDispenseFixture,
  medicationFixture,
  medicationRequestFixture,
  observationFixture,
  organizationFixture,
  procedureFixture,
  serviceRequestFixture,
  specimenFixture,
} from './simulator.fixtures.ts';
import { type SatusehatSimulator, startSimulator } from './simulator.server.ts';
import { fhirSession, type Json } from './test/fhir-session.ts';

const [, other] = SIMULATOR_CLIENTS;
let sim: SatusehatSimulator;
let call: Session['call'];
let created: Session['created'];
type Session = Awaited<ReturnType<typeof fhirSession>>;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(async () => {
  sim.reset();
  ({ call, created } = await fhirSession(sim));
});

describe('SATUSEHAT simulator: Organization and Location', () => {
  it('creates a sub-organization and a room, reads them back and finds them by identifier', async () => {
    const org = await call('POST', '/Organization', organizationFixture());
    expect(org.status).toBe(201);
    expect(org.body).toMatchObject({ resourceType: 'Organization', meta: { versionId: '1' } });
    expect(org.headers.get('location')).toContain(`/fhir-r4/v1/Organization/${org.body.id}/_history/1`);

    const room = await call('POST', '/Location', {
      ...locationFixture(),
      managingOrganization: { reference: `Organization/${org.body.id}` },
    });
    expect(room.status, JSON.stringify(room.body)).toBe(201);
    expect((await call('GET', `/Location/${room.body.id}`)).body).toMatchObject({
      name: 'Ruang Periksa 1',
      physicalType: { coding: [{ code: 'ro' }] },
    });
    const identifier = encodeURIComponent(`http://sys-ids.kemkes.go.id/location/${FIXTURE_ORG}|R-101`);
    const found = await call('GET', `/Location?identifier=${identifier}`);
    expect(found.body).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 1 });
    expect(found.body.entry[0].resource.id).toBe(room.body.id);
    const byOrg = await call('GET', `/Location?organization=${org.body.id}`);
    expect(byOrg.body.total).toBe(1);
    expect((await call('GET', `/Organization?partof=${FIXTURE_ORG}`)).body.total).toBe(1);
  });

  it('updates a room with PUT, version 2, and refuses a PUT to an unknown id', async () => {
    const room = (await call('POST', '/Location', locationFixture())).body;
    const renamed = await call('PUT', `/Location/${room.id}`, { ...room, name: 'Ruang Periksa 2' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: room.id, name: 'Ruang Periksa 2', meta: { versionId: '2' } });
    expect((await call('PUT', '/Location/nope', { ...room, id: 'nope' })).status).toBe(404);
    const wrongId = await call('PUT', `/Location/${room.id}`, { ...room, id: 'other' });
    expect(wrongId.status).toBe(400);
  });

  it('finishes a visit with a JSON Patch, checked like a full update', async () => {
    const visit = encounterFixture('REG-0100');
    const [arrived, inProgress, finished] = visit.statusHistory!;
    const open = await call('POST', '/Encounter', {
      ...visit,
      status: 'in-progress',
      period: { start: visit.period!.start },
      statusHistory: [arrived, { ...inProgress, period: { start: inProgress.period!.start } }],
    });
    expect(open.status, open.text).toBe(201);
    const done = await call('PATCH', `/Encounter/${open.body.id}`, [
      { op: 'test', path: '/status', value: 'in-progress' },
      { op: 'replace', path: '/status', value: 'finished' },
      { op: 'add', path: '/period/end', value: finished.period!.end },
      { op: 'add', path: '/statusHistory/1/period/end', value: inProgress.period!.end },
      { op: 'add', path: '/statusHistory/-', value: finished },
    ]);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'finished', meta: { versionId: '2' } });
    expect(done.body.statusHistory.map((h: Json) => h.status)).toEqual([
      'arrived',
      'in-progress',
      'finished',
    ]);

    const backwards = await call('PATCH', `/Encounter/${open.body.id}`, [
      { op: 'add', path: '/statusHistory/-', value: arrived },
    ]);
    expect(backwards.status).toBe(400);
    expect(backwards.body.issue[0].expression).toEqual(['Encounter.statusHistory[3]']);
    const failedTest = await call('PATCH', `/Encounter/${open.body.id}`, [
      { op: 'test', path: '/status', value: 'in-progress' },
    ]);
    expect(failedTest.status).toBe(400);
    expect((await call('GET', `/Encounter/${open.body.id}`)).body.meta.versionId).toBe('2');
  });

  it("answers 403 for another organization's room and refuses a room under another organization", async () => {
    const room = (await call('POST', '/Location', locationFixture())).body;
    const read = await (await fhirSession(sim, other)).call('GET', `/Location/${room.id}`);
    expect(read.status).toBe(403);
    expect(read.body.issue[0]).toMatchObject({
      code: 'forbidden',
      details: { text: 'resource cannot be accessed due to business rule' },
    });
    const foreign = await call('POST', '/Location', {
      ...locationFixture(),
      managingOrganization: { reference: `Organization/${FIXTURE_ORG}` },
      identifier: [{ system: `http://sys-ids.kemkes.go.id/location/${other.organizationId}`, value: 'R-1' }],
    });
    expect(foreign.status).toBe(403);
  });

  it('refuses a room without managing organization or local identifier', async () => {
    const { managingOrganization: _, identifier: __, ...bare } = locationFixture();
    const answer = await call('POST', '/Location', bare);
    expect(answer.status).toBe(400);
    expect(answer.body.issue.map((i: Json) => i.expression[0])).toEqual(
      expect.arrayContaining(['Location.identifier', 'Location.managingOrganization']),
    );
  });
});

describe('SATUSEHAT simulator: every resource type', () => {
  it('creates, reads and answers duplicate for a resend of each type', async () => {
    const encounter = await created(encounterFixture());
    const medication = await created(medicationFixture());
    const serviceRequest = await created(serviceRequestFixture(encounter));
    const observation = await created(observationFixture(encounter));
    const specimen = await created(specimenFixture(serviceRequest));
    const resources: FhirResource[] = [
      organizationFixture(),
      locationFixture(),
      conditionFixture(encounter),
      procedureFixture(encounter),
      medicationRequestFixture(encounter, medication),
      medicationDispenseFixture(encounter, medication),
      diagnosticReportFixture(encounter, observation, specimen),
      allergyFixture(encounter),
    ];
    for (const resource of resources) {
      const path = await created(resource);
      const read = await call('GET', `/${path}`);
      expect(read.status, path).toBe(200);
      expect(read.body.resourceType).toBe(resource.resourceType);
    }
    const withIdentifier = [
      encounterFixture(),
      medicationFixture(),
      serviceRequestFixture(encounter),
      specimenFixture(serviceRequest),
      ...resources.filter((r) => 'identifier' in r),
    ];
    for (const resource of withIdentifier) {
      const resend = await call('POST', `/${resource.resourceType}`, resource);
      expect(resend.status, resource.resourceType).toBe(400);
      expect(resend.body.issue[0]).toMatchObject({ code: 'duplicate' });
      const existing = duplicateOf(resend.body);
      expect(existing?.type).toBe(resource.resourceType);
      expect((await call('GET', `/${existing?.type}/${existing?.id}`)).status).toBe(200);
    }
  });
});
