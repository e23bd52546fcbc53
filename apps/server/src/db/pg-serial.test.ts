import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeQueries } from './pg-serial.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('queries on one PostgreSQL client', () => {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('connect', serializeQueries);
  afterAll(() => pool.end());

  it('run one after another, in order, without pg queueing them (no deprecation warning)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const started: number[] = [];
      const results = await Promise.all(
        [3, 1, 2].map(async (n) => {
          const res = await client.query<{ n: number; at: string }>(
            'SELECT $1::int AS n, clock_timestamp()::text AS at, pg_sleep($1::int / 100.0)',
            [n],
          );
          started.push(n);
          return res.rows[0]!;
        }),
      );
      await client.query('COMMIT');
      expect(results.map((r) => r.n)).toEqual([3, 1, 2]);
      // each started after the one before had finished: the times follow the call order
      expect(started).toEqual([3, 1, 2]);
      expect([...results].sort((a, b) => a.at.localeCompare(b.at)).map((r) => r.n)).toEqual([3, 1, 2]);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((m) => m.includes('already executing'))).toEqual([]);
    } finally {
      client.release();
      process.off('warning', onWarning);
    }
  });

  it('a failing query does not stop the next one, and its error reaches its caller', async () => {
    const client = await pool.connect();
    try {
      const [bad, good] = await Promise.allSettled([
        client.query('SELECT no_such_column FROM pg_class'),
        client.query<{ one: number }>('SELECT 1 AS one'),
      ]);
      expect(bad.status).toBe('rejected');
      expect(good.status === 'fulfilled' && good.value.rows[0]!.one).toBe(1);
    } finally {
      client.release();
    }
  });
});
