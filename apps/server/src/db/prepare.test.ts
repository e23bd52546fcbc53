import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from './client.ts';
import { prepareDatabase, wantsDemo } from './prepare.ts';
import { users } from './schema/index.ts';

/**
 * The demo clinic, with its well-known logins (`superadmin` / `klinikita`), goes by itself only
 * into the embedded database of a try-out; a PostgreSQL server gets it only with SEED_DEMO=always,
 * so a production database never starts with it (issue 13, item 6).
 */
describe('which empty database gets the demo clinic', () => {
  it('auto: the embedded one (PGlite) only; always: either; never: neither', () => {
    const table = (['auto', 'always', 'never'] as const).map((setting) => [
      setting,
      wantsDemo(setting, 'pglite'),
      wantsDemo(setting, 'postgres'),
    ]);
    expect(table).toEqual([
      ['auto', true, false],
      ['always', true, true],
      ['never', false, false],
    ]);
  });

  describe.skipIf(!process.env.DATABASE_URL)('on a PostgreSQL server', () => {
    const name = `klinikita_seed_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    afterAll(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('auto leaves a new database without any login; always then seeds the demo', async () => {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const database = openPostgres(url.toString());
      try {
        const secretsKey = randomBytes(32);
        expect(await prepareDatabase(database, { seedDemo: 'auto', secretsKey })).toEqual({
          seeded: false,
          demo: false,
          empty: true,
        });
        const [{ n }] = await database.db.select({ n: count() }).from(users);
        expect(n).toBe(0);

        expect(await prepareDatabase(database, { seedDemo: 'always', secretsKey })).toEqual({
          seeded: true,
          demo: true,
          empty: false,
        });
        const [superadmin] = await database.db.select().from(users).where(eq(users.username, 'superadmin'));
        expect(superadmin?.demo).toBe(true);
      } finally {
        await database.close();
      }
    }, 120_000);
  });
});
