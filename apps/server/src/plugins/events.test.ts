import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { publishEvent } from '../events/live-events.ts';
import { API, createTestApp, loginAs, type TestContext } from '../test/test-app.ts';

interface SseFrame {
  id?: string;
  event: string;
  data: unknown;
}

/** An SSE client over a real socket (`inject` cannot stream): reads frames as they arrive. */
async function openStream(
  base: string,
  token: string | null,
  query = '',
  headers: Record<string, string> = {},
) {
  const abort = new AbortController();
  const res = await fetch(`${base}${API}/events${query}`, {
    headers: { ...(token && { authorization: token }), ...headers },
    signal: abort.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const comments: string[] = [];

  async function next(timeoutMs = 5000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame: Partial<SseFrame> = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line);
          const [field, ...rest] = line.split(': ');
          const value = rest.join(': ');
          if (field === 'id') frame.id = value;
          if (field === 'event') frame.event = value;
          if (field === 'data') frame.data = JSON.parse(value);
        }
        if (frame.event) return frame as SseFrame;
        continue;
      }
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no event in time')), Math.max(0, deadline - Date.now())),
        ),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += chunk.value;
    }
  }

  return {
    res,
    next,
    comments,
    close: () => abort.abort(),
  };
}

async function until(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

let ctx: TestContext;
let base: string;
let frontOffice: string;
beforeAll(async () => {
  ctx = await createTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  frontOffice = await loginAs(ctx.app, 'pendaftaran'); // clinic 10 only
});
afterAll(() => ctx.close());

describe('live events stream', () => {
  it('delivers events of the subscriber’s clinic only, published after it connected', async () => {
    const stream = await openStream(base, frontOffice);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.res.headers.get('cache-control')).toContain('no-transform');
    await publishEvent(ctx.database.db, { clinicId: 11, type: 'registration.created', id: 'other' });
    await publishEvent(ctx.database.db, { clinicId: 10, type: 'registration.created', id: 'r-1' });
    const frame = await stream.next();
    expect(frame).toMatchObject({
      event: 'registration.created',
      data: { clinicId: 10, type: 'registration.created', id: 'r-1', at: expect.any(String) },
    });
    expect(Number(frame.id)).toBeGreaterThan(0);
    stream.close();
  });

  it('never delivers an event of a rolled-back transaction, and delivers a committed one on commit', async () => {
    const stream = await openStream(base, frontOffice, '?clinicId=10');
    await ctx.database.db
      .transaction(async (tx) => {
        await publishEvent(tx, { clinicId: 10, type: 'payment.created', id: 'rolled-back' });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await ctx.database.db.transaction(async (tx) => {
      await publishEvent(tx, { clinicId: 10, type: 'payment.created', id: 'committed' });
    });
    expect((await stream.next()).data).toMatchObject({ id: 'committed' });
    stream.close();
  });

  it('asks a reconnecting client to refetch, since nothing is replayed', async () => {
    const stream = await openStream(base, frontOffice, '', { 'last-event-id': '41' });
    expect((await stream.next()).event).toBe('resync');
    stream.close();
  });

  it('refuses a clinic outside the caller’s scope (403) and a caller without a session (401)', async () => {
    const outside = await fetch(`${base}${API}/events?clinicId=11`, {
      headers: { authorization: frontOffice },
    });
    expect(outside.status).toBe(403);
    expect(outside.headers.get('content-type')).toContain('application/json');
    expect(await outside.json()).toEqual({
      status: false,
      message: 'Anda tidak memiliki akses ke data klinik ini',
    });
    const anonymous = await fetch(`${base}${API}/events`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: false });
  });

  it('releases the subscription when the client disconnects', async () => {
    await until(() => ctx.app.liveEvents.subscribers() === 0);
    const a = await openStream(base, frontOffice);
    const b = await openStream(base, frontOffice);
    expect(ctx.app.liveEvents.subscribers(10)).toBe(2);
    a.close();
    b.close();
    await until(() => ctx.app.liveEvents.subscribers() === 0);
  });

  it('holds at most 4 streams per session: the fifth is refused with 429 until one closes', async () => {
    await until(() => ctx.app.liveEvents.subscribers() === 0);
    const opened: { close(): void }[] = [];
    const open = async (token: string) => {
      const stream = await openStream(base, token);
      opened.push(stream);
      return stream;
    };
    // a refusal is read as JSON (were it a stream after all, `finally` ends it)
    const refused = async (headers: Record<string, string> = {}) => {
      const abort = new AbortController();
      opened.push({ close: () => abort.abort() });
      return fetch(`${base}${API}/events`, {
        headers: { authorization: frontOffice, ...headers },
        signal: abort.signal,
      });
    };
    try {
      const four = [];
      for (let i = 0; i < 4; i++) four.push(await open(frontOffice));
      expect(four.map((s) => s.res.status)).toEqual([200, 200, 200, 200]);
      expect(four[0].res.headers.get('cache-control')).toBe('no-store, no-transform');

      const fifth = await refused();
      expect(fifth.status).toBe(429);
      expect(await fifth.json()).toEqual({
        status: false,
        message:
          'Terlalu banyak sambungan pembaruan layar yang terbuka untuk sesi ini (paling banyak 4). Tutup tab lain, lalu muat ulang halaman.',
      });
      const inEnglish = await refused({ 'accept-language': 'en' });
      expect(inEnglish.status).toBe(429);
      expect(((await inEnglish.json()) as { message: string }).message).toBe(
        'Too many screen update connections are open for this session (at most 4). Close another tab, then reload the page.',
      );
      expect(ctx.app.liveEvents.subscribers(10)).toBe(4);

      // another session of the same user is counted apart
      const elsewhere = await open(await loginAs(ctx.app, 'pendaftaran'));
      expect(elsewhere.res.status).toBe(200);

      // closing a stream gives its place back
      four[0].close();
      await until(() => ctx.app.liveEvents.subscribers(10) === 4);
      expect((await open(frontOffice)).res.status).toBe(200);
    } finally {
      for (const s of opened) s.close();
      await until(() => ctx.app.liveEvents.subscribers() === 0);
    }
  });
});

// Two instances behind a load balancer need a shared PostgreSQL server; PGlite is one process
describe('two server instances on one database', () => {
  let second: { app: FastifyInstance; database: Database } | undefined;
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'an event published through one reaches a stream of the other',
    async () => {
      // the test database's URL, from the pool behind the first instance
      const url = (ctx.database.db.$client as unknown as pg.Pool).options.connectionString!;
      const database = openPostgres(url);
      const app = await buildApp({ db: database.db, listen: database.listen, logLevel: 'silent' });
      second = { app, database };
      const secondBase = await app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(secondBase, await loginAs(app, 'pendaftaran'));
      expect(app.liveEvents.subscribers(10)).toBe(1);
      expect(ctx.app.liveEvents.subscribers(10)).toBe(0);
      await publishEvent(ctx.database.db, { clinicId: 10, type: 'result.updated', id: 'across' });
      expect((await stream.next()).data).toMatchObject({ clinicId: 10, id: 'across' });
      stream.close();
    },
  );
});
