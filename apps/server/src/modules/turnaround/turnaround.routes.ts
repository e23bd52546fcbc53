import { getTurnaround } from '@klinikita/domain/dashboard/turnaround.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as turnaround from './turnaround.service.ts';

/** The turnaround dashboard: aggregates of one clinic's days. */
export async function turnaroundRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getTurnaround, (req) => turnaround.getTurnaround(db, requireSession(req), req.query));
}
