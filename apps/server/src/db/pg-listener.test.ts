import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgListener, LISTENER_APPLICATION_NAME } from './pg-listener.ts';

const url = process.env.DATABASE_URL;

// needs a PostgreSQL server to drop the connection under the listener; PGlite has none
describe.skipIf(!url)('PostgreSQL listener', () => {
  const admin = new pg.Client({ connectionString: url });
  const listener = createPgListener(url ?? '', { baseDelayMs: 20, maxDelayMs: 200 });
  afterAll(async () => {
    await listener.close();
    await admin.end();
  });

  it('reconnects after the server drops it and hears notifications again', async () => {
    await admin.connect();
    const heard: string[] = [];
    let errors = 0;
    let restored!: () => void;
    const restoredOnce = new Promise<void>((resolve) => {
      restored = resolve;
    });
    const channel = `test_listener_${process.pid}`;
    const stop = await listener.listen(channel, (payload) => heard.push(payload), {
      onError: () => errors++,
      onRestore: () => restored(),
    });
    const terminated = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = $1 AND query LIKE $2`,
      [LISTENER_APPLICATION_NAME, `LISTEN "${channel}"`],
    );
    expect(terminated.rowCount).toBe(1);
    await restoredOnce;
    expect(errors).toBeGreaterThan(0);
    await admin.query('SELECT pg_notify($1, $2)', [channel, 'after-restart']);
    await expect.poll(() => heard).toEqual(['after-restart']);
    await stop();
  });
});
