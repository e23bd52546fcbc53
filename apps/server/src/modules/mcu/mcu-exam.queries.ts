import { and, asc, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  codeListItems,
  mcuCompanyCategories,
  mcuConclusions,
  mcuEvents,
  mcuPackages,
  mcuParticipants,
  mcuStationResults,
  partnerCompanies,
  patients,
  registrations,
  servicePackageItems,
  services,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The SQL of the MCU examination: participants, station results, conclusions, categories. */

const participantColumns = {
  id: mcuParticipants.id,
  uid: mcuParticipants.uid,
  corpId: mcuParticipants.corpId,
  clinicId: mcuParticipants.clinicId,
  companyId: mcuParticipants.companyId,
  mcuNumber: mcuParticipants.mcuNumber,
  name: mcuParticipants.name,
  nik: mcuParticipants.nik,
  employeeNumber: mcuParticipants.employeeNumber,
  sex: mcuParticipants.sex,
  birthDate: mcuParticipants.birthDate,
  department: mcuParticipants.department,
  job: mcuParticipants.job,
  jobGroup: mcuParticipants.jobGroup,
  status: mcuParticipants.status,
  packageId: mcuParticipants.packageId,
  patientId: mcuParticipants.patientId,
  patientUid: patients.uid,
  registrationId: mcuParticipants.registrationId,
  visitUid: registrations.uid,
  /** the lab released the visit's results (registrations' flag, set from lab.result.released) */
  labDone: registrations.labDone,
  exposures: mcuParticipants.exposures,
  occupationalHistory: mcuParticipants.occupationalHistory,
  checkedInAt: mcuParticipants.checkedInAt,
  event: {
    uid: mcuEvents.uid,
    name: mcuEvents.name,
    examType: mcuEvents.examType,
    startDate: mcuEvents.startDate,
    endDate: mcuEvents.endDate,
  },
  company: { uid: partnerCompanies.uid, name: partnerCompanies.name },
  package: { uid: services.uid, name: services.nameId },
  stations: mcuPackages.stations,
};

const participantFrom = (db: Executor) =>
  db
    .select(participantColumns)
    .from(mcuParticipants)
    .innerJoin(mcuEvents, eq(mcuEvents.id, mcuParticipants.eventId))
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, mcuParticipants.companyId))
    .innerJoin(services, eq(services.id, mcuParticipants.packageId))
    .innerJoin(patients, eq(patients.id, mcuParticipants.patientId))
    .leftJoin(mcuPackages, eq(mcuPackages.serviceId, mcuParticipants.packageId))
    .leftJoin(registrations, eq(registrations.id, mcuParticipants.registrationId));

export type ParticipantRow = Awaited<ReturnType<typeof findParticipant>> & {};

export async function findParticipant(db: Executor, uid: string) {
  const [row] = await participantFrom(db).where(eq(mcuParticipants.uid, uid)).limit(1);
  return row ?? null;
}

/** Locks the participant's row (a station save, a conclusion, an approval run one at a time). */
export async function lockParticipant(db: Executor, id: number) {
  await db.execute(sql`SELECT id FROM mcu_participants WHERE id = ${id} FOR UPDATE`);
}

export function setParticipantStatus(db: Executor, id: number, status: ParticipantStatus) {
  return db.update(mcuParticipants).set({ status, updatedAt: new Date() }).where(eq(mcuParticipants.id, id));
}
export type ParticipantStatus = (typeof mcuParticipants.status.enumValues)[number];

export function setExposures(
  db: Executor,
  id: number,
  values: Pick<typeof mcuParticipants.$inferInsert, 'exposures' | 'occupationalHistory'>,
) {
  return db
    .update(mcuParticipants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mcuParticipants.id, id));
}

