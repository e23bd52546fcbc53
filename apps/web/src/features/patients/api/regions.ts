import type { RegionCodes, RegionLevel, RegionLookupQuery } from '@klinikita/domain/regions/region.schema';
import {
  listDistricts,
  listProvinces,
  listRegencies,
  listVillages,
  lookupRegion,
} from '@klinikita/domain/regions/regions.contract';
import { useQuery } from '@tanstack/react-query';
import { contractKey, fetchData, useContractQuery } from '../../../shared/api/contract-client.ts';

// the areas change only with a new release of the server's region data
const STATIC_DATA = { staleTime: Number.POSITIVE_INFINITY, gcTime: 60 * 60 * 1000 } as const;

export const useProvinces = () => useContractQuery(listProvinces, {}, STATIC_DATA);

/** The list call of each level below the provinces, with its parent parameter. */
const childList = (level: Exclude<RegionLevel, 'province'>, code: string) => {
  if (level === 'regency') {
    const input = { query: { provinceCode: code } };
    return { queryKey: contractKey(listRegencies, input), queryFn: () => fetchData(listRegencies, input) };
  }
  if (level === 'district') {
    const input = { query: { regencyCode: code } };
    return { queryKey: contractKey(listDistricts, input), queryFn: () => fetchData(listDistricts, input) };
  }
  const input = { query: { districtCode: code } };
  return { queryKey: contractKey(listVillages, input), queryFn: () => fetchData(listVillages, input) };
};

/** The areas of `level` inside `parentCode`; idle until a parent is chosen. */
export const useChildRegions = (level: Exclude<RegionLevel, 'province'>, parentCode: string) =>
  useQuery({ ...childList(level, parentCode), enabled: parentCode !== '', ...STATIC_DATA });

/** The deepest code an address names, as the lookup's query. */
function deepestCode(codes: RegionCodes): RegionLookupQuery | null {
  if (codes.villageCode) return { village: codes.villageCode };
  if (codes.districtCode) return { district: codes.districtCode };
  if (codes.cityCode) return { regency: codes.cityCode };
  if (codes.provinceCode) return { province: codes.provinceCode };
  return null;
}

/** The names of an address's region, from its deepest code; idle when it names none. */
export function useRegionLookup(codes: RegionCodes) {
  const query = deepestCode(codes);
  return useContractQuery(lookupRegion, { query: query ?? {} }, { enabled: query !== null, ...STATIC_DATA });
}
