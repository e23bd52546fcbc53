import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { API } from '../test/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export const exited = (p: ChildProcess) =>
  p.exitCode !== null || p.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => p.once('exit', () => resolve()));

interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** more settings of main.ts (e.g. EVENT_CONSUMERS) */
  env?: Record<string, string>;
}

/** The real server (`main.ts`) as its own process on `port`, answering once it serves requests. */
export async function startServer(options: ServerOptions): Promise<ChildProcess> {
  const server = spawnServer(options);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}${API}/auth/demo-accounts`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The server process, as soon as it is spawned (not waiting for it to serve). */
export function spawnServer(options: ServerOptions): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      LOG_LEVEL: process.env.RELIABILITY_LOGS ? 'warn' : 'silent',
      // a fresh PostgreSQL database gets the demo only when asked (PGlite gets it anyway)
      SEED_DEMO: 'always',
      ...options.env,
    },
    stdio: process.env.RELIABILITY_LOGS ? 'inherit' : 'ignore',
  });
}

export async function stopServer(server: ChildProcess) {
  server.kill('SIGTERM');
  await exited(server);
}

/** Headers of a logged-in API client (the token as the Authorization header). */
export async function apiSession(base: string, username = 'superadmin') {
  const headers = { 'content-type': 'application/json', origin: base };
  const login = await fetch(`${base}${API}/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password: 'klinikita' }),
  });
  return { ...headers, authorization: ((await login.json()) as { data: { token: string } }).data.token };
}

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL (dropped by `drop`), or '' to
 * mean PGlite when there is none.
 */
export async function scratchDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) return { url: '', drop: async () => {} };
  const name = `klinikita_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
