import {
  consumerStateSchema,
  parkedEventSchema,
  parkedIdParamsSchema,
  parkedQuerySchema,
} from '@klinikita/domain/outbox/outbox.schema';
import { pagedSchema } from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Outbox } from '../../events/outbox.ts';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import { listConsumers, listParked, replayParked } from './outbox.service.ts';

const TAGS = ['outbox'];

/** The domain events' consumers for the admin: parked events to replay and each consumer's state. */
export async function outboxRoutes(app: FastifyInstance, opts: { db: Db; outbox: Outbox }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, outbox } = opts;
  r.get(
    '/outbox/parked',
    {
      config: { access: { permission: 'event.manage' } },
      schema: {
        tags: TAGS,
        summary: 'Events a consumer gave up on after its retries, newest first',
        querystring: parkedQuerySchema,
        response: { 200: ok(pagedSchema(parkedEventSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listParked(db, requireSession(request), request.query),
    }),
  );
  r.post(
    '/outbox/parked/:id/replay',
    {
      config: { access: { permission: 'event.manage' } },
      schema: {
        tags: TAGS,
        summary: 'Runs a parked event through its consumer again',
        params: parkedIdParamsSchema,
        response: { 200: ok(z.object({ replayed: z.boolean() })), ...standardErrors, 409: errorResponse },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('outbox.replayed'),
      data: await replayParked(db, outbox, requireSession(request), request.params.id, request.ip),
    }),
  );
  r.get(
    '/outbox/consumers',
    {
      config: { access: { permission: 'event.manage' } },
      schema: {
        tags: TAGS,
        summary: 'Each event consumer: events still to handle, retry state, last error',
        response: { 200: ok(z.array(consumerStateSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listConsumers(db, outbox),
    }),
  );
}
