import { randomUUID } from 'node:crypto';
import type { FhirResource, OperationOutcomeIssue } from 'fhir/r4';
import { FHIR_PATH } from '../satusehat.constants.ts';
import { type FhirStore, identifiersOf } from './fhir-store.ts';
import { duplicateIssue, operationOutcome, outcomeOf } from './operation-outcome.ts';
import { applyPatch } from './simulator.patch.ts';
import type { ReceivedLogDesk } from './simulator.received.ts';
import { platformIssues } from './simulator.rules.ts';
import { type Resolution, splitReference } from './simulator.rules-types.ts';
import { structuralIssues } from './simulator.validation.ts';

/** What a FHIR interaction answers; `undefined` body for an empty answer. */
export interface FhirAnswer {
  status: number;
  body?: FhirResource;
  headers?: Record<string, string>;
}

/** The types a clinic writes (satusehat.md): create, read, update, search. */
export const WRITABLE_TYPES: ReadonlySet<string> = new Set([
  'Organization',
  'Location',
  'Encounter',
  'Condition',
  'Observation',
  'Procedure',
  'Medication',
  'MedicationRequest',
  'MedicationDispense',
  'ServiceRequest',
  'Specimen',
  'DiagnosticReport',
  'AllergyIntolerance',
]);

/** The national registries: read and searched, never written by a clinic. */
export const READABLE_TYPES: ReadonlySet<string> = new Set([...WRITABLE_TYPES, 'Patient', 'Practitioner']);

export const FORBIDDEN_TEXT = 'resource cannot be accessed due to business rule';

export interface ResourceDeps {
  store: FhirStore;
  received: ReceivedLogDesk;
  kfaCodes: ReadonlySet<string>;
  now: () => number;
  baseUrl: () => string;
}

/** A local identifier already held by a resource the sender can see. */
export interface Duplicate {
  identifier: string;
  index: number;
  id: string;
}

/** The shared checks and writes of single requests and transactions. */
export function resourceChecks({ store, kfaCodes, now }: ResourceDeps) {
  /** How a reference resolves for `organizationId`; `urn:uuid:` only through `pending`. */
  function resolver(organizationId: string, pending?: ReadonlyMap<string, string>) {
    return (reference: string): Resolution => {
      if (reference.startsWith('urn:uuid:')) return pending?.has(reference) ? 'ok' : 'missing';
      const target = splitReference(reference);
      if (!target) return 'missing';
      if ([...(pending?.values() ?? [])].includes(reference)) return 'ok';
      if (!store.read(target.type, target.id)) return 'missing';
      return store.visibleTo(target.type, target.id, organizationId) ? 'ok' : 'forbidden';
    };
  }

  /** FHIR structure first, then the platform's rules; a platform issue replaces one at its path. */
  function validate(
    resource: FhirResource,
    organizationId: string,
    at: string,
    pending?: ReadonlyMap<string, string>,
  ): OperationOutcomeIssue[] {
    const platform = platformIssues(resource, {
      organizationId,
      resolve: resolver(organizationId, pending),
      at,
      kfaCodes,
    });
    const paths = new Set(platform.flatMap((i) => i.expression ?? []));
    const structural = structuralIssues(resource, at).filter(
      (i) => !(i.expression ?? []).some((path) => paths.has(path)),
    );
    return [...structural, ...platform];
  }

  /** The first identifier of `resource` that another visible resource of its type already holds. */
  function findDuplicate(
    resource: FhirResource,
    organizationId: string,
    selfId?: string,
  ): Duplicate | undefined {
    const identifiers = identifiersOf(resource);
    for (const [index, identifier] of identifiers.entries()) {
      if (!identifier.system || !identifier.value) continue;
      const holder = store
        .searchByIdentifier(resource.resourceType, identifier.system, identifier.value)
        .find((r) => r.id !== selfId && store.visibleTo(r.resourceType, r.id!, organizationId));
      if (holder) return { identifier: `${identifier.system}|${identifier.value}`, index, id: holder.id! };
    }
    return undefined;
  }

  /** Sets the platform's id and version metadata. */
  function stamp(resource: FhirResource, id: string, version: number): FhirResource {
    const lastUpdated = new Date(now()).toISOString().replace('Z', '+00:00');
    return { ...resource, id, meta: { ...resource.meta, versionId: String(version), lastUpdated } };
  }

  return { resolver, validate, findDuplicate, stamp };
}

/** An answer refusing with `issues`: 403 when a business rule forbids, else 400. */
export function refusal(issues: OperationOutcomeIssue[]): FhirAnswer {
  const forbidden = issues.filter((i) => i.code === 'forbidden');
  if (forbidden.length) return { status: 403, body: outcomeOf(forbidden) };
  return { status: 400, body: outcomeOf(issues) };
}

