import type { Db } from '../db/client.ts';

/**
 * How many statements the app sends to the database while `run` runs (the session's included):
 * a read that should take a fixed few, whatever its size, is checked by this count.
 */
export async function countStatements(db: Db, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let statements = 0;
  client.query = (...args: unknown[]) => {
    statements++;
    return query.apply(client, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return statements;
}
