import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { SatusehatSyncPage } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { satusehatDeliveries } from '../db/schema/index.ts';
import { FHIR_PATH } from '../integrations/satusehat/satusehat.constants.ts';
import { simulatorPopulation } from '../integrations/satusehat/satusehat-identities.service.ts';
import { loadSecretsKey } from '../integrations/satusehat/secret-box.ts';
import {
  type SatusehatSimulator,
  startSimulator,
} from '../integrations/satusehat/simulator/simulator.server.ts';
import { userByName } from '../test/staff-fixtures.ts';
import { API } from '../test/test-app.ts';
import { ensureCodes, practisesToday } from '../test/visit-fixtures.ts';
import { apiSession, exited, freePort, scratchDatabase, startServer, stopServer } from './server-process.ts';

/**
 * Issue 19 §4, a server killed mid-send: the simulator runs in the test process, outliving the
 * servers (SATUSEHAT_SIMULATOR_URL), and holds every transaction Bundle back a while. 20 visits are
 * finished on one server (`main.ts`, leases of 3 s); it is killed with SIGKILL while its delivery
 * worker has Bundles in flight, whose creates then land at the platform with nobody to hear the
 * answer. A second server on the same database takes the rows once their leases end and gets every
 * one accepted: the resends of those already there answer `duplicate`, and the simulator's log
 * shows each Encounter (and each resource of its Bundle) created exactly once. On PGlite, or on
 * the PostgreSQL server of DATABASE_URL (CI runs both).
 */

const VISITS = 20;
const CLINIC = 10;
/** The SATUSEHAT sandbox's dummy patient (P02478375538), in the demo and known to the simulator */
const SANDBOX_NIK = '9271060312000001';
const HELD_MS = 2_500;
const NOTE = {
  ...{ systolic: 120, diastolic: 80, pulse: 80, respiratoryRate: 18, temperature: 37.2 },
  ...{ spo2: null, weight: null, height: null },
  ...{ subjective: 'Batuk', objective: null, assessment: 'ISPA', plan: null },
  diagnoses: [{ code: 'J06.9', title: 'ISPA', primary: true }],
  procedures: [],
  prescription: [],
  orders: [],
  referral: null,
};

const isBundlePost = (e: { method: string; path: string }) =>
  e.method === 'POST' && e.path.replace(/\/+$/, '') === FHIR_PATH;

