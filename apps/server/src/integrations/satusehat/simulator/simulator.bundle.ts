import { randomUUID } from 'node:crypto';
import type { Bundle, BundleEntry, FhirResource, OperationOutcomeIssue } from 'fhir/r4';
import { FHIR_PATH } from '../satusehat.constants.ts';
import { identifiersOf } from './fhir-store.ts';
import { duplicateIssue, issue, operationOutcome } from './operation-outcome.ts';
import {
  type FhirAnswer,
  parseResource,
  type ResourceDeps,
  refusal,
  resourceChecks,
  WRITABLE_TYPES,
} from './simulator.resources.ts';
import { structuralIssues } from './simulator.validation.ts';

/**
 * POST / with a transaction Bundle: every entry checked before anything is written (all or
 * nothing), `urn:uuid:` full URLs given the platform's ids, references between entries rewritten
 * to `Type/id`, and a transaction-response Bundle with each entry's status and location.
 */

interface Planned {
  index: number;
  method: 'POST' | 'PUT';
  resource: FhirResource;
  id: string;
  version: number;
  identifier?: string;
}

export function transactionDesk(deps: ResourceDeps) {
  const { store, received, baseUrl } = deps;
  const checks = resourceChecks(deps);

  return function transaction(body: string, organizationId: string): FhirAnswer {
    const { resource, refused } = parseResource(body, 'Bundle');
    if (refused) return refused;
    const bundle = resource as Bundle;
    if (bundle.type !== 'transaction') {
      return {
        status: 400,
        body: operationOutcome('not-supported', 'Only transaction bundles are accepted here', [
          'Bundle.type',
        ]),
      };
    }
    const structural = structuralIssues(bundle);
    if (structural.length) return refusal(structural);

    const entries = bundle.entry ?? [];
    const issues: OperationOutcomeIssue[] = [];
    /** fullUrl → `Type/id` the entry will have */
    const pending = new Map<string, string>();
    const planned: Planned[] = [];
    entries.forEach((entry, index) => {
      const plan = planEntry(entry, index, organizationId, issues);
      if (!plan) return;
      planned.push(plan);
      if (entry.fullUrl) pending.set(entry.fullUrl, `${plan.resource.resourceType}/${plan.id}`);
    });

    const seen = new Map<string, number>();
    const duplicates = new Map<number, string>();
    for (const plan of planned) {
      const at = `Bundle.entry[${plan.index}].resource`;
      if (plan.method === 'POST') {
        const duplicate = checks.findDuplicate(plan.resource, organizationId);
        if (duplicate) {
          duplicates.set(plan.index, duplicate.id);
          const path = `${at}.identifier[${duplicate.index}]`;
          issues.push(duplicateIssue(plan.resource.resourceType, duplicate.identifier, duplicate.id, path));
          continue;
        }
        if (plan.identifier) {
          const key = `${plan.resource.resourceType} ${plan.identifier}`;
          const earlier = seen.get(key);
          if (earlier !== undefined) {
            issues.push(issue('duplicate', `The identifier is also in entry ${earlier}`, `${at}.identifier`));
          }
          seen.set(key, plan.index);
        }
      }
      issues.push(...checks.validate(plan.resource, organizationId, at, pending));
    }

    if (issues.length) {
      for (const plan of planned.filter((p) => p.method === 'POST')) {
        const existing = duplicates.get(plan.index);
        record(plan, existing ? 'duplicate' : 'refused', existing);
      }
      return refusal(issues);
    }

    const response: BundleEntry[] = planned.map((plan) => {
      const resolved = resolveReferences(plan.resource, pending) as FhirResource;
      const stored = checks.stamp(resolved, plan.id, plan.version);
      const owner = plan.method === 'PUT' ? store.ownerOf(stored.resourceType, plan.id) : undefined;
      store.put(stored, owner ?? organizationId);
      if (plan.method === 'POST') record(plan, 'created', plan.id);
      const path = `${stored.resourceType}/${stored.id}`;
      return {
        fullUrl: `${baseUrl()}${FHIR_PATH}/${path}`,
        response: {
          status: plan.method === 'POST' ? '201 Created' : '200 OK',
          location: `${path}/_history/${plan.version}`,
          etag: `W/"${plan.version}"`,
          lastModified: stored.meta?.lastUpdated,
        },
      };
    });
    const answer: Bundle = {
      resourceType: 'Bundle',
      id: randomUUID(),
      type: 'transaction-response',
      entry: response,
    };
    return { status: 200, body: answer };

    function record(plan: Planned, outcome: 'created' | 'duplicate' | 'refused', id?: string): void {
      received.record({
        resourceType: plan.resource.resourceType,
        identifier: plan.identifier,
        outcome,
        id,
        organizationId,
        inBundle: true,
      });
    }
  };

  /** The entry's method, target and id to be; issues for what cannot be planned. */
  function planEntry(
    entry: BundleEntry,
    index: number,
    organizationId: string,
    issues: OperationOutcomeIssue[],
  ): Planned | undefined {
    const at = `Bundle.entry[${index}]`;
    const resource = entry.resource as FhirResource | undefined;
    const method = entry.request?.method;
    const [type, id, ...rest] = (entry.request?.url ?? '').split('/');
    if (!resource) {
      issues.push(issue('required', 'Every entry needs a resource', `${at}.resource`));
      return undefined;
    }
    if ((method !== 'POST' && method !== 'PUT') || rest.length || (method === 'PUT') !== Boolean(id)) {
      issues.push(issue('not-supported', 'Entries are POST {type} or PUT {type}/{id}', `${at}.request`));
      return undefined;
    }
    if (!WRITABLE_TYPES.has(type) || resource.resourceType !== type) {
      issues.push(
        issue('invalid', `request.url ${type} does not fit ${resource.resourceType}`, `${at}.request.url`),
      );
      return undefined;
    }
    if (method === 'POST' && entry.fullUrl && !entry.fullUrl.startsWith('urn:uuid:')) {
      issues.push(issue('value', 'fullUrl of a new entry must be urn:uuid:…', `${at}.fullUrl`));
      return undefined;
    }
    const first = identifiersOf(resource)[0];
    const identifier = first?.system && first.value ? `${first.system}|${first.value}` : undefined;
    if (method === 'POST') return { index, method, resource, id: randomUUID(), version: 1, identifier };
    const existing = store.read(type, id);
    if (!existing) {
      issues.push(issue('not-found', `${type}/${id} not found`, `${at}.request.url`));
      return undefined;
    }
    if (!store.visibleTo(type, id, organizationId)) {
      issues.push(
        issue('forbidden', 'resource cannot be accessed due to business rule', `${at}.request.url`),
      );
      return undefined;
    }
    const version = Number(existing.meta?.versionId ?? '1') + 1;
    return { index, method, resource: { ...resource, id } as FhirResource, id, version, identifier };
  }
}

/** A copy of `value` with every `reference` to a bundle entry's fullUrl replaced by `Type/id`. */
function resolveReferences(value: unknown, pending: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveReferences(item, pending));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === 'reference' && typeof child === 'string' && pending.has(child)
        ? pending.get(child)
        : resolveReferences(child, pending),
    ]),
  );
}
