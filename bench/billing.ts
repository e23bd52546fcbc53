/**
 * Billing at bench scale (issue 18 "Rules and figures"):
 *  - the event log of a chain's history: BENCH_BILL_HISTORY events (default 1,000,000; 100,000
 *    on PGlite) — pharmacy handovers and ordinary visit events — on the bench's past visits, among
 *    which a visit's bill finds its own;
 *  - visits at the cashier today at clinic 10, each with what a doctor visit leaves: the
 *    consultation and registration fee, one or two procedures, a released lab order of two tests
 *    and a pharmacy handover of three drugs (one visit in five a racikan with its fees), one in
 *    five a company's employee. The scenarios read one visit's bill (the draft assembled from its
 *    events, priced for its day and payer) and post BENCH_BILL_POSTS fresh visits' bills;
 *  - a month of a 50-clinic chain's paid bills: BENCH_BILLS_PER_CLINIC_DAY (default 100) a
 *    clinic a day over 30 days — 150,000 bills — copied by the database from three bills made by
 *    the billing services (cash; a company's part on its receivable; BPJS), 6 : 3 : 1. The report
 *    scenario reads a page of 100 with the totals of the month over all 50 clinics;
 *  - the export of BENCH_EXPORT_ROWS (default 100,000) of those rows as xlsx through the real
 *    server, its wall time against the database's share (the same batches read without the
 *    workbook) and the server's memory sampled while it streams.
 * Made once and kept (found again by their uids), like the long-standing patient.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { sql as q } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { getVisitBill } from '../apps/server/src/modules/billing/bill-read.service.ts';
import { payBill } from '../apps/server/src/modules/billing/payment.service.ts';
import {
  type ReportCursor,
  reportRows,
  reportTotals,
  spanOf,
} from '../apps/server/src/modules/transaction-report/transaction-report.queries.ts';
import type { AuthSession } from '../apps/server/src/plugins/auth.ts';
import type { Sql } from './bench-db.ts';
import { API } from './server.ts';

const onPglite = !(process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL);
export const BENCH_BILL_HISTORY = Number(process.env.BENCH_BILL_HISTORY ?? (onPglite ? 100_000 : 1_000_000));
export const BENCH_BILL_POSTS = Number(process.env.BENCH_BILL_POSTS ?? (onPglite ? 300 : 1_000));
export const BENCH_BILLS_PER_CLINIC_DAY = Number(process.env.BENCH_BILLS_PER_CLINIC_DAY ?? 100);
export const BENCH_EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
export const CHAIN_CLINICS = 50;
export const MONTH_DAYS = 30;
const CLINIC = 10;
/** Today's cashier visits: a queue prefix no other part of the bench or the demo uses. */
const PREFIX = 'B';
/** The month's copied visits: their own prefix, numbered from here. */
const MONTH_PREFIX = 'Y';
const SAMPLE_UID = 'bench-bill-sample';
const MONTH_TAG = 'bench-month';
const IP = '127.0.0.1';
/**
 * Events per past visit in the history: two of the visit's own and two pharmacy handovers (one
 * of the source types a bill is read from). The services performed and lab releases are left
 * out of the history: the server's consumers of those (stock, the visit's lab flag) would work
 * through a million of them during the run; the table's size is what the bill's read meets.
 */
const HISTORY_TYPES = [
  'registration.created',
  'prescription.dispensed',
  'registration.updated',
  'prescription.dispensed',
];

/** The bench's first price-list drugs (the demo's) the handovers give, with their prices. */
async function handoverDrugs(sql: Sql, corpId: number) {
  const { rows } = await sql.query<{ uid: string; name: string; unit: string; price: number }>(
    `SELECT uid, name, coalesce(base_unit, unit, 'Tablet') AS unit, price FROM drugs
      WHERE corp_id = $1 AND uid NOT LIKE 'bench-%' AND price > 0 ORDER BY id LIMIT 6`,
    [corpId],
  );
  return rows;
}

/**
 * `count` visits at the cashier today at clinic 10 with their source events; answers their uids.
 * `uid` names a single visit (the sample) instead of generated uids.
 */
