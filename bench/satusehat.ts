/**
 * `npm run bench:satusehat` (issue 19 "Rules and figures"): a backlog of BENCH_SATUSEHAT_VISITS
 * finished visits (default 10,000) drains against the bundled simulator through the server's own
 * delivery worker (`buildApp` with its defaults: batches of 10 side by side, leases, the real
 * builders and identities), on a fresh demo database — PGlite in `data/bench-satusehat`, or the
 * PostgreSQL database `klinikita_bench_satusehat` when DATABASE_URL or BENCH_DATABASE_URL is set.
 *
 * The visits are copies, made by the database, of the demo's signed Menteng visits whose patient
 * and doctor the platform knows (their Encounter identifier is the copy's own registration uid).
 * The baseline, measured in the same run: the same bundles, built beforehand, posted straight to
 * a second simulator by as many loops as the worker sends side by side — no queue, no lease, no
 * build, no bookkeeping. Reported: resources per second of both and their ratio, the build's own
 * cost, the process's memory while the worker drains, and the proof from the simulator's log that
 * no visit was sent twice. Writes bench/results/satusehat-<time>.md and .json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { type Database, openPglite, openPostgres, PGLITE_EXTENSIONS } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import { buildDelivery } from '../apps/server/src/integrations/satusehat/delivery/build-delivery.ts';
import type { DeliveryTarget } from '../apps/server/src/integrations/satusehat/delivery/delivery.types.ts';
import { SatusehatService } from '../apps/server/src/integrations/satusehat/satusehat.service.ts';
import { findSatusehatSettings } from '../apps/server/src/integrations/satusehat/satusehat.settings.ts';
import {
  ensureVisitIdentities,
  simulatorPopulation,
} from '../apps/server/src/integrations/satusehat/satusehat-identities.service.ts';
import type { ReceivedLog } from '../apps/server/src/integrations/satusehat/simulator/simulator.received.ts';
import { benchDatabaseUrl, ensureBenchDatabase, progress, type Sql } from './bench-db.ts';
import { API } from './server.ts';

const VISITS = Number(process.env.BENCH_SATUSEHAT_VISITS ?? 10_000);
/** Bundles the baseline posts (a sample of the backlog: its rate is what is compared) */
const BASELINE = Math.min(VISITS, Number(process.env.BENCH_SATUSEHAT_BASELINE ?? 1_000));
const CLINIC = 10;
/** The worker's default: rows taken and sent side by side */
const SIDE_BY_SIDE = 10;
const PREFIX = 'bench-ss-';
/** The parts of FHIR resources the bench touches (the server's `@types/fhir` stays the server's) */
type Bundle = { entry?: unknown[] };
type FhirResource = { id?: string; meta?: unknown };
const root = path.resolve(import.meta.dirname, '..');

/** The app's database and a raw client on it (one statement, `$n` parameters). */
interface Target {
  database: Database;
  raw: Sql & { close(): Promise<void> };
  where: string;
}

async function openTarget(): Promise<Target> {
  if (process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL) {
    const base = new URL(benchDatabaseUrl());
    base.pathname = '/klinikita_bench_satusehat';
    const url = base.toString();
    await ensureBenchDatabase(url, true);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    return {
      database: openPostgres(url),
      raw: { query: (text, params) => pool.query(text, params) as never, close: () => pool.end() },
      where: `PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}`,
    };
  }
  const dataDir = path.join(root, 'data', 'bench-satusehat');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  return {
    database: await openPglite({ client }),
    raw: { query: (text, params) => client.query(text, params) as never, close: async () => {} },
    where: 'PGlite (fresh)',
  };
}

/** The simulator in its own process (bench/satusehat-simulator.ts): its url, log, memory and stop. */
interface SimulatorProcess {
  url: string;
  received(): Promise<ReceivedLog>;
  /** The process's peak resident memory (VmHWM), MB */
  peakMb(): number;
  close(): Promise<void>;
}

