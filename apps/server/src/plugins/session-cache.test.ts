import { describe, expect, it } from 'vitest';
import type { ListenHooks, NotificationHandler } from '../db/pg-listener.ts';
import type { SessionRow } from '../modules/auth/auth.queries.ts';
import { createSessionCache, SESSIONS_CHANNEL } from './session-cache.ts';

const row = (expiresInMs = 60_000) =>
  ({ sessionId: 1, expiresAt: new Date(Date.now() + expiresInMs) }) as SessionRow;

/** A LISTEN whose notifications and connection troubles the test drives. */
function fakeListen() {
  let handler: NotificationHandler = () => {};
  let hooks: ListenHooks = {};
  let channel = '';
  return {
    listen: async (c: string, h: NotificationHandler, k: ListenHooks = {}) => {
      channel = c;
      handler = h;
      hooks = k;
      return async () => {};
    },
    notify: () => handler('users'),
    drop: () => hooks.onError?.(new Error('gone')),
    restore: () => hooks.onRestore?.(),
    channel: () => channel,
  };
}

describe('session cache', () => {
  it('caches nothing until it listens, then serves an entry for its lifetime only', async () => {
    const cache = createSessionCache({ ttlMs: 1000 });
    cache.set('a', row(), [], new Set());
    expect(cache.get('a')).toBeNull();
    const fake = fakeListen();
    await cache.listen(fake.listen);
    expect(fake.channel()).toBe(SESSIONS_CHANNEL);
    const now = Date.now();
    cache.set('a', row(), [], new Set(), now);
    expect(cache.get('a', now + 999)).not.toBeNull();
    expect(cache.get('a', now + 1001)).toBeNull();
  });

  it('never serves a session past its expiry', async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    await cache.listen(fakeListen().listen);
    cache.set('a', row(10), [], new Set());
    expect(cache.get('a', Date.now() + 20)).toBeNull();
  });

  it('empties on a notification and stops caching while the LISTEN connection is down', async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const fake = fakeListen();
    await cache.listen(fake.listen);
    cache.set('a', row(), [], new Set());
    fake.notify();
    expect(cache.get('a')).toBeNull();
    cache.set('a', row(), [], new Set());
    fake.drop();
    expect(cache.get('a')).toBeNull();
    cache.set('a', row(), [], new Set());
    expect(cache.size).toBe(0);
    fake.restore();
    cache.set('a', row(), [], new Set());
    expect(cache.get('a')).not.toBeNull();
  });

  it('is off with a lifetime of 0 and keeps at most maxEntries', async () => {
    const off = createSessionCache({ ttlMs: 0 });
    await off.listen(fakeListen().listen);
    off.set('a', row(), [], new Set());
    expect(off.get('a')).toBeNull();
    const small = createSessionCache({ ttlMs: 60_000, maxEntries: 2 });
    await small.listen(fakeListen().listen);
    for (const k of ['a', 'b', 'c']) small.set(k, row(), [], new Set());
    expect(small.size).toBe(2);
    expect(small.get('a')).toBeNull();
    expect(small.get('c')).not.toBeNull();
  });
});
