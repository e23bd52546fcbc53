import type { Encounter } from 'fhir/r4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { duplicateOf } from './operation-outcome.ts';
import { isLoinc } from './simulator.codes.ts';
import {
  conditionFixture,
  encounterFixture,
  medicationFixture,
  observationFixture,
  procedureFixture,
} from './simulator.fixtures.ts';
import { type SatusehatSimulator, startSimulator } from './simulator.server.ts';
import { type FhirReply, fhirSession, type Json } from './test/fhir-session.ts';

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

/** The issue of the refusal at `expression`, which must be there. */
function issueAt(answer: FhirReply, expression: string): Json {
  expect(answer.body?.resourceType, answer.text).toBe('OperationOutcome');
  const found = answer.body.issue.find((i: Json) => i.expression?.includes(expression));
  expect(found, `${expression} in ${answer.text}`).toBeDefined();
  expect(found.severity).toBe('error');
  expect(found.diagnostics).toContain(expression);
  return found;
}

const post = (resource: { resourceType: string } & Json) =>
  session.call('POST', `/${resource.resourceType}`, resource);

describe('SATUSEHAT simulator: the platform rules', () => {
  it('refuses a date-time without a UTC offset as format', async () => {
    const encounter = encounterFixture();
    encounter.period = { start: '2025-03-01T10:00:00' };
    const answer = await post(encounter);
    expect(answer.status).toBe(400);
    expect(issueAt(answer, 'Encounter.period.start')).toMatchObject({ code: 'format' });
    // the FHIR validator's own complaint about the same value is not repeated
    expect(
      answer.body.issue.filter((i: Json) => i.expression?.[0] === 'Encounter.period.start'),
    ).toHaveLength(1);
  });

  it('refuses local time (17:35 WIB must be sent as 10:35+00:00)', async () => {
    const encounter = encounterFixture();
    encounter.period = { start: '2025-03-01T17:35:00+07:00' };
    const answer = await post(encounter);
    expect(issueAt(answer, 'Encounter.period.start')).toMatchObject({ code: 'value' });
  });

  it('refuses a date before 2014-06-03 and accepts the day itself', async () => {
    const early = conditionFixture(await session.created(encounterFixture()));
    early.recordedDate = '2014-06-02T23:59:00+00:00';
    const answer = await post(early);
    expect(issueAt(answer, 'Condition.recordedDate')).toMatchObject({ code: 'value' });
    expect(issueAt(answer, 'Condition.recordedDate').details.text).toContain('2014-06-03');
    early.recordedDate = '2014-06-03T00:00:00+00:00';
    expect((await post(early)).status).toBe(201);
  });

  it('refuses a reference to a resource that does not exist', async () => {
    const answer = await post(conditionFixture('Encounter/no-such-visit'));
    expect(answer.status).toBe(400);
    expect(issueAt(answer, 'Condition.encounter')).toMatchObject({ code: 'value' });
    const unknownPatient = { ...encounterFixture(), subject: { reference: 'Patient/P000' } };
    expect(issueAt(await post(unknownPatient), 'Encounter.subject').details.text).toContain('Patient/P000');
  });

  it('refuses a statusHistory out of order, overlapping, or ending elsewhere than status', async () => {
    const base = encounterFixture();
    const [arrived, inProgress, finished] = base.statusHistory!;
    const outOfOrder: Encounter = { ...base, statusHistory: [inProgress, arrived, finished] };
    expect(issueAt(await post(outOfOrder), 'Encounter.statusHistory[1]')).toMatchObject({ code: 'value' });

    const overlapping: Encounter = {
      ...base,
      statusHistory: [
        {
          status: 'arrived',
          period: { start: '2025-03-01T10:00:00+00:00', end: '2025-03-01T10:20:00+00:00' },
        },
        inProgress,
        finished,
      ],
    };
    expect(issueAt(await post(overlapping), 'Encounter.statusHistory[1].period').details.text).toContain(
      'before arrived ends',
    );
    const unfinished: Encounter = { ...base, statusHistory: [arrived, inProgress] };
    expect(issueAt(await post(unfinished), 'Encounter.status')).toMatchObject({ code: 'value' });
  });

  it('wants class AMB of v3 ActCode, an ATND doctor and the sender as service provider', async () => {
    const base = encounterFixture();
    const wrongClass = { ...base, class: { system: 'http://example.org', code: 'AMB' } };
    expect(issueAt(await post(wrongClass), 'Encounter.class')).toMatchObject({ code: 'value' });
    const noDoctor = { ...base, participant: [] };
    expect(issueAt(await post(noDoctor), 'Encounter.participant')).toMatchObject({ code: 'required' });
    const foreign = { ...base, serviceProvider: { reference: 'Organization/10000102' } };
    const answer = await post(foreign);
    expect(answer.status).toBe(403);
    expect(answer.body.issue[0].details.text).toBe('resource cannot be accessed due to business rule');
  });

  it('checks ICD-10, ICD-9-CM, LOINC with its UCUM unit, and KFA codes against its lists', async () => {
    const encounter = await session.created(encounterFixture());
    const unknownDiagnosis = await post(conditionFixture(encounter, 'J06.99'));
    expect(issueAt(unknownDiagnosis, 'Condition.code.coding[0].code').details.text).toContain('ICD-10');
    const procedure = procedureFixture(encounter);
    procedure.code = { coding: [{ system: 'http://hl7.org/fhir/sid/icd-9-cm', code: '99.999' }] };
    expect(issueAt(await post(procedure), 'Procedure.code.coding[0].code')).toMatchObject({ code: 'value' });

    const badCheckDigit = observationFixture(encounter);
    badCheckDigit.code = { coding: [{ system: 'http://loinc.org', code: '8867-3' }] };
    expect(issueAt(await post(badCheckDigit), 'Observation.code.coding[0].code')).toMatchObject({
      code: 'value',
    });
    const wrongUnit = observationFixture(encounter);
    wrongUnit.valueQuantity = { value: 80, system: 'http://unitsofmeasure.org', code: 'bpm' };
    expect(issueAt(await post(wrongUnit), 'Observation.valueQuantity').details.text).toContain('/min');

    const drug = medicationFixture();
    drug.code = { coding: [{ system: 'http://sys-ids.kemkes.go.id/kfa', code: '11111111' }] };
    expect(issueAt(await post(drug), 'Medication.code.coding[0].code').details.text).toContain('KFA');
    expect(['8867-4', '9279-1', '8480-6', '8462-4', '8310-5', '718-7'].every(isLoinc)).toBe(true);
  });

  it('refuses what the FHIR R4 definitions refuse, with the validator path', async () => {
    const answer = await post({ ...encounterFixture(), status: undefined, colour: 'blue' });
    expect(answer.status).toBe(400);
    expect(issueAt(answer, 'Encounter.status')).toMatchObject({ code: 'structure' });
    expect(issueAt(answer, 'Encounter.colour')).toMatchObject({ code: 'structure' });
    const notJson = await session.call('POST', '/Encounter', undefined);
    expect(notJson.status).toBe(400);
    const wrongType = await session.call('POST', '/Encounter', conditionFixture('Encounter/x'));
    expect(wrongType.body.issue[0]).toMatchObject({ code: 'invalid', expression: ['resourceType'] });
  });

  it('answers a resend of a known identifier with duplicate and the existing id', async () => {
    const first = await post(encounterFixture('REG-0042'));
    expect(first.status).toBe(201);
    const resend = await post(encounterFixture('REG-0042'));
    expect(resend.status).toBe(400);
    expect(resend.body.issue).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'duplicate',
        expression: ['Encounter.identifier[0]'],
        diagnostics: expect.stringContaining(`Encounter/${first.body.id}`),
      }),
    ]);
    expect(duplicateOf(resend.body)).toEqual({ type: 'Encounter', id: first.body.id });
    expect((await session.call('GET', `/Encounter/${first.body.id}`)).status).toBe(200);
  });
});
