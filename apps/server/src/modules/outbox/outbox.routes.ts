import {
  listEventConsumers,
  listParkedEvents,
  replayParkedEvent,
} from '@klinikita/domain/outbox/outbox.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Outbox } from '../../events/outbox.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import { listConsumers, listParked, replayParked } from './outbox.service.ts';

/** The domain events' consumers for the admin: parked events to replay and each consumer's state. */
export async function outboxRoutes(app: FastifyInstance, opts: { db: Db; outbox: Outbox }) {
  const { db, outbox } = opts;
  route(app, listParkedEvents, (req) => listParked(db, requireSession(req), req.query));
  route(app, replayParkedEvent, (req) =>
    replayParked(db, outbox, requireSession(req), req.params.id, req.ip),
  );
  route(app, listEventConsumers, () => listConsumers(db, outbox));
}
