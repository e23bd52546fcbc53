import { listBills } from '@klinikita/domain/billing/bill-list.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as bills from './bill-list.service.ts';

/** The invoices (`/Registration/invoice`): a page of the posted bills of the caller's clinics. */
export async function billListRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listBills, (req) => bills.listBills(db, requireSession(req), req.query));
}
