import type { RegistrationStatus } from '@klinikita/domain/registrations/registration.rules';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  clinics,
  drugs,
  medicalCodes,
  registrations,
  serviceOrders,
  services,
  treatmentProcedures,
  users,
} from '../../db/schema/index.ts';
import { type Executor, escapeLike } from '../../shared/sql.ts';

/** The treatment room's rows: the day's TREATMENT visits, a visit's procedures, what a form names. */

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;

export interface WorklistFilter {
  clinicId: number;
  day: string;
  search?: string;
  page: number;
  limit: number;
}

export async function treatmentWorklist(db: Executor, f: WorklistFilter) {
  const like = f.search ? `%${escapeLike(f.search.toLowerCase())}%` : null;
  const where = sql`r.clinic_id = ${f.clinicId} AND r.queue_date = ${f.day}
    AND r.order_type = 'service' AND r.service_type = 'TREATMENT'
    ${like ? sql`AND (lower(p.name) LIKE ${like} OR lower(p.mrn) LIKE ${like} OR lower(r.queue_number) LIKE ${like})` : sql``}`;
  const [{ total }] = rowsOf(
    await db.execute(
      sql`SELECT count(*)::int AS total FROM registrations r JOIN patients p ON p.id = r.patient_id WHERE ${where}`,
    ),
  ) as { total: number }[];
  const rows = rowsOf(
    await db.execute(sql`
      SELECT r.uid, r.queue_number, r.status, r.arrived_at, r.complaint, r.referrer,
             p.uid AS p_uid, p.name AS p_name, p.mrn AS p_mrn, p.sex AS p_sex,
             (SELECT count(*)::int FROM treatment_procedures t
               WHERE t.registration_id = r.id AND t.voided_at IS NULL) AS procedures
        FROM registrations r JOIN patients p ON p.id = r.patient_id
       WHERE ${where}
       ORDER BY (r.status = 'Cancelled') ASC, r.arrived_at ASC, r.id ASC
       LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`),
  );
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      registrationId: r.uid as string,
      queueNumber: r.queue_number as string,
      status: r.status as RegistrationStatus,
      arrivedAt: new Date(r.arrived_at as string).toISOString(),
      patient: {
        uid: r.p_uid as string,
        name: r.p_name as string,
        mrn: r.p_mrn as string,
        sex: r.p_sex as string,
      },
      orderText: (r.complaint as string | null) ?? null,
      referrer: (r.referrer as string | null) ?? null,
      procedures: Number(r.procedures),
    })),
  };
}

export type ProcedureRow = typeof treatmentProcedures.$inferSelect & {
  performedByName: string;
  voidedByName: string | null;
  serviceCode: string | null;
};

const performer = users;

/** A visit's procedures, oldest first, with the names the screen shows. */
export async function proceduresOfVisit(db: Executor, registrationId: number): Promise<ProcedureRow[]> {
  const rows = await db
    .select({
      row: treatmentProcedures,
      performedByName: performer.name,
      serviceCode: services.code,
      voidedByName: sql<
        string | null
      >`(SELECT name FROM users v WHERE v.id = ${treatmentProcedures.voidedBy})`,
    })
    .from(treatmentProcedures)
    .innerJoin(performer, eq(performer.id, treatmentProcedures.performedBy))
    .leftJoin(services, eq(services.id, treatmentProcedures.serviceId))
    .where(eq(treatmentProcedures.registrationId, registrationId))
    .orderBy(asc(treatmentProcedures.performedAt), asc(treatmentProcedures.id));
  return rows.map((r) => ({
    ...r.row,
    performedByName: r.performedByName,
    voidedByName: r.voidedByName,
    serviceCode: r.serviceCode,
  }));
}

/**
 * A patient's procedures the reader may see, newest first, voided ones left out: done at one of
 * the reader's clinics, or ordered from one of them.
 */
