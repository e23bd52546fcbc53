import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { registrations } from '../db/schema/index.ts';
import { loadSecretsKey } from '../integrations/satusehat/secret-box.ts';
import { userByName } from '../test/staff-fixtures.ts';
import { API } from '../test/test-app.ts';
import { ensureCodes, practisesToday } from '../test/visit-fixtures.ts';
import { apiSession, exited, freePort, scratchDatabase, spawnServer, startServer } from './server-process.ts';

/**
 * Domain events survive a server killed while its consumers work: 30 doctors' notes (120 orders,
 * 30 referrals) are signed on an instance that leaves the events to others (EVENT_CONSUMERS=off);
 * a second instance starts consuming them and is killed with SIGKILL — on PostgreSQL at the moment
 * its consumer transaction is seen holding its row, so nothing of it may stay; a third finishes.
 * Every order then has exactly one service visit and every referral exactly one letter — nothing
 * lost, nothing twice. On PGlite, or on the PostgreSQL server of DATABASE_URL (CI runs both). */

const NOTES = 30;
const ORDERS = [
  { serviceType: 'LAB', items: ['Darah Lengkap'] },
  { serviceType: 'RAD', items: ['Foto Thorax PA'] },
  { serviceType: 'PHYSIO', items: ['Terapi latihan'] },
  { serviceType: 'TREATMENT', items: ['Nebulisasi'] },
];
const NOTE = {
  systolic: 120,
  diastolic: 80,
  pulse: 80,
  respiratoryRate: null,
  temperature: 36.8,
  spo2: null,
  weight: null,
  height: null,
  subjective: 'Batuk',
  objective: null,
  assessment: 'ISPA',
  plan: null,
  diagnoses: [{ code: 'J06.9', title: 'ISPA', primary: true }],
  procedures: [],
  prescription: [],
  orders: ORDERS,
  referral: { facility: 'RSUD Tarakan', specialty: null, reason: 'Evaluasi lanjut' },
};

