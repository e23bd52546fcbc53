/**
 * The lab's busy day at clinic 10 (issue 16): BENCH_LAB_DAY lab visits (default 150) today whose
 * samples are taken — four in five received by the lab, the rest collected — and whose results
 * are not released yet: the day the worklist shows. Every visit orders the blood count; a third
 * also the liver and kidney panels (the 20-value order), a third random glucose. Half the received
 * visits have a draft with the blood count typed. The scenarios read the day's blood count grid
 * and save the 20 values of that order on fresh visits, one request each.
 */
import type { Sql } from './bench-db.ts';

export const BENCH_LAB_DAY = Number(process.env.BENCH_LAB_DAY ?? 150);
const CLINIC = 10;
/** The day's lab visits are numbered from here (the generated day's run from 1000). */
const SEQ_BASE = 5000;
/** 20 values: the blood count (15), the liver panel (SGOT, SGPT) and the kidney panel (3). */
const PANEL_ORDER = 'Darah Lengkap, Panel Fungsi Hati, Panel Fungsi Ginjal';
const PANEL_TESTS = ['LAB-DL', 'LAB-SGOT', 'LAB-SGPT', 'LAB-UR', 'LAB-CR', 'LAB-UA'];
const ORDERS = [PANEL_ORDER, 'Darah Lengkap, Glukosa Darah Sewaktu', 'Darah Lengkap'];
const literalArray = (items: readonly string[]) => `ARRAY[${items.map((s) => `'${s}'`).join(',')}]`;
/** The adult range of a parameter `p` (the one starting oldest), as `rr`. */
const ADULT_RANGE = `LEFT JOIN LATERAL (SELECT * FROM lab_reference_ranges x WHERE x.parameter_id = p.id
                      ORDER BY x.age_from_days DESC, x.id LIMIT 1) rr ON true`;
/** The middle of that range at the parameter's decimals. */
const MIDDLE = `round(((coalesce(rr.low, 0) + coalesce(rr.high, coalesce(rr.low, 0) + 10)) / 2)::numeric,
                      greatest(p.decimals, 0))::float8`;

/** The day's visits with their containers and drafts; answers the visits made. */
export async function generateLabDay(client: Sql, corpId: number): Promise<number> {
  if (!BENCH_LAB_DAY) return 0;
  // adult bench patients of the clinic, each visit another one
  await client.query(
    `WITH people AS (
       SELECT array_agg(id) AS ids FROM (
         SELECT id FROM patients WHERE clinic_id = ${CLINIC} AND mrn LIKE 'RM-${CLINIC}-1%'
            AND dob < (now() - interval '20 years')::date ORDER BY id LIMIT ${BENCH_LAB_DAY}) x),
     day AS (SELECT (now() AT TIME ZONE 'Asia/Jakarta')::date AS d),
     v AS (
       INSERT INTO registrations (uid, corp_id, clinic_id, patient_id, order_type, service_type, status, queue_date,
                                  queue_prefix, queue_seq, queue_number, room, payer_type, complaint, sampling_done,
                                  arrived_at, called_at, status_changed_at, created_at, updated_at)
       SELECT gen_random_uuid()::text, $1, ${CLINIC}, people.ids[1 + (n - 1) % cardinality(people.ids)], 'service',
              'LAB', 'Examination', day.d, 'L', ${SEQ_BASE} + n, 'L-' || (${SEQ_BASE} + n), 'Laboratorium', 'self',
              (${literalArray(ORDERS)})[1 + n % 3], true, a.t, a.t, a.t, a.t, a.t
         FROM people, day, generate_series(1, ${BENCH_LAB_DAY}) n,
              -- from 07:00 every two minutes, never in the future (today's early hours)
              LATERAL (SELECT LEAST((day.d + time '07:00') AT TIME ZONE 'Asia/Jakarta' + n * interval '2 minutes',
                                    now() - (${BENCH_LAB_DAY} + 1 - n) * interval '1 second') AS t) a
       RETURNING id, queue_seq - ${SEQ_BASE} AS n, complaint, arrived_at)
     INSERT INTO lab_specimens (uid, corp_id, clinic_id, registration_id, container, specimen, barcode, status,
                                collected_at, received_at, created_at)
     SELECT gen_random_uuid()::text, $1, ${CLINIC}, v.id, c.container, c.specimen,
            'B' || lpad(v.id::text, 10, '0') || upper(left(c.container, 1)),
            CASE WHEN v.n % 5 = 0 THEN 'collected' ELSE 'received' END,
            v.arrived_at + interval '5 minutes', CASE WHEN v.n % 5 <> 0 THEN v.arrived_at + interval '15 minutes' END,
            v.arrived_at
       FROM v CROSS JOIN (VALUES ('edta', 'wholeBlood'), ('plain', 'serum')) c(container, specimen)
      WHERE c.container = 'edta' OR v.complaint <> 'Darah Lengkap'`,
    [corpId],
  );
  // a draft with the blood count typed on every other received visit
  await client.query(
    `WITH r AS (
       INSERT INTO lab_reports (uid, corp_id, clinic_id, registration_id, version, status, entered_at, created_at, updated_at)
       SELECT gen_random_uuid()::text, corp_id, clinic_id, id, 1, 'draft', arrived_at + interval '40 minutes',
              arrived_at + interval '40 minutes', arrived_at + interval '40 minutes'
         FROM registrations
        WHERE clinic_id = ${CLINIC} AND queue_date = (now() AT TIME ZONE 'Asia/Jakarta')::date AND queue_prefix = 'L'
          AND queue_seq > ${SEQ_BASE} AND (queue_seq - ${SEQ_BASE}) % 2 = 0 AND (queue_seq - ${SEQ_BASE}) % 5 <> 0
       RETURNING id, entered_at)
     INSERT INTO lab_result_values (report_id, parameter_id, service_id, value_number, calculated, unit,
                                    low, high, critical_low, critical_high, flag, entered_at)
     SELECT r.id, p.id, p.service_id, ${MIDDLE}, false, p.unit, rr.low, rr.high, rr.critical_low, rr.critical_high,
            'N', r.entered_at
       FROM r
       CROSS JOIN lab_parameters p
       JOIN services s ON s.id = p.service_id AND s.corp_id = $1 AND s.code = 'LAB-DL'
       ${ADULT_RANGE}
      WHERE p.active AND p.formula IS NULL AND p.result_type = 'number'`,
    [corpId],
  );
  return BENCH_LAB_DAY;
}

