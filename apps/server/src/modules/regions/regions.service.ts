import {
  REGION_FIELDS,
  REGION_LEVELS,
  type Region,
  type RegionCodes,
  type RegionLevel,
  type RegionLookup,
  type RegionLookupQuery,
} from '@klinikita/domain/regions/region.schema';
import { type Area, provincesKey, regionIndex } from '../../db/data/regions.ts';
import { AppError } from '../../shared/errors.ts';

const toRegion = (area: Area): Region => ({ code: area.code, name: area.name });

/** The areas inside `parentCode` (the provinces for null), sorted by name; none for an unknown parent. */
export async function listRegions(parentCode: string | null): Promise<Region[]> {
  const { children } = await regionIndex();
  return (children.get(parentCode ?? provincesKey) ?? []).map(toRegion);
}

/** The code asked, with the names of it and its parents; 404 when the code is not known at its level. */
export async function lookupRegion(query: RegionLookupQuery): Promise<RegionLookup> {
  const { byCode } = await regionIndex();
  const level = REGION_LEVELS.find((l) => query[l] !== undefined);
  const area = level ? byCode.get(query[level]!) : undefined;
  if (!area || area.level !== level) throw new AppError(404, 'regions.notFound');
  const chain: Partial<Record<RegionLevel, Region>> = {};
  for (let a: Area | undefined = area; a; a = a.parentCode ? byCode.get(a.parentCode) : undefined) {
    chain[a.level] = toRegion(a);
  }
  return {
    province: chain.province!,
    regency: chain.regency ?? null,
    district: chain.district ?? null,
    village: chain.village ?? null,
  };
}

/** The first fault of an address's region codes, on the field that has it, or null when it holds. */
export interface RegionIssue {
  path: (typeof REGION_FIELDS)[RegionLevel];
  /** an i18n key, e.g. 'regions.villageOutside' */
  message: string;
}

/**
 * Checks that the codes name a chain of known areas, each inside the one above (village in
 * district in regency/city in province). Codes may stop at any level, as an address may name only
 * its province and city; a level left empty under a filled one is a fault of the empty field.
 */
export async function findRegionIssue(codes: RegionCodes): Promise<RegionIssue | null> {
  const { byCode } = await regionIndex();
  let parent: Area | null = null;
  let gap: RegionLevel | null = null;
  for (const level of REGION_LEVELS) {
    const path = REGION_FIELDS[level];
    const code = codes[path]?.trim() ?? '';
    if (!code) {
      gap ??= level;
      continue;
    }
    if (gap) return { path: REGION_FIELDS[gap], message: `regions.${gap}Required` };
    const area = byCode.get(code);
    if (!area || area.level !== level) return { path, message: `regions.${level}Unknown` };
    if (parent && area.parentCode !== parent.code) return { path, message: `regions.${level}Outside` };
    parent = area;
  }
  return null;
}

/** Whether the codes are consistent (see findRegionIssue); empty codes are. */
export async function isKnownRegion(codes: RegionCodes): Promise<boolean> {
  return (await findRegionIssue(codes)) === null;
}
