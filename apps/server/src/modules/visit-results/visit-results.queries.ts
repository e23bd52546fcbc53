import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  clinics,
  corporates,
  physioSessions,
  radiologyReports,
  serviceOrders,
  treatmentProcedures,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/**
 * What a visit hands to the patient: read straight from the results' tables (lab, radiology,
 * physiotherapy, treatment), only released or signed rows.
 */

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;

/** The clinic a doctor's order came from (the visit's reader scope beside its own clinic). */
export async function orderingClinicOf(db: Executor, serviceOrderUid: string): Promise<number | null> {
  const [row] = await db
    .select({ clinicId: serviceOrders.clinicId })
    .from(serviceOrders)
    .where(eq(serviceOrders.uid, serviceOrderUid));
  return row?.clinicId ?? null;
}

export interface ResultVisitFilter {
  corpId: number;
  clinicIds: readonly number[];
  date?: string;
  search?: string;
  page: number;
  limit: number;
}

// something to hand over: a released lab report, a signed radiology report, a session, a procedure
const HAS_LAB = sql`EXISTS (SELECT 1 FROM lab_reports lr WHERE lr.registration_id = r.id AND lr.status = 'released')`;
const RAD_COUNT = sql`(SELECT count(*) FROM radiology_reports rr WHERE rr.registration_id = r.id AND rr.status = 'signed')`;
const PHYSIO_COUNT = sql`(SELECT count(*) FROM physio_sessions ps WHERE ps.registration_id = r.id)`;
const TREATMENT_COUNT = sql`(SELECT count(*) FROM treatment_procedures tp WHERE tp.registration_id = r.id AND tp.voided_at IS NULL)`;

/**
 * Service visits of the reader's clinics, or ordered from them, with something released: newest
 * day first, then the newest visit; one page and the total.
 */
export async function pageResultVisits(db: Executor, f: ResultVisitFilter) {
  const clinics = sql`ARRAY[${sql.join(
    f.clinicIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const search = f.search ? `%${f.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = sql`r.corp_id = ${f.corpId}
    AND r.order_type = 'service'
    AND (r.clinic_id = ANY(${clinics}) OR so.clinic_id = ANY(${clinics}))
    ${f.date ? sql`AND r.queue_date = ${f.date}::date` : sql``}
    ${
      search
        ? sql`AND (p.name ILIKE ${search} OR p.mrn ILIKE ${search} OR r.queue_number ILIKE ${search})`
        : sql``
    }
    AND (${HAS_LAB} OR ${RAD_COUNT} > 0 OR ${PHYSIO_COUNT} > 0 OR ${TREATMENT_COUNT} > 0)`;
  const rows = rowsOf(
    await db.execute(sql`
      SELECT r.uid, r.queue_number, r.queue_date::text AS queue_date, r.service_type, c.name AS clinic_name,
        p.uid AS p_uid, p.name AS p_name, p.mrn AS p_mrn,
        ${HAS_LAB} AS lab, ${RAD_COUNT}::int AS rad, ${PHYSIO_COUNT}::int AS physio,
        ${TREATMENT_COUNT}::int AS treatment, count(*) OVER () AS total
      FROM registrations r
      JOIN patients p ON p.id = r.patient_id
      JOIN clinics c ON c.id = r.clinic_id
      LEFT JOIN service_orders so ON so.uid = r.service_order_uid
      WHERE ${where}
      ORDER BY r.queue_date DESC, r.id DESC
      LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`),
  );
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({
      registrationId: r.uid as string,
      queueNumber: r.queue_number as string,
      queueDate: r.queue_date as string,
      serviceType: (r.service_type as string | null) ?? null,
      clinicName: r.clinic_name as string,
      patient: { uid: r.p_uid as string, name: r.p_name as string, mrn: r.p_mrn as string },
      lab: Boolean(r.lab),
      radiology: Number(r.rad),
      physio: Number(r.physio),
      treatment: Number(r.treatment),
    })),
  };
}

/** The visit's signed radiology reports (the current version of each examination). */
export function signedRadiologyOf(db: Executor, registrationId: number) {
  return db
    .select({
      accessionNumber: radiologyReports.accessionNumber,
      version: radiologyReports.version,
      modality: radiologyReports.modality,
      examination: radiologyReports.examination,
      findings: radiologyReports.findings,
      impression: radiologyReports.impression,
      amendmentReason: radiologyReports.amendmentReason,
      signedAt: radiologyReports.signedAt,
      signedByName: users.name,
    })
    .from(radiologyReports)
    .leftJoin(users, eq(users.id, radiologyReports.signedBy))
    .where(and(eq(radiologyReports.registrationId, registrationId), eq(radiologyReports.status, 'signed')))
    .orderBy(asc(radiologyReports.accessionNumber), desc(radiologyReports.version));
}

