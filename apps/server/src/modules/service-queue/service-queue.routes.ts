import { getLabPreAss, listServiceQueue } from '@klinikita/domain/registrations/registrations.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import { labPreAss, listLab } from './service-queue.service.ts';

/** The service desks (lab, MCU, radiology, physio): their list of visits and a visit's pre-assessment. */
export async function serviceQueueRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  // the page's docs travel as the envelope's `data`, its paging beside it (the contract's pagingBeside)
  route(app, listServiceQueue, (req) => listLab(db, requireSession(req), req.query, req.ip));
  route(app, getLabPreAss, (req) => labPreAss(db, requireSession(req), req.params.id));
}