export function stationResultsOf(db: Executor, participantIds: readonly number[]) {
  if (!participantIds.length) return Promise.resolve([]);
  return db
    .select({
      participantId: mcuStationResults.participantId,
      station: mcuStationResults.station,
      data: mcuStationResults.data,
      findings: mcuStationResults.findings,
      normal: mcuStationResults.normal,
      fileUid: mcuStationResults.fileUid,
      examinedBy: users.name,
      examinedAt: mcuStationResults.examinedAt,
    })
    .from(mcuStationResults)
    .leftJoin(users, eq(users.id, mcuStationResults.examinedBy))
    .where(inArray(mcuStationResults.participantId, [...participantIds]));
}
export type StationResultRow = Awaited<ReturnType<typeof stationResultsOf>>[number];

export function upsertStationResult(db: Executor, values: typeof mcuStationResults.$inferInsert) {
  return db
    .insert(mcuStationResults)
    .values(values)
    .onConflictDoUpdate({
      target: [mcuStationResults.participantId, mcuStationResults.station],
      set: {
        data: values.data,
        findings: values.findings,
        normal: values.normal,
        fileUid: values.fileUid,
        examinedBy: values.examinedBy,
        examinedAt: new Date(),
      },
    });
}

const writer = alias(users, 'writer');
const approver = alias(users, 'approver');

/** Every version of the participant's conclusion, newest first. */
export function conclusionsOf(db: Executor, participantId: number) {
  return db
    .select({
      id: mcuConclusions.id,
      uid: mcuConclusions.uid,
      version: mcuConclusions.version,
      status: mcuConclusions.status,
      category: mcuConclusions.category,
      conclusion: mcuConclusions.conclusion,
      advice: mcuConclusions.advice,
      restrictions: mcuConclusions.restrictions,
      followUpDate: mcuConclusions.followUpDate,
      findings: mcuConclusions.findings,
      amendmentReason: mcuConclusions.amendmentReason,
      verifyToken: mcuConclusions.verifyToken,
      writtenBy: writer.name,
      writtenAt: mcuConclusions.updatedAt,
      approvedBy: approver.name,
      approvedAt: mcuConclusions.approvedAt,
    })
    .from(mcuConclusions)
    .leftJoin(writer, eq(writer.id, mcuConclusions.writtenBy))
    .leftJoin(approver, eq(approver.id, mcuConclusions.approvedBy))
    .where(eq(mcuConclusions.participantId, participantId))
    .orderBy(desc(mcuConclusions.version));
}
export type ConclusionRow = Awaited<ReturnType<typeof conclusionsOf>>[number];

export function insertConclusion(db: Executor, values: typeof mcuConclusions.$inferInsert) {
  return db.insert(mcuConclusions).values(values);
}

export function updateConclusion(
  db: Executor,
  id: number,
  values: Partial<typeof mcuConclusions.$inferInsert>,
) {
  return db
    .update(mcuConclusions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mcuConclusions.id, id));
}

/** The company's own categories (active, in order). */
export function companyCategories(db: Executor, companyId: number) {
  return db
    .select({
      code: mcuCompanyCategories.code,
      label: mcuCompanyCategories.label,
      fit: mcuCompanyCategories.fit,
    })
    .from(mcuCompanyCategories)
    .where(and(eq(mcuCompanyCategories.companyId, companyId), eq(mcuCompanyCategories.active, true)))
    .orderBy(asc(mcuCompanyCategories.sort), asc(mcuCompanyCategories.code));
}

export async function replaceCompanyCategories(
  db: Executor,
  companyId: number,
  rows: readonly { code: string; label: string; fit: boolean }[],
) {
  await db.delete(mcuCompanyCategories).where(eq(mcuCompanyCategories.companyId, companyId));
  if (rows.length)
    await db.insert(mcuCompanyCategories).values(rows.map((r, i) => ({ ...r, companyId, sort: i + 1 })));
}

/** The corporate's active mcuConclusion code list, in its order. */
export function corporateCategories(db: Executor, corpId: number) {
  return db
    .select({ code: codeListItems.code, nameId: codeListItems.nameId })
    .from(codeListItems)
    .where(
      and(
        eq(codeListItems.corpId, corpId),
        eq(codeListItems.list, 'mcuConclusion'),
        eq(codeListItems.active, true),
      ),
    )
    .orderBy(asc(codeListItems.sort), asc(codeListItems.id));
}

