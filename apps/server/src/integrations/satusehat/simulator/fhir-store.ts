import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { FhirResource, Identifier } from 'fhir/r4';

/** Who may see a stored resource: an organization's own data, or everyone's (seeded identities). */
export type Owner = string | 'public';

interface Stored {
  resource: FhirResource;
  owner: Owner;
}

/**
 * The simulator's resources, per type and id, each with the organization that wrote it (the
 * platform answers 403 when another organization's token reaches for it).
 */
export class FhirStore {
  private readonly byType = new Map<string, Map<string, Stored>>();
  /** `type|system|value` → the ids carrying that identifier (a duplicate check per create stays cheap at 100,000 resources) */
  private readonly byIdentifier = new Map<string, Set<string>>();
  private readonly seed: { resource: FhirResource; owner: Owner }[];

  /**
   * `journal`: a file every write is appended to and read back from at start, so the demo's
   * simulator keeps what it was sent across restarts of the server (the platform does not forget
   * an Encounter, and a later dispense references it). Tests and the bench keep it in memory.
   */
  constructor(
    seed: readonly { resource: FhirResource; owner: Owner }[],
    private readonly journal?: string,
  ) {
    this.seed = [...seed];
    this.loadSeed();
    if (journal && existsSync(journal)) {
      for (const line of readFileSync(journal, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const { resource, owner } = JSON.parse(line) as Stored;
          this.store(resource, owner);
        } catch {
          // a line cut short by a crash: the writes before it stand
        }
      }
    }
  }

  /** Resources that belong to the platform from now on: stored, and kept by a reset. */
  addSeed(entries: readonly { resource: FhirResource; owner: Owner }[]): void {
    for (const entry of entries) {
      this.seed.push(entry);
      this.store(structuredClone(entry.resource), entry.owner);
    }
  }

  /** Back to the seed alone (tests); the journal is emptied too. */
  reset(): void {
    this.loadSeed();
    if (this.journal && existsSync(this.journal)) writeFileSync(this.journal, '');
  }

  private loadSeed(): void {
    this.byType.clear();
    this.byIdentifier.clear();
    for (const { resource, owner } of this.seed) this.store(structuredClone(resource), owner);
  }

  /** A write of the platform's users (kept in the journal, when there is one). */
  put(resource: FhirResource, owner: Owner): void {
    this.store(resource, owner);
    if (this.journal) appendFileSync(this.journal, `${JSON.stringify({ resource, owner })}\n`);
  }

  private store(resource: FhirResource, owner: Owner): void {
    if (!resource.id) throw new Error('a stored resource needs an id');
    let table = this.byType.get(resource.resourceType);
    if (!table) {
      table = new Map();
      this.byType.set(resource.resourceType, table);
    }
    const before = table.get(resource.id);
    if (before) this.index(before.resource, false);
    table.set(resource.id, { resource, owner });
    this.index(resource, true);
  }

  private index(resource: FhirResource, add: boolean): void {
    for (const { system, value } of identifiersOf(resource)) {
      if (!system || !value) continue;
      const key = `${resource.resourceType}|${system}|${value}`;
      let ids = this.byIdentifier.get(key);
      if (!ids) {
        if (!add) continue;
        ids = new Set();
        this.byIdentifier.set(key, ids);
      }
      if (add) ids.add(resource.id!);
      else ids.delete(resource.id!);
    }
  }

  read(type: string, id: string): FhirResource | undefined {
    return this.byType.get(type)?.get(id)?.resource;
  }

  ownerOf(type: string, id: string): Owner | undefined {
    return this.byType.get(type)?.get(id)?.owner;
  }

  /** Whether `organizationId` may see `type/id` (true when it does not exist: that is a 404). */
  visibleTo(type: string, id: string, organizationId: string): boolean {
    const owner = this.ownerOf(type, id);
    return owner === undefined || owner === 'public' || owner === organizationId;
  }

  all(type: string): FhirResource[] {
    return [...(this.byType.get(type)?.values() ?? [])].map((s) => s.resource);
  }

  /** Resources of `type` carrying the identifier `system|value` (both parts must match). */
  searchByIdentifier(type: string, system: string, value: string): FhirResource[] {
    const ids = this.byIdentifier.get(`${type}|${system}|${value}`);
    if (!ids) return [];
    // an entry left by a resource changed in place is checked against what it carries now
    return [...ids]
      .map((id) => this.read(type, id))
      .filter(
        (r): r is FhirResource =>
          r !== undefined && identifiersOf(r).some((i) => i.system === system && i.value === value),
      );
  }
}

export function identifiersOf(resource: FhirResource): Identifier[] {
  const identifier = (resource as { identifier?: Identifier | Identifier[] }).identifier;
  if (!identifier) return [];
  return Array.isArray(identifier) ? identifier : [identifier];
}
