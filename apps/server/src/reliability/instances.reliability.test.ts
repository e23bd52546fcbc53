import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../test/test-app.ts';
import { apiSession, freePort, scratchDatabase, startServer, stopServer } from './server-process.ts';

/**
 * Issue 6, faults that need a PostgreSQL server (PGlite is one process's embedded database: it has
 * no second instance to talk to and no network to lose): two instances on one database hear each
 * other, and a database that goes away and comes back is survived without a restart.
 */
const onServer = Boolean(process.env.DATABASE_URL);

/** Reads a server-sent event stream until `want` appears in it (or the time runs out). */
async function streamUntil(
  url: string,
  headers: Record<string, string>,
  want: string,
  start: () => Promise<void>,
  timeoutMs = 15_000,
) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  await start();
  try {
    while (!text.includes(want)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // aborted: the assertion below says what was missing
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return text;
}

async function firstPatient(base: string, headers: Record<string, string>) {
  const res = await fetch(`${base}${API}/patients?clinicId=10&limit=1`, { headers });
  return ((await res.json()) as { data: { docs: { uid: string }[] } }).data.docs[0].uid;
}

const register = (base: string, headers: Record<string, string>, patientId: string) =>
  fetch(`${base}${API}/registrations/registrations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      clinicId: 10,
      patientId,
      orderType: 'service',
      serviceType: 'LAB',
      payerType: 'self',
      confirmDuplicate: true,
    }),
  });

describe.skipIf(!onServer)('two instances on one PostgreSQL', () => {
  let dataDir: string;
  let scratch: { url: string; drop: () => Promise<void> };
  const servers: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'klinikita-two-'));
    scratch = await scratchDatabase('two');
  });
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('deliver each other’s live events, and a logout on one ends the session on the other at once', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    servers.push(await startServer({ port: portA, dataDir, databaseUrl: scratch.url }));
    servers.push(await startServer({ port: portB, dataDir, databaseUrl: scratch.url }));
    const [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    const headers = await apiSession(a);
    const patientId = await firstPatient(a, headers);

    // a screen on B sees a registration made on A
    let created = '';
    const seen = await streamUntil(
      `${b}${API}/events?clinicId=10`,
      headers,
      'registration.created',
      async () => {
        const res = await register(a, headers, patientId);
        expect(res.status).toBe(200);
        created = ((await res.json()) as { data: { _id: string } }).data._id;
      },
    );
    expect(seen).toContain('registration.created');
    expect(seen).toContain(created);

    // B serves the session (and keeps a copy of it); a logout on A must end it on B too
    const users = () => fetch(`${b}${API}/users`, { headers }).then((r) => r.status);
    expect(await users()).toBe(200);
    expect(await users()).toBe(200);
    const logout = await fetch(`${a}/logout`, {
      method: 'POST',
      headers: { authorization: headers.authorization, origin: a },
    });
    expect(logout.status).toBe(200);
    await expect.poll(users, { timeout: 2000, interval: 25 }).toBe(401);
  });
});

/** A TCP hop between the server and PostgreSQL that the test can cut and restore. */
function cuttableProxy(targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(targetPort, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.on('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve(port);
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server ? server.close(() => resolve()) : resolve();
      server = null;
    });
  return { open, cut };
}

describe.skipIf(!onServer)('the database going away and coming back', () => {
  let dataDir: string;
  let scratch: { url: string; drop: () => Promise<void> };
  let server: ChildProcess | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'klinikita-outage-'));
    scratch = await scratchDatabase('outage');
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a plain message while it is gone and serves again when it is back, no restart', async () => {
    const target = new URL(scratch.url);
    const proxy = cuttableProxy(Number(target.port || 5432));
    const proxyPort = await proxy.open();
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxyPort);
    const port = await freePort();
    server = await startServer({ port, dataDir, databaseUrl: viaProxy.toString() });
    const base = `http://127.0.0.1:${port}`;
    const headers = await apiSession(base);
    const patientId = await firstPatient(base, headers);
    expect((await register(base, headers, patientId)).status).toBe(200);

    await proxy.cut();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}${API}/patients?clinicId=10&limit=1`, { headers });
      expect(res.status).toBe(503);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({
        status: false,
        message: 'Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi.',
      });
    }
    const write = await register(base, headers, patientId);
    expect(write.status).toBe(503);

    await proxy.open();
    await expect
      .poll(async () => (await register(base, headers, patientId)).status, { timeout: 20_000, interval: 250 })
      .toBe(200);
    expect(server.exitCode).toBeNull();
    // the LISTEN connection comes back too (after its back-off): live events flow again
    await expect
      .poll(
        () =>
          streamUntil(
            `${base}${API}/events?clinicId=10`,
            headers,
            'registration.created',
            async () => {
              await register(base, headers, patientId);
            },
            3000,
          ),
        { timeout: 40_000, interval: 100 },
      )
      .toContain('registration.created');
    await proxy.cut();
  });
});
