import type { Region } from '@klinikita/domain/regions/region.schema';
import type { mockApi } from '../../../test/render.tsx';

type Handlers = Parameters<typeof mockApi>[0];

const API = '/api/clinic/v1';

/** A small slice of the areas, by parent code ('' for the provinces). */
export const REGION_TREE: Record<string, Region[]> = {
  '': [
    { code: '31', name: 'DKI Jakarta' },
    { code: '32', name: 'Jawa Barat' },
  ],
  '31': [
    { code: '31.71', name: 'Kota Jakarta Pusat' },
    { code: '31.74', name: 'Kota Jakarta Selatan' },
  ],
  '32': [{ code: '32.73', name: 'Kota Bandung' }],
  '31.71': [
    { code: '31.71.01', name: 'Gambir' },
    { code: '31.71.06', name: 'Menteng' },
  ],
  '31.71.01': [
    { code: '31.71.01.1001', name: 'Gambir' },
    { code: '31.71.01.1002', name: 'Kebon Kelapa' },
  ],
  '31.71.06': [{ code: '31.71.06.1001', name: 'Menteng' }],
};

const nameOf = (code: string) =>
  Object.values(REGION_TREE)
    .flat()
    .find((r) => r.code === code);

const listed = (param: string) => (_: RequestInit | undefined, url: URL) => ({
  body: { status: true, message: 'OK', data: REGION_TREE[url.searchParams.get(param) ?? ''] ?? [] },
});

/** The region endpoints answered from REGION_TREE, for `mockApi`. */
export const regionHandlers = (): Handlers => ({
  [`${API}/regions/provinces`]: () => ({ body: { status: true, message: 'OK', data: REGION_TREE[''] } }),
  [`${API}/regions/regencies`]: listed('provinceCode'),
  [`${API}/regions/districts`]: listed('regencyCode'),
  [`${API}/regions/villages`]: listed('districtCode'),
  [`${API}/regions/lookup`]: (_, url) => {
    const code = ['village', 'district', 'regency', 'province']
      .map((level) => url.searchParams.get(level))
      .find(Boolean)!;
    const parts = code.split('.');
    const at = (n: number) => (parts.length >= n ? (nameOf(parts.slice(0, n).join('.')) ?? null) : null);
    return {
      body: {
        status: true,
        message: 'OK',
        data: { province: at(1), regency: at(2), district: at(3), village: at(4) },
      },
    };
  },
});