export async function findCompany(db: Executor, uid: string) {
  const [row] = await db
    .select({ id: partnerCompanies.id, corpId: partnerCompanies.corpId })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.uid, uid))
    .limit(1);
  return row ?? null;
}

/**
 * The lab services of the packages of these visits' participants (their codes), per visit id;
 * a participant's visit whose package has no lab item has an empty list.
 */
export async function packageLabCodes(db: Executor, registrationIds: readonly number[]) {
  if (!registrationIds.length) return new Map<number, string[]>();
  const item = alias(services, 'item');
  const rows = await db
    .select({ registrationId: mcuParticipants.registrationId, code: item.code })
    .from(mcuParticipants)
    .leftJoin(servicePackageItems, eq(servicePackageItems.packageId, mcuParticipants.packageId))
    .leftJoin(item, and(eq(item.id, servicePackageItems.itemId), eq(item.serviceGroup, 'lab')))
    .where(inArray(mcuParticipants.registrationId, [...registrationIds]))
    .orderBy(asc(servicePackageItems.sort), asc(servicePackageItems.itemId));
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const list = out.get(r.registrationId!) ?? [];
    if (r.code) list.push(r.code);
    out.set(r.registrationId!, list);
  }
  return out;
}

/** The participant of a visit (the lab's release marks it done). */
export async function participantOfVisit(db: Executor, visitUid: string) {
  const [row] = await db
    .select({ uid: mcuParticipants.uid })
    .from(mcuParticipants)
    .innerJoin(registrations, eq(registrations.id, mcuParticipants.registrationId))
    .where(eq(registrations.uid, visitUid))
    .limit(1);
  return row ?? null;
}

/** Checked-in participants of a clinic's day (by check-in time), filtered, paged. */
export async function pageWorklist(
  db: Executor,
  q: {
    corpId: number;
    clinicId: number;
    /** the clinic's day in its time zone */
    day: string;
    timeZone: string;
    companyUid?: string;
    search?: string;
    /** the participant of this visit only, whatever its day */
    visitUid?: string;
    /** not yet recorded at this station (lab: the visit's lab not done) */
    notDoneStation?: string;
    page: number;
    limit: number;
  },
) {
  const where: SQL[] = [
    eq(mcuParticipants.corpId, q.corpId),
    eq(mcuParticipants.clinicId, q.clinicId),
    isNotNull(mcuParticipants.registrationId),
    q.visitUid
      ? eq(registrations.uid, q.visitUid)
      : sql`(${mcuParticipants.checkedInAt} AT TIME ZONE ${q.timeZone})::date = ${q.day}::date`,
  ];
  if (q.companyUid) where.push(eq(partnerCompanies.uid, q.companyUid));
  if (q.search) {
    const like = `%${q.search.replace(/[%_\\]/g, '\\$&')}%`;
    where.push(
      or(
        ilike(mcuParticipants.name, like),
        ilike(mcuParticipants.nik, like),
        ilike(mcuParticipants.mcuNumber, like),
        ilike(mcuParticipants.employeeNumber, like),
      )!,
    );
  }
  if (q.notDoneStation) {
    where.push(sql`${mcuPackages.stations} ? ${q.notDoneStation}`);
    where.push(
      q.notDoneStation === 'lab'
        ? sql`${registrations.labDone} = false`
        : sql`NOT EXISTS (SELECT 1 FROM mcu_station_results s WHERE s.participant_id = ${mcuParticipants.id} AND s.station = ${q.notDoneStation})`,
    );
  }
  const filter = and(...where);
  const rows = await participantFrom(db)
    .where(filter)
    .orderBy(asc(mcuParticipants.checkedInAt), asc(mcuParticipants.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mcuParticipants)
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, mcuParticipants.companyId))
    .leftJoin(mcuPackages, eq(mcuPackages.serviceId, mcuParticipants.packageId))
    .leftJoin(registrations, eq(registrations.id, mcuParticipants.registrationId))
    .where(filter);
  return { rows, total: n };
}