export interface LabDaySample {
  /** the day with the most visits waiting on the worklist, dd/mm/yyyy */
  date: string;
  visits: number;
  /** the blood count's public id (the grid's test) */
  bloodCountUid: string;
  /** an adult patient of the clinic, for the visits the saves use */
  patientId: number;
  /** the 20-value order's values, each in the middle of its adult range */
  values: { parameterUid: string; value: number }[];
}

/** What the worklist and result-entry scenarios need (null: bench data made before the lab day). */
export async function labDaySample(sql: Sql, corpId: number): Promise<LabDaySample | null> {
  const {
    rows: [day],
  } = await sql.query<{ date: string; visits: number; patient_id: number }>(
    `SELECT to_char(r.queue_date, 'DD/MM/YYYY') AS date, count(DISTINCT r.id)::int AS visits,
            min(r.patient_id) AS patient_id
       FROM lab_specimens s JOIN registrations r ON r.id = s.registration_id
      WHERE s.clinic_id = ${CLINIC} AND s.status IN ('collected', 'received') AND NOT r.lab_done
        AND r.queue_prefix = 'L' AND r.queue_seq > ${SEQ_BASE}
      GROUP BY r.queue_date ORDER BY 2 DESC LIMIT 1`,
  );
  if (!day) return null;
  const { rows: values } = await sql.query<{ parameterUid: string; value: number }>(
    `SELECT p.uid AS "parameterUid", ${MIDDLE} AS value
       FROM lab_parameters p JOIN services s ON s.id = p.service_id
       ${ADULT_RANGE}
      WHERE s.corp_id = $1 AND s.code = ANY($2::text[]) AND p.active AND p.formula IS NULL AND p.result_type = 'number'
      ORDER BY array_position($2::text[], s.code), p.print_order, p.id`,
    [corpId, PANEL_TESTS],
  );
  const {
    rows: [dl],
  } = await sql.query<{ uid: string }>(`SELECT uid FROM services WHERE corp_id = $1 AND code = 'LAB-DL'`, [
    corpId,
  ]);
  return { date: day.date, visits: day.visits, bloodCountUid: dl.uid, patientId: day.patient_id, values };
}

/**
 * `count` fresh lab visits today ordering the 20-value order (queue prefix Y), each saved once by
 * a scenario; answers their uids. The bench deletes them with its other visits afterwards.
 */
export async function labEntryPool(
  sql: Sql,
  s: { corpId: number; patientId: number; today: string },
  count: number,
): Promise<string[]> {
  const { rows } = await sql.query<{ uid: string }>(
    `INSERT INTO registrations (uid, corp_id, clinic_id, patient_id, order_type, service_type, status, queue_date,
                                queue_prefix, queue_seq, queue_number, room, payer_type, complaint, sampling_done)
     SELECT gen_random_uuid()::text, $1, ${CLINIC}, $2, 'service', 'LAB', 'Examination', $3::date, 'Y', n, 'Y-' || n,
            'Laboratorium', 'self', $4, true
       FROM generate_series((SELECT coalesce(max(queue_seq), 0) + 1 FROM registrations WHERE clinic_id = ${CLINIC}
                               AND queue_date = $3::date AND queue_prefix = 'Y'),
                            (SELECT coalesce(max(queue_seq), 0) + $5 FROM registrations WHERE clinic_id = ${CLINIC}
                               AND queue_date = $3::date AND queue_prefix = 'Y')) n
     RETURNING uid`,
    [s.corpId, s.patientId, s.today, PANEL_ORDER, count],
  );
  return rows.map((r) => r.uid);
}
