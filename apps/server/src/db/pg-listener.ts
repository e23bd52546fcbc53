import pg from 'pg';

/** Called with each NOTIFY payload of the channel. */
export type NotificationHandler = (payload: string) => void;

/** What a subscriber hears besides payloads: connection trouble and its end. */
export interface ListenHooks {
  /** The LISTEN connection failed or dropped; it is being re-established. */
  onError?(error: Error): void;
  /** LISTEN works again after a drop: notifications sent meanwhile are lost. */
  onRestore?(): void;
}

/** Subscribes to a channel; resolves to the unsubscribe function. */
export type Listen = (
  channel: string,
  handler: NotificationHandler,
  hooks?: ListenHooks,
) => Promise<() => Promise<void>>;

interface Subscription {
  channel: string;
  handler: NotificationHandler;
  hooks: ListenHooks;
}

export const LISTENER_APPLICATION_NAME = 'klinikita-listen';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * LISTEN on one dedicated `pg.Client` (pooled connections cannot hold a LISTEN), shared by every
 * subscription of the process. When the server goes away it reconnects with exponential back-off
 * and re-issues the LISTENs; errors never escape to crash the process. The connection is opened
 * on the first subscription and closed with the last.
 */
export function createPgListener(
  connectionString: string,
  backoff: { baseDelayMs: number; maxDelayMs: number } = { baseDelayMs: 250, maxDelayMs: 15_000 },
): { listen: Listen; close(): Promise<void> } {
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let hadConnection = false;
  let closed = false;

  const channels = () => new Set([...subscriptions].map((s) => s.channel));
  const notifyError = (error: Error) => {
    for (const s of subscriptions) s.hooks.onError?.(error);
  };

  function scheduleRetry(error: Error) {
    notifyError(error);
    if (closed || subscriptions.size === 0 || retryTimer) return;
    const delay = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** attempt);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  function connect(): Promise<void> {
    if (client || closed || subscriptions.size === 0) return Promise.resolve();
    if (connecting) return connecting;
    // named so that operators (and tests) can tell it apart in pg_stat_activity
    const next = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    const lost = (error: Error) => {
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      scheduleRetry(error);
    };
    next.on('error', lost);
    next.on('end', () => {
      if (client === next && !closed) lost(new Error('LISTEN connection ended'));
    });
    next.on('notification', (message) => {
      for (const s of subscriptions) {
        if (s.channel === message.channel) s.handler(message.payload ?? '');
      }
    });
    connecting = (async () => {
      try {
        await next.connect();
        for (const channel of channels()) await next.query(`LISTEN ${quoteIdent(channel)}`);
        if (closed || subscriptions.size === 0) {
          await next.end();
          return;
        }
        client = next;
        attempt = 0;
        if (hadConnection) for (const s of subscriptions) s.hooks.onRestore?.();
        hadConnection = true;
      } catch (error) {
        next.removeAllListeners('end');
        lost(error as Error);
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  async function stop() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    await connecting;
    const current = client;
    client = null;
    hadConnection = false;
    attempt = 0;
    await current?.end().catch(() => undefined);
  }

  const listen: Listen = async (channel, handler, hooks = {}) => {
    if (closed) throw new Error('listener closed');
    const subscription: Subscription = { channel, handler, hooks };
    const isNewChannel = !channels().has(channel);
    subscriptions.add(subscription);
    if (connecting) await connecting;
    if (client && isNewChannel) {
      await client.query(`LISTEN ${quoteIdent(channel)}`).catch(() => undefined);
    } else if (!client) {
      // resolves after the first attempt; a failed one keeps retrying in the background
      await connect();
    }
    return async () => {
      if (!subscriptions.delete(subscription)) return;
      if (subscriptions.size === 0) return stop();
      if (client && !channels().has(channel)) {
        await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      }
    };
  };

  return {
    listen,
    async close() {
      closed = true;
      subscriptions.clear();
      await stop();
    },
  };
}
