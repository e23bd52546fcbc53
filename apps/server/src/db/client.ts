import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPgListener, type Listen } from './pg-listener.ts';
import { serializeQueries } from './pg-serial.ts';
import * as schema from './schema/index.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Extensions the migrations need (patient search uses trigram indexes). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel (PostgreSQL: one dedicated reconnecting connection; PGlite: in-process). */
  listen: Listen;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL server through `pg`; both drivers share the PostgreSQL dialect and query API. */
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // a client that loses its server must not crash the process: an idle one errors on the pool,
  // a checked-out one (a transaction awaiting the platform's answer) on itself; its query fails,
  // and the pool drops it when it comes back
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // parallel reads inside a transaction share its one client: queued here, not by pg (pg-serial.ts)
    serializeQueries(client);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listener = createPgListener(url);
  return {
    db,
    kind: 'postgres',
    listen: listener.listen,
    migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** Embedded PGlite persisted under `dataDir/pg` (or in memory / from a dump when given a client). */
export async function openPglite(options: { dataDir?: string; client?: PGlite }): Promise<Database> {
  let client = options.client;
  if (!client) {
    const dir = options.dataDir ? path.join(options.dataDir, 'pg') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    client = await PGlite.create({ ...(dir && { dataDir: dir }), extensions: PGLITE_EXTENSIONS });
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema });
  return {
    db,
    kind: 'pglite',
    listen: (channel, handler) => pglite.listen(channel, handler).then((stop) => () => stop()),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pglite.close(),
  };
}

export async function openDatabase(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite({ dataDir: env.DATA_DIR });
}
