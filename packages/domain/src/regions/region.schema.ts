import { z } from '../common/zod-config.ts';

/** The four levels of Indonesia's administrative areas, from the top. */
export const REGION_LEVELS = ['province', 'regency', 'district', 'village'] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];

/** Kemendagri codes, each extending its parent's: 31 · 31.71 · 31.71.01 · 31.71.01.1001. */
export const REGION_CODE_PATTERNS: Record<RegionLevel, RegExp> = {
  province: /^\d{2}$/,
  regency: /^\d{2}\.\d{2}$/,
  district: /^\d{2}\.\d{2}\.\d{2}$/,
  village: /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/,
};

const codeOf = (level: RegionLevel) =>
  z.string().trim().regex(REGION_CODE_PATTERNS[level], `regions.${level}CodeFormat`);

/** One area in a list: its code and its official name. */
export const regionSchema = z.object({ code: z.string(), name: z.string() });
export type Region = z.infer<typeof regionSchema>;

export const regenciesQuerySchema = z.object({ provinceCode: codeOf('province') });
export const districtsQuerySchema = z.object({ regencyCode: codeOf('regency') });
export const villagesQuerySchema = z.object({ districtCode: codeOf('district') });

/** Exactly one code to resolve, named by its level. */
export const regionLookupQuerySchema = z
  .object({
    province: codeOf('province').optional(),
    regency: codeOf('regency').optional(),
    district: codeOf('district').optional(),
    village: codeOf('village').optional(),
  })
  .refine((q) => REGION_LEVELS.filter((level) => q[level] !== undefined).length === 1, 'regions.lookupOne');
export type RegionLookupQuery = z.infer<typeof regionLookupQuerySchema>;

/** A code with the names of it and its parents; the levels below the code asked are null. */
export const regionLookupSchema = z.object({
  province: regionSchema,
  regency: regionSchema.nullable(),
  district: regionSchema.nullable(),
  village: regionSchema.nullable(),
});
export type RegionLookup = z.infer<typeof regionLookupSchema>;

/** The region fields of a patient (and of any address that names its area). */
export interface RegionCodes {
  provinceCode?: string | null;
  cityCode?: string | null;
  districtCode?: string | null;
  villageCode?: string | null;
}

/** The address field of each level, in order from the top. */
export const REGION_FIELDS = {
  province: 'provinceCode',
  regency: 'cityCode',
  district: 'districtCode',
  village: 'villageCode',
} as const satisfies Record<RegionLevel, keyof RegionCodes>;

/** The names from the village up, e.g. 'Gambir, Gambir, Kota Administrasi Jakarta Pusat, ...'. */
export const regionLine = (lookup: RegionLookup): string =>
  [lookup.village, lookup.district, lookup.regency, lookup.province]
    .filter((r): r is Region => r !== null)
    .map((r) => r.name)
    .join(', ');
