import {
  districtsQuerySchema,
  regenciesQuerySchema,
  regionLookupQuerySchema,
  regionLookupSchema,
  regionSchema,
  villagesQuerySchema,
} from '@klinikita/domain/regions/region.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, standardErrors } from '../../shared/http.ts';
import { listRegions, lookupRegion } from './regions.service.ts';

// any signed-in screen may name an address: patients, staff, partner companies
const access = { session: true } as const;
const listResponse = { 200: ok(z.array(regionSchema)), ...standardErrors };

/** Indonesia's administrative areas (idn-area-data) for address pickers, each list sorted by name. */
export async function regionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/regions/provinces',
    {
      config: { access },
      schema: { tags: ['regions'], summary: 'The provinces', response: listResponse },
    },
    async (request) => ({ status: true, message: request.t('api.ok'), data: await listRegions(null) }),
  );

  r.get(
    '/regions/regencies',
    {
      config: { access },
      schema: {
        tags: ['regions'],
        summary: 'The regencies and cities of a province (none for an unknown province)',
        querystring: regenciesQuerySchema,
        response: listResponse,
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listRegions(request.query.provinceCode),
    }),
  );

  r.get(
    '/regions/districts',
    {
      config: { access },
      schema: {
        tags: ['regions'],
        summary: 'The districts (kecamatan) of a regency or city',
        querystring: districtsQuerySchema,
        response: listResponse,
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listRegions(request.query.regencyCode),
    }),
  );

  r.get(
    '/regions/villages',
    {
      config: { access },
      schema: {
        tags: ['regions'],
        summary: 'The villages (kelurahan/desa) of a district',
        querystring: villagesQuerySchema,
        response: listResponse,
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listRegions(request.query.districtCode),
    }),
  );

  r.get(
    '/regions/lookup',
    {
      config: { access },
      schema: {
        tags: ['regions'],
        summary: 'One code (province, regency, district or village) with the names of it and its parents',
        querystring: regionLookupQuerySchema,
        response: { 200: ok(regionLookupSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await lookupRegion(request.query),
    }),
  );
}