async function until<T>(what: string, read: () => T | Promise<T>, done: (v: T) => boolean, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a server killed while sending to SATUSEHAT', () => {
  let dataDir: string;
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let simulator: SatusehatSimulator;
  const day = clinicDay('Asia/Jakarta');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'klinikita-delivery-kill-'));
    const scratch = await scratchDatabase('deliverykill');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
    // the demo, with dokter practising at Menteng today whatever the weekday, prepared in-process
    const database = await openDatabase({ DATABASE_URL: databaseUrl || undefined, DATA_DIR: dataDir });
    await prepareDatabase(database, {
      seedDemo: 'always',
      secretsKey: loadSecretsKey({ DATA_DIR: dataDir }),
    });
    await practisesToday(database.db, (await userByName(database.db, 'dokter')).doctorId!, CLINIC);
    await ensureCodes(database.db);
    // the platform knows the demo's people by NIK, as main.ts's own simulator would
    simulator = await startSimulator({ population: await simulatorPopulation(database.db) });
    await database.close();
  }, 180_000);
  afterAll(async () => {
    await simulator?.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (port: number) =>
    startServer({
      port,
      dataDir,
      databaseUrl,
      env: { SATUSEHAT_SIMULATOR_URL: simulator.url, SATUSEHAT_DELIVERY_LEASE_MS: '3000' },
    });

  /** The rows as the database holds them between the two servers. */
  async function deliveriesAtRest() {
    const database = await openDatabase({ DATABASE_URL: databaseUrl || undefined, DATA_DIR: dataDir });
    try {
      return await database.db
        .select({
          sourceKey: satusehatDeliveries.sourceKey,
          state: satusehatDeliveries.state,
          leaseOwner: satusehatDeliveries.leaseOwner,
        })
        .from(satusehatDeliveries)
        .where(eq(satusehatDeliveries.kind, 'encounter'));
    } finally {
      await database.close();
    }
  }

  it('gets every visit accepted once the next server takes over, none created twice', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
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
    const started = Date.now();
    const laps: string[] = [];
    const lap = (what: string) => laps.push(`${what} ${Math.round((Date.now() - started) / 100) / 10} s`);

    let server: ChildProcess = await start(port);
    const visits: string[] = [];
    let inFlight = 0;
    try {
      const admin = await apiSession(base, 'admin');
      await send(admin, 'POST', '/satu-sehat/locations/register', { clinicId: CLINIC });
      // every first send of a visit's Bundle is held back at the platform: sends stay in flight
      simulator.injectFault({
        kind: 'delay',
        target: 'fhir',
        method: 'POST',
        resourceType: 'Bundle',
        count: VISITS,
        delayMs: HELD_MS,
      });
      const clerk = await apiSession(base, 'pendaftaran');
      const doctor = await apiSession(base, 'dokter');
      const doctorId = (await send(doctor, 'GET', '/users')).DoctorId as number;
      const found = await send(clerk, 'GET', `/patients?clinicId=${CLINIC}&search=${SANDBOX_NIK}`);
      expect(found.docs).toHaveLength(1);
      lap('up');
      for (let i = 0; i < VISITS; i++) {
        const visit = await send(clerk, 'POST', '/registrations/registrations', {
          clinicId: CLINIC,
          patientId: found.docs[0].uid,
          orderType: 'doctor',
          doctorId,
          payerType: 'self',
          complaint: 'Batuk',
          // the same patient, again today with the same doctor
          confirmDuplicate: true,
        });
        await send(doctor, 'PATCH', `/registrations/registrations/${visit._id}`, {
          clinicId: CLINIC,
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
        visits.push(visit._id);
      }
      lap('visits');
      // killed while Bundles are held at the platform, some sent already
      await until(
        'no send held at the platform',
        () => simulator.log().filter(isBundlePost),
        // a send held for a second now: the rest of its batch has arrived too
        (posts) =>
          posts.some((e) => e.status === 0 && Date.now() - Date.parse(e.at) > HELD_MS / 2) &&
          posts.some((e) => e.status === 200),
        30_000,
      );
    } finally {
      // held, unanswered at the kill (the simulator shares this event loop: none is answered in between)
      inFlight = simulator.log().filter((e) => isBundlePost(e) && e.status === 0).length;
      server.kill('SIGKILL');
      await exited(server);
    }
    expect(inFlight).toBeGreaterThan(0);
    // the held Bundles are created now, their answers going nowhere
    await until(
      'the platform still holds sends',
      () => simulator.log().filter((e) => isBundlePost(e) && e.status === 0).length,
      (n) => n === 0,
      HELD_MS * 3,
    );
    lap('killed');
    const atRest = await deliveriesAtRest();
    const ours = new Set(visits);
    // (the last visits' events may not be queued yet: the next server's outbox consumer queues them)
    const recorded = new Set(atRest.filter((r) => r.state === 'accepted').map((r) => r.sourceKey));
    const encounterCounts = () =>
      new Map(
        simulator
          .received()
          .byIdentifier.filter((c) => c.resourceType === 'Encounter')
          .map((c) => [c.identifier.split('|').pop()!, c]),
      );
    // at the platform but not recorded: these resends must answer `duplicate`
    const lostAnswers = [...encounterCounts().keys()].filter((uid) => !recorded.has(uid));
    expect(lostAnswers.length).toBeGreaterThanOrEqual(inFlight);
    // the rows in flight were left leased by the dead server: the next one waits their leases out
    const leased = atRest.filter((r) => r.state === 'waiting' && r.leaseOwner).length;
    expect(leased).toBeGreaterThanOrEqual(inFlight);
    console.log(
      `killed with ${recorded.size} accepted, ${inFlight} in flight, ${lostAnswers.length} created unrecorded, ${leased} leased, of ${atRest.length}`,
    );

    server = await start(port);
    lap('restarted');
    try {
      const admin = await apiSession(base, 'admin');
      // (the demo's own dispensings of the day wait for Encounters never sent: only these visits count)
      const accepted = await until(
        'visits not all accepted',
        async () =>
          (
            (await send(
              admin,
              'GET',
              `/satu-sehat/deliveries?clinicId=${CLINIC}&date=${day}&kind=encounter&limit=100`,
            )) as SatusehatSyncPage
          ).docs.filter((d) => ours.has(d.registrationId)),
        (docs) => docs.length === VISITS && docs.every((d) => d.state === 'accepted'),
        60_000,
      );
      lap('accepted');

      const counts = encounterCounts();
      for (const delivery of accepted) {
        const count = counts.get(delivery.registrationId);
        const platformId = delivery.platformIds.find((p) => p.resourceType === 'Encounter')?.id;
        // created once; resent (and answered duplicate) exactly when its first answer was lost
        expect(count, delivery.registrationId).toMatchObject({
          created: 1,
          duplicate: lostAnswers.includes(delivery.registrationId) ? 1 : 0,
          refused: 0,
          id: platformId,
        });
      }
      // nothing of any Bundle (Conditions, Observations…) was created twice either
      const received = simulator.received();
      expect(received.byIdentifier.filter((c) => c.created !== 1 || c.refused)).toEqual([]);
      expect(received.creates.filter((c) => c.outcome === 'duplicate').length).toBeGreaterThan(0);
    } finally {
      await stopServer(server);
    }
    console.log(laps.join(', '));
  }, 300_000);
});
