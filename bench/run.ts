/**
 * `npm run bench`: the real server on loopback, driven by autocannon, against a baseline measured
 * in the same run — a bare Fastify route running the identical queries (the same query functions
 * of the server, on the same database) with nothing else in the way: no session lookup, no menu
 * check, no validation, no response schema. Prints requests/s, p50, p99 and the ratio per
 * scenario, checks the query plans of search, queue lists and the lab's reads and result entry for
 * sequential scans, and writes bench/results/<time>.json and .md. Needs `npm run bench:data` first.
 *
 * On PostgreSQL (DATABASE_URL or BENCH_DATABASE_URL) the server runs as its own process. On PGlite
 * (neither set) one embedded database cannot be opened by two processes, so the real app
 * (`buildApp`, with main.ts's options) runs in this process on the same database as the baseline,
 * and both share the process with autocannon.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PERMISSION_NAMES } from '@klinikita/domain/access/permissions';
import { transactionQuerySchema } from '@klinikita/domain/billing/transaction-report.schema';
import { RECORD_PAGE } from '@klinikita/domain/consultations/record.schema';
import autocannon from 'autocannon';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { type Db, openPglite } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import {
  findSession,
  findSessionContext,
  findUserForLogin,
} from '../apps/server/src/modules/auth/auth.queries.ts';
import { getVisitBill } from '../apps/server/src/modules/billing/bill-read.service.ts';
import { postBill } from '../apps/server/src/modules/billing/billing.service.ts';
import { readRecord } from '../apps/server/src/modules/consultations/records.service.ts';
import { issue } from '../apps/server/src/modules/inventory/inventory.service.ts';
import { getStockCard, listLocationStock } from '../apps/server/src/modules/inventory/stock-reads.service.ts';
import { releasedResultsOfPatient } from '../apps/server/src/modules/lab-results/lab-results.queries.ts';
import { getLabWork, saveLabResults } from '../apps/server/src/modules/lab-results/lab-results.service.ts';
import { getLabWorklist } from '../apps/server/src/modules/lab-specimens/lab-worklist.service.ts';
import { pagePatients } from '../apps/server/src/modules/patients/patients.queries.ts';
import { getPrescription, listQueue } from '../apps/server/src/modules/pharmacy/pharmacy.service.ts';
import { pageRegistrations } from '../apps/server/src/modules/registrations/registrations.queries.ts';
import { createRegistration } from '../apps/server/src/modules/registrations/registrations.service.ts';
import { patchRegistration } from '../apps/server/src/modules/registrations/visit-status.service.ts';
import { findService } from '../apps/server/src/modules/services/services.queries.ts';
import { priceOf } from '../apps/server/src/modules/services/services.service.ts';
import { transactionReport } from '../apps/server/src/modules/transaction-report/transaction-report.service.ts';
import type { AuthSession } from '../apps/server/src/plugins/auth.ts';
import { hashToken, verifyPassword } from '../apps/server/src/shared/crypto.ts';
import { benchTarget, engineName, openBenchPglite, type Sql } from './bench-db.ts';
import {
  BENCH_BILL_POSTS,
  BENCH_BILLS_PER_CLINIC_DAY,
  CHAIN_CLINICS,
  type ExportMeasure,
  ensureBilling,
  exportTable,
  MONTH_DAYS,
  makeBillVisits,
  measureExport,
} from './billing.ts';
import { heldTable, measureHeldStreams } from './held.ts';
import { labDaySample, labEntryPool } from './lab-day.ts';
import { labSample } from './lab-results.ts';
import { ensureLongPatient } from './record-patient.ts';
import { API, BENCH_LIMITS_NOTE, login, startServer } from './server.ts';
import { priceSample } from './service-prices.ts';
import { stockSample } from './stock.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** every read scenario at this share of its baseline's requests/s or better */
const RATIO_TARGET = 0.7;
const root = path.resolve(import.meta.dirname, '..');

interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** path on the real server (under the API) and on the baseline */
  server: string;
  baseline: string;
  body?: object;
  /** a write that consumes a row per request: one id per request from a pool made just before */
  pool?: () => Promise<string[]>;
  token?: 'superadmin' | 'dokter';
  /** login costs an scrypt hash by design; fewer connections keep the machine usable */
  connections?: number;
  /** a read is held to 0.7 of its baseline; login (it writes a session) and the writes are not */
  read: boolean;
  /** a read of seconds: this many requests (one connection each) instead of SECONDS, each given `timeout` s */
  amount?: number;
  timeout?: number;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function drive(base: string, s: Scenario, token: string | null, pool?: string[]): Promise<Measured> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: base };
  if (token) headers.authorization = token;
  const path = s.server.startsWith('/') ? s.server : s.server;
  let next = 0;
  const options: autocannon.Options = {
    url: base,
    connections: s.connections ?? CONNECTIONS,
    ...(pool ? { amount: pool.length } : s.amount ? { amount: s.amount } : { duration: SECONDS }),
    ...(s.timeout ? { timeout: s.timeout } : {}),
    requests: [
      {
        method: s.method,
        path,
        headers,
        ...(s.body ? { body: JSON.stringify(s.body) } : {}),
        ...(pool
          ? {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                path: (req.path ?? '').replace(':id', pool[next++ % pool.length]),
              }),
            }
          : {}),
      },
    ],
  };
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

