import type { OperationOutcome, OperationOutcomeIssue } from 'fhir/r4';

/** A FHIR error answer with one issue, as the platform writes them. */
export function operationOutcome(code: string, text: string, expression?: string[]): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [issue(code as IssueCode, text, expression?.join(', '))],
  };
}

/** FHIR's issue types, and the platform's own `format` (satusehat.md) for a value written wrong. */
type IssueCode = OperationOutcomeIssue['code'] | 'format';

/** One error issue: the code, the text, the same text with its path as diagnostics, and the path. */
export function issue(code: IssueCode, text: string, expression?: string): OperationOutcomeIssue {
  return {
    severity: 'error',
    code: code as OperationOutcomeIssue['code'],
    details: { text },
    diagnostics: expression ? `${text} (${expression})` : text,
    ...(expression ? { expression: expression.split(', ') } : {}),
  };
}

export function outcomeOf(issues: OperationOutcomeIssue[]): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: issues };
}

/**
 * The answer to a create whose local identifier is already known: the platform's `duplicate`
 * issue, naming the resource that holds it (`Encounter/{id}` at the end of the diagnostics, so
 * a client records the platform's id and counts the resend as delivered).
 */
export function duplicateIssue(
  type: string,
  identifier: string,
  existingId: string,
  expression: string,
): OperationOutcomeIssue {
  return {
    severity: 'error',
    code: 'duplicate',
    details: { text: `Duplicate ${type} data` },
    diagnostics: `${type} with identifier ${identifier} already exists: ${type}/${existingId}`,
    expression: [expression],
  };
}

/** The `Type/id` a duplicate answer names, for a client reading the platform's answer. */
export function duplicateOf(outcome: OperationOutcome): { type: string; id: string } | undefined {
  const found = outcome.issue.find((i) => i.code === 'duplicate');
  const match = /\b([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/.exec(found?.diagnostics ?? '');
  return match ? { type: match[1], id: match[2] } : undefined;
}
