import { LIVE_RESYNC } from '@klinikita/domain/common/live-events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Listen } from '../db/pg-listener.ts';
import { EVENTS_CHANNEL, type LiveEvent, parseLiveEvent } from '../events/live-events.ts';
import { AppError, forbidden } from '../shared/errors.ts';
import { API_PREFIX, standardErrors } from '../shared/http.ts';
import { requireSession } from './auth.ts';

/** What the app knows about its open event streams (tests, health). */
export interface LiveEventsHub {
  /** Open streams, of one clinic or all. */
  subscribers(clinicId?: number): number;
  /**
   * Turns the reply into a stream of the clinic's events until `until` (epoch ms); `types`
   * limits which event types it carries (the waiting-room display gets registrations only).
   */
  stream(request: FastifyRequest, reply: FastifyReply, opts: StreamOptions): void;
}

export interface StreamOptions {
  clinicId: number;
  until: number;
  types?: ReadonlySet<string>;
  /**
   * Ends the stream when an event of this type arrives for its clinic (on any instance): the
   * waiting-room display's stream ends when its link is renewed.
   */
  endOn?: string;
  /** Called once when the stream ends, whoever ends it. */
  onEnd?: () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEventsHub;
  }
}

interface Subscriber {
  clinicId: number;
  types?: ReadonlySet<string>;
  endOn?: string;
  write(chunk: string): void;
  end(): void;
}

export interface EventsPluginOptions {
  listen: Listen;
  heartbeatMs?: number;
  /** Staff streams one session may hold open on this instance (default 4): one per tab or clinic. */
  maxStreamsPerSession?: number;
}

const RETRY_MS = 3000;
// a client that stops reading is dropped rather than buffered without bound
const MAX_BUFFERED_BYTES = 1024 * 1024;
// setTimeout's ceiling; sessions live far shorter
const MAX_TIMER_MS = 2 ** 31 - 1;

const querySchema = z.object({ clinicId: z.coerce.number().int().positive().optional() });

/**
 * Live updates (DESIGN 5): `GET /events` streams the events of one clinic as server-sent events.
 * Every instance holds one LISTEN (through `listen`) and fans notifications out in memory to its
 * own streams, so an event published on any instance reaches every open screen.
 *
 * Event ids count up per process and there is no replay: a client that reconnects with
 * `Last-Event-ID` (or that was connected while the LISTEN connection was down) gets a `resync`
 * event and should refetch what it shows.
 */
export const eventsPlugin = fp(async (app: FastifyInstance, opts: EventsPluginOptions) => {
  const heartbeatMs = opts.heartbeatMs ?? 25_000;
  const maxStreamsPerSession = opts.maxStreamsPerSession ?? 4;
  const byClinic = new Map<number, Set<Subscriber>>();
  // open staff streams by session id: one stolen or looping session cannot hold the instance's sockets
  const bySession = new Map<number, number>();
  let sequence = 0;

  const all = () => [...byClinic.values()].flatMap((set) => [...set]);
  const frame = (type: string, data: unknown) =>
    `id: ${++sequence}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

  function deliver(event: LiveEvent) {
    const subscribers = byClinic.get(event.clinicId);
    if (!subscribers?.size) return;
    const chunk = frame(event.type, event);
    for (const s of [...subscribers]) {
      if (s.endOn === event.type) s.end();
      else if (!s.types || s.types.has(event.type)) s.write(chunk);
    }
  }

  const unlisten = await opts.listen(
    EVENTS_CHANNEL,
    (payload) => {
      const event = parseLiveEvent(payload);
      if (event) deliver(event);
      else app.log.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed live event');
    },
    {
      onError: (error) => app.log.warn({ err: error }, 'live events: LISTEN connection lost, retrying'),
      onRestore: () => {
        app.log.info('live events: LISTEN connection restored');
        for (const s of all()) s.write(frame(LIVE_RESYNC, {}));
      },
    },
  );

  const heartbeat = setInterval(() => {
    for (const s of all()) s.write(': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    { clinicId, until, types, endOn, onEnd }: StreamOptions,
  ) {
    reply.hijack();
    const res = reply.raw;
    // what the hooks set so far (HSTS, no-store): a hijacked reply sends only the raw headers
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value);
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      // proxies such as nginx must pass events through as they come
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);

    let expiry: NodeJS.Timeout | undefined;
    let released = false;
    const subscriber: Subscriber = {
      clinicId,
      types,
      endOn,
      write(chunk) {
        if (res.writableEnded || res.destroyed) return;
        if (res.writableLength > MAX_BUFFERED_BYTES) {
          res.destroy();
          return;
        }
        res.write(chunk);
      },
      end() {
        release();
        if (!res.writableEnded) res.end();
      },
    };
    function release() {
      if (released) return;
      released = true;
      onEnd?.();
      clearTimeout(expiry);
      const set = byClinic.get(clinicId);
      set?.delete(subscriber);
      if (set?.size === 0) byClinic.delete(clinicId);
    }

    let set = byClinic.get(clinicId);
    if (!set) {
      set = new Set();
      byClinic.set(clinicId, set);
    }
    set.add(subscriber);
    res.on('close', release);
    // a client gone while its session was looked up: its 'close' has passed, it holds no place
    if (!res.socket || res.socket.destroyed) {
      release();
      return;
    }
    // the stream ends with the session (or the display's grant); the browser reconnects afresh
    expiry = setTimeout(() => subscriber.end(), Math.min(MAX_TIMER_MS, Math.max(0, until - Date.now())));
    expiry.unref();

    res.write(`retry: ${RETRY_MS}\n\n`);
    if (request.headers['last-event-id'] !== undefined) res.write(frame(LIVE_RESYNC, {}));
  }

  app.decorate('liveEvents', {
    subscribers: (clinicId?: number) =>
      clinicId === undefined ? all().length : (byClinic.get(clinicId)?.size ?? 0),
    stream,
  } satisfies LiveEventsHub);

  // open streams would keep the server from closing
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const s of all()) s.end();
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_PREFIX}/events`,
    {
      config: { access: { session: true } },
      schema: {
        tags: ['events'],
        summary:
          'Live updates of a clinic as server-sent events (text/event-stream): refetch on each event; `resync` means refetch everything',
        querystring: querySchema,
        response: standardErrors,
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const clinicId =
        request.query.clinicId ??
        (session.clinicId !== null && session.clinicIds.includes(session.clinicId)
          ? session.clinicId
          : session.clinicIds[0]);
      if (clinicId === undefined || !session.clinicIds.includes(clinicId)) {
        throw forbidden('api.clinicForbidden');
      }
      const open = bySession.get(session.sessionId) ?? 0;
      if (open >= maxStreamsPerSession) {
        throw new AppError(429, 'api.tooManyStreams', { max: maxStreamsPerSession });
      }
      bySession.set(session.sessionId, open + 1);
      const onEnd = () => {
        const left = (bySession.get(session.sessionId) ?? 1) - 1;
        if (left > 0) bySession.set(session.sessionId, left);
        else bySession.delete(session.sessionId);
      };
      stream(request, reply, { clinicId, until: session.expiresAt.getTime(), onEnd });
    },
  );
});