/** The physiotherapy session (or re-evaluation) recorded on the visit. */
export function physioSessionsOf(db: Executor, registrationId: number) {
  return db
    .select({
      sessionNumber: physioSessions.sessionNumber,
      kind: physioSessions.kind,
      measures: physioSessions.measures,
      interventions: physioSessions.interventions,
      note: physioSessions.note,
      performedAt: physioSessions.performedAt,
      performedByName: users.name,
    })
    .from(physioSessions)
    .leftJoin(users, eq(users.id, physioSessions.performedBy))
    .where(eq(physioSessions.registrationId, registrationId))
    .orderBy(asc(physioSessions.sessionNumber));
}

/** The procedures done on the visit, voided ones left out. */
export function treatmentsOf(db: Executor, registrationId: number) {
  return db
    .select({
      uid: treatmentProcedures.uid,
      icd9Code: treatmentProcedures.icd9Code,
      name: treatmentProcedures.name,
      notes: treatmentProcedures.notes,
      consumables: treatmentProcedures.consumables,
      performedAt: treatmentProcedures.performedAt,
      performedByName: users.name,
    })
    .from(treatmentProcedures)
    .leftJoin(users, eq(users.id, treatmentProcedures.performedBy))
    .where(and(eq(treatmentProcedures.registrationId, registrationId), isNull(treatmentProcedures.voidedAt)))
    .orderBy(asc(treatmentProcedures.performedAt), asc(treatmentProcedures.id));
}

/** The letterhead of the clinic that did the work, and its time zone for the printed times. */
export async function letterheadOf(db: Executor, clinicId: number) {
  const [row] = await db
    .select({
      name: clinics.name,
      address: clinics.address,
      phone: clinics.phoneNumber,
      timeZone: clinics.timeZone,
      corporate: corporates.name,
    })
    .from(clinics)
    .innerJoin(corporates, eq(corporates.id, clinics.corpId))
    .where(eq(clinics.id, clinicId));
  return row;
}

/**
 * Patients with a lab report released in the last day, at the clinics or for their orders: each
 * patient's newest release, with its critical values (flag HH or LL). One statement: the newest
 * report per patient first, then its values by `report_id` (the values' unique index).
 */
export async function releasedLabPatients(db: Executor, corpId: number, clinicIds: readonly number[]) {
  const clinicList = sql`ARRAY[${sql.join(
    clinicIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const rows = rowsOf(
    await db.execute(sql`
      WITH newest AS (
        SELECT DISTINCT ON (p.id) p.uid AS patient_uid, p.name AS patient_name, lr.id AS report_id,
          lr.released_at
        FROM lab_reports lr
        JOIN registrations r ON r.id = lr.registration_id
        JOIN patients p ON p.id = r.patient_id
        LEFT JOIN service_orders so ON so.uid = r.service_order_uid
        WHERE lr.corp_id = ${corpId} AND lr.status = 'released'
          AND lr.released_at > now() - interval '1 day'
          AND (lr.clinic_id = ANY(${clinicList}) OR so.clinic_id = ANY(${clinicList}))
        ORDER BY p.id, lr.released_at DESC, lr.id DESC
      )
      SELECT n.patient_uid, n.patient_name, n.released_at,
        COALESCE(c.critical_values, '[]'::json) AS critical_values
      FROM newest n
      LEFT JOIN LATERAL (
        SELECT json_agg(json_build_object('nameId', lp.name_id, 'nameEn', lp.name_en,
            'valueNumber', v.value_number, 'valueText', v.value_text, 'unit', v.unit, 'flag', v.flag)
          ORDER BY v.service_id, lp.print_order, lp.id) AS critical_values
        FROM lab_result_values v
        JOIN lab_parameters lp ON lp.id = v.parameter_id
        WHERE v.report_id = n.report_id AND v.flag IN ('HH', 'LL')
      ) c ON true`),
  );
  return rows.map((r) => ({
    patientUid: r.patient_uid as string,
    patientName: r.patient_name as string,
    releasedAt: new Date(r.released_at as string).toISOString(),
    criticalValues: r.critical_values as CriticalValueRow[],
  }));
}

export interface CriticalValueRow {
  nameId: string;
  nameEn: string;
  valueNumber: number | null;
  valueText: string | null;
  unit: string | null;
  flag: 'HH' | 'LL';
}
