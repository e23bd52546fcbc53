import type { FhirResource, OperationOutcomeIssue } from 'fhir/r4';
import { identifiersOf } from './fhir-store.ts';
import { issue } from './operation-outcome.ts';
import { LOCAL_ID_PREFIX } from './simulator.codes.ts';
import { RELATIVE_REFERENCE, type RuleContext, typeRules } from './simulator.rules-types.ts';

/**
 * The platform's rules on top of the FHIR definitions (satusehat.md): every dateTime in UTC with
 * its offset, no date before 2014-06-03, references to what exists (or to an entry of the same
 * bundle), local identifiers of the sender's own organization, and the rules of each resource
 * type (simulator.rules-types.ts).
 */

export const EARLIEST_DATE = '2014-06-03';
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const DATE = /^\d{4}-\d{2}(-\d{2})?$/;
const UTC_OFFSETS = new Set(['Z', '+00:00', '-00:00']);
/** Dates that may lie before the platform's start: birth dates and the resource's own metadata. */
const DATE_EXEMPT = new Set(['birthDate', 'meta']);

/** The platform's complaints about `resource`; an empty list when it would be accepted. */
export function platformIssues(resource: FhirResource, context: RuleContext): OperationOutcomeIssue[] {
  const issues: OperationOutcomeIssue[] = [];
  walk(resource, context.at, '', (value, path, key) => {
    if (typeof value === 'string' && !DATE_EXEMPT.has(key)) checkDate(value, path, issues);
    if (key === 'reference' && typeof value === 'string') {
      checkReference(value, path.slice(0, -'.reference'.length), context, issues);
    }
  });
  checkLocalIdentifiers(resource, context, issues);
  issues.push(...typeRules(resource, context));
  return issues;
}

/** Visits every primitive under `value` with its FHIRPath-like path; skips `meta` subtrees. */
function walk(
  value: unknown,
  path: string,
  key: string,
  visit: (value: unknown, path: string, key: string) => void,
): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      walk(item, `${path}[${index}]`, key, visit);
    });
  } else if (value && typeof value === 'object') {
    if (key === 'meta') return;
    for (const [childKey, child] of Object.entries(value)) {
      // a contained or bundled resource is checked on its own
      if (childKey === 'contained') continue;
      walk(child, `${path}.${childKey}`, childKey, visit);
    }
  } else {
    visit(value, path, key);
  }
}

function checkDate(value: string, path: string, issues: OperationOutcomeIssue[]): void {
  const dateTime = DATE_TIME.exec(value);
  if (dateTime) {
    const offset = dateTime[4];
    if (!offset) {
      issues.push(issue('format', `Date-time ${value} has no UTC offset; write it as UTC with +00:00`, path));
      return;
    }
    if (!UTC_OFFSETS.has(offset)) {
      issues.push(issue('value', `Date-time ${value} is not in UTC; write it with +00:00`, path));
      return;
    }
    if (dateTime[1] < EARLIEST_DATE) {
      issues.push(issue('value', `Date ${value} is before ${EARLIEST_DATE}`, path));
    }
    return;
  }
  // a year-month compares by its month; bare years are left alone (too like other numbers)
  if (DATE.test(value) && value < EARLIEST_DATE.slice(0, value.length)) {
    issues.push(issue('value', `Date ${value} is before ${EARLIEST_DATE}`, path));
  }
}

function checkReference(
  reference: string,
  path: string,
  context: RuleContext,
  issues: OperationOutcomeIssue[],
): void {
  if (reference.startsWith('#')) return;
  if (!reference.startsWith('urn:uuid:') && !RELATIVE_REFERENCE.test(reference)) {
    issues.push(issue('value', `Reference ${reference} must be written as Type/id`, path));
    return;
  }
  const resolution = context.resolve(reference);
  if (resolution === 'missing') issues.push(issue('value', `Referenced ${reference} does not exist`, path));
  if (resolution === 'forbidden') {
    issues.push(issue('forbidden', 'resource cannot be accessed due to business rule', path));
  }
}

/** `http://sys-ids.kemkes.go.id/{kind}/{orgId}` identifiers must name the sender's organization. */
function checkLocalIdentifiers(
  resource: FhirResource,
  context: RuleContext,
  issues: OperationOutcomeIssue[],
): void {
  identifiersOf(resource).forEach((identifier, index) => {
    const system = identifier.system ?? '';
    if (!system.startsWith(LOCAL_ID_PREFIX)) return;
    const [kind, orgId] = system.slice(LOCAL_ID_PREFIX.length).split('/');
    const path = `${context.at}.identifier[${index}]`;
    if (!kind || !orgId) {
      issues.push(
        issue('value', `Identifier system ${system} must end with /{kind}/{organization id}`, path),
      );
    } else if (orgId !== context.organizationId) {
      issues.push(issue('forbidden', 'resource cannot be accessed due to business rule', path));
    } else if (!identifier.value) {
      issues.push(issue('required', 'Identifier value is required', path));
    }
  });
}
