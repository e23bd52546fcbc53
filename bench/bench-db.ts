import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../apps/server/src/db/client.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Where the bench runs: PostgreSQL when `DATABASE_URL` or `BENCH_DATABASE_URL` is set, else
 * embedded PGlite in `BENCH_DATA_DIR` (default `data/bench`; the database in its `pg` folder, as
 * the server keeps it under DATA_DIR) with a smaller default set.
 */
export type BenchTarget =
  | { kind: 'postgres'; url: string; where: string }
  | { kind: 'pglite'; dataDir: string; where: string };

export function benchTarget(): BenchTarget {
  if (process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL) {
    const url = benchDatabaseUrl();
    return { kind: 'postgres', url, where: `PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}` };
  }
  const dataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? 'data/bench');
  return { kind: 'pglite', dataDir, where: `PGlite in ${path.relative(root, dataDir) || '.'}` };
}

/** The part of `pg` and PGlite the bench uses for raw SQL: one statement, `$n` parameters. */
export interface Sql {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** The bench's PGlite (one process at a time); `openPglite({ client })` wraps it for the app. */
export async function openBenchPglite(dataDir: string): Promise<PGlite> {
  const dir = path.join(dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  return PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
}

/** "PostgreSQL 15" or "PGlite": what the results say they were measured on. */
export async function engineName(target: BenchTarget, sql: Sql): Promise<string> {
  if (target.kind === 'pglite') return 'PGlite';
  const {
    rows: [{ server_version: version }],
  } = await sql.query<{ server_version: string }>('SHOW server_version');
  return `PostgreSQL ${version.split('.')[0]}`;
}

/** The PostgreSQL bench database: `BENCH_DATABASE_URL`, else `klinikita_bench` on the server of `DATABASE_URL`. */
export function benchDatabaseUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(base);
  url.pathname = '/klinikita_bench';
  return url.toString();
}

/** Creates the bench database when missing (or afresh with `fresh`). */
export async function ensureBenchDatabase(url: string, fresh: boolean): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`unexpected bench database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** A one-line progress bar on a terminal, plain lines elsewhere. */
export function progress(label: string, total: number) {
  const started = Date.now();
  let last = -1;
  return {
    tick(done: number) {
      const pct = Math.floor((done / total) * 100);
      if (pct === last) return;
      last = pct;
      const width = 30;
      const filled = Math.round((pct / 100) * width);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      const line = `${label.padEnd(24)} ${bar} ${String(pct).padStart(3)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')}`;
      if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
      else if (pct % 25 === 0) console.log(line);
    },
    done() {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (process.stdout.isTTY) process.stdout.write('\n');
      console.log(`${label.padEnd(24)} done in ${seconds} s`);
    },
  };
}
