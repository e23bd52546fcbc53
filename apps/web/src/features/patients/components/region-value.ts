import { REGION_FIELDS, REGION_LEVELS, type RegionLevel } from '@klinikita/domain/regions/region.schema';

export type RegionField = (typeof REGION_FIELDS)[RegionLevel];

/** The four region codes of an address, '' where none is chosen. */
export type RegionValue = Record<RegionField, string>;

export const emptyRegion = (): RegionValue => ({
  provinceCode: '',
  cityCode: '',
  districtCode: '',
  villageCode: '',
});

/** Chooses `code` at `level`; every level below is cleared, since it belonged to the old choice. */
export function chooseRegion(value: RegionValue, level: RegionLevel, code: string): RegionValue {
  const next = { ...value, [REGION_FIELDS[level]]: code };
  for (const below of REGION_LEVELS.slice(REGION_LEVELS.indexOf(level) + 1)) next[REGION_FIELDS[below]] = '';
  return next;
}

export const REGION_FIELD_NAMES: readonly string[] = Object.values(REGION_FIELDS);
