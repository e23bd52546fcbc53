import type pg from 'pg';

/**
 * One statement at a time on a client. Code that reads in parallel (`Promise.all` of queries) runs
 * on the pool outside a transaction, but on one client inside it. `pg` then queues the second query
 * itself, with a deprecation warning, and pg@9 will refuse it. This keeps that queue here instead:
 * each promise-style query starts when the one before it has settled. Callback-style and streamed
 * (submittable) queries are passed through as they are.
 */
export function serializeQueries(client: pg.PoolClient): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  const settled = () => undefined;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return original(...args);
    const run = tail.then(() => original(...args));
    tail = run.then(settled, settled);
    return run;
  };
}
