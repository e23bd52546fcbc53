import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  consumerStateSchema,
  parkedEventSchema,
  parkedIdParamsSchema,
  parkedQuerySchema,
} from './outbox.schema.ts';

/** The domain events' consumers for the admin: parked events to replay and each consumer's state. */
const tags = ['outbox'] as const;

export const listParkedEvents = endpoint({
  method: 'GET',
  path: '/outbox/parked',
  permission: 'event.manage',
  tags,
  summary: 'Events a consumer gave up on after its retries, newest first',
  query: parkedQuerySchema,
  response: pagedSchema(parkedEventSchema),
});

export const replayParkedEvent = endpoint({
  method: 'POST',
  path: '/outbox/parked/:id/replay',
  permission: 'event.manage',
  tags,
  summary: 'Runs a parked event through its consumer again',
  params: parkedIdParamsSchema,
  response: z.object({ replayed: z.boolean() }),
  errors: conflictErrors,
  message: 'outbox.replayed',
});

export const listEventConsumers = endpoint({
  method: 'GET',
  path: '/outbox/consumers',
  permission: 'event.manage',
  tags,
  summary: 'Each event consumer: events still to handle, retry state, last error',
  response: z.array(consumerStateSchema),
});
