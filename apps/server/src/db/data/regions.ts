import type { RegionLevel } from '@klinikita/domain/regions/region.schema';
import { getDistricts, getProvinces, getRegencies, getVillages } from 'idn-area-data';

/** One administrative area of the `idn-area-data` package. */
export interface Area {
  level: RegionLevel;
  code: string;
  name: string;
  /** null for a province */
  parentCode: string | null;
}

export interface RegionIndex {
  byCode: ReadonlyMap<string, Area>;
  /** The areas inside a parent code, sorted by name; the key '' holds the provinces. */
  children: ReadonlyMap<string, readonly Area[]>;
}

const PROVINCES_KEY = '';
const collator = new Intl.Collator('id', { sensitivity: 'base', numeric: true });

async function buildIndex(): Promise<RegionIndex> {
  // the package parses its CSV files on each call: read once, keep only the index
  const [provinces, regencies, districts, villages] = await Promise.all([
    getProvinces(),
    getRegencies(),
    getDistricts(),
    getVillages(),
  ]);
  const byCode = new Map<string, Area>();
  const children = new Map<string, Area[]>();
  const add = (level: RegionLevel, code: string, name: string, parentCode: string | null) => {
    const area: Area = { level, code, name, parentCode };
    byCode.set(code, area);
    const key = parentCode ?? PROVINCES_KEY;
    const siblings = children.get(key);
    if (siblings) siblings.push(area);
    else children.set(key, [area]);
  };
  for (const p of provinces) add('province', p.code, p.name, null);
  for (const r of regencies) add('regency', r.code, r.name, r.province_code);
  for (const d of districts) add('district', d.code, d.name, d.regency_code);
  for (const v of villages) add('village', v.code, v.name, v.district_code);
  for (const list of children.values()) list.sort((a, b) => collator.compare(a.name, b.name));
  return { byCode, children };
}

let loading: Promise<RegionIndex> | null = null;

/** The areas, read from the package on first use and kept in memory (about 90 000 entries). */
export function regionIndex(): Promise<RegionIndex> {
  loading ??= buildIndex().catch((error: unknown) => {
    // a failed read is tried again by the next caller
    loading = null;
    throw error;
  });
  return loading;
}

export const provincesKey = PROVINCES_KEY;
