import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../db/client.ts';
import { domainEvents, eventConsumers, parkedEvents } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import {
  type Consumer,
  createOutbox,
  emit,
  registerConsumers,
  runConsumer,
  runConsumersToEnd,
} from './outbox.ts';

/**
 * The outbox on a real database (PGlite here, PostgreSQL when DATABASE_URL is set): an event
 * commits with its change or not at all, every consumer applies each event once, retries with
 * back-off, parks what keeps failing, and two instances never both handle one event.
 */

let ctx: TestContext;
let serial = 0;
const TYPE = 'test.happened';

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.database.db.execute(
    sql`CREATE TABLE outbox_test_effects (consumer text NOT NULL, event_id bigint NOT NULL, note text)`,
  );
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

async function emitMany(n: number, type = TYPE) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `agg-${serial++}`;
    ids.push(id);
    await db().transaction((tx) =>
      emit(tx, { type, aggregateType: 'test', aggregateId: id, payload: { n: i } }),
    );
  }
  return ids;
}

/** A consumer that writes its effect in its transaction and counts its calls per event. */
function recording(
  name: string,
  fail?: (eventId: number, call: number) => boolean,
): Consumer & {
  calls: Map<number, number>;
} {
  const calls = new Map<number, number>();
  return {
    name,
    types: [TYPE],
    calls,
    maxAttempts: 3,
    async handle(tx, event) {
      const call = (calls.get(event.id) ?? 0) + 1;
      calls.set(event.id, call);
      await tx.execute(
        sql`INSERT INTO outbox_test_effects (consumer, event_id) VALUES (${name}, ${event.id})`,
      );
      if (fail?.(event.id, call)) throw new Error(`failed on call ${call}`);
    },
  };
}

async function effects(name: string) {
  const { rows } = await db().execute(
    sql`SELECT event_id FROM outbox_test_effects WHERE consumer = ${name} ORDER BY event_id`,
  );
  return (rows as { event_id: string | number }[]).map((r) => Number(r.event_id));
}

/** Whether events of the consumer's types lie after its position (taken or not by a pass yet). */
async function eventsAhead(consumer: Consumer): Promise<boolean> {
  const [state] = await db().select().from(eventConsumers).where(eq(eventConsumers.name, consumer.name));
  const ahead = await db()
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(
      and(
        sql`(${domainEvents.txId}, ${domainEvents.id}) > (${state!.positionTx}, ${state!.positionId})`,
        inArray(domainEvents.type, [...consumer.types]),
      ),
    )
    .limit(1);
  return ahead.length > 0;
}

/**
 * Runs a consumer until it has handled every event written so far (with no back-off, retries run
 * at once). A pass takes only events behind the cluster's horizon: on a PostgreSQL server that the
 * other test files share, their open transactions hold it back for a while, so a pass that takes
 * nothing is not the end while events remain ahead. `now`: only what a pass can do at once (a
 * transaction of the test itself holds the horizon).
 */