export async function makeBillVisits(
  sql: Sql,
  corpId: number,
  count: number,
  uid?: string,
): Promise<string[]> {
  const drugs = await handoverDrugs(sql, corpId);
  const line = (i: number, n: number) =>
    `jsonb_build_object('line', ${n}, 'itemUid', '${drugs[i % drugs.length].uid}', 'name', '${drugs[i % drugs.length].name.replace(/'/g, "''")}',
       'batchNumber', 'BB-${i}', 'expiryDate', '2030-12-31', 'quantity', ${10 + n * 5}, 'baseUnit', '${drugs[i % drugs.length].unit}',
       'unitPrice', ${drugs[i % drugs.length].price}, 'ingredient', NULL)`;
  const { rows } = await sql.query<{ uid: string }>(
    `WITH day AS (SELECT (now() AT TIME ZONE 'Asia/Jakarta')::date AS d),
     base AS (SELECT coalesce(max(queue_seq), 0) AS seq FROM registrations, day
               WHERE clinic_id = ${CLINIC} AND queue_date = day.d AND queue_prefix = '${PREFIX}'),
     doctor AS (SELECT dc.doctor_id FROM doctor_clinics dc JOIN doctors d ON d.id = dc.doctor_id AND d.uid LIKE 'bench-doctor-%'
                 WHERE dc.clinic_id = ${CLINIC} ORDER BY dc.doctor_id LIMIT 1),
     company AS (SELECT id FROM partner_companies WHERE corp_id = $1 ORDER BY id LIMIT 1),
     people AS (SELECT array_agg(id) AS ids FROM (SELECT id FROM patients WHERE clinic_id = ${CLINIC}
                 AND mrn LIKE 'RM-${CLINIC}-1%' ORDER BY id DESC LIMIT 5000) x),
     v AS (
       INSERT INTO registrations (uid, corp_id, clinic_id, patient_id, order_type, doctor_id, status, queue_date,
                                  queue_prefix, queue_seq, queue_number, room, payer_type, company_id, complaint,
                                  arrived_at, called_at, status_changed_at, created_at, updated_at)
       SELECT ${uid ? '$2' : 'gen_random_uuid()::text'}, $1, ${CLINIC}, people.ids[1 + (base.seq + n) % cardinality(people.ids)],
              'doctor', (SELECT doctor_id FROM doctor), 'Payment', day.d, '${PREFIX}', base.seq + n,
              '${PREFIX}-' || (base.seq + n), 'Poli Umum',
              CASE WHEN n % 5 = 0 THEN 'company' ELSE 'self' END,
              CASE WHEN n % 5 = 0 THEN (SELECT id FROM company) END, 'Kontrol (bench kasir)',
              now() - interval '50 minutes', now() - interval '40 minutes', now(), now(), now()
         FROM day, base, people, generate_series(1, ${count}) n
       RETURNING id, uid, patient_id, queue_seq),
     e AS (
       INSERT INTO domain_events (type, aggregate_type, aggregate_id, corp_id, clinic_id, payload, at)
       SELECT t.type, t.aggregate_type, t.aggregate_id, $1, ${CLINIC}, t.payload, now()
         FROM v CROSS JOIN LATERAL (VALUES
           ('service.performed', 'treatmentProcedure', v.uid || '-p1',
            jsonb_build_object('registrationId', v.uid, 'corpId', $1::int, 'clinicId', ${CLINIC}, 'patientId', v.patient_id,
              'serviceType', 'TREATMENT', 'serviceCodes', jsonb_build_array('TND-RAWAT'), 'icd9Codes', jsonb_build_array('86.28'),
              'sourceUid', v.uid || '-p1', 'performedBy', NULL, 'performedAt', now())),
           ('service.performed', 'treatmentProcedure', v.uid || '-p2',
            CASE WHEN v.queue_seq % 2 = 0 THEN jsonb_build_object('registrationId', v.uid, 'corpId', $1::int, 'clinicId', ${CLINIC},
              'patientId', v.patient_id, 'serviceType', 'TREATMENT', 'serviceCodes', jsonb_build_array('TND-INJ'),
              'icd9Codes', jsonb_build_array('99.29'), 'sourceUid', v.uid || '-p2', 'performedBy', NULL, 'performedAt', now()) END),
           ('lab.result.released', 'labReport', v.uid || '-lab',
            jsonb_build_object('registrationId', v.uid, 'reportUid', v.uid || '-lab', 'version', 1, 'clinicId', ${CLINIC},
              'corpId', $1::int, 'patientId', v.patient_id, 'critical', '[]'::jsonb,
              'services', jsonb_build_array('LAB-DL', 'LAB-GDS'))),
           ('prescription.dispensed', 'prescription', v.uid || '-rx',
            jsonb_build_object('prescriptionUid', v.uid || '-rx', 'registrationUid', v.uid, 'corpId', $1::int, 'clinicId', ${CLINIC},
              'patientId', v.patient_id, 'status', 'dispensed', 'requestKey', v.uid || '-rx-k',
              'actor', jsonb_build_object('userId', 1, 'ip', NULL),
              'lines', jsonb_build_array(${line(0, 0)}, ${line(1, 1)}, ${line(2, 2)}), 'overrideReason', NULL,
              'fees', CASE WHEN v.queue_seq % 5 = 1 THEN jsonb_build_array(
                        jsonb_build_object('line', 2, 'kind', 'compounding', 'quantity', 1, 'unitPrice', 5000, 'amount', 5000),
                        jsonb_build_object('line', 2, 'kind', 'packaging', 'quantity', 10, 'unitPrice', 500, 'amount', 5000))
                      ELSE '[]'::jsonb END))
         ) t(type, aggregate_type, aggregate_id, payload)
        WHERE t.payload IS NOT NULL)
     SELECT uid FROM v ORDER BY queue_seq`,
    uid ? [corpId, uid] : [corpId],
  );
  return rows.map((r) => r.uid);
}

