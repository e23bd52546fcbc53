import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, json, loginAs, type TestContext } from '../test/test-app.ts';
import { apiSession, exited, freePort, scratchDatabase, startServer } from './server-process.ts';

/**
 * Issue 6, faults: numbers stay unique and gap-free under a burst, one call of a patient wins,
 * and a server killed mid-burst loses no acknowledged registration. On PGlite, or on the
 * PostgreSQL server of DATABASE_URL (CI runs both).
 */
let ctx: TestContext;
let token: string;
let patientId: string;

const post = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API}/registrations/registrations`,
    headers: { authorization: token },
    payload,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  token = await loginAs(ctx.app, 'superadmin');
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${API}/patients?clinicId=11&limit=1`,
    headers: { authorization: token },
  });
  patientId = json(res).data.docs[0].uid;
});
afterAll(() => ctx.close());

describe('under load', () => {
  it('gives 500 concurrent registrations on one clinic and prefix unique, gap-free numbers', async () => {
    // a prefix of its own, so the demo's numbers of today do not count
    const prefixes = { doctor: 'A', bpjs: 'B', LAB: 'L', RAD: 'R', MCU: 'M', TREATMENT: 'T', PHYSIO: 'ZZ' };
    await ctx.app.inject({
      method: 'PUT',
      url: `${API}/registrations/queue-prefixes`,
      headers: { authorization: token },
      payload: { clinicId: 11, prefixes },
    });
    const answers = await Promise.all(
      Array.from({ length: 500 }, () =>
        post({
          clinicId: 11,
          patientId,
          orderType: 'service',
          serviceType: 'PHYSIO',
          payerType: 'self',
          confirmDuplicate: true,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const numbers = answers.map((a) => Number(json(a).data.queueNumber.split('-')[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
  });

  it('lets exactly one of 50 concurrent calls of one patient succeed', async () => {
    const reg = json(
      await post({
        clinicId: 11,
        patientId,
        orderType: 'service',
        serviceType: 'LAB',
        payerType: 'self',
        confirmDuplicate: true,
      }),
    ).data;
    const calls = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.app.inject({
          method: 'PATCH',
          url: `${API}/registrations/registrations/${reg._id}`,
          headers: { authorization: token },
          payload: { updateField: { status: 'Examination' }, clinicId: 11, fromStatus: 'Waiting' },
        }),
      ),
    );
    const codes = calls.map((c) => c.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(json(calls.find((c) => c.statusCode === 409)!).message).toMatch(/sudah dipanggil/);
  });
});

describe('a server killed mid-burst', () => {
  let dataDir: string;
  let databaseUrl = '';
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'klinikita-kill-'));
    const scratch = await scratchDatabase('kill');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (port: number) => startServer({ port, dataDir, databaseUrl });
  const session = (base: string) => apiSession(base);

  it('keeps every acknowledged registration, with no number twice', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await start(port);
    const headers = await session(base);
    const patients = (await (
      await fetch(`${base}${API}/patients?clinicId=10&limit=1`, { headers })
    ).json()) as {
      data: { docs: { uid: string }[] };
    };
    const body = JSON.stringify({
      clinicId: 10,
      patientId: patients.data.docs[0].uid,
      orderType: 'service',
      serviceType: 'TREATMENT',
      payerType: 'self',
      // one patient again and again: the load, not a clerk's slip
      confirmDuplicate: true,
    });
    const acknowledged: { _id: string; queueNumber: string }[] = [];
    let killed = false;
    const worker = async () => {
      while (!killed) {
        try {
          const res = await fetch(`${base}${API}/registrations/registrations`, {
            method: 'POST',
            headers,
            body,
          });
          if (res.ok)
            acknowledged.push(((await res.json()) as { data: { _id: string; queueNumber: string } }).data);
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < 120) {
      if (Date.now() > deadline) throw new Error(`only ${acknowledged.length} registrations acknowledged`);
      await new Promise((r) => setTimeout(r, 5));
    }
    server.kill('SIGKILL');
    killed = true;
    await Promise.allSettled(workers);
    await exited(server);

    server = await start(port);
    try {
      const after = await session(base);
      const list = (await (
        await fetch(
          `${base}${API}/registrations/registrations?clinicId=10&serviceType=TREATMENT&limit=1000`,
          {
            headers: after,
          },
        )
      ).json()) as { data: { docs: { _id: string; queueNumber: string }[] } };
      const kept = new Set(list.data.docs.map((d) => d._id));
      expect(acknowledged.filter((a) => !kept.has(a._id))).toEqual([]);
      const numbers = list.data.docs.map((d) => d.queueNumber);
      expect(new Set(numbers).size).toBe(numbers.length);
    } finally {
      server.kill('SIGTERM');
      await exited(server);
    }
  });
});
