import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (DESIGN 5, docs/decisions/0001-outbox.md): a change and its domain
 * event are written in one transaction. `tx_id` is the writing transaction's id: consumers read
 * only events of transactions older than every running one, in (tx_id, id) order, so an event
 * that commits late is never skipped.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txId: bigint('tx_id', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text)::bigint`),
    type: text('type').notNull(),
    aggregateType: text('aggregate_type').notNull(),
    aggregateId: text('aggregate_id').notNull(),
    corpId: integer('corp_id'),
    clinicId: integer('clinic_id'),
    payload: jsonb('payload').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('domain_events_position_idx').on(t.txId, t.id),
    index('domain_events_aggregate_idx').on(t.aggregateType, t.aggregateId),
  ],
);

/** Each consumer's position in the event stream, its retry state and the error that stopped it. */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  positionTx: bigint('position_tx', { mode: 'number' }).notNull().default(0),
  positionId: bigint('position_id', { mode: 'number' }).notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Events a consumer gave up on after its retries: an admin sees them and replays them. */
export const parkedEvents = pgTable(
  'parked_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consumer: text('consumer').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id),
    attempts: integer('attempts').notNull(),
    error: text('error').notNull(),
    parkedAt: timestamp('parked_at', { withTimezone: true }).notNull().defaultNow(),
    replayedAt: timestamp('replayed_at', { withTimezone: true }),
    replayedBy: integer('replayed_by'),
  },
  (t) => [uniqueIndex('parked_events_consumer_event_idx').on(t.consumer, t.eventId)],
);