/** The history's source events on past bench visits (newest first), made up to BENCH_BILL_HISTORY. */
async function ensureHistory(sql: Sql, corpId: number): Promise<number> {
  const {
    rows: [{ n: have }],
  } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM domain_events WHERE aggregate_id LIKE 'bench-h-%'`,
  );
  const visits = Math.ceil((BENCH_BILL_HISTORY - have) / HISTORY_TYPES.length);
  const batch = 50_000;
  for (let done = 0; done < visits; done += batch) {
    await sql.query(
      `INSERT INTO domain_events (type, aggregate_type, aggregate_id, corp_id, clinic_id, payload, at)
       SELECT t, 'bench', 'bench-h-' || r.id || '-' || k, r.corp_id, r.clinic_id,
              CASE WHEN t = 'prescription.dispensed'
                   THEN jsonb_build_object('registrationUid', r.uid, 'prescriptionUid', 'bench-h-rx-' || r.id || '-' || k,
                                           'corpId', r.corp_id, 'clinicId', r.clinic_id, 'patientId', r.patient_id,
                                           'status', 'dispensed', 'lines', '[]'::jsonb, 'fees', '[]'::jsonb)
                   ELSE jsonb_build_object('registrationId', r.uid, 'corpId', r.corp_id, 'clinicId', r.clinic_id,
                                           'patientId', r.patient_id, 'status', 'Paid') END,
              r.arrived_at + k * interval '20 minutes'
         FROM (SELECT id, uid, corp_id, clinic_id, patient_id, arrived_at FROM registrations
                WHERE corp_id = $1 AND status = 'Paid' AND queue_seq >= 1000 AND queue_prefix <> '${MONTH_PREFIX}'
                ORDER BY id DESC OFFSET ${Math.ceil(have / HISTORY_TYPES.length) + done} LIMIT ${Math.min(batch, visits - done)}) r,
              unnest(ARRAY[${HISTORY_TYPES.map((t) => `'${t}'`).join(',')}]) WITH ORDINALITY x(t, k)`,
      [corpId],
    );
  }
  await sql.query('ANALYZE domain_events');
  const {
    rows: [{ n }],
  } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_events`);
  return n;
}

/** The sample visit whose bill is read: made once, kept. */
async function ensureSample(sql: Sql, corpId: number): Promise<string> {
  const { rows } = await sql.query<{ uid: string }>('SELECT uid FROM registrations WHERE uid = $1', [
    SAMPLE_UID,
  ]);
  if (!rows.length) await makeBillVisits(sql, corpId, 1, SAMPLE_UID);
  return SAMPLE_UID;
}

