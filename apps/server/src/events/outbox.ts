import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Listen } from '../db/pg-listener.ts';
import { domainEvents, eventConsumers, parkedEvents } from '../db/schema/index.ts';
import type { Executor, Tx } from '../shared/sql.ts';

/**
 * Domain events through a transactional outbox (DESIGN 5; docs/decisions/0001-outbox.md).
 *
 * `emit` writes the event in the caller's transaction, so the change and its event commit
 * together or not at all. Each consumer keeps its own position (tx id, event id) and handles the
 * events after it inside one transaction with the position update: its effects and its progress
 * commit together, so an event is applied once even when a server dies mid-way (the transaction
 * rolls back and the next run starts from the same place). The consumer's row is locked with
 * `FOR UPDATE SKIP LOCKED`: of several instances on one database only one runs a consumer at a
 * time. A failing event is retried with back-off; after `maxAttempts` it is parked for an admin
 * to replay and the consumer moves on.
 */

/** The NOTIFY channel that wakes every instance's consumers when an event commits. */
export const OUTBOX_CHANNEL = 'klinikita_outbox';

export interface DomainEvent<P = unknown> {
  id: number;
  txId: number;
  type: string;
  aggregateType: string;
  aggregateId: string;
  corpId: number | null;
  clinicId: number | null;
  payload: P;
  at: Date;
}

export interface NewDomainEvent {
  type: string;
  aggregateType: string;
  aggregateId: string;
  corpId?: number | null;
  clinicId?: number | null;
  payload: unknown;
}

