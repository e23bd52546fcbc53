import { listClinicCodes, searchCodes, updateCode } from '@klinikita/domain/codes/codes.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as codes from './codes.service.ts';

/** ICD-10 diagnoses and ICD-9-CM procedures: search as the doctor types, clinic favourites and titles. */
export async function codesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, searchCodes, (req) => codes.listCodes(db, requireSession(req), req.params.system, req.query));
  route(app, listClinicCodes, (req) => codes.listClinicCodes(db, requireSession(req), req.query));
  route(app, updateCode, (req) =>
    codes.updateCode(db, requireSession(req), req.params.system, req.params.code, req.body, req.ip),
  );
}
