import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  clinics,
  corporates,
  files,
  radiologyImages,
  radiologyReports,
  services,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** Radiology reports (one row per version) and images of visits. */

export type RadReportRow = typeof radiologyReports.$inferSelect;
export type NewRadReport = typeof radiologyReports.$inferInsert;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Serialises the writes on one visit's report (and the first report's accession number). */
export async function lockVisitReport(db: Executor, registrationId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rad-report:${registrationId}`}, 0))`);
}

/** Serialises the accession numbers of one clinic's day. */
export async function lockAccessions(db: Executor, prefix: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rad-accession:${prefix}`}, 0))`);
}

/** The next sequence of accession numbers starting with `prefix`. */
export async function nextAccessionSeq(db: Executor, prefix: string) {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`SELECT count(DISTINCT registration_id) AS n FROM radiology_reports WHERE accession_number LIKE ${`${prefix}%`}`,
    ),
  );
  return Number(row?.n ?? 0) + 1;
}

/** Every version of the visit's report, newest first. */
export function reportsOfVisit(db: Executor, registrationId: number) {
  return db
    .select()
    .from(radiologyReports)
    .where(eq(radiologyReports.registrationId, registrationId))
    .orderBy(desc(radiologyReports.version));
}

export async function insertReport(db: Executor, values: NewRadReport) {
  await db.insert(radiologyReports).values(values).onConflictDoNothing();
}

/** Moves a report on only from the status the caller saw; false when it had moved already. */
export async function updateReport(
  db: Executor,
  id: number,
  fromStatus: string,
  values: Partial<NewRadReport>,
): Promise<boolean> {
  const moved = await db
    .update(radiologyReports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(radiologyReports.id, id), eq(radiologyReports.status, fromStatus)))
    .returning({ id: radiologyReports.id });
  return moved.length > 0;
}

/** The corporate's active radiology examinations (catalogue group radiology). */
export function radiologyServices(db: Executor, corpId: number) {
  return db
    .select({ id: services.id, code: services.code, nameId: services.nameId, nameEn: services.nameEn })
    .from(services)
    .where(
      and(eq(services.corpId, corpId), eq(services.serviceGroup, 'radiology'), eq(services.active, true)),
    );
}

export async function serviceById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: services.id, code: services.code, nameId: services.nameId, nameEn: services.nameEn })
    .from(services)
    .where(eq(services.id, id));
  return row ?? null;
}

