import type { Region, RegionCodes, RegionLevel, RegionLookup } from '@klinikita/domain/regions/region.schema';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

const regionsKey = ['regions'] as const;
// the areas change only with a new release of the server's region data
const STATIC_DATA = { staleTime: Number.POSITIVE_INFINITY, gcTime: 60 * 60 * 1000 } as const;

/** The list endpoint and its parent parameter for each level below the provinces. */
const CHILD_LISTS = {
  regency: { path: 'regions/regencies', param: 'provinceCode' },
  district: { path: 'regions/districts', param: 'regencyCode' },
  village: { path: 'regions/villages', param: 'districtCode' },
} as const;

export const useProvinces = () =>
  useQuery({
    queryKey: [...regionsKey, 'province'],
    queryFn: async () => (await api<Region[]>('regions/provinces')).data ?? [],
    ...STATIC_DATA,
  });

/** The areas of `level` inside `parentCode`; idle until a parent is chosen. */
export function useChildRegions(level: Exclude<RegionLevel, 'province'>, parentCode: string) {
  const { path, param } = CHILD_LISTS[level];
  return useQuery({
    queryKey: [...regionsKey, level, parentCode],
    queryFn: async () => (await api<Region[]>(path, { query: { [param]: parentCode } })).data ?? [],
    enabled: parentCode !== '',
    ...STATIC_DATA,
  });
}

/** The deepest code an address names, as the lookup's query. */
function deepestCode(codes: RegionCodes): Record<string, string> | null {
  if (codes.villageCode) return { village: codes.villageCode };
  if (codes.districtCode) return { district: codes.districtCode };
  if (codes.cityCode) return { regency: codes.cityCode };
  if (codes.provinceCode) return { province: codes.provinceCode };
  return null;
}

/** The names of an address's region, from its deepest code; idle when it names none. */
export function useRegionLookup(codes: RegionCodes) {
  const query = deepestCode(codes);
  return useQuery({
    queryKey: [...regionsKey, 'lookup', query],
    queryFn: async () => (await api<RegionLookup>('regions/lookup', { query: query! })).data!,
    enabled: query !== null,
    ...STATIC_DATA,
  });
}