/** An open shift of the bench's cashier (superadmin) at clinic 10, for the month's source payments. */
async function ensureShift(sql: Sql, session: AuthSession) {
  await sql.query(
    `INSERT INTO cashier_shifts (uid, corp_id, clinic_id, cashier_id, day, opened_at, opening_float)
     SELECT gen_random_uuid()::text, $1, ${CLINIC}, $2, (now() AT TIME ZONE 'Asia/Jakarta')::date, now(), 0
      WHERE NOT EXISTS (SELECT 1 FROM cashier_shifts WHERE cashier_id = $2 AND clinic_id = ${CLINIC} AND status = 'open')`,
    [session.corpId, session.userId],
  );
}

/** The three source bills of the month, paid through the billing service. */
async function sourceBills(sql: Sql, db: Db, session: AuthSession): Promise<number[]> {
  await ensureShift(sql, session);
  const uids = await makeBillVisits(sql, session.corpId, 3);
  // the third visit: a BPJS patient's, the insurer's part a receivable
  await sql.query(`UPDATE registrations SET payer_type = 'bpjs', company_id = NULL WHERE uid = $1`, [
    uids[2],
  ]);
  await sql.query(
    `UPDATE registrations SET payer_type = 'company',
                     company_id = (SELECT id FROM partner_companies WHERE corp_id = $2 ORDER BY id LIMIT 1) WHERE uid = $1`,
    [uids[1], session.corpId],
  );
  const ids: number[] = [];
  for (const [i, uid] of uids.entries()) {
    const bill = await getVisitBill(db, session, uid);
    const net = bill.totals.net;
    const share = Math.round((net * 0.8) / 1000) * 1000;
    const parts =
      i === 0
        ? [
            {
              method: 'TUNAI' as const,
              amount: net,
              tendered: Math.ceil(net / 50_000) * 50_000,
              reference: null,
            },
          ]
        : [
            {
              method: i === 1 ? ('PERUSAHAAN' as const) : ('ASURANSI' as const),
              amount: share,
              tendered: null,
              reference: null,
            },
            {
              method: 'QRIS' as const,
              amount: net - share,
              tendered: null,
              reference: `QR-${uid.slice(0, 8)}`,
            },
          ];
    await payBill(db, session, bill.uid, { idempotencyKey: crypto.randomUUID(), parts }, IP);
    const {
      rows: [row],
    } = await sql.query<{ id: number }>('SELECT id FROM bills WHERE uid = $1', [bill.uid]);
    ids.push(row.id);
  }
  return ids;
}

export interface BillingSample {
  visitUid: string;
  events: number;
  monthBills: number;
  /** The month (clinic days) and the export's days, ending yesterday */
  from: string;
  to: string;
  exportFrom: string;
}

/** The history, the sample visit and the month: made when missing, kept. */
export async function ensureBilling(sql: Sql, db: Db, session: AuthSession): Promise<BillingSample> {
  const events = await ensureHistory(sql, session.corpId);
  const visitUid = await ensureSample(sql, session.corpId);
  // the month made before ends where it ended (a run after midnight reads the same month)
  const {
    rows: [made],
  } = await sql.query<{ last: string | null }>(
    `SELECT max(service_day)::text AS last FROM bills WHERE uid LIKE '${MONTH_TAG}-%'`,
  );
  const to = made?.last ?? addDays(clinicDay('Asia/Jakarta'), -1);
  const from = addDays(to, 1 - MONTH_DAYS);
  const perDay = CHAIN_CLINICS * BENCH_BILLS_PER_CLINIC_DAY;
  const exportFrom = addDays(to, 1 - Math.max(1, Math.ceil(BENCH_EXPORT_ROWS / perDay)));
  const wanted = perDay * MONTH_DAYS;
  const {
    rows: [{ n: have }],
  } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bills WHERE uid LIKE '${MONTH_TAG}-%' AND service_day BETWEEN $1 AND $2`,
    [from, to],
  );
  if (have < wanted * 0.99) {
    const sources = await sourceBills(sql, db, session);
    await db.transaction((tx) => cloneMonth(tx, { sources, count: wanted, lastDay: to }));
  }
  const {
    rows: [{ n: monthBills }],
  } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bills WHERE service_day BETWEEN $1 AND $2 AND status <> 'draft'`,
    [from, to],
  );
  return { visitUid, events, monthBills, from, to, exportFrom };
}