/** Writes a domain event in the caller's transaction and wakes the consumers when it commits. */
export async function emit(tx: Executor, event: NewDomainEvent): Promise<void> {
  await tx.insert(domainEvents).values({
    type: event.type,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    corpId: event.corpId ?? null,
    clinicId: event.clinicId ?? null,
    payload: event.payload,
  });
  await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Many domain events (a bulk import's) in a few statements, in their order; one wake-up. */
export async function emitAll(tx: Executor, events: readonly NewDomainEvent[]): Promise<void> {
  if (!events.length) return;
  for (let i = 0; i < events.length; i += 500)
    await tx.insert(domainEvents).values(
      events.slice(i, i + 500).map((event) => ({
        type: event.type,
        aggregateType: event.aggregateType,
        aggregateId: event.aggregateId,
        corpId: event.corpId ?? null,
        clinicId: event.clinicId ?? null,
        payload: event.payload,
      })),
    );
  await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`);
}

export interface Consumer {
  /** Unique and stable: the name of its position row. */
  name: string;
  /** The event types it handles; the others pass it by. */
  types: readonly string[];
  /** Runs inside the consumer's transaction (a savepoint): throw to retry. Must be idempotent. */
  handle(tx: Tx, event: DomainEvent): Promise<void>;
  maxAttempts?: number;
}

export interface OutboxOptions {
  db: Db;
  listen: Listen;
  consumers: readonly Consumer[];
  /** How often each instance looks for work without a wake-up (retries, a lost NOTIFY). */
  pollMs?: number;
  /** Back-off before retry n (1-based): base × 2^(n-1), at most 5 minutes. */
  backoffMs?: number;
  batchSize?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const DEFAULT_MAX_ATTEMPTS = 5;
const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);

/** Events after a position, of transactions older than every one still running (none can commit before them). */
async function eventsAfter(tx: Tx, consumer: Consumer, position: { tx: number; id: number }, limit: number) {
  return (await tx
    .select()
    .from(domainEvents)
    .where(
      and(
        sql`(${domainEvents.txId}, ${domainEvents.id}) > (${position.tx}, ${position.id})`,
        sql`${domainEvents.txId} < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`,
        inArray(domainEvents.type, [...consumer.types]),
      ),
    )
    .orderBy(asc(domainEvents.txId), asc(domainEvents.id))
    .limit(limit)) as DomainEvent[];
}

/**
 * One pass of one consumer: up to a batch of events in one transaction. Answers how many events
 * it moved past (0: nothing to do, another instance holds the consumer, or it waits for a retry).
 */
export async function runConsumer(
  db: Db,
  consumer: Consumer,
  options: { batchSize?: number; backoffMs?: number } = {},
): Promise<number> {
  const max = consumer.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoff = options.backoffMs ?? 1000;
  return db.transaction(async (tx) => {
    const [state] = await tx
      .select()
      .from(eventConsumers)
      .where(eq(eventConsumers.name, consumer.name))
      .for('update', { skipLocked: true });
    if (!state) return 0;
    if (state.retryAt && state.retryAt.getTime() > Date.now()) return 0;
    const events = await eventsAfter(
      tx,
      consumer,
      { tx: state.positionTx, id: state.positionId },
      options.batchSize ?? 50,
    );
    let position = { tx: state.positionTx, id: state.positionId };
    let attempts = state.attempts;
    let retryAt: Date | null = null;
    let lastError: string | null = state.lastError;
    let passed = 0;
    for (const event of events) {
      try {
        await tx.transaction((savepoint) => consumer.handle(savepoint, event));
        attempts = 0;
        lastError = null;
      } catch (error) {
        attempts += 1;
        lastError = errorText(error);
        if (attempts < max) {
          retryAt = new Date(Date.now() + Math.min(backoff * 2 ** (attempts - 1), 300_000));
          break;
        }
        await tx
          .insert(parkedEvents)
          .values({ consumer: consumer.name, eventId: event.id, attempts, error: lastError })
          .onConflictDoNothing();
        attempts = 0;
      }
      position = { tx: event.txId, id: event.id };
      passed += 1;
    }
    if (passed || retryAt || attempts !== state.attempts)
      await tx
        .update(eventConsumers)
        .set({
          positionTx: position.tx,
          positionId: position.id,
          attempts,
          retryAt,
          lastError,
          updatedAt: new Date(),
        })
        .where(eq(eventConsumers.name, consumer.name));
    return passed;
  });
}

/**
 * Whether a consumer has events of its types after its position that a pass could not take yet:
 * committed, but a transaction that began before them still runs somewhere on the server (the
 * horizon is the whole cluster's, so on a shared server another database's work holds it back).
 * A consumer waiting for its retry has nothing to wait for now.
 */
async function waitsBehindHorizon(db: Db, consumer: Consumer): Promise<boolean> {
  const [state] = await db.select().from(eventConsumers).where(eq(eventConsumers.name, consumer.name));
  if (!state || (state.retryAt && state.retryAt.getTime() > Date.now())) return false;
  const [next] = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(
      and(
        sql`(${domainEvents.txId}, ${domainEvents.id}) > (${state.positionTx}, ${state.positionId})`,
        inArray(domainEvents.type, [...consumer.types]),
      ),
    )
    .limit(1);
  return next !== undefined;
}

/**
 * Runs `pass` until every event committed before now is handled by `consumers` (or waits for its
 * retry), for at most 10 s: a pass only takes events behind the cluster's horizon, which another
 * database's transaction on a shared server can hold back, so "nothing taken" is not "nothing left".
 */
async function settle(db: Db, consumers: readonly Consumer[], pass: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    while (await pass()) {
      /* again */
    }
    let waiting = false;
    for (const consumer of consumers) if (await waitsBehindHorizon(db, consumer)) waiting = true;
    if (!waiting || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs `consumers` in this process until they have handled every event committed before the call
 * (start-up seeds that need a reaction's result before their next step, outside any outbox).
 */
export async function runConsumersToEnd(db: Db, consumers: readonly Consumer[]): Promise<void> {
  await registerConsumers(db, consumers);
  await settle(db, consumers, async () => {
    let busy = false;
    for (const consumer of consumers) while ((await runConsumer(db, consumer)) > 0) busy = true;
    return busy;
  });
}

/** Every consumer row exists (a new consumer starts at the beginning of the stream). */
export async function registerConsumers(db: Db, consumers: readonly Consumer[]): Promise<void> {
  const names = consumers.map((c) => c.name);
  if (new Set(names).size !== names.length) throw new Error('Two event consumers share a name');
  if (names.length)
    await db
      .insert(eventConsumers)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
}

/**
 * The outbox of one server instance: consumers run when an event commits anywhere (NOTIFY), on a
 * timer (retries, a lost wake-up) and on `drain()`. Errors are logged, never thrown at callers.
 */
/** Later looks after a wake-up, for events still ahead of the horizon then (see `start`). */
const NOTIFY_FOLLOW_UPS_MS = [250, 1000, 4000];

export function createOutbox(options: OutboxOptions) {
  const { db, consumers } = options;
  const byName = new Map(consumers.map((c) => [c.name, c]));
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let followUps: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void> | void) | null = null;

  async function pass(): Promise<boolean> {
    let busy = false;
    for (const consumer of consumers) {
      try {
        while ((await runConsumer(db, consumer, options)) > 0) busy = true;
      } catch (error) {
        // the database itself failed (not the handler): the timer tries again
        options.log?.warn({ consumer: consumer.name, err: errorText(error) }, 'event consumer pass failed');
      }
    }
    return busy;
  }

  /** Runs the consumers now; a wake-up while they run makes them go round once more. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /** Each consumer's event types (the admin's "how far behind"). */
    types: new Map(consumers.map((c) => [c.name, c.types])),
    async start() {
      await registerConsumers(db, consumers);
      // a pass takes only events behind the cluster's horizon, which another transaction (of any
      // database on the server) may hold back past the NOTIFY: a few later looks follow each wake-up
      unlisten = await options.listen(OUTBOX_CHANNEL, () => {
        void wake();
        // one set of later looks, after the last wake-up of a burst: a busy server (a NOTIFY every
        // few ms) would otherwise run every consumer three more times per event
        for (const t of followUps) clearTimeout(t);
        followUps = NOTIFY_FOLLOW_UPS_MS.map((ms) => {
          const t = setTimeout(() => void wake(), ms);
          t.unref();
          return t;
        });
      });
      const tick = () => {
        timer = setTimeout(() => void wake().finally(() => !stopped && tick()), options.pollMs ?? 1000);
        timer.unref();
      };
      tick();
      void wake();
    },
    wake,
    /** Runs until no consumer has anything left that it can do now (tests, shutdown). */
    async drain() {
      await running;
      await settle(db, consumers, pass);
    },
    /** Runs one parked event through its consumer again, now; it is marked replayed when that succeeds. */
    async replay(parkedId: number, userId: number): Promise<{ replayed: boolean; error?: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ parked: parkedEvents, event: domainEvents })
          .from(parkedEvents)
          .innerJoin(domainEvents, eq(domainEvents.id, parkedEvents.eventId))
          .where(eq(parkedEvents.id, parkedId))
          .for('update');
        if (!row) return { replayed: false, error: 'notFound' };
        if (row.parked.replayedAt) return { replayed: true };
        const consumer = byName.get(row.parked.consumer);
        if (!consumer) return { replayed: false, error: 'unknownConsumer' };
        try {
          await tx.transaction((savepoint) => consumer.handle(savepoint, row.event as DomainEvent));
        } catch (error) {
          const message = errorText(error);
          await tx
            .update(parkedEvents)
            .set({ error: message, attempts: row.parked.attempts + 1 })
            .where(eq(parkedEvents.id, parkedId));
          return { replayed: false, error: message };
        }
        await tx
          .update(parkedEvents)
          .set({ replayedAt: new Date(), replayedBy: userId })
          .where(eq(parkedEvents.id, parkedId));
        return { replayed: true };
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const t of followUps) clearTimeout(t);
      await unlisten?.();
      await running;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
