import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

// TODO(helper): routes of this module are built in this session
export async function drugsRoutes(_app: FastifyInstance, _opts: { db: Db }) {}
