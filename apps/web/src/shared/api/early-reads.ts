/**
 * Reads a screen asks for before its chunk is in: a route starts the first request of its screen as
 * the navigation begins (router.tsx), beside the chunk and its words, and the screen's own call of
 * the same URL takes that request instead of sending another (api-client.ts `request`). The data is
 * on the way while the code loads, instead of after it.
 *
 * Only GETs, each taken once; one not taken within `EARLY_READ_TTL_MS` is dropped (the screen
 * sends its own). Nothing is cached beyond that: it is the same request, sent sooner.
 */
export const EARLY_READ_TTL_MS = 10_000;

interface EarlyRead {
  at: number;
  locale: string;
  response: Promise<Response>;
}

const reads = new Map<string, EarlyRead>();

/** Starts the GET of `url` (a path on this origin, with its query string) unless one is out. */
export function readEarly(url: string, locale: string): void {
  const now = performance.now();
  for (const [key, read] of reads) if (now - read.at > EARLY_READ_TTL_MS) reads.delete(key);
  if (reads.has(url)) return;
  const response = fetch(url, {
    headers: { accept: 'application/json', 'accept-language': locale },
    credentials: 'same-origin',
  });
  // a failed early read is the screen's own request's to report: never an unhandled rejection here
  response.catch(() => undefined);
  reads.set(url, { at: now, locale, response });
}

/** The early read of `url` in `locale`, if one is out and fresh: taken (a second call gets none). */
export function takeEarlyRead(url: string, locale: string): Promise<Response> | null {
  const read = reads.get(url);
  if (!read) return null;
  reads.delete(url);
  if (read.locale !== locale || performance.now() - read.at > EARLY_READ_TTL_MS) return null;
  return read.response;
}
