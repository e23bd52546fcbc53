import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, by VITEST_POOL_ID (browser.ts, baseUrl) */
    baseUrls: string[];
  }
}

const root = path.resolve(import.meta.dirname, '../..');

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

/** How many servers (and spec files at once): `E2E_WORKERS`, else two where there are two cores. */
export const e2eWorkers = () =>
  Math.max(1, Number(process.env.E2E_WORKERS) || Math.min(2, availableParallelism()));

/**
 * Starts the real server on the production build, as `npm start` does, once per worker (each spec
 * file uses its worker's server, e2e/support/browser.ts), each on a free loopback port with a fresh
 * database: PGlite in a temporary folder, or a new database on the PostgreSQL server when
 * DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  // WEB_DIST: a build in another folder (`vite build --outDir …`), passed on to the server
  if (!existsSync(path.join(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'), 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  const servers = await Promise.all(Array.from({ length: e2eWorkers() }, (_, i) => startServer(i)));
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}

async function startServer(index: number): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'klinikita-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // the specs log in as the demo users: a fresh PostgreSQL database gets them only when asked
    SEED_DEMO: 'always',
  };
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `klinikita_e2e_${process.pid}_${index}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    delete env.DATABASE_URL;
  }
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // the full demo (MCU, SATUSEHAT, bills) takes ~15 s on a quiet machine and minutes on a busy one
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/clinic/v1/auth/demo-accounts`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await giveDokterASlotToday(baseUrl);
  return {
    baseUrl,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo doctors do not practise every day (no one on Sunday), but the queue specs register
 * visits to `dokter` at clinic 10 whatever day the suite runs: give him a late slot today there
 * when he has none (22:00–23:30 collides with no demo slot and no spec's own), and no limit today.
 */
async function giveDokterASlotToday(baseUrl: string) {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const login = await fetch(`${baseUrl}/api/clinic/v1/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: 'dokter', password: 'klinikita' }),
  });
  const { data } = (await login.json()) as { data: { token: string; user: { DoctorId: number } } };
  const auth = { ...headers, authorization: data.token };
  const doctorId = data.user.DoctorId;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1;
  const schedule = await fetch(
    `${baseUrl}/api/clinic/v1/reservation/doctor-schedule/${doctorId}?clinicId=10`,
    {
      headers: auth,
    },
  );
  const booking = ((await schedule.json()) as { data: Record<string, { booking: string[] }> }).data[
    String(weekday)
  ]?.booking;
  // and no daily limit today: the specs together register more than a quiet Saturday allows
  const unlimited = await fetch(`${baseUrl}/api/clinic/v1/assesments/doctors/${doctorId}`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ dayToChange: weekday, limit: 0, clinicId: 10 }),
  });
  if (!unlimited.ok) throw new Error(`could not lift dokter's limit today: ${await unlimited.text()}`);
  if (booking?.length) return;
  const added = await fetch(`${baseUrl}/api/clinic/v1/assesments/doctors/add-schedule`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      clinicIdWeb: 10,
      dokterIdWeb: doctorId,
      newBookingTime: '22:00 - 23:30',
      bookingDay: weekday,
    }),
  });
  if (!added.ok) throw new Error(`could not give dokter a slot today: ${await added.text()}`);
}
