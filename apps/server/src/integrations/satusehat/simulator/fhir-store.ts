import type { FhirResource } from 'fhir/r4';

/**
 * The simulator's resources, per type and id. Searching supports `identifier=system|value`,
 * the only search a clinic needs from the platform so far.
 */
export class FhirStore {
  private readonly byType = new Map<string, Map<string, FhirResource>>();

  constructor(private readonly seed: readonly FhirResource[]) {
    this.reset();
  }

  reset(): void {
    this.byType.clear();
    for (const resource of this.seed) this.put(structuredClone(resource));
  }

  put(resource: FhirResource): void {
    if (!resource.id) throw new Error('a stored resource needs an id');
    let table = this.byType.get(resource.resourceType);
    if (!table) {
      table = new Map();
      this.byType.set(resource.resourceType, table);
    }
    table.set(resource.id, resource);
  }

  read(type: string, id: string): FhirResource | undefined {
    return this.byType.get(type)?.get(id);
  }

  /** Resources of `type` carrying the identifier `system|value` (both parts must match). */
  searchByIdentifier(type: string, system: string, value: string): FhirResource[] {
    const table = this.byType.get(type);
    if (!table) return [];
    return [...table.values()].filter((resource) =>
      ('identifier' in resource && Array.isArray(resource.identifier) ? resource.identifier : []).some(
        (identifier) => identifier.system === system && identifier.value === value,
      ),
    );
  }
}
