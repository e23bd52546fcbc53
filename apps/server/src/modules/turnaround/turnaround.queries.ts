import type { TurnaroundMetric } from '@klinikita/domain/dashboard/turnaround.rules';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../shared/sql.ts';

/**
 * The turnaround dashboard's one query (read-only): every interval of the clinic's days as a row
 * of a CTE — visits, notes, prescriptions, lab visits with their containers and reports —, then
 * n, median and P90 (percentile_cont) and the exclusions per metric, and per metric and doctor,
 * payer type or hour of the start, in one pass with GROUPING SETS. No visit row leaves the database.
 */

export interface TurnaroundRow {
  metric: TurnaroundMetric;
  /** grouping(doctor_id, payer, hour): 7 the metric's total, 3 by doctor, 5 by payer, 6 by hour */
  grouping: number;
  doctorId: number | null;
  doctorName: string | null;
  payer: string | null;
  hour: number | null;
  n: number;
  median: number | null;
  p90: number | null;
  withinTarget: number;
  missing: number;
  negative: number;
  otherDay: number;
}

export interface TurnaroundWindow {
  clinicId: number;
  timeZone: string;
  from: string;
  to: string;
  /** Minutes of the standard per metric (only those that have one) */
  targets: Partial<Record<TurnaroundMetric, number>>;
}

export async function turnaroundRows(db: Executor, w: TurnaroundWindow): Promise<TurnaroundRow[]> {
  const tz = w.timeZone;
  const result = await db.execute(sql`
    WITH visits AS (
      SELECT r.id, r.doctor_id, r.payer_type, r.arrived_at, r.called_at
      FROM registrations r
      WHERE r.clinic_id = ${w.clinicId} AND r.order_type = 'doctor' AND r.status <> 'Cancelled'
        AND r.queue_date BETWEEN ${w.from}::date AND ${w.to}::date
    ),
    lab AS (
      SELECT lr.id, coalesce(lr.doctor_id, oe.doctor_id) AS doctor_id, lr.payer_type,
        coalesce(so.created_at, lr.arrived_at) AS ordered,
        (SELECT CASE WHEN count(*) > 0 AND bool_and(s.collected_at IS NOT NULL) THEN max(s.collected_at) END
           FROM lab_specimens s WHERE s.registration_id = lr.id AND s.status <> 'rejected') AS collected,
        (SELECT min(lp.released_at) FROM lab_reports lp WHERE lp.registration_id = lr.id) AS released
      FROM registrations lr
      LEFT JOIN service_orders so ON so.uid = lr.service_order_uid
      LEFT JOIN encounters oe ON oe.id = so.encounter_id
      WHERE lr.clinic_id = ${w.clinicId} AND lr.order_type = 'service' AND lr.service_type = 'LAB'
        AND lr.status <> 'Cancelled' AND lr.queue_date BETWEEN ${w.from}::date AND ${w.to}::date
    ),
    intervals AS (
      SELECT 'doctorWait' AS metric, v.doctor_id, v.payer_type AS payer, v.arrived_at AS t0, v.called_at AS t1
      FROM visits v
      UNION ALL
      SELECT 'consultation', v.doctor_id, v.payer_type, v.called_at, e.signed_at
      FROM visits v LEFT JOIN encounters e ON e.registration_id = v.id
      UNION ALL
      SELECT CASE WHEN p.racikan THEN 'pharmacyRacikan' ELSE 'pharmacyNonRacikan' END,
        coalesce(p.doctor_id, r.doctor_id), r.payer_type, p.created_at, p.dispensed_at
      FROM prescriptions p JOIN registrations r ON r.id = p.registration_id
      WHERE p.clinic_id = ${w.clinicId} AND p.status NOT IN ('rejected', 'cancelled')
        AND p.created_at >= (${w.from}::date::timestamp AT TIME ZONE ${tz})
        AND p.created_at < ((${w.to}::date + 1)::timestamp AT TIME ZONE ${tz})
      UNION ALL
      SELECT m.metric, l.doctor_id, l.payer_type, m.t0, m.t1
      FROM lab l CROSS JOIN LATERAL (VALUES
        ('labTotal', l.ordered, l.released),
        ('labPreAnalytic', l.ordered, l.collected),
        ('labAnalytic', l.collected, l.released)
      ) AS m(metric, t0, t1)
    ),
    classified AS (
      SELECT i.metric, i.doctor_id, i.payer,
        extract(hour FROM i.t0 AT TIME ZONE ${tz})::int AS hour,
        CASE
          WHEN i.t0 IS NULL OR i.t1 IS NULL THEN 'missing'
          WHEN i.t1 < i.t0 THEN 'negative'
          WHEN (i.t0 AT TIME ZONE ${tz})::date <> (i.t1 AT TIME ZONE ${tz})::date THEN 'otherDay'
        END AS excluded,
        (extract(epoch FROM i.t1 - i.t0) / 60.0)::float8 AS minutes,
        (${JSON.stringify(w.targets)}::jsonb ->> i.metric)::numeric AS target
      FROM intervals i
    ),
    agg AS (
      SELECT metric, doctor_id, payer, hour, grouping(doctor_id, payer, hour) AS g,
        count(*) FILTER (WHERE excluded IS NULL)::int AS n,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) FILTER (WHERE excluded IS NULL) AS median,
        percentile_cont(0.9) WITHIN GROUP (ORDER BY minutes) FILTER (WHERE excluded IS NULL) AS p90,
        count(*) FILTER (WHERE excluded IS NULL AND minutes <= target)::int AS within_target,
        count(*) FILTER (WHERE excluded = 'missing')::int AS missing,
        count(*) FILTER (WHERE excluded = 'negative')::int AS negative,
        count(*) FILTER (WHERE excluded = 'otherDay')::int AS other_day
      FROM classified
      GROUP BY GROUPING SETS ((metric), (metric, doctor_id), (metric, payer), (metric, hour))
    )
    SELECT a.metric, a.g::int AS grouping, a.doctor_id AS "doctorId", emp.name AS "doctorName",
      a.payer, a.hour, a.n, round(a.median::numeric, 1)::float8 AS median,
      round(a.p90::numeric, 1)::float8 AS p90, a.within_target AS "withinTarget", a.missing,
      a.negative, a.other_day AS "otherDay"
    FROM agg a
    LEFT JOIN doctors d ON d.id = a.doctor_id
    LEFT JOIN employees emp ON emp.id = d.employee_id
    ORDER BY a.metric, a.g DESC, a.hour, emp.name, a.payer`);
  return result.rows as unknown as TurnaroundRow[];
}