export async function proceduresOfPatient(
  db: Executor,
  f: { corpId: number; patientId: number; clinicIds: number[]; limit: number },
) {
  if (!f.clinicIds.length) return [];
  return db
    .select({
      uid: treatmentProcedures.uid,
      registrationUid: registrations.uid,
      clinicName: clinics.name,
      icd9Code: treatmentProcedures.icd9Code,
      name: treatmentProcedures.name,
      consumables: treatmentProcedures.consumables,
      notes: treatmentProcedures.notes,
      performedByName: performer.name,
      performedAt: treatmentProcedures.performedAt,
    })
    .from(treatmentProcedures)
    .innerJoin(registrations, eq(registrations.id, treatmentProcedures.registrationId))
    .innerJoin(clinics, eq(clinics.id, treatmentProcedures.clinicId))
    .innerJoin(performer, eq(performer.id, treatmentProcedures.performedBy))
    .leftJoin(serviceOrders, eq(serviceOrders.uid, registrations.serviceOrderUid))
    .where(
      and(
        eq(treatmentProcedures.corpId, f.corpId),
        eq(registrations.patientId, f.patientId),
        isNull(treatmentProcedures.voidedAt),
        or(inArray(treatmentProcedures.clinicId, f.clinicIds), inArray(serviceOrders.clinicId, f.clinicIds)),
      ),
    )
    .orderBy(desc(treatmentProcedures.performedAt), desc(treatmentProcedures.id))
    .limit(f.limit);
}
export type PatientProcedureRow = Awaited<ReturnType<typeof proceduresOfPatient>>[number];

export async function procedureByKey(db: Executor, registrationId: number, requestKey: string) {
  const [row] = await db
    .select({ id: treatmentProcedures.id })
    .from(treatmentProcedures)
    .where(
      and(
        eq(treatmentProcedures.registrationId, registrationId),
        eq(treatmentProcedures.requestKey, requestKey),
      ),
    );
  return row ?? null;
}

export async function procedureByUid(db: Executor, uid: string) {
  const [row] = await db.select().from(treatmentProcedures).where(eq(treatmentProcedures.uid, uid));
  return row ?? null;
}

export async function icd9Code(db: Executor, code: string) {
  const [row] = await db
    .select({ code: medicalCodes.code, titleId: medicalCodes.titleId })
    .from(medicalCodes)
    .where(and(eq(medicalCodes.system, 'icd9cm'), eq(medicalCodes.code, code)));
  return row ?? null;
}

/** The corporate's active procedures of the catalogue. */
export async function procedureServices(db: Executor, corpId: number) {
  return db
    .select({
      id: services.id,
      uid: services.uid,
      code: services.code,
      nameId: services.nameId,
      nameEn: services.nameEn,
      icd9Code: services.icd9Code,
    })
    .from(services)
    .where(
      and(
        eq(services.corpId, corpId),
        eq(services.serviceGroup, 'procedure'),
        eq(services.active, true),
        eq(services.isPackage, false),
      ),
    )
    .orderBy(asc(services.nameId));
}

/** Active users of the corporate who work at the clinic (or at every clinic). */
export async function clinicStaff(db: Executor, corpId: number, clinicId: number) {
  return db
    .select({ id: users.id, uid: users.uid, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.corpId, corpId),
        eq(users.active, true),
        isNull(users.deletedAt),
        or(eq(users.clinicId, clinicId), isNull(users.clinicId)),
      ),
    )
    .orderBy(asc(users.name));
}

export async function drugsOfCorporate(db: Executor, corpId: number, uids: string[]) {
  if (!uids.length) return [];
  return db
    .select({ id: drugs.id, uid: drugs.uid })
    .from(drugs)
    .where(and(eq(drugs.corpId, corpId), inArray(drugs.uid, uids)));
}

export async function drugUids(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db.select({ id: drugs.id, uid: drugs.uid }).from(drugs).where(inArray(drugs.id, ids));
  return new Map(rows.map((r) => [r.id, r.uid]));
}

/** Serialises saves on one visit (a double click waits, then finds the first by its key). */
export async function lockVisit(tx: Executor, registrationId: number) {
  await tx.execute(sql`SELECT id FROM registrations WHERE id = ${registrationId} FOR UPDATE`);
}

export async function registrationUidOf(db: Executor, id: number) {
  const [row] = await db
    .select({ uid: registrations.uid })
    .from(registrations)
    .where(eq(registrations.id, id));
  return row?.uid ?? '';
}

export async function insertProcedure(
  db: Executor,
  row: typeof treatmentProcedures.$inferInsert,
): Promise<void> {
  await db.insert(treatmentProcedures).values(row);
}

/** Marks a procedure voided with who and why (the row stays). */
export async function voidProcedure(db: Executor, id: number, userId: number, reason: string): Promise<void> {
  await db
    .update(treatmentProcedures)
    .set({ voidedAt: new Date(), voidedBy: userId, voidReason: reason })
    .where(eq(treatmentProcedures.id, id));
}
