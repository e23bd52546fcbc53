/**
 * `npm run bench:data`: a clinic chain at scale in the bench database (see bench-db.ts), made
 * reproducibly (the same rows for the same sizes; only uids and timestamps differ): the demo
 * corporate grown to 50 clinics, 200 doctors practising every day, BENCH_PATIENTS patients
 * (default 1,000,000) and BENCH_REGISTRATIONS registrations (default 3,000,000) over three
 * years, today included, BENCH_SERVICES services priced at every clinic (service-prices.ts) and
 * BENCH_LAB_VALUES released lab result values (lab-results.ts) and a busy lab day at clinic 10
 * today: BENCH_LAB_DAY visits on the lab's worklist (lab-day.ts), and the stock of 10,000 items in
 * 200,000 batches with 5,000,000 movements and a pharmacy day of 300 prescriptions (stock.ts).
 * Without DATABASE_URL it fills embedded PGlite in BENCH_DATA_DIR instead, by default with
 * 50,000 patients, 150,000 registrations and 200 priced services. Rows are generated inside
 * the database (INSERT … SELECT over generate_series, in large batches), which loads faster than
 * any client-side COPY here; the same SQL runs on both.
 */

import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import { FAMILY, FEMALE, MALE, STREETS } from '../apps/server/src/db/seed/patients.ts';
import {
  type BenchTarget,
  benchTarget,
  ensureBenchDatabase,
  openBenchPglite,
  progress,
  type Sql,
} from './bench-db.ts';
import { BENCH_LAB_DAY, generateLabDay } from './lab-day.ts';
import { BENCH_LAB_VALUES, generateLabResults } from './lab-results.ts';
import { BENCH_SERVICES, generateServicePrices } from './service-prices.ts';
import { generateStock, stockSizes } from './stock.ts';

const target = benchTarget();
const onPglite = target.kind === 'pglite';
// one wasm process holds PGlite: a smaller set by default, in smaller batches
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? (onPglite ? 50_000 : 1_000_000));
const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? (onPglite ? 150_000 : 3_000_000));
const CLINICS = 50;
const DAYS = 1096;
const PATIENT_BATCH = onPglite ? 50_000 : 100_000;
const REGISTRATION_BATCH = onPglite ? 50_000 : 250_000;
/** The first generated record number of each clinic (the demo's own are far below). */
const MRN_BASE = 100_000;
/** Generated queue numbers start here so today's demo and bench numbers never meet. */
const SEQ_BASE = 1000;

