import type { RegistrationStatus, ServiceType } from '@klinikita/domain/registrations/registration.rules';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { queueSettings, registrations } from '../../db/schema/index.ts';
import { type Executor, escapeLike } from '../../shared/sql.ts';
import type { RegistrationRow } from './registrations.mapper.ts';

// the counter is shared with the demo seed, which may not import a module
export { nextQueueValue } from '../../db/queue-counters.ts';

/** A registration with what its screens show: patient, doctor name, company. */
const VIEW = sql`
  SELECT r.*, r.queue_date::text AS q_day, p.uid AS p_uid, p.mrn AS p_mrn, p.name AS p_name, p.title AS p_title, p.sex AS p_sex,
         p.dob::text AS p_dob, p.nik AS p_nik, p.phone AS p_phone, p.allergies AS p_allergies,
         e.name AS doctor_name, c.name AS company_name,
         i.uid AS insurer_uid, i.name AS insurer_name, i.kind AS insurer_kind
    FROM registrations r
    JOIN patients p ON p.id = r.patient_id
    LEFT JOIN doctors d ON d.id = r.doctor_id
    LEFT JOIN employees e ON e.id = d.employee_id
    LEFT JOIN partner_companies c ON c.id = r.company_id
    LEFT JOIN insurers i ON i.id = r.insurer_id`;

type Raw = Record<string, unknown>;

const toRow = (r: Raw): RegistrationRow => ({
  id: r.id as number,
  uid: r.uid as string,
  corpId: r.corp_id as number,
  clinicId: r.clinic_id as number,
  patientId: r.patient_id as number,
  orderType: r.order_type as RegistrationRow['orderType'],
  serviceType: (r.service_type as ServiceType | null) ?? null,
  doctorId: (r.doctor_id as number | null) ?? null,
  status: r.status as RegistrationStatus,
  queueDate: String(r.q_day).slice(0, 10),
  queueNumber: r.queue_number as string,
  room: r.room as string,
  payerType: r.payer_type as RegistrationRow['payerType'],
  companyId: (r.company_id as number | null) ?? null,
  companyName: (r.company_name as string | null) ?? null,
  insuranceName: (r.insurance_name as string | null) ?? null,
  insuranceNumber: (r.insurance_number as string | null) ?? null,
  insurer: r.insurer_uid
    ? {
        uid: r.insurer_uid as string,
        name: r.insurer_name as string,
        kind: r.insurer_kind as NonNullable<RegistrationRow['insurer']>['kind'],
      }
    : null,
  eligibility: r.eligibility_status
    ? {
        status: r.eligibility_status as NonNullable<RegistrationRow['eligibility']>['status'],
        reference: (r.eligibility_reference as string | null) ?? null,
        coveredAmount: (r.eligibility_covered_amount as number | null) ?? null,
        note: (r.eligibility_note as string | null) ?? null,
        checkedAt: r.eligibility_checked_at ? new Date(r.eligibility_checked_at as string) : null,
      }
    : null,
  referrer: (r.referrer as string | null) ?? null,
  complaint: (r.complaint as string | null) ?? null,
  serviceOrderUid: (r.service_order_uid as string | null) ?? null,
  queueIdMobile: (r.queue_id_mobile as string | null) ?? null,
  samplingDone: Boolean(r.sampling_done),
  labDone: Boolean(r.lab_done),
  radDone: Boolean(r.rad_done),
  arrivedAt: new Date(r.arrived_at as string),
  calledAt: r.called_at ? new Date(r.called_at as string) : null,
  updatedAt: new Date(r.updated_at as string),
  patient: {
    uid: r.p_uid as string,
    mrn: r.p_mrn as string,
    name: r.p_name as string,
    title: (r.p_title as RegistrationRow['patient']['title']) ?? null,
    sex: r.p_sex as 'M' | 'F',
    dob: String(r.p_dob).slice(0, 10),
    nik: (r.p_nik as string | null) ?? null,
    phone: (r.p_phone as string | null) ?? null,
    allergies: (r.p_allergies as string | null) ?? null,
  },
  doctorName: (r.doctor_name as string | null) ?? null,
});

const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;

