import type { SatusehatDeliveryState } from './satusehat-sync.schema.ts';

/**
 * The OperationOutcome issue codes (FHIR issue types, and the platform's own `format`) that have
 * a plain explanation in `satusehatSync.issues.<code>`; the platform's own text is shown beneath.
 */
export const SATUSEHAT_KNOWN_ISSUES = [
  'required',
  'value',
  'invalid',
  'structure',
  'format',
  'code-invalid',
  'not-found',
  'duplicate',
  'business-rule',
  'forbidden',
  'security',
  'processing',
  'conflict',
  'not-supported',
  'too-costly',
  'throttled',
  'exception',
  'timeout',
] as const;
export type SatusehatKnownIssue = (typeof SATUSEHAT_KNOWN_ISSUES)[number];

/** The i18n key of an issue code's explanation (`satusehatSync.issues.code-invalid`), or null when unknown. */
export function issueKey(code: string | null | undefined): string | null {
  return code && (SATUSEHAT_KNOWN_ISSUES as readonly string[]).includes(code)
    ? `satusehatSync.issues.${code}`
    : null;
}

/** Worst first: a visit's badge shows the worst state among its deliveries. */
const SEVERITY: readonly SatusehatDeliveryState[] = ['refused', 'blocked', 'waiting', 'accepted'];

export function worstState(states: readonly SatusehatDeliveryState[]): SatusehatDeliveryState | null {
  return SEVERITY.find((s) => states.includes(s)) ?? null;
}
