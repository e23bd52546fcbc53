import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const API = '/api/clinic/v1';
const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * What the bench turns off in the server: the limits on searches, uploads and PDFs (autocannon's
 * thousands of searches a second would meet the limiter after the first few hundred) and the cap on
 * event streams per session (the held load opens BENCH_STREAMS streams on one session). The bench
 * measures the server's work, not its refusals.
 */
export const BENCH_SERVER_ENV = { RATE_LIMITS: 'off', EVENT_STREAMS_PER_SESSION: '100000' } as const;
export const BENCH_LIMITS_NOTE =
  'Rate limits off (RATE_LIMITS=off), no cap on event streams per session: the bench measures the server, not the limiter.';

/** The real server (`main.ts`) on a free loopback port, on the database of `url`. */
export async function startServer(
  url: string,
  extraEnv: Record<string, string> = {},
): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...BENCH_SERVER_ENV,
      ...extraEnv,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${base}${API}/auth/demo-accounts`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: server.pid!,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}

/** A demo login (password `klinikita`); answers the token. */
export async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: 'klinikita' }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * Waits until the server process is idle — under 5 % of one core over two seconds — for at most
 * `maxMs`: the demo's start-up work (deliveries to the SATUSEHAT simulator, event consumers) is
 * done before anything is timed. Answers how long it waited (0 where /proc cannot be read).
 */
export async function untilIdle(pid: number, maxMs = 240_000): Promise<number> {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return 0;
  // utime and stime, in clock ticks (100 a second), after the command name's closing parenthesis
  const ticks = () => {
    const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const started = Date.now();
  for (;;) {
    const before = ticks();
    await new Promise((r) => setTimeout(r, 2000));
    if ((ticks() - before) / 200 < 0.05 || Date.now() - started > maxMs) return Date.now() - started;
  }
}