export async function findRegistration(db: Executor, uid: string): Promise<RegistrationRow | null> {
  const [row] = rowsOf(await db.execute(sql`${VIEW} WHERE r.uid = ${uid}`));
  return row ? toRow(row) : null;
}

export async function findRegistrationById(db: Executor, id: number): Promise<RegistrationRow | null> {
  const [row] = rowsOf(await db.execute(sql`${VIEW} WHERE r.id = ${id}`));
  return row ? toRow(row) : null;
}

/** These registrations, in no particular order (an unknown id is left out). */
export async function findRegistrationsByIds(
  db: Executor,
  ids: readonly number[],
): Promise<RegistrationRow[]> {
  if (!ids.length) return [];
  return rowsOf(await db.execute(sql`${VIEW} WHERE r.id IN ${[...ids]}`)).map(toRow);
}

export interface ListFilter {
  clinicId: number;
  from: string;
  /** exclusive */
  to: string;
  orderType?: 'doctor' | 'service';
  serviceTypes?: ServiceType[];
  statuses?: RegistrationStatus[];
  doctorId?: number;
  search?: string;
  /** spec 4: the lab/physio list shows only rows its visibility rule lets through */
  labVisibility?: boolean;
  order: string;
  page: number;
  limit: number;
}

const ORDER_SQL: Record<string, SQL> = {
  arrivedAt_1: sql`r.arrived_at ASC, r.id ASC`,
  'arrivedAt_-1': sql`r.arrived_at DESC, r.id DESC`,
  queueNumber_1: sql`r.queue_prefix ASC, r.queue_seq ASC`,
  'queueNumber_-1': sql`r.queue_prefix DESC, r.queue_seq DESC`,
};

/**
 * Search text: a queue number ('A-012', 'a12'), a record number, a NIK, digits of a phone, or a
 * name fragment (the patients' trigram index serves it).
 */
