import { and, eq, isNull, sql } from 'drizzle-orm';
import { patients } from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

export interface RecordPatientFilter {
  corpId: number;
  clinicIds: number[];
  doctorId?: number;
  patientId?: number;
  search?: string;
  page: number;
  limit: number;
}

/**
 * Patients with at least one encounter in the clinics (and, for the doctor's own list, by that
 * doctor), with their visit count, last visit and the last visit's primary diagnosis.
 */
export async function pageRecordPatients(db: Executor, f: RecordPatientFilter) {
  const clinicList = sql.join(
    f.clinicIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const visits = sql`
    SELECT e.patient_id, count(*)::int AS visits, max(e.created_at) AS last_visit
    FROM encounters e
    WHERE e.clinic_id IN (${clinicList})
      ${f.doctorId ? sql`AND e.doctor_id = ${f.doctorId}` : sql``}
      ${f.patientId ? sql`AND e.patient_id = ${f.patientId}` : sql``}
    GROUP BY e.patient_id`;
  const term = f.search?.trim();
  const searchSql = term
    ? sql`AND (lower(p.name) LIKE ${containsPattern(term.toLowerCase())} OR p.mrn = ${term} OR p.nik = ${term})`
    : sql``;
  type Row = {
    uid: string;
    mrn: string;
    name: string;
    title: string | null;
    sex: 'M' | 'F';
    dob: string;
    nik: string | null;
    allergies: string | null;
    visits: number;
    last_visit: Date | string | null;
    last_diagnosis: string | null;
    total: number;
  };
  const result = await db.execute<Row>(sql`
    SELECT p.uid, p.mrn, p.name, p.title, p.sex, p.dob::text AS dob, p.nik, p.allergies,
      v.visits, v.last_visit,
      (SELECT concat(d->>'code', ' ', d->>'title')
         FROM encounters e2, jsonb_array_elements(e2.diagnoses) d
        WHERE e2.patient_id = p.id AND e2.clinic_id IN (${clinicList}) AND (d->>'primary')::boolean
        ORDER BY e2.created_at DESC LIMIT 1) AS last_diagnosis,
      count(*) OVER ()::int AS total
    FROM (${visits}) v
    JOIN patients p ON p.id = v.patient_id
    WHERE p.corp_id = ${f.corpId} AND p.deleted_at IS NULL ${searchSql}
    ORDER BY v.last_visit DESC, p.id DESC
    LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`);
  const list = result.rows;
  return { rows: list, total: list[0]?.total ?? 0 };
}

export async function findPatientByUid(db: Executor, uid: string) {
  const [row] = await db
    .select({ id: patients.id, uid: patients.uid, corpId: patients.corpId })
    .from(patients)
    .where(and(eq(patients.uid, uid), isNull(patients.deletedAt)));
  return row ?? null;
}