/** The body as a resource of `expectedType`, or the answer refusing it. */
export function parseResource(
  body: string,
  expectedType?: string,
): { resource: FhirResource; refused?: never } | { refused: FhirAnswer; resource?: never } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { refused: { status: 400, body: operationOutcome('structure', 'The request body is not JSON') } };
  }
  const type = (parsed as { resourceType?: unknown } | null)?.resourceType;
  if (!parsed || typeof parsed !== 'object' || typeof type !== 'string') {
    const outcome = operationOutcome('structure', 'The body is not a FHIR resource', ['resourceType']);
    return { refused: { status: 400, body: outcome } };
  }
  if (expectedType && type !== expectedType) {
    const text = `resourceType ${type} does not match the URL (${expectedType})`;
    return { refused: { status: 400, body: operationOutcome('invalid', text, ['resourceType']) } };
  }
  return { resource: parsed as FhirResource };
}

/** POST /{type}, PUT /{type}/{id} and GET /{type}/{id} of one resource. */
export function resourceDesk(deps: ResourceDeps) {
  const { store, received, baseUrl } = deps;
  const checks = resourceChecks(deps);

  function location(resource: FhirResource): string {
    return `${baseUrl()}${FHIR_PATH}/${resource.resourceType}/${resource.id}/_history/${resource.meta?.versionId}`;
  }

  function create(type: string, body: string, organizationId: string): FhirAnswer {
    const { resource: parsed, refused } = parseResource(body, type);
    if (refused) return refused;
    const first = identifiersOf(parsed)[0];
    const identifier = first?.system && first.value ? `${first.system}|${first.value}` : undefined;
    const record = (outcome: 'created' | 'duplicate' | 'refused', id?: string) =>
      received.record({ resourceType: type, identifier, outcome, id, organizationId, inBundle: false });

    const duplicate = checks.findDuplicate(parsed, organizationId);
    if (duplicate) {
      record('duplicate', duplicate.id);
      return {
        status: 400,
        body: outcomeOf([
          duplicateIssue(type, duplicate.identifier, duplicate.id, `${type}.identifier[${duplicate.index}]`),
        ]),
      };
    }
    const issues = checks.validate(parsed, organizationId, type);
    if (issues.length) {
      record('refused');
      return refusal(issues);
    }
    const stored = checks.stamp(parsed, randomUUID(), 1);
    store.put(stored, organizationId);
    record('created', stored.id);
    return { status: 201, body: stored, headers: { location: location(stored) } };
  }

  function update(type: string, id: string, body: string, organizationId: string): FhirAnswer {
    const existing = store.read(type, id);
    if (!existing) return { status: 404, body: operationOutcome('not-found', `${type}/${id} not found`) };
    if (!store.visibleTo(type, id, organizationId)) {
      return { status: 403, body: operationOutcome('forbidden', FORBIDDEN_TEXT) };
    }
    const { resource: parsed, refused } = parseResource(body, type);
    if (refused) return refused;
    if (parsed.id !== id) {
      return {
        status: 400,
        body: operationOutcome('invalid', `The body's id must be ${id}`, [`${type}.id`]),
      };
    }
    return replace(existing, parsed, organizationId);
  }

  /** PATCH /{type}/{id} with a JSON Patch, checked as the full resource it makes. */
  function patch(type: string, id: string, body: string, organizationId: string): FhirAnswer {
    const existing = store.read(type, id);
    if (!existing) return { status: 404, body: operationOutcome('not-found', `${type}/${id} not found`) };
    if (!store.visibleTo(type, id, organizationId)) {
      return { status: 403, body: operationOutcome('forbidden', FORBIDDEN_TEXT) };
    }
    const patched = applyPatch(existing, body);
    if (typeof patched === 'string') return { status: 400, body: operationOutcome('invalid', patched) };
    return replace(existing, patched, organizationId);
  }

  /** Stores `next` as the new version of `existing`, once it passes the checks. */
  function replace(existing: FhirResource, next: FhirResource, organizationId: string): FhirAnswer {
    const type = existing.resourceType;
    const duplicate = checks.findDuplicate(next, organizationId, existing.id);
    if (duplicate) {
      return {
        status: 400,
        body: outcomeOf([
          duplicateIssue(type, duplicate.identifier, duplicate.id, `${type}.identifier[${duplicate.index}]`),
        ]),
      };
    }
    const issues = checks.validate(next, organizationId, type);
    if (issues.length) return refusal(issues);
    const stored = checks.stamp(next, existing.id!, Number(existing.meta?.versionId ?? '1') + 1);
    store.put(stored, store.ownerOf(type, existing.id!) ?? organizationId);
    return { status: 200, body: stored, headers: { location: location(stored) } };
  }

  function read(type: string, id: string, organizationId: string): FhirAnswer {
    const resource = store.read(type, id);
    if (!resource) return { status: 404, body: operationOutcome('not-found', `${type}/${id} not found`) };
    if (!store.visibleTo(type, id, organizationId)) {
      return { status: 403, body: operationOutcome('forbidden', FORBIDDEN_TEXT) };
    }
    return { status: 200, body: resource };
  }

  return { create, update, patch, read };
}
