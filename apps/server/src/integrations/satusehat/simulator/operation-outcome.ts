import type { OperationOutcome } from 'fhir/r4';

/** A FHIR error answer with one issue, as the platform writes them. */
export function operationOutcome(code: string, text: string, expression?: string[]): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: code as 'invalid',
        details: { text },
        ...(expression ? { expression } : {}),
      },
    ],
  };
}