/** Any sequential scan of the big tables in a plan fails the bench (issue 6). */
function seqScans(plan: unknown): string[] {
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (
      node['Node Type'] === 'Seq Scan' &&
      [
        'patients',
        'registrations',
        'encounters',
        'service_prices',
        'lab_reports',
        'lab_result_values',
        'lab_specimens',
        'stock_batches',
        'stock_levels',
        'stock_movements',
        'prescriptions',
        'domain_events',
      ].includes(String(node['Relation Name']))
    )
      found.push(String(node['Relation Name']));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((plan as { Plan: Record<string, unknown> }[])[0].Plan);
  return found;
}

const noData = 'No bench data: run `npm run bench:data` first (with the same DATABASE_URL / BENCH_DATA_DIR).';

interface BenchDatabase {
  /** raw SQL for the bench's own reads, pools and cleanup */
  sql: Sql;
  /** the baseline's drizzle, with `logger` */
  db: Db;
  /** the real server on loopback; `pid` is the process it runs in */
  startServer(): Promise<{ base: string; pid: number; stop: () => Promise<void> }>;
  close(): Promise<void>;
}

function openPostgresBench(url: string, logger: Logger): BenchDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    sql: pool,
    db: drizzlePg({ client: pool, schema, logger }) as unknown as Db,
    startServer: () => startServer(url),
    close: () => pool.end(),
  };
}