describe('a server killed while consuming domain events', () => {
  let dataDir: string;
  let databaseUrl = '';
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'klinikita-outbox-kill-'));
    const scratch = await scratchDatabase('outboxkill');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
    // the demo, with dokter practising at Menteng today whatever the weekday, prepared in-process
    const database = await openDatabase({ DATABASE_URL: databaseUrl || undefined, DATA_DIR: dataDir });
    await prepareDatabase(database, {
      seedDemo: 'always',
      secretsKey: loadSecretsKey({ DATA_DIR: dataDir }),
    });
    await practisesToday(database.db, (await userByName(database.db, 'dokter')).doctorId!, 10);
    await ensureCodes(database.db);
    await database.close();
  }, 180_000);
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (port: number, consumers: 'on' | 'off') =>
    startServer({ port, dataDir, databaseUrl, env: { EVENT_CONSUMERS: consumers } });

  /**
   * PostgreSQL: a server that is consuming right now — its transaction holds the consumer's row
   * (seen from outside with NOWAIT) — is returned, to be killed at that moment. (On PGlite one
   * process holds the database, so the kill lands when the server first answers.)
   */
  async function killWhileConsuming(port: number) {
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await watcher.connect();
    const server = spawnServer({ port, dataDir, databaseUrl, env: { EVENT_CONSUMERS: 'on' } });
    try {
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (Date.now() > deadline) throw new Error('the consumer was never seen at work');
        try {
          await watcher.query('BEGIN');
          await watcher.query(
            "SELECT 1 FROM event_consumers WHERE name = 'registrations.service-visits' FOR UPDATE NOWAIT",
          );
        } catch (error) {
          if ((error as { code?: string }).code === '55P03') return server; // lock_not_available
          if ((error as { code?: string }).code !== '42P01') throw error; // not migrated yet
        } finally {
          await watcher.query('ROLLBACK');
        }
      }
    } finally {
      await watcher.end();
    }
  }

  it('loses no order and applies none twice', async () => {
    const port = await freePort();
    const base = `${`http://127.0.0.1:${port}`}`;
    const send = async (headers: Record<string, string>, method: string, url: string, body?: object) => {
      const res = await fetch(`${base}${API}${url}`, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as { data: any; message: string };
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.message}`);
      return json.data;
    };

    // signed notes, their events waiting
    let server = await start(port, 'off');
    const encounters: string[] = [];
    try {
      const clerk = await apiSession(base, 'pendaftaran');
      const doctor = await apiSession(base, 'dokter');
      const doctorId = (await send(doctor, 'GET', '/users')).DoctorId as number;
      const patients = (await send(clerk, 'GET', `/patients?clinicId=10&limit=${NOTES}`)).docs as {
        uid: string;
      }[];
      expect(patients.length).toBe(NOTES);
      for (const patient of patients) {
        const visit = await send(clerk, 'POST', '/registrations/registrations', {
          clinicId: 10,
          patientId: patient.uid,
          orderType: 'doctor',
          doctorId,
          payerType: 'self',
          // demo patients may have today's visit with this doctor already
          confirmDuplicate: true,
        });
        await send(doctor, 'PATCH', `/registrations/registrations/${visit._id}`, {
          clinicId: 10,
          updateField: { status: 'Examination' },
        });
        const opened = await send(doctor, 'POST', '/consultations/encounters', { registrationId: visit._id });
        const saved = await send(doctor, 'PUT', `/consultations/encounters/${opened.uid}`, {
          ...NOTE,
          version: opened.version,
        });
        await send(doctor, 'POST', `/consultations/encounters/${opened.uid}/finish`, {
          version: saved.version,
        });
        encounters.push(opened.uid);
      }
    } finally {
      server.kill('SIGTERM');
      await exited(server);
    }

    // an instance starts consuming them and dies mid-way (or just after: either way nothing may be half-done)
    server = databaseUrl ? await killWhileConsuming(port) : await start(port, 'on');
    server.kill('SIGKILL');
    await exited(server);
    // how far it got (the consumer commits its position with its effects: all of a batch or none)
    const between = await openDatabase({ DATABASE_URL: databaseUrl || undefined, DATA_DIR: dataDir });
    const taken = await between.db.$count(registrations, isNotNull(registrations.serviceOrderUid));
    await between.close();
    console.log(`killed with ${taken} of ${NOTES * ORDERS.length} orders taken in`);
    expect(taken % ORDERS.length).toBe(0);
    // killed inside the consumer's transaction: none of its work stayed
    if (databaseUrl) expect(taken).toBe(0);

    server = await start(port, 'on');
    try {
      const admin = await apiSession(base, 'superadmin');
      const deadline = Date.now() + 120_000;
      for (;;) {
        const consumers = (await send(admin, 'GET', '/outbox/consumers')) as { behind: number }[];
        if (consumers.every((c) => c.behind === 0)) break;
        if (Date.now() > deadline) throw new Error(`consumers still behind: ${JSON.stringify(consumers)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect((await send(admin, 'GET', '/outbox/parked')).totalDocs).toBe(0);
      const doctor = await apiSession(base, 'dokter');
      const visits = new Set<string>();
      for (const uid of encounters) {
        const note = await send(doctor, 'GET', `/consultations/encounters/${uid}`);
        expect(note.serviceOrders).toHaveLength(ORDERS.length);
        for (const order of note.serviceOrders as {
          registrationId: string | null;
          queueNumber: string | null;
        }[]) {
          expect(order.queueNumber).toMatch(/^[A-Z]+-\d{3}$/);
          visits.add(order.registrationId!);
        }
        const letters = await send(doctor, 'GET', `/consultations/letters?encounterId=${uid}`);
        expect(letters.docs.filter((l: { kind: string }) => l.kind === 'referral')).toHaveLength(1);
      }
      // one visit per order, none shared
      expect(visits.size).toBe(NOTES * ORDERS.length);
    } finally {
      server.kill('SIGTERM');
      await exited(server);
    }
  }, 400_000);
});