/**
 * `count` copies of the source bills (6 : 3 : 1) with their visits, lines, payments, parts and
 * receivables, spread evenly over the chain's clinics and the month's days, each another bench
 * patient's. One transaction (its temporary table stays on one connection).
 */
async function cloneMonth(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  o: { sources: number[]; count: number; lastDay: string },
) {
  const [cash, company, bpjs] = o.sources;
  const mix = `ARRAY[${[cash, cash, cash, cash, cash, cash, company, company, company, bpjs].join(',')}]`;
  const run = (text: string) => tx.execute(q.raw(text));
  await run(
    `CREATE TEMP TABLE bench_clone (g int, src int, reg_id int, bill_id int, pay_id int) ON COMMIT DROP`,
  );
  await run(`INSERT INTO bench_clone
             SELECT g, (${mix})[1 + (g / ${CHAIN_CLINICS * MONTH_DAYS}) % 10], nextval(pg_get_serial_sequence('registrations', 'id')),
                    nextval(pg_get_serial_sequence('bills', 'id')), nextval(pg_get_serial_sequence('payments', 'id'))
               FROM generate_series(1, ${o.count}) g`);
  const people = `(SELECT min(id) AS first, count(*) AS n FROM patients WHERE mrn LIKE 'RM-%-1%')`;
  const day = `('${o.lastDay}'::date - (m.g % ${MONTH_DAYS}))`;
  const clinic = `(${CLINIC} + (m.g / ${MONTH_DAYS}) % ${CHAIN_CLINICS})`;
  const patient = `(pp.first + (m.g::bigint * 7919) % pp.n)`;
  await run(`INSERT INTO registrations
    SELECT (jsonb_populate_record(r, jsonb_build_object('id', m.reg_id, 'uid', '${MONTH_TAG}-r-' || m.g,
      'clinic_id', ${clinic}, 'queue_date', ${day}, 'queue_prefix', '${MONTH_PREFIX}', 'queue_seq', 100000 + m.g,
      'queue_number', '${MONTH_PREFIX}-' || m.g, 'patient_id', ${patient}, 'status', 'Paid'))).*
    FROM bench_clone m JOIN bills b ON b.id = m.src JOIN registrations r ON r.id = b.registration_id, ${people} pp`);
  await run(`INSERT INTO bills
    SELECT (jsonb_populate_record(b, jsonb_build_object('id', m.bill_id, 'uid', '${MONTH_TAG}-b-' || m.g,
      'registration_id', m.reg_id, 'clinic_id', ${clinic}, 'service_day', ${day}, 'patient_id', ${patient},
      'number', 'INV/' || ${clinic} || '/BM/' || m.g,
      'posted_at', (${day})::timestamp + interval '1 hour' + (m.g % 600) * interval '1 minute'))).*
    FROM bench_clone m JOIN bills b ON b.id = m.src, ${people} pp`);
  await run(`INSERT INTO bill_lines
    SELECT (jsonb_populate_record(l, jsonb_build_object('id', nextval(pg_get_serial_sequence('bill_lines', 'id')),
      'bill_id', m.bill_id))).*
    FROM bench_clone m JOIN bill_lines l ON l.bill_id = m.src`);
  await run(`INSERT INTO payments
    SELECT (jsonb_populate_record(p, jsonb_build_object('id', m.pay_id, 'uid', '${MONTH_TAG}-p-' || m.g,
      'bill_id', m.bill_id, 'clinic_id', ${clinic}, 'idempotency_key', '${MONTH_TAG}-k-' || m.g,
      'receipt_number', 'KW/' || ${clinic} || '/BM/' || m.g,
      'created_at', (${day})::timestamp + interval '1 hour 10 minutes' + (m.g % 600) * interval '1 minute'))).*
    FROM bench_clone m JOIN payments p ON p.bill_id = m.src AND p.reverses_payment_id IS NULL`);
  await run(`WITH parts AS (
      INSERT INTO payment_parts
      SELECT (jsonb_populate_record(pp, jsonb_build_object('id', nextval(pg_get_serial_sequence('payment_parts', 'id')),
        'payment_id', m.pay_id))).*
      FROM bench_clone m JOIN payments p ON p.bill_id = m.src AND p.reverses_payment_id IS NULL
      JOIN payment_parts pp ON pp.payment_id = p.id
      RETURNING id, payment_id, seq)
    INSERT INTO receivables
    SELECT (jsonb_populate_record(rc, jsonb_build_object('id', nextval(pg_get_serial_sequence('receivables', 'id')),
      'uid', '${MONTH_TAG}-rc-' || m.g, 'bill_id', m.bill_id, 'clinic_id', ${clinic}, 'payment_part_id', parts.id))).*
    FROM parts JOIN bench_clone m ON m.pay_id = parts.payment_id
    JOIN payments p ON p.bill_id = m.src AND p.reverses_payment_id IS NULL
    JOIN payment_parts sp ON sp.payment_id = p.id AND sp.seq = parts.seq
    JOIN receivables rc ON rc.payment_part_id = sp.id`);
  for (const table of ['bills', 'bill_lines', 'payments', 'payment_parts', 'receivables', 'registrations'])
    await run(`ANALYZE ${table}`);
}