async function spawnSimulator(population: unknown): Promise<SimulatorProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-sim-'));
  const file = path.join(dir, 'population.json');
  writeFileSync(file, JSON.stringify(population));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench', 'satusehat-simulator.ts'), file],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const ready = /READY (\S+)/.exec(out);
      if (ready) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
  });
  return {
    url,
    received: async () => (await (await fetch(`${url}/__sim/received`)).json()) as ReceivedLog,
    peakMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let raw: Sql;
const rows = async <R>(_database: Database, text: string, params: unknown[] = []): Promise<R[]> =>
  (await raw.query<R>(text, params)).rows;

async function main() {
  const target0 = await openTarget();
  const { database, where } = target0;
  raw = target0.raw;
  const secretsKey = randomBytes(32);
  await prepareDatabase(database, { seedDemo: 'always', secretsKey });
  const db = database.db;
  const population = await simulatorPopulation(db);
  const simulator = await spawnSimulator(population);
  const satusehat = { secretsKey, simulatorUrl: simulator.url };
  const app = await buildApp({ db, listen: database.listen, logLevel: 'warn', rateLimits: false, satusehat });
  await app.ready();
  const worker = app.satusehatDelivery;
  if (!worker) throw new Error('the app runs no delivery worker');

  // the admin registers Menteng's rooms and poli as Locations (as on /Setting/satuSehat)
  const login = await app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    payload: { username: 'admin', password: 'klinikita' },
  });
  const token = login.json().data.token as string;
  const registered = await app.inject({
    method: 'POST',
    url: `${API}/satu-sehat/locations/register`,
    headers: { authorization: `Bearer ${token}` },
    payload: { clinicId: CLINIC },
  });
  if (registered.statusCode !== 200) throw new Error(`locations: ${registered.body}`);

  // the templates: signed Menteng visits that build (their patient and doctor known to the platform)
  const candidates = await rows<{ id: number; uid: string; corp_id: number }>(
    database,
    `SELECT r.id, r.uid, r.corp_id FROM registrations r JOIN encounters e ON e.registration_id = r.id
      WHERE r.clinic_id = $1 AND e.status = 'signed' ORDER BY r.id LIMIT 60`,
    [CLINIC],
  );
  const settings = await findSatusehatSettings(db, CLINIC);
  if (!settings) throw new Error('Menteng has no SATUSEHAT settings');
  const service = new SatusehatService(db, satusehat);
  const templates: number[] = [];
  for (const c of candidates) {
    await ensureVisitIdentities(db, service, c.id);
    const built = await buildDelivery(db, target(c.id, c.uid, c.corp_id), {
      organizationId: settings.organizationId,
      encounterId: null,
    });
    if (built.ok) templates.push(c.id);
  }
  if (!templates.length) throw new Error('no demo visit builds: check the demo identities');
  console.log(`${templates.length} of ${candidates.length} signed Menteng visits build; copying ${VISITS}…`);

  // the backlog: copies of the templates, by the database, each with its own uid and queue number
  const copy = progress('visits copied', VISITS);
  await copyVisits(database, templates, VISITS);
  copy.tick(VISITS);
  copy.done();

  // the baseline first: built bundles posted straight to a second simulator
  const baseline = await measureBaseline(database, satusehat, simulator.url, population);

  // the backlog queued only now (the worker polls: rows queued earlier would leave during the baseline)
  await raw.query(
    `INSERT INTO satusehat_deliveries (corp_id, clinic_id, kind, source_key, registration_id, clinic_day)
     SELECT corp_id, clinic_id, 'encounter', uid, id, queue_date FROM registrations WHERE uid LIKE $1`,
    [`${PREFIX}%`],
  );
  // the drain: the server's worker, woken once, polls on
  const drain = progress('deliveries accepted', VISITS);
  const memory = { rss: 0, heap: 0 };
  const started = performance.now();
  worker.wake();
  let counts: Record<string, number> = {};
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const used = process.memoryUsage();
    memory.rss = Math.max(memory.rss, used.rss);
    memory.heap = Math.max(memory.heap, used.heapUsed);
    counts = Object.fromEntries(
      (
        await rows<{ state: string; n: number }>(
          database,
          `SELECT state, count(*)::int AS n FROM satusehat_deliveries WHERE source_key LIKE $1 GROUP BY state`,
          [`${PREFIX}%`],
        )
      ).map((r) => [r.state, r.n]),
    );
    drain.tick(counts.accepted ?? 0);
    const settled = (counts.accepted ?? 0) + (counts.refused ?? 0) + (counts.blocked ?? 0);
    if (settled >= VISITS) break;
    if (performance.now() - started > 3_600_000)
      throw new Error(`not drained after an hour: ${JSON.stringify(counts)}`);
  }
  const seconds = (performance.now() - started) / 1000;
  drain.done();
  const [{ resources }] = await rows<{ resources: number }>(
    database,
    `SELECT coalesce(sum(jsonb_array_length(platform_ids)), 0)::int AS resources FROM satusehat_deliveries WHERE source_key LIKE $1`,
    [`${PREFIX}%`],
  );

  // the proof: each backlog visit's Encounter was received once
  const log = await simulator.received();
  const simulatorPeakMb = simulator.peakMb();
  const encounterIds = log.byIdentifier.filter(
    (c) => c.resourceType === 'Encounter' && c.identifier.includes(PREFIX),
  );
  const twice = encounterIds.filter((c) => c.created > 1).length;
  const duplicates = encounterIds.reduce((sum, c) => sum + c.duplicate, 0);

  const result = {
    at: new Date().toISOString(),
    database: where,
    visits: VISITS,
    templates: templates.length,
    states: counts,
    drain: {
      seconds: round(seconds),
      visitsPerSecond: round(VISITS / seconds),
      resources,
      resourcesPerSecond: round(resources / seconds),
      peakRssMb: round(memory.rss / 1e6),
      peakHeapMb: round(memory.heap / 1e6),
      simulatorPeakRssMb: round(simulatorPeakMb),
    },
    baseline,
    ratio: round(resources / seconds / baseline.resourcesPerSecond),
    sentTwice: twice,
    duplicateAnswers: duplicates,
    encountersReceived: encounterIds.length,
  };
  report(result);
  await app.close();
  await simulator.close();
  await database.close();
  await target0.raw.close();
  if (twice > 0 || (counts.accepted ?? 0) !== VISITS) process.exit(1);
}

