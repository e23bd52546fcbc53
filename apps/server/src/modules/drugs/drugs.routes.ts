import { createDrug, listDrugs, updateDrug } from '@klinikita/domain/drugs/drugs.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as drugs from './drugs.service.ts';

/** The corporate's drug master (`/Setting/Pharmacy/drug`), read where drugs are prescribed. */
export async function drugsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listDrugs, (req) => drugs.listDrugs(db, requireSession(req), req.query));
  route(app, createDrug, (req) => drugs.createDrug(db, requireSession(req), req.body, req.ip));
  route(app, updateDrug, (req) =>
    drugs.updateDrug(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
}