const mib = (n: number) => Math.round(n / 1_048_576);

function rssOf(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) * 1024 : 0;
}

export interface ExportMeasure {
  rows: number;
  fileMb: number;
  exportMs: number;
  /** The database's share: the same batches read by the report's query, without the workbook. */
  batchesMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Only when the server runs in this process (PGlite). */
  heapBeforeMb: number | null;
  heapPeakMb: number | null;
}

/** The export downloaded from the real server while its memory is sampled every 20 ms. */
export async function measureExport(o: {
  base: string;
  token: string;
  pid: number;
  db: Db;
  session: AuthSession;
  from: string;
  to: string;
}): Promise<ExportMeasure> {
  const scope = {
    corpId: o.session.corpId,
    clinics: o.session.clinics
      .filter((c) => c.corpId === o.session.corpId)
      .map((c) => ({ id: c.id, timeZone: c.timeZone })),
    basis: 'service' as const,
    from: o.from,
    to: o.to,
  };
  let started = performance.now();
  // as the server's export reads: the totals (and the posting times they span), then the batches
  const span = spanOf(await reportTotals(o.db, scope));
  let after: ReportCursor | undefined;
  while (span) {
    const batch = await reportRows(o.db, scope, { limit: 1_000, after, span });
    if (batch.length < 1_000) break;
    after = { postedKey: batch[999].postedKey, id: batch[999].id };
  }
  const batchesMs = Math.round(performance.now() - started);

  const inProcess = o.pid === process.pid;
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = rssOf(o.pid);
  const heapBefore = process.memoryUsage().heapUsed;
  let rssPeak = rssBefore;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(o.pid));
    if (inProcess) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  started = performance.now();
  const { bytes, rows } = await new Promise<{ bytes: number; rows: number }>((resolve, reject) => {
    http
      .get(
        `${o.base}${API}/reports/transactions/xlsx?from=${o.from}&to=${o.to}`,
        { headers: { authorization: o.token, origin: o.base } },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
          let n = 0;
          res.on('data', (chunk: Buffer) => {
            n += chunk.length;
          });
          res.on('end', () => resolve({ bytes: n, rows: Number(res.headers['x-row-count']) }));
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
  const exportMs = Math.round(performance.now() - started);
  clearInterval(sampler);
  return {
    rows,
    fileMb: Math.round((bytes / 1_048_576) * 10) / 10,
    exportMs,
    batchesMs,
    rssBeforeMb: mib(rssBefore),
    rssPeakMb: mib(rssPeak),
    heapBeforeMb: inProcess ? mib(heapBefore) : null,
    heapPeakMb: inProcess ? mib(heapPeak) : null,
  };
}

export function exportTable(e: ExportMeasure): string {
  return [
    '| export | rows | file MB | wall ms | database share ms (batches alone) | ratio | server RSS before → peak MB | heap before → peak MB |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    `| transaction report xlsx | ${e.rows.toLocaleString('en')} | ${e.fileMb} | ${e.exportMs} | ${e.batchesMs} | ${(e.batchesMs / e.exportMs).toFixed(2)} | ${e.rssBeforeMb} → ${e.rssPeakMb} | ${e.heapBeforeMb === null ? '– (own process)' : `${e.heapBeforeMb} → ${e.heapPeakMb}`} |`,
  ].join('\n');
}
