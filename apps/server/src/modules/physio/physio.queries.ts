import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  clinics,
  patients,
  physioProgrammes,
  physioSessions,
  registrations,
  services,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** Physiotherapy rows: programmes with their clinic, sessions with their visit and therapist. */

export type ProgrammeRow = typeof physioProgrammes.$inferSelect & {
  clinicName: string;
  visitUid: string;
  createdByName: string | null;
};
export type SessionRow = typeof physioSessions.$inferSelect & {
  visitUid: string;
  performedByName: string | null;
};

const programmeColumns = {
  row: physioProgrammes,
  clinicName: clinics.name,
  visitUid: registrations.uid,
  createdByName: users.name,
};

async function programmesWhere(
  db: Executor,
  where: ReturnType<typeof and>,
  limit = 1,
): Promise<ProgrammeRow[]> {
  const rows = await db
    .select(programmeColumns)
    .from(physioProgrammes)
    .innerJoin(clinics, eq(clinics.id, physioProgrammes.clinicId))
    .innerJoin(registrations, eq(registrations.id, physioProgrammes.registrationId))
    .leftJoin(users, eq(users.id, physioProgrammes.createdBy))
    .where(where)
    .orderBy(desc(physioProgrammes.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r.row,
    clinicName: r.clinicName,
    visitUid: r.visitUid,
    createdByName: r.createdByName,
  }));
}

/** The patient's active programme in the corporate (at most one is active). */
export async function activeProgrammeOf(db: Executor, corpId: number, patientId: number) {
  const [row] = await programmesWhere(
    db,
    and(
      eq(physioProgrammes.corpId, corpId),
      eq(physioProgrammes.patientId, patientId),
      eq(physioProgrammes.status, 'active'),
    ),
  );
  return row ?? null;
}

/** The patient's newest programme, whatever its status (the active one when there is one). */
export async function latestProgrammeOf(db: Executor, corpId: number, patientId: number) {
  const [row] = await programmesWhere(
    db,
    and(eq(physioProgrammes.corpId, corpId), eq(physioProgrammes.patientId, patientId)),
  );
  return row ?? null;
}

/**
 * A patient's programmes the reader may see, newest first: made at one of the reader's clinics, or
 * ordered from one of them (the order of the visit that opened it or of one of its sessions).
 */
export async function programmesOfPatient(
  db: Executor,
  f: { corpId: number; patientId: number; clinicIds: number[]; limit: number },
): Promise<ProgrammeRow[]> {
  if (!f.clinicIds.length) return [];
  const clinicList = sql.join(
    f.clinicIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const orderedFromReader = sql`EXISTS (
    SELECT 1 FROM registrations v JOIN service_orders so ON so.uid = v.service_order_uid
     WHERE so.clinic_id IN (${clinicList})
       AND (v.id = ${physioProgrammes.registrationId}
            OR v.id IN (SELECT s.registration_id FROM physio_sessions s WHERE s.programme_id = ${physioProgrammes.id})))`;
  return programmesWhere(
    db,
    and(
      eq(physioProgrammes.corpId, f.corpId),
      eq(physioProgrammes.patientId, f.patientId),
      sql`(${inArray(physioProgrammes.clinicId, f.clinicIds)} OR ${orderedFromReader})`,
    ),
    f.limit,
  );
}

export async function programmeById(db: Executor, id: number) {
  const [row] = await programmesWhere(db, and(eq(physioProgrammes.id, id)));
  return row ?? null;
}

/** The programme opened on this visit (its first assessment). */
export async function programmeOpenedOn(db: Executor, registrationId: number) {
  const [row] = await programmesWhere(db, and(eq(physioProgrammes.registrationId, registrationId)));
  return row ?? null;
}

/** Oldest first. */
export async function sessionsOf(db: Executor, programmeId: number): Promise<SessionRow[]> {
  const rows = await db
    .select({ row: physioSessions, visitUid: registrations.uid, performedByName: users.name })
    .from(physioSessions)
    .innerJoin(registrations, eq(registrations.id, physioSessions.registrationId))
    .leftJoin(users, eq(users.id, physioSessions.performedBy))
    .where(eq(physioSessions.programmeId, programmeId))
    .orderBy(asc(physioSessions.sessionNumber));
  return rows.map((r) => ({ ...r.row, visitUid: r.visitUid, performedByName: r.performedByName }));
}

/** The sessions of these programmes, by programme, oldest first. */
export async function sessionsOfProgrammes(db: Executor, programmeIds: number[]): Promise<SessionRow[]> {
  if (!programmeIds.length) return [];
  const rows = await db
    .select({ row: physioSessions, visitUid: registrations.uid, performedByName: users.name })
    .from(physioSessions)
    .innerJoin(registrations, eq(registrations.id, physioSessions.registrationId))
    .leftJoin(users, eq(users.id, physioSessions.performedBy))
    .where(inArray(physioSessions.programmeId, programmeIds))
    .orderBy(asc(physioSessions.programmeId), asc(physioSessions.sessionNumber));
  return rows.map((r) => ({ ...r.row, visitUid: r.visitUid, performedByName: r.performedByName }));
}

export async function sessionOfVisit(db: Executor, registrationId: number) {
  const [row] = await db
    .select({ programmeId: physioSessions.programmeId })
    .from(physioSessions)
    .where(eq(physioSessions.registrationId, registrationId));
  return row ?? null;
}

/** Serialises the writes on one patient's programme (a double submit waits, then sees the first). */
export async function lockPatient(tx: Executor, patientId: number) {
  await tx.execute(sql`SELECT id FROM patients WHERE id = ${patientId} FOR UPDATE`);
}

export async function patientOfCorporate(db: Executor, corpId: number, uid: string) {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.uid, uid), eq(patients.corpId, corpId)));
  return row ?? null;
}

/** The physiotherapy services of the catalogue named by the order (by name or code). */
export async function physioServiceCodes(db: Executor, corpId: number, items: readonly string[]) {
  const names = items.map((i) => i.trim().toLowerCase()).filter(Boolean);
  if (!names.length) return [];
  const rows = await db
    .select({ code: services.code })
    .from(services)
    .where(
      and(
        eq(services.corpId, corpId),
        eq(services.serviceGroup, 'physio'),
        eq(services.active, true),
        sql`(lower(${services.nameId}) IN ${names} OR lower(${services.code}) IN ${names})`,
      ),
    );
  return rows.map((r) => r.code);
}

export async function insertProgramme(
  db: Executor,
  row: typeof physioProgrammes.$inferInsert,
): Promise<void> {
  await db.insert(physioProgrammes).values(row);
}

export async function insertSession(db: Executor, row: typeof physioSessions.$inferInsert): Promise<void> {
  await db.insert(physioSessions).values(row);
}

export async function updateProgramme(
  db: Executor,
  id: number,
  set: Partial<typeof physioProgrammes.$inferInsert>,
): Promise<void> {
  await db.update(physioProgrammes).set(set).where(eq(physioProgrammes.id, id));
}
