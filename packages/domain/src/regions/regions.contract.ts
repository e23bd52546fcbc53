import { endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  districtsQuerySchema,
  regenciesQuerySchema,
  regionLookupQuerySchema,
  regionLookupSchema,
  regionSchema,
  villagesQuerySchema,
} from './region.schema.ts';

/**
 * Indonesia's administrative areas (idn-area-data) for address pickers, each list sorted by name;
 * any signed-in screen may name an address: patients, staff, partner companies.
 */
const tags = ['regions'] as const;
const regionList = z.array(regionSchema);

export const listProvinces = endpoint({
  method: 'GET',
  path: '/regions/provinces',
  session: true,
  tags,
  summary: 'The provinces',
  response: regionList,
});

export const listRegencies = endpoint({
  method: 'GET',
  path: '/regions/regencies',
  session: true,
  tags,
  summary: 'The regencies and cities of a province (none for an unknown province)',
  query: regenciesQuerySchema,
  response: regionList,
});

export const listDistricts = endpoint({
  method: 'GET',
  path: '/regions/districts',
  session: true,
  tags,
  summary: 'The districts (kecamatan) of a regency or city',
  query: districtsQuerySchema,
  response: regionList,
});

export const listVillages = endpoint({
  method: 'GET',
  path: '/regions/villages',
  session: true,
  tags,
  summary: 'The villages (kelurahan/desa) of a district',
  query: villagesQuerySchema,
  response: regionList,
});

export const lookupRegion = endpoint({
  method: 'GET',
  path: '/regions/lookup',
  session: true,
  tags,
  summary: 'One code (province, regency, district or village) with the names of it and its parents',
  query: regionLookupQuerySchema,
  response: regionLookupSchema,
});
