import type { Bundle, OperationOutcome } from 'fhir/r4';
import { describe, expect, it } from 'vitest';
import {
  acceptedIds,
  alreadyThere,
  DEFAULT_BACKOFF,
  parseLocation,
  refusalDetail,
  retryDelayMs,
} from './delivery.outcome.ts';

const request: Bundle = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    {
      fullUrl: 'urn:uuid:e',
      resource: { resourceType: 'Encounter' } as never,
      request: { method: 'POST', url: 'Encounter' },
    },
    {
      fullUrl: 'urn:uuid:c',
      resource: { resourceType: 'Condition' } as never,
      request: { method: 'POST', url: 'Condition' },
    },
  ],
};
const locals = { 'urn:uuid:e': 'Encounter', 'urn:uuid:c': 'Condition:J06.9' };
const duplicate = (type: string, id: string, index: number) => ({
  severity: 'error' as const,
  code: 'duplicate' as const,
  diagnostics: `${type} with identifier x already exists: ${type}/${id}`,
  expression: [`Bundle.entry[${index}].resource.identifier[0]`],
});

describe('the wait before the next attempt', () => {
  it('doubles from 30 s with jitter, never beyond an hour, however long the outage', () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, DEFAULT_BACKOFF, undefined, mid)).toBe(30_000);
    expect(retryDelayMs(2, DEFAULT_BACKOFF, undefined, mid)).toBe(60_000);
    expect(retryDelayMs(8, DEFAULT_BACKOFF, undefined, mid)).toBe(3_600_000);
    // a day of retries every hour: still an hour, no overflow
    expect(retryDelayMs(10_000, DEFAULT_BACKOFF, undefined, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(1, DEFAULT_BACKOFF, undefined, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, DEFAULT_BACKOFF, undefined, () => 1)).toBe(36_000);
  });

  it('is never shorter than the platform’s Retry-After', () => {
    expect(retryDelayMs(1, DEFAULT_BACKOFF, 120_000, () => 0.5)).toBe(120_000);
    expect(retryDelayMs(1, DEFAULT_BACKOFF, 7_200_000, () => 0.5)).toBe(7_200_000);
    expect(retryDelayMs(3, DEFAULT_BACKOFF, 1_000, () => 0.5)).toBe(120_000);
  });
});

describe('the platform’s answer', () => {
  it('keeps the id of each entry of a transaction-response, with what it is here', () => {
    const response: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: [
        { response: { status: '201 Created', location: 'Encounter/enc-1/_history/1' } },
        {
          response: { status: '201 Created', location: 'http://host/fhir-r4/v1/Condition/cond-1/_history/1' },
        },
      ],
    };
    expect(acceptedIds(request, response, locals)).toEqual([
      { resourceType: 'Encounter', id: 'enc-1', local: 'Encounter' },
      { resourceType: 'Condition', id: 'cond-1', local: 'Condition:J06.9' },
    ]);
    expect(parseLocation('Observation/abc-1')).toEqual({ resourceType: 'Observation', id: 'abc-1' });
    expect(parseLocation('nothing')).toBeNull();
  });

  it('reads a refusal that only says duplicate as already there, with the ids it names', () => {
    const outcome: OperationOutcome = {
      resourceType: 'OperationOutcome',
      issue: [duplicate('Encounter', 'enc-9', 0), duplicate('Condition', 'cond-9', 1)],
    };
    expect(alreadyThere(request, outcome, locals)).toEqual([
      { resourceType: 'Encounter', id: 'enc-9', local: 'Encounter' },
      { resourceType: 'Condition', id: 'cond-9', local: 'Condition:J06.9' },
    ]);
  });

  it('is a real refusal when anything else is wrong, or the duplicate names no resource', () => {
    const mixed: OperationOutcome = {
      resourceType: 'OperationOutcome',
      issue: [
        duplicate('Encounter', 'enc-9', 0),
        {
          severity: 'error',
          code: 'value',
          diagnostics: 'Not in UTC',
          expression: ['Bundle.entry[1].resource.recordedDate'],
        },
      ],
    };
    expect(alreadyThere(request, mixed, locals)).toBeNull();
    const inBundle: OperationOutcome = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'duplicate', diagnostics: 'The identifier is also in entry 0' }],
    };
    expect(alreadyThere(request, inBundle, locals)).toBeNull();
    expect(alreadyThere(request, undefined, locals)).toBeNull();
    expect(refusalDetail(mixed)).toEqual({
      issueCode: 'duplicate',
      expression: 'Bundle.entry[0].resource.identifier[0]',
    });
    expect(refusalDetail(undefined)).toEqual({ issueCode: null, expression: null });
  });
});
