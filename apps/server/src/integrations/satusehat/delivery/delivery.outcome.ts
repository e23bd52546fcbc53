import type { SatusehatPlatformId } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import type { Bundle, OperationOutcome, OperationOutcomeIssue } from 'fhir/r4';

/**
 * How the platform's answer to one transaction Bundle becomes a delivery's state (issue 19 §4),
 * without I/O: the ids it gave, a `duplicate` read as "already there", a refusal's words, and
 * when to try again after an outage.
 */

export interface Backoff {
  /** The wait after the first failed attempt */
  baseMs: number;
  /** However long the outage, the wait never grows beyond this (the queue drains soon after it ends) */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 3_600_000 };

/**
 * The wait before the next attempt after `attempts` failed ones: exponential with ±20 % jitter
 * (instances and rows do not all come back at once), capped, and never shorter than the
 * platform's `Retry-After`.
 */
export function retryDelayMs(
  attempts: number,
  backoff: Backoff,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const plain = Math.min(backoff.maxMs, backoff.baseMs * 2 ** exponent);
  const jittered = Math.round(Math.min(backoff.maxMs, plain * (0.8 + random() * 0.4)));
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** `Encounter/abc/_history/1` (or a full URL ending so) → type and id. */
export function parseLocation(location: string | undefined): { resourceType: string; id: string } | null {
  const match = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(
    location ?? '',
  );
  return match ? { resourceType: match[1], id: match[2] } : null;
}

const localOf = (request: Bundle, index: number, locals: Record<string, string>, type: string) =>
  locals[request.entry?.[index]?.fullUrl ?? ''] ?? type;

/** The ids the platform gave, from a transaction-response (its entries answer the request's, in order). */
export function acceptedIds(
  request: Bundle,
  response: unknown,
  locals: Record<string, string>,
): SatusehatPlatformId[] {
  const entries = (response as Bundle | undefined)?.entry ?? [];
  const ids: SatusehatPlatformId[] = [];
  entries.forEach((entry, index) => {
    const at = parseLocation(entry.response?.location) ?? parseLocation(entry.fullUrl);
    if (at) ids.push({ ...at, local: localOf(request, index, locals, at.resourceType) });
  });
  return ids;
}

/**
 * The resource a `duplicate` issue names as already holding the identifier: its diagnostics end
 * with `Type/{id}` (`Encounter with identifier … already exists: Encounter/{id}`).
 */
export function duplicateTarget(issue: OperationOutcomeIssue): { resourceType: string; id: string } | null {
  if (issue.code !== 'duplicate') return null;
  const match = /\b([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/.exec(issue.diagnostics?.trim() ?? '');
  return match ? { resourceType: match[1], id: match[2] } : null;
}

const entryIndexOf = (issue: OperationOutcomeIssue) => {
  const match = /^Bundle\.entry\[(\d+)\]/.exec(issue.expression?.[0] ?? '');
  return match ? Number(match[1]) : null;
};

const isError = (issue: OperationOutcomeIssue) => issue.severity === 'error' || issue.severity === 'fatal';

/**
 * A refusal that only says "it is there already" (every error issue a `duplicate` naming the
 * resource that holds it): the earlier send got through, its answer was lost. The ids of the
 * resources named, mapped to what they are here; null for a real refusal.
 */
export function alreadyThere(
  request: Bundle,
  outcome: OperationOutcome | undefined,
  locals: Record<string, string>,
): SatusehatPlatformId[] | null {
  const errors = outcome?.issue?.filter(isError) ?? [];
  if (!errors.length) return null;
  const ids: SatusehatPlatformId[] = [];
  for (const issue of errors) {
    const target = duplicateTarget(issue);
    if (!target) return null;
    const index =
      entryIndexOf(issue) ??
      (request.entry ?? []).findIndex((e) => e.resource?.resourceType === target.resourceType);
    ids.push({ ...target, local: localOf(request, index, locals, target.resourceType) });
  }
  return ids;
}

/** What the sync screen shows of a refusal: the first error's code and the field it names. */
export function refusalDetail(outcome: OperationOutcome | undefined): {
  issueCode: string | null;
  expression: string | null;
} {
  const first = outcome?.issue?.find(isError) ?? outcome?.issue?.[0];
  return { issueCode: first?.code ?? null, expression: first?.expression?.[0] ?? null };
}
