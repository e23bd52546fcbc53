import type { ConsumerState, ParkedEvent } from '@klinikita/domain/outbox/outbox.schema';
import type { eventConsumers } from '../../db/schema/index.ts';
import type { pageParked } from './outbox.queries.ts';

type ParkedRow = Awaited<ReturnType<typeof pageParked>>['rows'][number];

export const toParkedEvent = (row: ParkedRow): ParkedEvent => ({
  id: row.id,
  consumer: row.consumer,
  attempts: row.attempts,
  error: row.error,
  parkedAt: row.parkedAt.toISOString(),
  replayedAt: row.replayedAt?.toISOString() ?? null,
  event: { ...row.event, at: row.event.at.toISOString() },
});

export const toConsumerState = (
  row: typeof eventConsumers.$inferSelect & { behind: number },
): ConsumerState => ({
  name: row.name,
  behind: row.behind,
  attempts: row.attempts,
  retryAt: row.retryAt?.toISOString() ?? null,
  lastError: row.lastError,
  updatedAt: row.updatedAt.toISOString(),
});
