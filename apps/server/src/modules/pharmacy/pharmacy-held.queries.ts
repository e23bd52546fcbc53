import { sql } from 'drizzle-orm';
import type { Executor } from '../../shared/sql.ts';

/** The held prescriptions a doctor is asked about (SQL). */

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as unknown as T[];

/** A timestamp as ISO text in UTC, the same on both drivers. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface HeldRow {
  uid: string;
  queueNumber: string;
  patientUid: string;
  patientName: string;
  mrn: string;
  reason: string | null;
  heldBy: string | null;
  heldAt: string;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
}

/**
 * Prescriptions on hold at the clinics (a doctor's own when `doctorId` is given), each with its
 * newest hold and the newest answer after it; one statement, by the clinic-and-status index.
 */
export function heldOrders(
  db: Executor,
  where: { clinicIds: number[]; doctorId: number | null; uid?: string },
) {
  if (!where.clinicIds.length) return Promise.resolve([] as HeldRow[]);
  const clinics = sql.join(
    where.clinicIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return rowsOf<HeldRow>(
    db,
    sql`SELECT p.uid, r.queue_number AS "queueNumber", pt.uid AS "patientUid", pt.name AS "patientName",
          pt.mrn, h.reason, hu.name AS "heldBy", ${iso('h.at')} AS "heldAt",
          a.reason AS answer, au.name AS "answeredBy", ${iso('a.at')} AS "answeredAt"
        FROM prescriptions p
        JOIN registrations r ON r.id = p.registration_id
        JOIN patients pt ON pt.id = p.patient_id
        JOIN LATERAL (SELECT e.id, e.reason, e.at, e.user_id FROM pharmacy_order_events e
                       WHERE e.prescription_id = p.id AND e.action = 'hold' ORDER BY e.id DESC LIMIT 1) h ON true
        LEFT JOIN users hu ON hu.id = h.user_id
        LEFT JOIN LATERAL (SELECT e.reason, e.at, e.user_id FROM pharmacy_order_events e
                            WHERE e.prescription_id = p.id AND e.action = 'answer' AND e.id > h.id
                            ORDER BY e.id DESC LIMIT 1) a ON true
        LEFT JOIN users au ON au.id = a.user_id
        WHERE p.clinic_id IN (${clinics}) AND p.status = 'on_hold'
          ${where.doctorId === null ? sql`` : sql`AND p.doctor_id = ${where.doctorId}`}
          ${where.uid ? sql`AND p.uid = ${where.uid}` : sql``}
        ORDER BY h.at, p.id
        LIMIT 100`,
  );
}