async function drain(consumer: Consumer, { now = false } = {}) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const passed = await runConsumer(db(), consumer, { backoffMs: 0 });
    const [state] = await db().select().from(eventConsumers).where(eq(eventConsumers.name, consumer.name));
    if (passed === 0 && state!.attempts === 0 && (now || !(await eventsAhead(consumer)))) return;
    if (passed === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${consumer.name} did not settle`);
}

describe('the outbox', () => {
  it('writes the event with its change, or neither', async () => {
    const before = await db().select().from(domainEvents);
    await expect(
      db().transaction(async (tx) => {
        await emit(tx, { type: TYPE, aggregateType: 'test', aggregateId: 'rolled-back', payload: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const after = await db().select().from(domainEvents);
    expect(after.length).toBe(before.length);
  });

  it('applies each event once, in order, and keeps its position', async () => {
    const consumer = recording('test.once');
    await registerConsumers(db(), [consumer]);
    await emitMany(5);
    await drain(consumer);
    await drain(consumer);
    const ids = (await db().select().from(domainEvents).where(eq(domainEvents.type, TYPE))).map((e) => e.id);
    expect(await effects('test.once')).toEqual(ids);
    expect([...consumer.calls.values()].every((n) => n === 1)).toBe(true);
    const [state] = await db().select().from(eventConsumers).where(eq(eventConsumers.name, 'test.once'));
    expect(state.positionId).toBe(Math.max(...ids));
  });

  it('retries a failing event with back-off and applies it once when it recovers', async () => {
    const consumer = recording('test.recovers', (_id, call) => call <= 2);
    await registerConsumers(db(), [consumer]);
    // a long back-off: the second pass must wait
    await runConsumer(db(), consumer, { backoffMs: 60_000 });
    const [waiting] = await db()
      .select()
      .from(eventConsumers)
      .where(eq(eventConsumers.name, 'test.recovers'));
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toMatch(/failed on call 1/);
    expect(waiting.retryAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await runConsumer(db(), consumer, { backoffMs: 60_000 })).toBe(0);
    expect(consumer.calls.size).toBe(1);
    // time passes
    await db().update(eventConsumers).set({ retryAt: null }).where(eq(eventConsumers.name, 'test.recovers'));
    await drain(consumer);
    const all = (await db().select().from(domainEvents).where(eq(domainEvents.type, TYPE))).map((e) => e.id);
    // the failed tries left nothing behind: one effect per event
    expect(await effects('test.recovers')).toEqual(all);
    const [state] = await db().select().from(eventConsumers).where(eq(eventConsumers.name, 'test.recovers'));
    expect(state).toMatchObject({ attempts: 0, lastError: null });
  });

  it('parks an event that keeps failing, goes on with the next, and replays it when asked', async () => {
    let broken = true;
    const [poisonId] = await emitMany(1);
    const poison = (await db().select().from(domainEvents).where(eq(domainEvents.aggregateId, poisonId)))[0]
      .id;
    await emitMany(2);
    const consumer = recording('test.poison', (id) => broken && id === poison);
    await registerConsumers(db(), [consumer]);
    await drain(consumer);
    expect(consumer.calls.get(poison)).toBe(3);
    const parked = await db().select().from(parkedEvents).where(eq(parkedEvents.consumer, 'test.poison'));
    expect(parked).toMatchObject([{ eventId: poison, attempts: 3, replayedAt: null }]);
    expect(parked[0].error).toMatch(/failed on call 3/);
    // the events after it were handled
    const effectIds = await effects('test.poison');
    expect(effectIds).not.toContain(poison);
    expect(effectIds.filter((id) => id > poison).length).toBeGreaterThanOrEqual(2);

    const outbox = createOutbox({ db: db(), listen: ctx.database.listen, consumers: [consumer] });
    expect(await outbox.replay(parked[0].id, 1)).toMatchObject({ replayed: false });
    broken = false;
    expect(await outbox.replay(parked[0].id, 1)).toEqual({ replayed: true });
    expect(await effects('test.poison')).toContain(poison);
    const [after] = await db().select().from(parkedEvents).where(eq(parkedEvents.id, parked[0].id));
    expect(after.replayedAt).not.toBeNull();
    expect(after.replayedBy).toBe(1);
    // replaying twice applies nothing twice
    expect(await outbox.replay(parked[0].id, 1)).toEqual({ replayed: true });
    expect((await effects('test.poison')).filter((id) => id === poison)).toHaveLength(1);
  });

  it('wakes on a committed event and drains, with the app’s own consumers beside', async () => {
    const consumer = recording('test.woken');
    const outbox = createOutbox({
      db: db(),
      listen: ctx.database.listen,
      consumers: [consumer],
      pollMs: 60_000,
    });
    await outbox.start();
    const [id] = await emitMany(1);
    const event = (await db().select().from(domainEvents).where(eq(domainEvents.aggregateId, id)))[0];
    // a new consumer first works through the file's earlier events (and the demo's), slow on a busy
    // machine; the poll timer (60 s) is beyond this wait, so only the wake-up can make it
    await expect.poll(() => consumer.calls.get(event.id) ?? 0, { timeout: 25_000 }).toBe(1);
    await outbox.drain();
    await outbox.stop();
  });
});

describe.runIf(process.env.DATABASE_URL)('the outbox on PostgreSQL, with concurrent transactions', () => {
  it('never skips an event whose transaction commits after a later one', async () => {
    const consumer = recording('test.late');
    await registerConsumers(db(), [consumer]);
    await drain(consumer);
    // A writes its event first (the lower id) but commits last
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written: () => void = () => {};
    const aWrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const a = db().transaction(async (tx) => {
      await emit(tx, { type: TYPE, aggregateType: 'test', aggregateId: 'late-a', payload: {} });
      written();
      await held;
    });
    await aWrote;
    await emitMany(1);
    // the later event is committed, A is not: the consumer must not move past A's event
    await drain(consumer, { now: true });
    release();
    await a;
    await drain(consumer);
    const [lateA] = await db().select().from(domainEvents).where(eq(domainEvents.aggregateId, 'late-a'));
    expect(await effects('test.late')).toContain(lateA.id);
    expect(consumer.calls.get(lateA.id)).toBe(1);
  });

  it('runs consumers to the end while another transaction holds the horizon back (the demo seeds)', async () => {
    const consumer = recording('test.toEnd');
    await registerConsumers(db(), [consumer]);
    await drain(consumer);
    // a transaction open elsewhere on the server, begun before the event: a pass cannot take it yet
    const other = openPostgres(databaseUrlOf(ctx));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun: () => void = () => {};
    const otherBegun = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const open = other.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_current_xact_id()`);
      begun();
      await held;
    });
    try {
      await otherBegun;
      const [id] = await emitMany(1);
      expect(await runConsumer(db(), consumer)).toBe(0);
      setTimeout(release, 300);
      await runConsumersToEnd(db(), [consumer]);
      const [event] = await db().select().from(domainEvents).where(eq(domainEvents.aggregateId, id!));
      // (a new consumer starts at the beginning: the earlier tests' events are handled too)
      expect(await effects('test.toEnd')).toContain(event!.id);
      expect(consumer.calls.get(event!.id)).toBe(1);
    } finally {
      release();
      await open;
      await other.close();
    }
  });

  it('two instances on one database never both handle one event', async () => {
    const second = openPostgres(databaseUrlOf(ctx));
    try {
      const one = recording('test.instances');
      const two = { ...recording('test.instances'), calls: one.calls };
      two.handle = one.handle;
      await registerConsumers(db(), [one]);
      await drain(one);
      await emitMany(60);
      const runs = (database: Db, consumer: Consumer) =>
        (async () => {
          for (let i = 0; i < 40; i++) await runConsumer(database, consumer, { batchSize: 3, backoffMs: 0 });
        })();
      await Promise.all([runs(db(), one), runs(second.db, two), runs(db(), one), runs(second.db, two)]);
      await drain(one);
      const all = (await db().select().from(domainEvents).where(eq(domainEvents.type, TYPE))).map(
        (e) => e.id,
      );
      const handled = await effects('test.instances');
      expect(new Set(handled).size).toBe(handled.length);
      expect(handled).toEqual(all.filter((id) => handled.includes(id)));
      expect([...one.calls.values()].every((n) => n === 1)).toBe(true);
      expect(handled.length).toBe(all.length);
    } finally {
      await second.close();
    }
  });
});

/** The test app's own database URL (a copy of the template per file). */
function databaseUrlOf(context: TestContext): string {
  const pool = (context.database.db as unknown as { $client: { options: { connectionString: string } } })
    .$client;
  return pool.options.connectionString;
}
