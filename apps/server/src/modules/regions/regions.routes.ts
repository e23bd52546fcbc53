import {
  listDistricts,
  listProvinces,
  listRegencies,
  listVillages,
  lookupRegion,
} from '@klinikita/domain/regions/regions.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../shared/route.ts';
import * as regions from './regions.service.ts';

/** Indonesia's administrative areas (idn-area-data) for address pickers, each list sorted by name. */
export async function regionsRoutes(app: FastifyInstance) {
  route(app, listProvinces, () => regions.listRegions(null));
  route(app, listRegencies, (req) => regions.listRegions(req.query.provinceCode));
  route(app, listDistricts, (req) => regions.listRegions(req.query.regencyCode));
  route(app, listVillages, (req) => regions.listRegions(req.query.districtCode));
  route(app, lookupRegion, (req) => regions.lookupRegion(req.query));
}