const literalArray = (items: readonly string[]) =>
  `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
/** A reproducible 32-bit mix of the row number (Knuth's multiplicative hash). */
const HASH = '((i::bigint * 2654435761) % 4294967296)';
/** A second, independent mix (doctor and status must not follow the service or the payer). */
const HASH2 = '(((i::bigint + 7777) * 2246822519) % 4294967291)';

/**
 * The bench database afresh with the schema and the demo, and one session on it for the
 * generation (its temp tables and settings must stay on one connection).
 */
async function openFresh(target: BenchTarget): Promise<{ sql: Sql; close: () => Promise<void> }> {
  const prepare = async (database: Database) => {
    const step = progress('schema and demo', 1);
    await prepareDatabase(database, { seedDemo: 'always', secretsKey: randomBytes(32) });
    step.tick(1);
    step.done();
  };
  if (target.kind === 'pglite') {
    rmSync(path.join(target.dataDir, 'pg'), { recursive: true, force: true });
    const client = await openBenchPglite(target.dataDir);
    const database = await openPglite({ client });
    await prepare(database);
    return { sql: client, close: () => database.close() };
  }
  await ensureBenchDatabase(target.url, true);
  const database = openPostgres(target.url);
  await prepare(database);
  await database.close();
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  return { sql: client, close: () => client.end() };
}

async function main() {
  const started = Date.now();
  console.log(`Bench data → ${target.where}`);
  console.log(
    `  ${PATIENTS.toLocaleString('en')} patients, ${REGISTRATIONS.toLocaleString('en')} registrations`,
  );
  const { sql: client, close } = await openFresh(target);
  try {
    await client.query('SET synchronous_commit = off');
    const {
      rows: [{ corp_id: corpId }],
    } = await client.query<{ corp_id: number }>('SELECT corp_id FROM clinics WHERE id = 10');

    const clinicsStep = progress('clinics and doctors', 3);
    await client.query(
      `INSERT INTO clinics (id, uid, corp_id, name, phone_number, address, time_zone)
       SELECT c, gen_random_uuid()::text, $1, 'Klinik Klinikita Cabang ' || lpad(c::text, 2, '0'),
              '021555' || lpad(c::text, 4, '0'), 'Jl. Cabang No. ' || c,
              CASE WHEN c % 10 = 3 THEN 'Asia/Makassar' ELSE 'Asia/Jakarta' END
         FROM generate_series(14, ${10 + CLINICS - 1}) c`,
      [corpId],
    );
    clinicsStep.tick(1);
    // four new doctors at each branch, a few more at the demo clinics: 200 with the demo's two
    await client.query(
      `CREATE TEMP TABLE new_doctors AS
       SELECT n, CASE WHEN n <= 3 THEN 10 WHEN n <= 5 THEN 11 WHEN n <= 8 THEN 12 WHEN n <= 14 THEN 13
                      ELSE 14 + (n - 15) / 4 END AS clinic_id
         FROM generate_series(1, 198) n`,
    );
    await client.query(
      `WITH e AS (
         INSERT INTO employees (uid, corp_id, clinic_id, name, gender)
         SELECT 'bench-doctor-' || n, $1, clinic_id,
                'dr. ' || (${literalArray(MALE)})[1 + n % ${MALE.length}] || ' ' || (${literalArray(FAMILY)})[1 + (n * 7) % ${FAMILY.length}],
                CASE WHEN n % 2 = 0 THEN 'M' ELSE 'F' END
           FROM new_doctors RETURNING id, uid, clinic_id)
       INSERT INTO doctors (uid, corp_id, employee_id, title, specialist_id)
       SELECT e.uid, $1, e.id, 'dr.', (SELECT id FROM specialists WHERE name = 'Dokter Umum') FROM e`,
      [corpId],
    );
    await client.query(
      `INSERT INTO doctor_clinics (doctor_id, clinic_id, room)
       SELECT d.id, e.clinic_id, 'Poli Umum ' || (1 + (d.id % 4)) FROM doctors d JOIN employees e ON e.id = d.employee_id
        WHERE d.uid LIKE 'bench-doctor-%'`,
    );
    clinicsStep.tick(2);
    // every day 08:00–12:00 and 13:00–17:00, no daily limit
    await client.query(
      `INSERT INTO doctor_schedule_days (doctor_id, clinic_id, weekday, patient_limit)
       SELECT dc.doctor_id, dc.clinic_id, w, 0 FROM doctor_clinics dc
         JOIN doctors d ON d.id = dc.doctor_id AND d.uid LIKE 'bench-doctor-%', generate_series(1, 7) w`,
    );
    await client.query(
      `INSERT INTO doctor_schedule_slots (doctor_id, clinic_id, weekday, start_time, end_time)
       SELECT dc.doctor_id, dc.clinic_id, w, s.start_time, s.end_time FROM doctor_clinics dc
         JOIN doctors d ON d.id = dc.doctor_id AND d.uid LIKE 'bench-doctor-%', generate_series(1, 7) w,
              (VALUES ('08:00'::time, '12:00'::time), ('13:00'::time, '17:00'::time)) s(start_time, end_time)`,
    );
    clinicsStep.tick(3);
    clinicsStep.done();

    const patientsStep = progress('patients', PATIENTS);
    for (let start = 0; start < PATIENTS; start += PATIENT_BATCH) {
      const end = Math.min(PATIENTS, start + PATIENT_BATCH) - 1;
      await client.query(
        `INSERT INTO patients (uid, corp_id, clinic_id, mrn, nik, nationality, name, sex, dob, phone, address,
                               payer_type, insurance_name, created_at, updated_at)
         SELECT gen_random_uuid()::text, $1, clinic_id,
                'RM-' || clinic_id || '-' || lpad((${MRN_BASE} + i / ${CLINICS})::text, 6, '0'),
                '3' || (1 + h % 6) || lpad(((i / 9999) % 10000)::text, 4, '0')
                    || lpad((extract(day FROM dob)::int + CASE WHEN sex = 'F' THEN 40 ELSE 0 END)::text, 2, '0')
                    || to_char(dob, 'MMYY') || lpad((i % 9999 + 1)::text, 4, '0'),
                'WNI',
                CASE WHEN sex = 'M' THEN (${literalArray(MALE)})[1 + h % ${MALE.length}]
                     ELSE (${literalArray(FEMALE)})[1 + h % ${FEMALE.length}] END
                  || ' ' || (${literalArray(FAMILY)})[1 + (h / 97) % ${FAMILY.length}],
                sex, dob,
                '08' || lpad(((h * 7919) % 10000000000)::text, 10, '0'),
                (${literalArray(STREETS)})[1 + (h / 7) % ${STREETS.length}] || ' No. ' || (1 + h % 200),
                CASE WHEN h % 10 < 5 THEN 'self' WHEN h % 10 < 8 THEN 'bpjs' ELSE 'insurance' END,
                CASE WHEN h % 10 < 5 THEN NULL WHEN h % 10 < 8 THEN 'BPJS Kesehatan' ELSE 'Admedika' END,
                now(), now()
           FROM (SELECT i, h, 10 + (i % ${CLINICS}) AS clinic_id,
                        CASE WHEN (h / 13) % 2 = 0 THEN 'M' ELSE 'F' END AS sex,
                        date '1940-01-01' + (h % 29000)::int AS dob
                   FROM (SELECT i, ${HASH} AS h FROM generate_series(${start}, ${end}) i) x) p`,
        [corpId],
      );
      patientsStep.tick(end + 1);
    }
    patientsStep.done();

    const {
      rows: [{ first: firstPatient }],
    } = await client.query<{ first: number }>(
      `SELECT min(id) AS first FROM patients WHERE split_part(mrn, '-', 3)::int >= ${MRN_BASE}`,
    );
    await client.query(
      `CREATE TEMP TABLE clinic_doctors AS
       SELECT c.id - 10 AS idx, c.id AS clinic_id, c.time_zone,
              ARRAY(SELECT dc.doctor_id FROM doctor_clinics dc WHERE dc.clinic_id = c.id ORDER BY dc.doctor_id) AS doctors
         FROM clinics c WHERE c.id BETWEEN 10 AND ${10 + CLINICS - 1}`,
    );

    const registrationsStep = progress('registrations', REGISTRATIONS);
    const services = "ARRAY['LAB','RAD','MCU','TREATMENT']";
    const prefixes = "ARRAY['L','R','M','T']";
    const rooms = "ARRAY['Laboratorium','Radiologi','Ruang MCU','Ruang Tindakan']";
    const todayStatuses =
      "ARRAY['Waiting','Waiting','Queueing','Skip','Examination','Exam Done','Prescription Waiting','Payment','Paid','Paid']";
    for (let start = 0; start < REGISTRATIONS; start += REGISTRATION_BATCH) {
      const end = Math.min(REGISTRATIONS, start + REGISTRATION_BATCH) - 1;
      await client.query(
        `INSERT INTO registrations (uid, corp_id, clinic_id, patient_id, order_type, service_type, doctor_id, status,
                                    queue_date, queue_prefix, queue_seq, queue_number, room, payer_type,
                                    arrived_at, called_at, status_changed_at, created_at, updated_at)
         SELECT gen_random_uuid()::text, $1, cd.clinic_id, ${firstPatient} + (h % ${PATIENTS}),
                CASE WHEN doctor THEN 'doctor' ELSE 'service' END,
                CASE WHEN doctor THEN NULL ELSE (${services})[1 + h % 4] END,
                CASE WHEN doctor THEN cd.doctors[1 + h2 % cardinality(cd.doctors)] END,
                status, day,
                CASE WHEN doctor THEN 'A' ELSE (${prefixes})[1 + h % 4] END, seq,
                CASE WHEN doctor THEN 'A' ELSE (${prefixes})[1 + h % 4] END || '-' || lpad(seq::text, 3, '0'),
                CASE WHEN doctor THEN 'Poli Umum' ELSE (${rooms})[1 + h % 4] END,
                CASE WHEN h % 10 < 5 THEN 'self' WHEN h % 10 < 8 THEN 'bpjs' ELSE 'insurance' END,
                arrived, CASE WHEN status NOT IN ('Waiting', 'Queueing', 'Cancelled') THEN arrived + interval '15 minutes' END,
                arrived, arrived, arrived
           FROM (SELECT i, h, h2, day_idx, seq, (h % 10) < 7 AS doctor,
                        (now() AT TIME ZONE 'Asia/Jakarta')::date - day_idx AS day,
                        CASE WHEN day_idx > 0 THEN CASE WHEN h % 20 = 0 THEN 'Cancelled' ELSE 'Paid' END
                             ELSE (${todayStatuses})[1 + (h2 / 7) % 10] END AS status,
                        -- from 08:00 in 20-second steps, never in the future (today's early hours)
                        LEAST((((now() AT TIME ZONE 'Asia/Jakarta')::date - day_idx) + time '08:00') AT TIME ZONE 'Asia/Jakarta'
                                + (seq - ${SEQ_BASE}) * interval '20 seconds',
                              now() - (${SEQ_BASE} + 5000 - seq) * interval '1 second') AS arrived,
                        clinic_idx
                   FROM (SELECT i, ${HASH} AS h, ${HASH2} AS h2, i % ${DAYS} AS day_idx, (i / ${DAYS}) % ${CLINICS} AS clinic_idx,
                                ${SEQ_BASE} + i / (${DAYS} * ${CLINICS}) AS seq
                           FROM generate_series(${start}, ${end}) i) x) r
           JOIN clinic_doctors cd ON cd.idx = r.clinic_idx`,
        [corpId],
      );
      registrationsStep.tick(end + 1);
    }
    registrationsStep.done();

    const tariffStep = progress('service tariffs', BENCH_SERVICES);
    await generateServicePrices(client, corpId, CLINICS, (done) => tariffStep.tick(done));
    tariffStep.done();

    const labStep = progress('lab result values', BENCH_LAB_VALUES);
    await generateLabResults(client, corpId, (reports) => labStep.tick(reports));
    labStep.done();

    const labDayStep = progress("today's lab worklist", Math.max(BENCH_LAB_DAY, 1));
    labDayStep.tick(await generateLabDay(client, corpId));
    labDayStep.done();

    const sizes = stockSizes(onPglite);
    const stockStep = progress(
      `stock: ${sizes.items.toLocaleString('en')} items, ${(sizes.items * sizes.batchesPerItem).toLocaleString('en')} batches, movements and today's prescriptions`,
      Math.max(sizes.movements, 1),
    );
    await generateStock(client, corpId, sizes, (done) => stockStep.tick(done));
    stockStep.done();

    const finish = progress('counters and statistics', 2);
    await client.query(
      `INSERT INTO mrn_counters (clinic_id, last_value)
       SELECT clinic_id, max(split_part(mrn, '-', 3)::int) FROM patients GROUP BY clinic_id
       ON CONFLICT (clinic_id) DO UPDATE SET last_value = GREATEST(mrn_counters.last_value, excluded.last_value)`,
    );
    await client.query(
      `INSERT INTO queue_counters (clinic_id, prefix, day, last_value)
       SELECT clinic_id, queue_prefix, queue_date, max(queue_seq) FROM registrations
        WHERE queue_date >= (now() AT TIME ZONE 'Asia/Jakarta')::date - 1 GROUP BY 1, 2, 3
       ON CONFLICT (clinic_id, prefix, day) DO UPDATE SET last_value = GREATEST(queue_counters.last_value, excluded.last_value)`,
    );
    finish.tick(1);
    await client.query('ANALYZE');
    finish.tick(2);
    finish.done();
    const {
      rows: [counts],
    } = await client.query<{ clinics: number; doctors: number; patients: number; registrations: number }>(
      `SELECT (SELECT count(*) FROM clinics)::int AS clinics, (SELECT count(*) FROM doctors)::int AS doctors,
              (SELECT count(*) FROM patients)::int AS patients, (SELECT count(*) FROM registrations)::int AS registrations`,
    );
    console.log(
      `Bench data ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.clinics} clinics, ${counts.doctors} doctors, ${counts.patients.toLocaleString('en')} patients, ${counts.registrations.toLocaleString('en')} registrations`,
    );
  } finally {
    await close();
  }
}

await main();
