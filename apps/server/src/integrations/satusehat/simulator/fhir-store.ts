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

  constructor(private readonly seed: readonly { resource: FhirResource; owner: Owner }[]) {
    this.reset();
  }

  reset(): void {
    this.byType.clear();
    for (const { resource, owner } of this.seed) this.put(structuredClone(resource), owner);
  }

  put(resource: FhirResource, owner: Owner): void {
    if (!resource.id) throw new Error('a stored resource needs an id');
    let table = this.byType.get(resource.resourceType);
    if (!table) {
      table = new Map();
      this.byType.set(resource.resourceType, table);
    }
    table.set(resource.id, { resource, owner });
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
    return this.all(type).filter((resource) =>
      identifiersOf(resource).some(
        (identifier) => identifier.system === system && identifier.value === value,
      ),
    );
  }
}

export function identifiersOf(resource: FhirResource): Identifier[] {
  const identifier = (resource as { identifier?: Identifier | Identifier[] }).identifier;
  if (!identifier) return [];
  return Array.isArray(identifier) ? identifier : [identifier];
}