function target(registrationId: number, uid: string, corpId: number): DeliveryTarget {
  return { id: 0, uid: '', kind: 'encounter', sourceKey: uid, registrationId, clinicId: CLINIC, corpId };
}

/** N copies of the templates' registrations and notes, numbered S-1… on their own day. */
async function copyVisits(database: Database, templates: number[], n: number) {
  const columns = async (table: string, skip: string[]) =>
    (
      await rows<{ name: string }>(
        database,
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> ALL($2::text[])
            AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [table, skip],
      )
    ).map((r) => r.name);
  const regColumns = await columns('registrations', [
    'id',
    'uid',
    'queue_prefix',
    'queue_seq',
    'service_order_uid',
  ]);
  const noteColumns = await columns('encounters', ['id', 'uid', 'registration_id']);
  const list = (cols: string[], alias: string) => cols.map((c) => `${alias}."${c}"`).join(', ');
  const quoted = (cols: string[]) => cols.map((c) => `"${c}"`).join(', ');
  for (let from = 1; from <= n; from += 2_000) {
    const to = Math.min(n, from + 1_999);
    await raw.query(
      `INSERT INTO registrations (uid, queue_prefix, queue_seq, ${quoted(regColumns)})
       SELECT '${PREFIX}' || g, 'S', g, ${list(regColumns, 't')}
         FROM generate_series($1::int, $2::int) g
         JOIN registrations t ON t.id = ($3::int[])[1 + g % array_length($3::int[], 1)]`,
      [from, to, templates],
    );
    await raw.query(
      `INSERT INTO encounters (uid, registration_id, ${quoted(noteColumns)})
       SELECT gen_random_uuid()::text, r.id, ${list(noteColumns, 'e')}
         FROM generate_series($1::int, $2::int) g
         JOIN registrations r ON r.uid = '${PREFIX}' || g
         JOIN encounters e ON e.registration_id = ($3::int[])[1 + g % array_length($3::int[], 1)]`,
      [from, to, templates],
    );
  }
}

/**
 * The same bundles, built beforehand, posted straight to a second simulator (fresh, the rooms
 * registered there too) by SIDE_BY_SIDE loops: the platform's own pace on this machine.
 */
