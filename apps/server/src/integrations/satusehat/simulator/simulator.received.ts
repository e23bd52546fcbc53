/**
 * What the simulator received to create, so that a test or the bench can prove that no visit
 * was created twice: every create (alone or in a transaction) with its outcome, and the counts
 * per local identifier.
 */

export type ReceivedOutcome = 'created' | 'duplicate' | 'refused';

export interface ReceivedCreate {
  at: string;
  resourceType: string;
  /** `system|value` of the first identifier, when the resource has one */
  identifier?: string;
  outcome: ReceivedOutcome;
  /** The platform's id: the new one, or the existing one of a duplicate */
  id?: string;
  organizationId: string;
  /** Whether it came inside a transaction bundle */
  inBundle: boolean;
}

export interface ReceivedCount {
  resourceType: string;
  identifier: string;
  created: number;
  duplicate: number;
  refused: number;
  id?: string;
}

export interface ReceivedLog {
  creates: ReceivedCreate[];
  /** One row per resource type and identifier, in order of first arrival */
  byIdentifier: ReceivedCount[];
}

export function receivedLog(now: () => number) {
  const creates: ReceivedCreate[] = [];
  return {
    record(entry: Omit<ReceivedCreate, 'at'>): void {
      creates.push({ at: new Date(now()).toISOString(), ...entry });
    },
    snapshot(): ReceivedLog {
      const counts = new Map<string, ReceivedCount>();
      for (const create of creates) {
        if (!create.identifier) continue;
        const key = `${create.resourceType} ${create.identifier}`;
        let count = counts.get(key);
        if (!count) {
          count = {
            resourceType: create.resourceType,
            identifier: create.identifier,
            created: 0,
            duplicate: 0,
            refused: 0,
          };
          counts.set(key, count);
        }
        count[create.outcome] += 1;
        if (create.id) count.id = create.id;
      }
      return { creates: creates.map((c) => ({ ...c })), byIdentifier: [...counts.values()] };
    },
    clear(): void {
      creates.length = 0;
    },
  };
}

export type ReceivedLogDesk = ReturnType<typeof receivedLog>;