function searchCondition(text: string): SQL {
  const t = text.trim();
  const queue = /^([A-Za-z]{1,3})-?(\d{1,4})$/.exec(t);
  const like = `%${escapeLike(t.toLowerCase())}%`;
  const parts: SQL[] = [sql`lower(p.name) LIKE ${like}`, sql`p.mrn = ${t.toUpperCase()}`];
  if (queue)
    parts.push(sql`(r.queue_prefix = ${queue[1].toUpperCase()} AND r.queue_seq = ${Number(queue[2])})`);
  if (/^\d{16}$/.test(t)) parts.push(sql`p.nik = ${t}`);
  if (/^\d{4,15}$/.test(t)) parts.push(sql`p.phone LIKE ${`%${escapeLike(t)}%`}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

function whereOf(f: ListFilter): SQL {
  const conditions: SQL[] = [
    sql`r.clinic_id = ${f.clinicId}`,
    sql`r.queue_date >= ${f.from}::date`,
    sql`r.queue_date < ${f.to}::date`,
  ];
  if (f.orderType) conditions.push(sql`r.order_type = ${f.orderType}`);
  if (f.serviceTypes?.length)
    conditions.push(
      sql`r.service_type IN (${sql.join(
        f.serviceTypes.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.statuses?.length)
    conditions.push(
      sql`r.status IN (${sql.join(
        f.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.doctorId) conditions.push(sql`r.doctor_id = ${f.doctorId}`);
  if (f.search) conditions.push(searchCondition(f.search));
  if (f.labVisibility)
    conditions.push(
      sql`((r.status <> 'Payment' AND r.company_id IS NULL) OR (r.status <> 'Paid' AND r.company_id IS NOT NULL))`,
    );
  return sql.join(conditions, sql` AND `);
}

export async function pageRegistrations(db: Executor, f: ListFilter) {
  const where = whereOf(f);
  const [{ total }] = rowsOf(
    await db.execute(
      sql`SELECT count(*)::int AS total FROM registrations r JOIN patients p ON p.id = r.patient_id WHERE ${where}`,
    ),
  ) as { total: number }[];
  const rows = rowsOf(
    await db.execute(
      sql`${VIEW} WHERE ${where} ORDER BY ${ORDER_SQL[f.order] ?? ORDER_SQL.arrivedAt_1} LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`,
    ),
  );
  return { rows: rows.map(toRow), total: Number(total) };
}

/** How many registrations each status holds under a filter (its statuses, order and paging aside). */
export async function countByStatus(
  db: Executor,
  f: Omit<ListFilter, 'statuses' | 'order' | 'page' | 'limit'>,
) {
  const where = whereOf({ ...f, order: '', page: 1, limit: 1 });
  const rows = rowsOf(
    await db.execute(
      sql`SELECT r.status, count(*)::int AS n FROM registrations r JOIN patients p ON p.id = r.patient_id WHERE ${where} GROUP BY r.status`,
    ),
  ) as { status: RegistrationStatus; n: number }[];
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Moves a registration only if it still has the status read: the loser of a race gets null. */
export async function moveStatus(
  db: Executor,
  id: number,
  from: RegistrationStatus,
  to: RegistrationStatus,
  userId: number,
) {
  const called = to === 'Examination';
  const [row] = await db
    .update(registrations)
    .set({
      status: to,
      statusChangedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(called ? { calledAt: sql`now()`, calledBy: userId } : {}),
    })
    .where(and(eq(registrations.id, id), eq(registrations.status, from)))
    .returning({ id: registrations.id });
  return row ?? null;
}

export async function setFlags(
  db: Executor,
  id: number,
  flags: { samplingDone?: boolean; labDone?: boolean; radDone?: boolean },
) {
  await db
    .update(registrations)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(eq(registrations.id, id));
}

export interface DoctorDay {
  doctorId: number;
  name: string;
  title: string | null;
  specialist: string | null;
  room: string | null;
  limit: number;
  slots: string[];
  booked: number;
}

/** Enabled doctors with at least one slot at the clinic on a weekday, with the day's bookings. */
export async function doctorsOnDay(
  db: Executor,
  corpId: number,
  clinicId: number,
  weekday: number,
  day: string,
  doctorId?: number,
): Promise<DoctorDay[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT d.id AS doctor_id, e.name, d.title, s.name AS specialist, dc.room,
             COALESCE(sd.patient_limit, 0) AS patient_limit,
             ARRAY(SELECT to_char(sl.start_time, 'HH24:MI') || ' - ' || to_char(sl.end_time, 'HH24:MI')
                     FROM doctor_schedule_slots sl
                    WHERE sl.doctor_id = d.id AND sl.clinic_id = ${clinicId} AND sl.weekday = ${weekday}
                    ORDER BY sl.start_time) AS slots,
             (SELECT count(*)::int FROM registrations r
               WHERE r.doctor_id = d.id AND r.clinic_id = ${clinicId} AND r.queue_date = ${day}::date
                 AND r.status <> 'Cancelled') AS booked
        FROM doctors d
        JOIN employees e ON e.id = d.employee_id AND e.deleted_at IS NULL AND e.active
        JOIN doctor_clinics dc ON dc.doctor_id = d.id AND dc.clinic_id = ${clinicId}
        LEFT JOIN specialists s ON s.id = d.specialist_id
        LEFT JOIN doctor_schedule_days sd
               ON sd.doctor_id = d.id AND sd.clinic_id = ${clinicId} AND sd.weekday = ${weekday}
       WHERE d.corp_id = ${corpId} AND d.enabled
         ${doctorId ? sql`AND d.id = ${doctorId}` : sql``}
         AND EXISTS (SELECT 1 FROM doctor_schedule_slots sl
                      WHERE sl.doctor_id = d.id AND sl.clinic_id = ${clinicId} AND sl.weekday = ${weekday})
       ORDER BY e.name`),
  );
  return rows.map((r) => ({
    doctorId: r.doctor_id as number,
    name: r.name as string,
    title: (r.title as string | null) ?? null,
    specialist: (r.specialist as string | null) ?? null,
    room: (r.room as string | null) ?? null,
    limit: Number(r.patient_limit),
    slots: (r.slots as string[]) ?? [],
    booked: Number(r.booked),
  }));
}

/** One patient's visits to one doctor (or service) of a clinic on one day. */
export interface PatientVisitDay {
  clinicId: number;
  patientId: number;
  day: string;
  doctorId: number | null;
  serviceType: string | null;
}

/**
 * Serialises the registrations of one patient to one doctor (or service) of a clinic on one day,
 * until the transaction ends: the duplicate check that follows sees every earlier one committed.
 */
export async function lockPatientVisitDay(db: Executor, v: PatientVisitDay) {
  const key = `registration:${v.clinicId}:${v.patientId}:${v.doctorId ? `doctor:${v.doctorId}` : `service:${v.serviceType}`}:${v.day}`;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The patient's active visit of the day with the doctor (or at the service) in the clinic, if any. */
export async function findActiveVisit(
  db: Executor,
  v: PatientVisitDay & { activeStatuses: readonly RegistrationStatus[] },
): Promise<RegistrationRow | null> {
  const target = v.doctorId
    ? sql`r.order_type = 'doctor' AND r.doctor_id = ${v.doctorId}`
    : sql`r.order_type = 'service' AND r.service_type = ${v.serviceType}`;
  const [row] = rowsOf(
    await db.execute(sql`${VIEW}
      WHERE r.clinic_id = ${v.clinicId} AND r.patient_id = ${v.patientId} AND r.queue_date = ${v.day}::date
        AND ${target}
        AND r.status IN (${sql.join(
          v.activeStatuses.map((s) => sql`${s}`),
          sql`, `,
        )})
      ORDER BY r.id LIMIT 1`),
  );
  return row ? toRow(row) : null;
}

/** Locks the doctor's day so two clerks cannot both take the last place of the limit. */
export async function lockDoctorDay(db: Executor, doctorId: number, clinicId: number, weekday: number) {
  await db.execute(
    sql`SELECT 1 FROM doctor_schedule_days WHERE doctor_id = ${doctorId} AND clinic_id = ${clinicId} AND weekday = ${weekday} FOR UPDATE`,
  );
}

export async function queuePrefixesOf(db: Executor, clinicId: number) {
  const [row] = await db
    .select({ prefixes: queueSettings.prefixes })
    .from(queueSettings)
    .where(eq(queueSettings.clinicId, clinicId));
  return row?.prefixes ?? null;
}

export async function setQueuePrefixes(db: Executor, clinicId: number, prefixes: Record<string, string>) {
  await db
    .insert(queueSettings)
    .values({ clinicId, prefixes })
    .onConflictDoUpdate({ target: queueSettings.clinicId, set: { prefixes, updatedAt: sql`now()` } });
}

/** A doctor of any corporate by id, with the name staff know them by. */
export async function findDoctor(db: Executor, doctorId: number) {
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT d.corp_id, d.enabled, e.name FROM doctors d JOIN employees e ON e.id = d.employee_id
       WHERE d.id = ${doctorId}`),
  );
  return row
    ? { corpId: row.corp_id as number, enabled: Boolean(row.enabled), name: row.name as string }
    : null;
}

/** The service visit that carries out a doctor's order, if the desk took it in already. */
export async function findRegistrationByOrder(db: Executor, serviceOrderUid: string) {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.serviceOrderUid, serviceOrderUid));
  return row ?? null;
}

/** The insurer and eligibility noted on a visit: the visits made from its doctor's orders copy them. */
export async function insuredPayerOf(db: Executor, uid: string) {
  const [row] = await db
    .select({
      insurerId: registrations.insurerId,
      eligibilityStatus: registrations.eligibilityStatus,
      eligibilityReference: registrations.eligibilityReference,
      eligibilityCoveredAmount: registrations.eligibilityCoveredAmount,
      eligibilityNote: registrations.eligibilityNote,
      eligibilityCheckedBy: registrations.eligibilityCheckedBy,
      eligibilityCheckedAt: registrations.eligibilityCheckedAt,
    })
    .from(registrations)
    .where(eq(registrations.uid, uid));
  return row ?? null;
}

export type NewRegistration = typeof registrations.$inferInsert;

export async function insertRegistration(db: Executor, values: NewRegistration) {
  const [row] = await db.insert(registrations).values(values).returning({ id: registrations.id });
  return row;
}