async function openPgliteBench(dataDir: string, logger: Logger): Promise<BenchDatabase> {
  // PGlite.create on a missing folder would make an empty database there
  if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) throw new Error(noData);
  const client = await openBenchPglite(dataDir);
  const database = await openPglite({ client });
  return {
    sql: client,
    db: drizzlePglite({ client, schema, logger }),
    startServer: async () => {
      // what main.ts does on start, without the SATUSEHAT simulator
      const env = loadEnv();
      await prepareDatabase(database, { seedDemo: 'never', secretsKey: randomBytes(32) });
      const app = await buildApp({
        db: database.db,
        listen: database.listen,
        sessionTtlMs: env.SESSION_TTL_HOURS * 3600 * 1000,
        sessionCacheMs: env.SESSION_CACHE_MS,
        cookieSecure: env.COOKIE_SECURE,
        logLevel: 'warn',
        trustProxy: env.TRUST_PROXY,
        // as bench/server.ts sets for main.ts (BENCH_SERVER_ENV)
        rateLimits: false,
        eventStreamsPerSession: 100_000,
        uploadsDir: path.join(dataDir, 'uploads'),
        satusehat: { secretsKey: randomBytes(32) },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return { base: `http://127.0.0.1:${port}`, pid: process.pid, stop: () => app.close() };
    },
    close: () => database.close(),
  };
}

async function main() {
  const target = benchTarget();
  // the baseline's queries are logged so their plans can be explained afterwards
  const captured: { query: string; params: unknown[] }[] = [];
  let capture = false;
  const logger: Logger = { logQuery: (query, params) => capture && captured.push({ query, params }) };
  const bench =
    target.kind === 'postgres'
      ? openPostgresBench(target.url, logger)
      : await openPgliteBench(target.dataDir, logger);
  const { sql, db } = bench;
  const {
    rows: [{ n: patientCount }],
  } = await sql
    .query<{ n: number }>('SELECT count(*)::int AS n FROM patients')
    .catch(() => ({ rows: [{ n: 0 }] }));
  if (!patientCount) throw new Error(noData);
  const {
    rows: [{ n: registrationCount }],
  } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM registrations');
  const engine = await engineName(target, sql);
  let dataSize = `${patientCount.toLocaleString('en')} patients, ${registrationCount.toLocaleString('en')} registrations`;
  console.log(`Bench database: ${target.where} (${engine})`);
  console.log(BENCH_LIMITS_NOTE);

  const server = await bench.startServer();
  const tokens = {
    superadmin: await login(server.base, 'superadmin'),
    dokter: await login(server.base, 'dokter'),
  };
  const session = (await findSession(db, hashToken(tokens.superadmin)))!;
  const auth: AuthSession = {
    ...session,
    access: [],
    permissions: new Set(PERMISSION_NAMES),
    token: tokens.superadmin,
    via: 'header',
  };

  // what the scenarios look for: a bench doctor at clinic 10 with today's queue, a patient's NIK and MRN
  const {
    rows: [sample],
  } = await sql.query<{
    uid: string;
    nik: string;
    mrn: string;
    corp_id: number;
    doctor_id: number;
    write_doctor_id: number;
    today: string;
  }>(
    `SELECT p.uid, p.nik, p.mrn, p.corp_id,
            (SELECT r.doctor_id FROM registrations r JOIN doctors d ON d.id = r.doctor_id AND d.uid LIKE 'bench-doctor-%'
              WHERE r.clinic_id = 10 AND r.queue_date = (now() AT TIME ZONE 'Asia/Jakarta')::date
              GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS doctor_id,
            -- the writes go to another doctor of the clinic, so the queue read stays a clinic's normal day
            (SELECT dc.doctor_id FROM doctor_clinics dc JOIN doctors d ON d.id = dc.doctor_id AND d.uid LIKE 'bench-doctor-%'
              WHERE dc.clinic_id = 10 ORDER BY dc.doctor_id DESC LIMIT 1) AS write_doctor_id,
            (now() AT TIME ZONE 'Asia/Jakarta')::date::text AS today
       FROM patients p WHERE p.mrn LIKE 'RM-10-1%' ORDER BY p.id LIMIT 1`,
  );
  const today: string = sample.today;
  // the long-standing patient of the record scenario (made once; kept by the cleanup below)
  const longPatient = await ensureLongPatient((text, params) => sql.query(text, params), {
    clinicId: 10,
    visits: 1000,
  });
  const recordQuery = { limit: RECORD_PAGE };
  // a bench service's price for a company patient at a branch today (none in data made before the tariffs)
  const tariff = await priceSample(sql);
  const priceQuery = tariff && {
    serviceId: tariff.id,
    payerClass: 'company' as const,
    clinicId: 37,
    day: today,
  };
  // a resulted bench lab visit, and the haemoglobin trend of the patient with the most reports
  const lab = await labSample(sql);
  const trendFilter = lab && {
    patientId: lab.patientId,
    corpId: sample.corp_id as number,
    clinicIds: auth.clinicIds,
    parameter: 'HB',
    limit: 200,
  };
  // the lab's busy day: its blood count grid, and the 20 values of an order saved in one request
  const labDay = await labDaySample(sql, sample.corp_id);
  const worklistQuery = labDay && {
    clinicId: 10,
    date: labDay.date,
    serviceUid: labDay.bloodCountUid,
    page: 1,
    limit: 25,
  };
  const entryBody = labDay && { version: null, values: labDay.values };
  // one visit per save: the first save of a visit writes the report and its 20 values
  const entryPool = (
    count = Number(process.env.BENCH_LAB_ENTRIES ?? (target.kind === 'pglite' ? 300 : 1000)),
  ) => labEntryPool(sql, { corpId: sample.corp_id, patientId: labDay!.patientId, today }, count);
  // the stock of 10,000 items and today's pharmacy queue (issue 17)
  const stock = await stockSample(sql);
  if (stock)
    dataSize += `, ${stock.movements.toLocaleString('en')} stock movements (bench items and batches: see bench/stock.ts)`;
  const pharmacyQuery = { clinicId: 10, page: 1, limit: 20 };
  const stockQuery = { search: 'amoxi', page: 1, limit: 20 };
  const cardQuery = { page: 1, limit: 50 };
  const pickBody = stock && { itemUid: stock.pickItemUid, quantity: 1, unit: 'Tablet', reason: null };
  // one unit per request, as many requests as the pool; the item holds enough for both runs
  const pickPool = async () => Array.from({ length: 1000 }, () => 'x');
  // billing (issue 18): a visit's bill assembled from its events, posting, a 50-clinic chain's month
  // (bench/billing.ts; BENCH_BILLING=0 leaves it out while tuning another scenario)
  const billing = process.env.BENCH_BILLING === '0' ? null : await ensureBilling(sql, db, auth);
  if (billing)
    dataSize += `, ${billing.events.toLocaleString('en')} domain events, ${billing.monthBills.toLocaleString('en')} posted bills in the month (${CHAIN_CLINICS} clinics × ${MONTH_DAYS} days × ${BENCH_BILLS_PER_CLINIC_DAY})`;
  // one fresh visit at the cashier per posting
  const billPool = () => makeBillVisits(sql, sample.corp_id, BENCH_BILL_POSTS);
  const reportQuery =
    billing && transactionQuerySchema.parse({ from: billing.from, to: billing.to, page: 1, limit: 100 });
  const tomorrow = new Date(`${today}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const queueFilter = {
    clinicId: 10,
    from: today,
    to: tomorrow.toISOString().slice(0, 10),
    orderType: 'doctor' as const,
    statuses: ['Waiting', 'Queueing', 'Skip'] as ('Waiting' | 'Queueing' | 'Skip')[],
    doctorId: sample.doctor_id as number,
    order: 'queueNumber_-1',
    page: 1,
    limit: 1000,
  };
  const labFilter = {
    clinicId: 10,
    from: today,
    to: queueFilter.to,
    orderType: 'service' as const,
    serviceTypes: ['MCU', 'TREATMENT', 'RAD', 'LAB'] as ('MCU' | 'TREATMENT' | 'RAD' | 'LAB')[],
    labVisibility: true,
    order: 'arrivedAt_1',
    page: 1,
    limit: 50,
  };

  // the calls consume Waiting registrations: one pool each for the server and the baseline
  const callPool = async () =>
    (
      await sql.query<{ uid: string }>(
        `INSERT INTO registrations (uid, corp_id, clinic_id, patient_id, order_type, doctor_id, status, queue_date,
                                    queue_prefix, queue_seq, queue_number, room, payer_type)
         SELECT gen_random_uuid()::text, $1, 10, (SELECT id FROM patients WHERE uid = $2), 'doctor', $3, 'Waiting', $4::date,
                'Z', s, 'Z-' || s, 'Poli Umum', 'self'
           FROM generate_series((SELECT coalesce(max(queue_seq), 0) + 1 FROM registrations WHERE clinic_id = 10
                                   AND queue_date = $4::date AND queue_prefix = 'Z'),
                                (SELECT coalesce(max(queue_seq), 0) + 3000 FROM registrations WHERE clinic_id = 10
                                   AND queue_date = $4::date AND queue_prefix = 'Z')) s
         RETURNING uid`,
        [sample.corp_id, sample.uid, sample.write_doctor_id, today],
      )
    ).rows.map((r) => r.uid);

  const baseline = Fastify({ logger: false });
  baseline.post('/login', async () => {
    const user = await findUserForLogin(db, 'dokter');
    return { ok: await verifyPassword('klinikita', user!.passwordHash) };
  });
  baseline.get('/users', async () => {
    const row = await findSession(db, hashToken(tokens.dokter));
    return { row, context: await findSessionContext(db, row!) };
  });
  baseline.get('/search', async (request) => {
    const { q } = request.query as { q: string };
    return pagePatients(db, sample.corp_id, { search: q, page: 1, limit: 20 });
  });
  baseline.get('/queue', async () => pageRegistrations(db, queueFilter));
  baseline.get('/lab', async () => pageRegistrations(db, labFilter));
  baseline.get('/record', async () => readRecord(db, auth, longPatient.patientUid, recordQuery, '127.0.0.1'));
  baseline.get('/price', async () => {
    const service = await findService(db, sample.corp_id, tariff!.uid);
    return priceOf(db, { ...priceQuery!, serviceId: service!.id });
  });
  baseline.get('/lab-work', async () => getLabWork(db, auth, lab!.visitUid));
  baseline.get('/lab-trend', async () => releasedResultsOfPatient(db, trendFilter!));
  baseline.get('/lab-worklist', async () => getLabWorklist(db, auth, worklistQuery!));
  if (stock) {
    baseline.get('/pharmacy-queue', async () => listQueue(db, auth, pharmacyQuery));
    baseline.get('/prescription', async () => getPrescription(db, auth, stock.prescriptionUid!, '127.0.0.1'));
    baseline.get('/stock', async () => listLocationStock(db, auth, stock.warehouseUid, stockQuery));
    baseline.get('/stock-card', async () =>
      getStockCard(db, auth, stock.warehouseUid, stock.cardItemUid, cardQuery),
    );
    baseline.post('/pick', async () => issue(db, auth, stock.warehouseUid, pickBody!, '127.0.0.1'));
  }
  if (billing) {
    baseline.get('/bill', async () => getVisitBill(db, auth, billing.visitUid));
    baseline.post('/bill-post/:id', async (request) =>
      postBill(db, auth, (request.params as { id: string }).id, '127.0.0.1'),
    );
    baseline.get('/transactions', async () => transactionReport(db, auth, reportQuery!));
  }
  baseline.put('/lab-entry/:id', async (request) =>
    saveLabResults(db, auth, (request.params as { id: string }).id, entryBody!, '127.0.0.1'),
  );
  baseline.post('/register', async () =>
    createRegistration(
      db,
      auth,
      {
        clinicId: 10,
        patientId: sample.uid,
        orderType: 'doctor',
        doctorId: sample.doctor_id,
        payerType: 'self',
        confirmDuplicate: true, // the same patient again on purpose
      },
      '127.0.0.1',
    ),
  );
  baseline.patch('/call/:id', async (request) =>
    patchRegistration(
      db,
      auth,
      (request.params as { id: string }).id,
      { updateField: { status: 'Examination' }, clinicId: 10 },
      '127.0.0.1',
    ),
  );
  const baselineBase = await baseline.listen({ port: 0, host: '127.0.0.1' });

  const nameFragment = 'siti nur';
  const q = (text: string) => encodeURIComponent(text);
  const queuePath = `${API}/registrations/registrations?order=queueNumber_-1&limit=1000&orderType=doctor&status=Waiting_Queueing_Skip&clinicId=10&doctor.doctorId=${sample.doctor_id}`;
  const labPath = `${API}/registrations/registrations/lab/mcu/populate/labpreass?order=arrivedAt_1&orderType=service&serviceType=MCU_TREATMENT_RAD_LAB&clinicId=10&limit=50`;
  const scenarios: Scenario[] = [
    {
      name: 'login',
      method: 'POST',
      server: `${API}/auth/login`,
      baseline: '/login',
      body: { username: 'dokter', password: 'klinikita' },
      connections: 2,
      read: false,
    },
    {
      name: 'session start (GET users)',
      method: 'GET',
      server: `${API}/users`,
      baseline: '/users',
      token: 'dokter',
      read: true,
    },
    {
      name: 'doctor queue',
      method: 'GET',
      server: queuePath,
      baseline: '/queue',
      token: 'superadmin',
      read: true,
    },
    { name: 'lab list', method: 'GET', server: labPath, baseline: '/lab', token: 'superadmin', read: true },
    {
      // the header and the newest visits in one answer (issue 14 item 4)
      name: 'record of a 1,000-visit patient',
      method: 'GET',
      server: `${API}/consultations/patients/${longPatient.patientUid}/record`,
      baseline: '/record',
      token: 'superadmin',
      read: true,
    },
    ...(tariff
      ? [
          {
            // one indexed lookup among 450 price periods per service (issue 15)
            name: 'service price lookup',
            method: 'GET' as const,
            server: `${API}/services/${tariff.uid}/price?clinicId=37&payerClass=company&date=${today}`,
            baseline: '/price',
            token: 'superadmin' as const,
            read: true,
          },
        ]
      : []),
    ...(lab
      ? [
          {
            // the lab's screen on a resulted visit: order, tests, ranges and the report (issue 16)
            name: 'lab work of a resulted visit',
            method: 'GET' as const,
            server: `${API}/lab-results/visits/${lab.visitUid}`,
            baseline: '/lab-work',
            token: 'superadmin' as const,
            read: true,
          },
          {
            // one parameter's released values among the bench's lab result values
            name: 'lab trend of a patient (HB)',
            method: 'GET' as const,
            server: `${API}/lab-results/patients/${lab.patientUid}?parameter=HB`,
            baseline: '/lab-trend',
            token: 'superadmin' as const,
            read: true,
          },
        ]
      : []),
    ...(labDay
      ? [
          {
            // the day's blood count grid: the visits waiting, their tests, samples and drafts (issue 16)
            name: `lab worklist of a day (${labDay.visits} visits)`,
            method: 'GET' as const,
            server: `${API}/lab/worklist?clinicId=10&date=${q(labDay.date)}&serviceUid=${labDay.bloodCountUid}&limit=25`,
            baseline: '/lab-worklist',
            token: 'superadmin' as const,
            read: true,
          },
          {
            // one request saves the whole order: flags, ranges copied, version 1, audit
            name: `enter the results of a ${labDay.values.length}-parameter panel`,
            method: 'PUT' as const,
            server: `${API}/lab-results/visits/:id/values`,
            baseline: '/lab-entry/:id',
            body: entryBody!,
            token: 'superadmin' as const,
            pool: () => entryPool(),
            read: false,
          },
        ]
      : []),
    ...(stock
      ? [
          {
            // the clinic day's prescriptions: cito first, waiting minutes, payer (issue 17)
            name: 'pharmacy queue of a day',
            method: 'GET' as const,
            server: `${API}/pharmacy/prescriptions?clinicId=10&limit=20`,
            baseline: '/pharmacy-queue',
            token: 'superadmin' as const,
            read: true,
          },
          ...(stock.prescriptionUid
            ? [
                {
                  // its lines, allergies, flags and the batches at the pharmacy
                  name: 'pharmacy prescription with stock',
                  method: 'GET' as const,
                  server: `${API}/pharmacy/prescriptions/${stock.prescriptionUid}`,
                  baseline: '/prescription',
                  token: 'superadmin' as const,
                  read: true,
                },
              ]
            : []),
          {
            name: 'stock lookup at a warehouse (search)',
            method: 'GET' as const,
            server: `${API}/inventory/locations/${stock.warehouseUid}/stock?search=amoxi&limit=20`,
            baseline: '/stock',
            token: 'superadmin' as const,
            read: true,
          },
          {
            name: 'stock card of an item',
            method: 'GET' as const,
            server: `${API}/inventory/locations/${stock.warehouseUid}/items/${stock.cardItemUid}/card?limit=50`,
            baseline: '/stock-card',
            token: 'superadmin' as const,
            read: true,
          },
          {
            // one unit out first-expiry-first-out past an expired batch, every request on one item
            name: 'FEFO pick (one item, 20 batches)',
            method: 'POST' as const,
            server: `${API}/inventory/locations/${stock.warehouseUid}/issues`,
            baseline: '/pick',
            body: pickBody!,
            token: 'superadmin' as const,
            pool: pickPool,
            read: false,
          },
        ]
      : []),
    ...(billing
      ? [
          {
            // the draft assembled now from the visit's events, priced for its day and payer (issue 18)
            name: 'bill of a visit (draft from its events)',
            method: 'GET' as const,
            server: `${API}/billing/visits/${billing.visitUid}/bill`,
            baseline: '/bill',
            token: 'superadmin' as const,
            read: true,
          },
          {
            // the invoice number, the lines frozen, bill.posted: one fresh visit per request
            name: 'post a bill',
            method: 'POST' as const,
            server: `${API}/billing/visits/:id/bill/post`,
            baseline: '/bill-post/:id',
            body: {},
            token: 'superadmin' as const,
            pool: billPool,
            read: false,
          },
          {
            name: `transaction report: a month of bills at ${CHAIN_CLINICS} clinics (100 rows + totals)`,
            method: 'GET' as const,
            server: `${API}/reports/transactions?from=${billing.from}&to=${billing.to}&limit=100`,
            baseline: '/transactions',
            token: 'superadmin' as const,
            // seconds a request at this size: six requests, two at a time, each given 300 s
            connections: 2,
            amount: 6,
            timeout: 300,
            read: true,
          },
        ]
      : []),
    {
      name: 'patient search: name fragment',
      method: 'GET',
      server: `${API}/patients?search=${q(nameFragment)}`,
      baseline: `/search?q=${q(nameFragment)}`,
      token: 'superadmin',
      read: true,
    },
    {
      name: 'patient search: NIK',
      method: 'GET',
      server: `${API}/patients?search=${sample.nik}`,
      baseline: `/search?q=${sample.nik}`,
      token: 'superadmin',
      read: true,
    },
    {
      name: 'patient search: record number',
      method: 'GET',
      server: `${API}/patients?search=${sample.mrn}`,
      baseline: `/search?q=${sample.mrn}`,
      token: 'superadmin',
      read: true,
    },
    {
      name: 'registration create',
      method: 'POST',
      server: `${API}/registrations/registrations`,
      baseline: '/register',
      body: {
        clinicId: 10,
        patientId: sample.uid,
        orderType: 'doctor',
        doctorId: sample.doctor_id,
        payerType: 'self',
        confirmDuplicate: true, // the same patient again on purpose
      },
      token: 'superadmin',
      read: false,
    },
    {
      name: 'doctor queue call (status change)',
      method: 'PATCH',
      server: `${API}/registrations/registrations/:id`,
      baseline: '/call/:id',
      body: { updateField: { status: 'Examination' }, clinicId: 10 },
      token: 'superadmin',
      pool: callPool,
      read: false,
    },
  ];

  const {
    rows: [{ last: lastBefore }],
  } = await sql.query<{ last: number }>('SELECT max(id) AS last FROM registrations');
  // held load first, while the server's heap is calm (after the scenarios its garbage blurs RSS):
  // 1,000 open event streams on this one instance, its memory and one event's fan-out
  // (BENCH_STREAMS=0 leaves it out while tuning a scenario)
  const streams = Number(process.env.BENCH_STREAMS ?? 1000);
  if (streams) console.log('\nHeld event streams:');
  const held = !streams
    ? null
    : await measureHeldStreams({
        count: streams,
        base: server.base,
        token: tokens.superadmin,
        pid: server.pid,
        clinicId: 10,
        publish: async () => {
          const res = await fetch(`${server.base}${API}/registrations/registrations`, {
            method: 'POST',
            headers: {
              authorization: tokens.superadmin,
              'content-type': 'application/json',
              origin: server.base,
            },
            body: JSON.stringify({
              clinicId: 10,
              patientId: sample.uid,
              orderType: 'service',
              serviceType: 'LAB',
              payerType: 'self',
              confirmDuplicate: true, // the same patient again on purpose
            }),
          });
          if (!res.ok) throw new Error(`registration create: ${res.status} ${await res.text()}`);
        },
      });

  const results: (Scenario & { serverResult: Measured; baselineResult: Measured; ratio: number })[] = [];
  console.log(`\nBench on ${engine}: ${dataSize}; ${CONNECTIONS} connections, ${SECONDS} s per run\n`);
  // BENCH_ONLY=<words> runs only the scenarios whose name holds them (while tuning one)
  const only = process.env.BENCH_ONLY?.toLowerCase();
  for (const s of scenarios.filter((x) => !only || x.name.toLowerCase().includes(only))) {
    const baselineResult = await drive(baselineBase, { ...s, server: s.baseline }, null, await s.pool?.());
    const serverResult = await drive(server.base, s, s.token ? tokens[s.token] : null, await s.pool?.());
    const ratio = serverResult.rps / baselineResult.rps;
    results.push({ ...s, pool: undefined, serverResult, baselineResult, ratio });
    console.log(
      `${s.name.padEnd(36)} server ${serverResult.rps.toFixed(0).padStart(6)} req/s p50 ${String(serverResult.p50).padStart(4)} ms p99 ${String(serverResult.p99).padStart(5)} ms | baseline ${baselineResult.rps.toFixed(0).padStart(6)} req/s p50 ${String(baselineResult.p50).padStart(4)} ms p99 ${String(baselineResult.p99).padStart(5)} ms | ratio ${ratio.toFixed(2)}${serverResult.non2xx ? `  (${serverResult.non2xx} non-2xx!)` : ''}`,
    );
  }

  // the transaction report's export: wall time against the database's share, the server's memory
  const exported: ExportMeasure | null =
    billing && process.env.BENCH_EXPORT !== '0' && (!only || /bill|report|export/.test(only))
      ? await measureExport({
          base: server.base,
          token: tokens.superadmin,
          pid: server.pid,
          db,
          session: auth,
          from: billing.exportFrom,
          to: billing.to,
        })
      : null;
  if (exported) console.log(`\nTransaction report export:\n${exportTable(exported)}`);

  // the plans of the list and search queries, as the baseline ran them
  capture = true;
  await pagePatients(db, sample.corp_id, { search: nameFragment, page: 1, limit: 20 });
  await pagePatients(db, sample.corp_id, { search: sample.nik, page: 1, limit: 20 });
  await pagePatients(db, sample.corp_id, { search: sample.mrn, page: 1, limit: 20 });
  await pageRegistrations(db, queueFilter);
  await pageRegistrations(db, labFilter);
  await readRecord(db, auth, longPatient.patientUid, recordQuery, '127.0.0.1');
  if (priceQuery) await priceOf(db, priceQuery);
  if (lab) {
    await getLabWork(db, auth, lab.visitUid);
    await releasedResultsOfPatient(db, trendFilter!);
  }
  if (labDay) {
    await getLabWorklist(db, auth, worklistQuery!);
    const [visit] = await entryPool(1);
    await saveLabResults(db, auth, visit, entryBody!, '127.0.0.1');
  }
  if (stock) {
    await listQueue(db, auth, pharmacyQuery);
    if (stock.prescriptionUid) await getPrescription(db, auth, stock.prescriptionUid, '127.0.0.1');
    await listLocationStock(db, auth, stock.warehouseUid, stockQuery);
    await getStockCard(db, auth, stock.warehouseUid, stock.cardItemUid, cardQuery);
    await issue(db, auth, stock.warehouseUid, pickBody!, '127.0.0.1');
  }
  if (billing) {
    await getVisitBill(db, auth, billing.visitUid);
    await transactionReport(db, auth, reportQuery!);
  }
  capture = false;
  const planProblems: string[] = [];
  console.log('\nQuery plans (EXPLAIN):');
  // the statements, not the transactions' begin, savepoints and commit
  for (const { query, params } of captured.filter((c) =>
    /^\s*(select|insert|update|delete|with)\b/i.test(c.query),
  )) {
    const {
      rows: [{ 'QUERY PLAN': plan }],
    } = await sql.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${query}`, params);
    const scans = seqScans(plan);
    const top = (plan as { Plan: { 'Node Type': string; 'Total Cost': number } }[])[0].Plan;
    console.log(
      `  ${scans.length ? 'SEQ SCAN ' : 'index    '} cost ${top['Total Cost'].toFixed(0).padStart(8)}  ${query.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
    if (scans.length) planProblems.push(`${scans.join(', ')}: ${query.slice(0, 200)}`);
  }

  await server.stop();
  await baseline.close();
  // the bench leaves the data as it found it: the visits it registered and the pools it called go,
  // with the lab results it saved on them
  const made = 'SELECT id FROM registrations WHERE id > $1';
  await sql.query(
    `DELETE FROM lab_result_values WHERE report_id IN (SELECT id FROM lab_reports WHERE registration_id IN (${made}))`,
    [lastBefore],
  );
  await sql.query(`DELETE FROM lab_reports WHERE registration_id IN (${made})`, [lastBefore]);
  // posted bills stay (money rows are never deleted), and so do their visits
  await sql.query(
    'DELETE FROM registrations r WHERE r.id > $1 AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.registration_id = r.id)',
    [lastBefore],
  );
  await bench.close();

  // the issue's targets: reads at 0.7 of their baseline or better, p99 within 3 × p50, index plans
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  // latencies are whole milliseconds: a p50 of 0 counts as 1
  const tailOk = (m: Measured) => m.p99 <= 3 * Math.max(m.p50, 1);
  const targets = results.map((r) => ({
    scenario: r.name,
    ratioOk: r.read ? r.ratio >= RATIO_TARGET : null,
    tailOk: tailOk(r.serverResult),
  }));
  const failed = results.filter((r) => r.serverResult.non2xx > 0 || r.serverResult.errors > 0);
  const misses =
    targets.filter((t) => t.ratioOk === false).length +
    targets.filter((t) => !t.tailOk).length +
    (planProblems.length ? 1 : 0) +
    failed.length +
    (held?.problems.length ?? 0);

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const table = [
    `# Klinikita bench ${new Date().toISOString()}`,
    '',
    `${engine}: ${dataSize}; ${CONNECTIONS} connections; ${SECONDS} s per run (writes: one pool of rows each)`,
    '',
    BENCH_LIMITS_NOTE,
    '',
    '| scenario | server req/s | p50 ms | p99 ms | baseline req/s | p50 ms | p99 ms | ratio |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.serverResult.rps.toFixed(0)} | ${r.serverResult.p50} | ${r.serverResult.p99} | ${r.baselineResult.rps.toFixed(0)} | ${r.baselineResult.p50} | ${r.baselineResult.p99} | ${r.ratio.toFixed(2)} |`,
    ),
    '',
    planProblems.length
      ? `Sequential scans: ${planProblems.join('; ')}`
      : 'No sequential scan of the big tables in the plans of search, queue lists and the lab.',
    '',
    '## Targets',
    '',
    `| scenario | ratio ≥ ${RATIO_TARGET} (reads) | p99 ≤ 3 × p50 (server) |`,
    '|---|---|---|',
    ...results.map((r, i) => {
      const t = targets[i];
      const ratio = t.ratioOk === null ? '– not a read' : `${mark(t.ratioOk)} ${r.ratio.toFixed(2)}`;
      const { p50, p99 } = r.serverResult;
      return `| ${r.name} | ${ratio} | ${mark(t.tailOk)} ${p99} ${t.tailOk ? '≤' : '>'} 3 × ${p50} |`;
    }),
    '',
    `${mark(!planProblems.length)} query plans of search, queue lists and the lab: ${planProblems.length ? `sequential scan in ${planProblems.length}` : 'indexes only'}`,
    `${mark(!failed.length)} answers: ${failed.length ? `errors or non-2xx in ${failed.map((r) => r.name).join(', ')}` : 'all 2xx, no errors'}`,
    ...(held
      ? [
          `${mark(!held.problems.length)} held load: ${held.problems.length ? held.problems.join('; ') : `${held.delivery.received} of ${held.opened} streams got the event`}`,
          '',
          `## Held load${target.kind === 'pglite' ? ' (the server runs in the bench process here: its memory includes the bench)' : ''}`,
          '',
          heldTable(held),
        ]
      : ['held load: not measured (BENCH_STREAMS=0)']),
    ...(exported
      ? [
          '',
          `## Transaction report export (${target.kind === 'pglite' ? 'the server runs in the bench process: its RSS includes PGlite and the bench' : 'the server in its own process: its RSS'})`,
          '',
          exportTable(exported),
        ]
      : []),
    '',
    misses ? `${misses} target${misses === 1 ? '' : 's'} missed.` : 'All targets met.',
  ].join('\n');
  writeFileSync(path.join(dir, `${stamp}.md`), `${table}\n`);
  writeFileSync(
    path.join(dir, `${stamp}.json`),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        database: engine,
        patients: patientCount,
        registrations: registrationCount,
        connections: CONNECTIONS,
        seconds: SECONDS,
        results,
        planProblems,
        targets,
        held,
        exported,
        misses,
      },
      null,
      2,
    ),
  );
  console.log(`\n${table}\n\nSaved to bench/results/${stamp}.{md,json}`);
  if (misses) process.exitCode = 1;
}

await main();
