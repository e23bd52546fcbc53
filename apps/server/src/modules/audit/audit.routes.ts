import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

// TODO(helper): routes of this module are built in this session
export async function auditRoutes(_app: FastifyInstance, _opts: { db: Db }) {}