async function measureBaseline(
  database: Database,
  satusehat: { secretsKey: Buffer; simulatorUrl: string },
  firstUrl: string,
  population: unknown,
) {
  const db = database.db;
  const settings = (await findSatusehatSettings(db, CLINIC))!;
  const sample = await rows<{ id: number; uid: string; corp_id: number }>(
    database,
    `SELECT id, uid, corp_id FROM registrations WHERE uid LIKE $1 ORDER BY id LIMIT $2`,
    [`${PREFIX}%`, BASELINE],
  );
  const buildStarted = performance.now();
  const bundles: Bundle[] = [];
  for (const r of sample) {
    const built = await buildDelivery(db, target(r.id, r.uid, r.corp_id), {
      organizationId: settings.organizationId,
      encounterId: null,
    });
    if (built.ok) bundles.push(built.bundle);
  }
  const buildMs = (performance.now() - buildStarted) / sample.length;

  const second = await spawnSimulator(population);
  try {
    const to = await new SatusehatService(db, { ...satusehat, simulatorUrl: second.url }).clientForClinic(
      CLINIC,
    );
    const from = await new SatusehatService(db, { ...satusehat, simulatorUrl: firstUrl }).clientForClinic(
      CLINIC,
    );
    // the rooms, registered at the second simulator under the same organization
    const moved = new Map<string, string>();
    for (const ref of new Set(bundles.flatMap((b) => JSON.stringify(b).match(/Location\/[\w-]+/g) ?? []))) {
      const { id, meta, ...location } = (await from.read('Location', ref.split('/')[1])) as FhirResource;
      void meta;
      const made = await to.fhir<FhirResource>('POST', '/Location', location);
      moved.set(ref, `Location/${made.id}`);
      void id;
    }
    const payloads = bundles.map((b) =>
      JSON.parse(JSON.stringify(b).replace(/Location\/[\w-]+/g, (ref) => moved.get(ref) ?? ref)),
    );
    // a fresh process validates slowly until its JIT warms up: the first bundles are not timed
    const warmUp = payloads.splice(0, Math.min(100, Math.floor(payloads.length / 5)));
    for (const bundle of warmUp) await to.fhir('POST', '', bundle);
    const resources = payloads.reduce((sum, b: Bundle) => sum + (b.entry?.length ?? 0), 0);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SIDE_BY_SIDE }, async () => {
        while (next < payloads.length) await to.fhir('POST', '', payloads[next++]);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      bundles: payloads.length,
      resources,
      seconds: round(seconds),
      resourcesPerSecond: round(resources / seconds),
      buildMsPerVisit: round(buildMs),
    };
  } finally {
    await second.close();
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

function report(r: {
  at: string;
  database: string;
  visits: number;
  templates: number;
  states: Record<string, number>;
  drain: Record<string, number>;
  baseline: Record<string, number>;
  ratio: number;
  sentTwice: number;
  duplicateAnswers: number;
  encountersReceived: number;
}) {
  const md = [
    `# SATUSEHAT backlog drain — ${r.at}`,
    '',
    `${r.visits.toLocaleString('en')} finished visits (copies of ${r.templates} demo visits) on ${r.database}, sent by the server's delivery worker (in this process, with the database) to the bundled simulator (a process of its own).`,
    '',
    '| | seconds | resources | resources/s |',
    '|---|---:|---:|---:|',
    `| worker (queue, lease, identities, build, send, bookkeeping) | ${r.drain.seconds} | ${r.drain.resources} | ${r.drain.resourcesPerSecond} |`,
    `| baseline (${r.baseline.bundles} prebuilt bundles posted straight, ${SIDE_BY_SIDE} loops) | ${r.baseline.seconds} | ${r.baseline.resources} | ${r.baseline.resourcesPerSecond} |`,
    '',
    `Ratio worker / baseline: **${r.ratio}**. Visits per second: ${r.drain.visitsPerSecond}. Building one visit's bundle: ${r.baseline.buildMsPerVisit} ms.`,
    `Peak memory of the process of the server (worker and database included; the simulator runs apart): RSS ${r.drain.peakRssMb} MB, heap ${r.drain.peakHeapMb} MB; the simulator's process, holding every resource received: RSS ${r.drain.simulatorPeakRssMb} MB.`,
    `States after the drain: ${JSON.stringify(r.states)}. Encounters the simulator holds: ${r.encountersReceived}; created more than once: ${r.sentTwice}; resends answered \`duplicate\`: ${r.duplicateAnswers}.`,
  ].join('\n');
  console.log(`\n${md}\n`);
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = r.at.replace(/[:.]/g, '-');
  writeFileSync(path.join(dir, `satusehat-${stamp}.md`), `${md}\n`);
  writeFileSync(path.join(dir, `satusehat-${stamp}.json`), `${JSON.stringify(r, null, 2)}\n`);
}

await main();
