export const FAULT_KINDS = ['rate-limit', 'server-error', 'gateway-timeout', 'delay', 'drop'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultTarget = 'token' | 'fhir' | 'any';

/**
 * The next `count` matching requests fail: 429 with `Retry-After`, a 500 OperationOutcome, a
 * plain-text 504, a delay before the normal answer, or a dropped connection.
 */
export interface FaultSpec {
  kind: FaultKind;
  count?: number;
  target?: FaultTarget;
  /** `Retry-After` header of a 429, seconds or an HTTP date; default '1'. */
  retryAfter?: string;
  delayMs?: number;
}

export interface PendingFault extends Required<Pick<FaultSpec, 'kind' | 'target'>> {
  remaining: number;
  retryAfter: string;
  delayMs: number;
}

/** The injected faults of the simulator, waiting for the requests they spoil (oldest first). */
export function faultQueue() {
  const faults: PendingFault[] = [];
  return {
    inject(spec: FaultSpec): void {
      faults.push({
        kind: spec.kind,
        target: spec.target ?? 'any',
        remaining: Math.max(1, spec.count ?? 1),
        retryAfter: spec.retryAfter ?? '1',
        delayMs: spec.delayMs ?? 200,
      });
    },
    /** The fault a request to `target` meets, counted down; none when no fault matches. */
    take(target: FaultTarget): PendingFault | undefined {
      const index = faults.findIndex((f) => f.target === 'any' || f.target === target);
      if (index < 0) return undefined;
      const fault = faults[index];
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults.splice(index, 1);
      return fault;
    },
    clear(): void {
      faults.length = 0;
    },
  };
}
