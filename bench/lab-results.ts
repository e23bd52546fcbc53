/**
 * Lab results at bench scale (issue 16): BENCH_LAB_VALUES result values (default 1,000,000;
 * 100,000 on PGlite) — a released Darah Lengkap report on the bench's lab visits, newest first,
 * each parameter valued around its range (one in twenty high), with the unit and range copied as
 * the lab copies them; each of those visits has its received EDTA tube and its lab flag set, as the
 * lab leaves a released visit. The scenarios read one visit's lab work (order, tests, report) and
 * one patient's haemoglobin trend.
 */
import type { Sql } from './bench-db.ts';

const onPglite = !(process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL);
export const BENCH_LAB_VALUES = Number(process.env.BENCH_LAB_VALUES ?? (onPglite ? 100_000 : 1_000_000));
/** Reports per insert of their values. */
const REPORT_BATCH = onPglite ? 5_000 : 20_000;
/** The blood count's code in the demo catalogue; its parameters are the ones resulted. */
const PANEL = 'LAB-DL';

/** Released reports with their values on the newest bench lab visits; answers the values made. */
export async function generateLabResults(
  client: Sql,
  corpId: number,
  tick: (done: number) => void,
): Promise<number> {
  const {
    rows: [panel],
  } = await client.query<{ id: number; params: number }>(
    `SELECT s.id, (SELECT count(*)::int FROM lab_parameters p WHERE p.service_id = s.id AND p.active
                     AND p.formula IS NULL AND p.result_type = 'number') AS params
       FROM services s WHERE s.corp_id = $1 AND s.code = $2`,
    [corpId, PANEL],
  );
  if (!panel?.params) return 0;
  const reports = Math.ceil(BENCH_LAB_VALUES / panel.params);
  // the visits: the newest lab visits of the bench (the demo's own are left to the demo)
  await client.query(
    `INSERT INTO lab_reports (uid, corp_id, clinic_id, registration_id, version, status,
                              entered_at, validated_at, released_at, created_at, updated_at)
     SELECT gen_random_uuid()::text, r.corp_id, r.clinic_id, r.id, 1, 'released',
            r.arrived_at + interval '30 minutes', r.arrived_at + interval '50 minutes',
            r.arrived_at + interval '1 hour', r.arrived_at, r.arrived_at + interval '1 hour'
       FROM registrations r
      WHERE r.corp_id = $1 AND r.order_type = 'service' AND r.service_type = 'LAB' AND r.queue_seq >= 1000
        AND NOT EXISTS (SELECT 1 FROM lab_reports x WHERE x.registration_id = r.id)
      ORDER BY r.queue_date DESC, r.id DESC
      LIMIT ${reports}`,
    [corpId],
  );
  // the visit's sample (a received EDTA tube) and flags, as the released report leaves them
  await client.query(
    `UPDATE registrations r SET sampling_done = true, lab_done = true
       FROM lab_reports lr
      WHERE lr.registration_id = r.id AND lr.corp_id = $1 AND lr.entered_by IS NULL AND lr.status = 'released'`,
    [corpId],
  );
  await client.query(
    `INSERT INTO lab_specimens (uid, corp_id, clinic_id, registration_id, container, specimen, barcode, status,
                                collected_at, received_at, created_at)
     SELECT gen_random_uuid()::text, lr.corp_id, lr.clinic_id, lr.registration_id, 'edta', 'wholeBlood',
            'B' || lpad(lr.registration_id::text, 10, '0') || 'E', 'received', lr.created_at + interval '5 minutes',
            lr.created_at + interval '15 minutes', lr.created_at
       FROM lab_reports lr
      WHERE lr.corp_id = $1 AND lr.entered_by IS NULL AND lr.status = 'released'
        AND NOT EXISTS (SELECT 1 FROM lab_specimens s WHERE s.registration_id = lr.registration_id)`,
    [corpId],
  );
  const {
    rows: [span],
  } = await client.query<{ first: number; last: number }>(
    `SELECT min(id) AS first, max(id) AS last FROM lab_reports WHERE corp_id = $1 AND entered_by IS NULL
        AND NOT EXISTS (SELECT 1 FROM lab_result_values v WHERE v.report_id = lab_reports.id)`,
    [corpId],
  );
  if (span.first === null) return 0;
  for (let start = Number(span.first); start <= Number(span.last); start += REPORT_BATCH) {
    const end = Math.min(Number(span.last), start + REPORT_BATCH - 1);
    // a value inside the adult range from the report and parameter ids; one in twenty above it
    await client.query(
      `INSERT INTO lab_result_values (report_id, parameter_id, service_id, value_number, calculated, unit,
                                      low, high, critical_low, critical_high, flag, entered_at)
       SELECT lr.id, p.id, p.service_id, v.value, false, p.unit, rr.low, rr.high, rr.critical_low,
              rr.critical_high, CASE WHEN v.high THEN 'H' ELSE 'N' END, lr.entered_at
         FROM lab_reports lr
         CROSS JOIN lab_parameters p
         LEFT JOIN LATERAL (SELECT * FROM lab_reference_ranges x WHERE x.parameter_id = p.id
                             ORDER BY x.id LIMIT 1) rr ON true
         CROSS JOIN LATERAL (
           SELECT ((lr.id * 31 + p.id) % 20 = 0) AS high,
                  round((coalesce(rr.low, 0) + (coalesce(rr.high, coalesce(rr.low, 0) + 10) - coalesce(rr.low, 0))
                         * (CASE WHEN (lr.id * 31 + p.id) % 20 = 0 THEN 1.2 ELSE ((lr.id * 7 + p.id) % 10) / 10.0 END)
                        )::numeric, greatest(p.decimals, 0))::float8 AS value) v
        WHERE lr.id BETWEEN ${start} AND ${end} AND lr.corp_id = $1
          AND p.service_id = ${panel.id} AND p.active AND p.formula IS NULL AND p.result_type = 'number'`,
      [corpId],
    );
    tick(Math.min(BENCH_LAB_VALUES, (end - Number(span.first) + 1) * panel.params));
  }
  return reports * panel.params;
}

/** A resulted bench lab visit of the patient with the most released bench reports (null: no lab data). */
export async function labSample(
  sql: Sql,
): Promise<{ visitUid: string; clinicId: number; patientUid: string; patientId: number } | null> {
  const { rows } = await sql.query<{
    visit_uid: string;
    clinic_id: number;
    patient_uid: string;
    patient_id: number;
  }>(
    `WITH top AS (
       SELECT r.patient_id FROM lab_reports lr JOIN registrations r ON r.id = lr.registration_id
        WHERE lr.status = 'released' AND lr.entered_by IS NULL
        GROUP BY r.patient_id ORDER BY count(*) DESC, r.patient_id LIMIT 1)
     SELECT r.uid AS visit_uid, r.clinic_id, p.uid AS patient_uid, p.id AS patient_id
       FROM top
       JOIN registrations r ON r.patient_id = top.patient_id
       JOIN lab_reports lr ON lr.registration_id = r.id AND lr.status = 'released'
       JOIN patients p ON p.id = r.patient_id
      ORDER BY lr.released_at DESC LIMIT 1`,
  );
  const row = rows[0];
  return row
    ? {
        visitUid: row.visit_uid,
        clinicId: row.clinic_id,
        patientUid: row.patient_uid,
        patientId: row.patient_id,
      }
    : null;
}