export async function userNames(db: Executor, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The visit's images not removed, oldest first, with their files. */
export function imagesOfVisit(db: Executor, registrationId: number) {
  return db
    .select({
      uid: radiologyImages.uid,
      caption: radiologyImages.caption,
      addedBy: radiologyImages.addedBy,
      addedAt: radiologyImages.addedAt,
      fileUid: files.uid,
      mimeType: files.mimeType,
      name: files.originalName,
      sizeBytes: files.sizeBytes,
    })
    .from(radiologyImages)
    .innerJoin(files, eq(files.id, radiologyImages.fileId))
    .where(and(eq(radiologyImages.registrationId, registrationId), isNull(radiologyImages.removedAt)))
    .orderBy(radiologyImages.addedAt, radiologyImages.id);
}

export async function imageOfVisit(db: Executor, registrationId: number, uid: string) {
  const [row] = await db
    .select({
      id: radiologyImages.id,
      uid: radiologyImages.uid,
      fileId: radiologyImages.fileId,
      storagePath: files.storagePath,
      mimeType: files.mimeType,
    })
    .from(radiologyImages)
    .innerJoin(files, eq(files.id, radiologyImages.fileId))
    .where(
      and(
        eq(radiologyImages.registrationId, registrationId),
        eq(radiologyImages.uid, uid),
        isNull(radiologyImages.removedAt),
      ),
    );
  return row ?? null;
}

/** The visit's shown images of exactly this size, where an identical upload would be. */
export function sameSizeImagesOfVisit(db: Executor, registrationId: number, sizeBytes: number) {
  return db
    .select({ storagePath: files.storagePath })
    .from(radiologyImages)
    .innerJoin(files, eq(files.id, radiologyImages.fileId))
    .where(
      and(
        eq(radiologyImages.registrationId, registrationId),
        eq(files.sizeBytes, sizeBytes),
        isNull(radiologyImages.removedAt),
      ),
    );
}

export async function fileIdOf(db: Executor, uid: string) {
  const [row] = await db.select({ id: files.id }).from(files).where(eq(files.uid, uid));
  return row?.id ?? null;
}

export async function insertImage(db: Executor, values: typeof radiologyImages.$inferInsert) {
  await db.insert(radiologyImages).values(values);
}

export async function removeImage(db: Executor, id: number) {
  await db.update(radiologyImages).set({ removedAt: new Date() }).where(eq(radiologyImages.id, id));
}

/** The clinic's letterhead. */
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

export interface WorklistRow {
  registration_id: number;
  uid: string;
  queue_number: string;
  status: string;
  arrived_at: string;
  p_uid: string;
  p_name: string;
  p_mrn: string;
  complaint: string | null;
  order_note: string | null;
  accession_number: string | null;
  modality: string | null;
  examination: string | null;
  clinical_info: string | null;
  report_status: string | null;
  version: number | null;
  created_by: number | null;
  total: number | string;
}

export const RAD_DESKS = ['RAD', 'MCU'];

/** The visits of the desk on a clinic's day, with the current report; `missing` only those without one. */
export async function worklistRows(
  db: Executor,
  q: {
    clinicId: number;
    day: string;
    status?: 'none' | 'draft' | 'signed';
    search?: string;
    page: number;
    limit: number;
  },
): Promise<WorklistRow[]> {
  const conditions = [
    sql`r.clinic_id = ${q.clinicId}`,
    sql`r.queue_date = ${q.day}::date`,
    sql`r.order_type = 'service'`,
    sql`r.service_type IN ('RAD', 'MCU')`,
  ];
  if (q.status === 'none') conditions.push(sql`rr.status = 'draft' AND rr.created_by IS NULL`);
  if (q.status === 'draft') conditions.push(sql`rr.status = 'draft' AND rr.created_by IS NOT NULL`);
  if (q.status === 'signed') conditions.push(sql`rr.status = 'signed'`);
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(lower(p.name) LIKE ${like} OR p.mrn = ${q.search.toUpperCase()} OR rr.accession_number = ${q.search.toUpperCase()})`,
    );
  }
  return rowsOf<WorklistRow>(
    await db.execute(sql`
      SELECT r.id AS registration_id, r.uid, r.queue_number, r.status, r.arrived_at::text AS arrived_at,
             p.uid AS p_uid, p.name AS p_name, p.mrn AS p_mrn, r.complaint, so.note AS order_note,
             rr.accession_number, rr.modality, rr.examination, rr.clinical_info, rr.status AS report_status,
             rr.version, rr.created_by, count(*) OVER () AS total
        FROM registrations r
        JOIN patients p ON p.id = r.patient_id
        LEFT JOIN service_orders so ON so.uid = r.service_order_uid
        LEFT JOIN LATERAL (
          SELECT * FROM radiology_reports x WHERE x.registration_id = r.id AND x.status <> 'replaced'
          ORDER BY x.version DESC LIMIT 1
        ) rr ON true
       WHERE ${sql.join(conditions, sql` AND `)}
       ORDER BY r.arrived_at ASC, r.id ASC
       LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
  );
}

/** The day's desk visits that have no report yet (the worklist gives them their accession numbers). */
export async function visitsWithoutReport(db: Executor, clinicId: number, day: string) {
  return rowsOf<{ uid: string }>(
    await db.execute(sql`
      SELECT r.uid FROM registrations r
       WHERE r.clinic_id = ${clinicId} AND r.queue_date = ${day}::date AND r.order_type = 'service'
         AND r.service_type IN ('RAD', 'MCU')
         AND NOT EXISTS (SELECT 1 FROM radiology_reports x WHERE x.registration_id = r.id)
       ORDER BY r.arrived_at ASC, r.id ASC`),
  ).map((r) => r.uid);
}

export interface PatientReportRow {
  registration_uid: string;
  service_order_uid: string | null;
  uid: string;
  version: number;
  accession_number: string;
  modality: string;
  examination: string;
  clinic_name: string;
  findings: string | null;
  impression: string | null;
  signed_by: string | null;
  signed_at: string;
}

/** A patient's signed reports (current versions) of the reader's clinics or ordered from them. */
export async function signedReportsOfPatient(
  db: Executor,
  q: { patientId: number; corpId: number; clinicIds: number[] },
): Promise<PatientReportRow[]> {
  if (!q.clinicIds.length) return [];
  const clinicList = sql.join(
    q.clinicIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return rowsOf<PatientReportRow>(
    await db.execute(sql`
      SELECT r.uid AS registration_uid, r.service_order_uid, rr.uid, rr.version, rr.accession_number, rr.modality,
             rr.examination, c.name AS clinic_name, rr.findings, rr.impression, u.name AS signed_by,
             rr.signed_at::text AS signed_at
        FROM radiology_reports rr
        JOIN registrations r ON r.id = rr.registration_id
        JOIN clinics c ON c.id = rr.clinic_id
        LEFT JOIN users u ON u.id = rr.signed_by
        LEFT JOIN service_orders so ON so.uid = r.service_order_uid
       WHERE rr.status = 'signed' AND rr.corp_id = ${q.corpId} AND r.patient_id = ${q.patientId}
         AND (rr.clinic_id IN (${clinicList}) OR so.clinic_id IN (${clinicList}))
       ORDER BY rr.signed_at DESC
       LIMIT 50`),
  );
}
