export const FAULT_KINDS = [
  'rate-limit',
  'server-error',
  'gateway-timeout',
  'delay',
  'hang',
  'drop',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultTarget = 'token' | 'fhir' | 'any';

/**
 * The next `count` matching requests fail: 429 with `Retry-After`, a 500 OperationOutcome, a
 * plain-text 504, a delay before the normal answer, no answer at all until the client gives up
 * (`hang`), or a dropped connection. A fault matches by target, and optionally by method,
 * resource type (`Encounter`; the FHIR root of a transaction is `Bundle`) and path prefix
 * (`/Encounter`, relative to the FHIR base, or a full path such as `/oauth2/v1/accesstoken`).
 */
export interface FaultSpec {
  kind: FaultKind;
  count?: number;
  target?: FaultTarget;
  method?: string;
  resourceType?: string;
  path?: string;
  /** `Retry-After` header of a 429, seconds or an HTTP date; default '1'. */
  retryAfter?: string;
  delayMs?: number;
}

export interface PendingFault extends Required<Pick<FaultSpec, 'kind' | 'target'>> {
  remaining: number;
  retryAfter: string;
  delayMs: number;
  method?: string;
  resourceType?: string;
  path?: string;
}

/** What a fault is matched against. */
export interface FaultRequest {
  target: Exclude<FaultTarget, 'any'>;
  method: string;
  /** Full path, e.g. /fhir-r4/v1/Encounter/123 */
  path: string;
  /** Path under the FHIR base, e.g. /Encounter/123; empty for the token endpoint */
  fhirPath: string;
  resourceType?: string;
}

export function isFaultSpec(value: unknown): value is FaultSpec {
  const spec = value as FaultSpec;
  return Boolean(spec) && typeof spec === 'object' && FAULT_KINDS.includes(spec.kind);
}

function matches(fault: PendingFault, request: FaultRequest): boolean {
  if (fault.target !== 'any' && fault.target !== request.target) return false;
  if (fault.method && fault.method.toUpperCase() !== request.method) return false;
  if (fault.resourceType && fault.resourceType !== request.resourceType) return false;
  if (fault.path && !request.path.startsWith(fault.path) && !request.fhirPath.startsWith(fault.path)) {
    return false;
  }
  return true;
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
        method: spec.method,
        resourceType: spec.resourceType,
        path: spec.path,
      });
    },
    /** The fault a request meets, counted down; none when no fault matches. */
    take(request: FaultRequest): PendingFault | undefined {
      const index = faults.findIndex((f) => matches(f, request));
      if (index < 0) return undefined;
      const fault = faults[index];
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults.splice(index, 1);
      return fault;
    },
    pending(): readonly PendingFault[] {
      return faults.map((f) => ({ ...f }));
    },
    clear(): void {
      faults.length = 0;
    },
  };
}
