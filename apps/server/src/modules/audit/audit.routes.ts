import { listAuditLogs } from '@klinikita/domain/audit/audit.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import { listAudit } from './audit.service.ts';

/** The audit log: who read or wrote what, when and from where (Super Admin). */
export async function auditRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, listAuditLogs, (req) => listAudit(opts.db, requireSession(req), req.query));
}
