import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  clinics,
  codeListItems,
  corporates,
  mcuCompanyCategories,
  mcuConclusions,
  mcuEvents,
  mcuPackages,
  mcuParticipants,
  mcuStationResults,
  partnerCompanies,
  patients,
  registrations,
  services,
  users,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/** The MCU outputs' reads (issue 20 §6): the only SQL of mcu-outputs. */

/** A participant with what every print needs: event, company, clinic, patient, package. */
export async function participantByUid(db: Executor, uid: string) {
  const [row] = await db
    .select({
      p: mcuParticipants,
      eventUid: mcuEvents.uid,
      eventName: mcuEvents.name,
      eventStart: mcuEvents.startDate,
      examType: mcuEvents.examType,
      companyName: partnerCompanies.name,
      clinicName: clinics.name,
      clinicAddress: clinics.address,
      clinicPhone: clinics.phoneNumber,
      clinicTimeZone: clinics.timeZone,
      corporateName: corporates.name,
      mrn: patients.mrn,
      address: patients.address,
      packageName: services.nameId,
      stations: mcuPackages.stations,
      registrationUid: registrations.uid,
      registrationDay: sql<string | null>`${registrations.createdAt}`,
    })
    .from(mcuParticipants)
    .innerJoin(mcuEvents, eq(mcuEvents.id, mcuParticipants.eventId))
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, mcuParticipants.companyId))
    .innerJoin(clinics, eq(clinics.id, mcuParticipants.clinicId))
    .innerJoin(corporates, eq(corporates.id, mcuParticipants.corpId))
    .innerJoin(patients, eq(patients.id, mcuParticipants.patientId))
    .innerJoin(services, eq(services.id, mcuParticipants.packageId))
    .leftJoin(mcuPackages, eq(mcuPackages.serviceId, mcuParticipants.packageId))
    .leftJoin(registrations, eq(registrations.id, mcuParticipants.registrationId))
    .where(eq(mcuParticipants.uid, uid));
  return row ?? null;
}
export type ParticipantRow = NonNullable<Awaited<ReturnType<typeof participantByUid>>>;

/** The recorded stations of participants, with the examiner's name. */
export function stationResultsOf(db: Executor, participantIds: number[]) {
  if (!participantIds.length) return Promise.resolve([]);
  return db
    .select({
      participantId: mcuStationResults.participantId,
      station: mcuStationResults.station,
      data: mcuStationResults.data,
      findings: mcuStationResults.findings,
      normal: mcuStationResults.normal,
      examinedAt: mcuStationResults.examinedAt,
      examinerName: users.name,
    })
    .from(mcuStationResults)
    .leftJoin(users, eq(users.id, mcuStationResults.examinedBy))
    .where(inArray(mcuStationResults.participantId, participantIds));
}

/** The current conclusion of each participant: the newest version that is not replaced. */
export async function currentConclusions(db: Executor, participantIds: number[]) {
  if (!participantIds.length) return [];
  return db
    .selectDistinctOn([mcuConclusions.participantId], {
      c: mcuConclusions,
      writerName: sql<string | null>`(select name from users where id = ${mcuConclusions.writtenBy})`,
      approverName: sql<string | null>`(select name from users where id = ${mcuConclusions.approvedBy})`,
    })
    .from(mcuConclusions)
    .where(and(inArray(mcuConclusions.participantId, participantIds), ne(mcuConclusions.status, 'replaced')))
    .orderBy(mcuConclusions.participantId, desc(mcuConclusions.version));
}

/** The category labels of a company: its own list, else the corporate's mcuConclusion code list. */
export async function categoryLabels(db: Executor, corpId: number, companyId: number) {
  const own = await db
    .select({
      code: mcuCompanyCategories.code,
      label: mcuCompanyCategories.label,
      fit: mcuCompanyCategories.fit,
    })
    .from(mcuCompanyCategories)
    .where(eq(mcuCompanyCategories.companyId, companyId))
    .orderBy(asc(mcuCompanyCategories.sort));
  if (own.length) return own;
  const list = await db
    .select({ code: codeListItems.code, label: codeListItems.nameId })
    .from(codeListItems)
    .where(and(eq(codeListItems.corpId, corpId), eq(codeListItems.list, 'mcuConclusion')))
    .orderBy(asc(codeListItems.sort));
  // the default list: its FIT codes (fit, fit with a note) count as fit to work
  return list.map((r) => ({ ...r, fit: r.code.toUpperCase().startsWith('FIT') }));
}

/** A conclusion by its verification token, with its clinic's name (nothing about the person). */
export async function conclusionByToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      status: mcuConclusions.status,
      version: mcuConclusions.version,
      approvedAt: mcuConclusions.approvedAt,
      clinicName: clinics.name,
    })
    .from(mcuConclusions)
    .innerJoin(mcuParticipants, eq(mcuParticipants.id, mcuConclusions.participantId))
    .innerJoin(clinics, eq(clinics.id, mcuParticipants.clinicId))
    .where(eq(mcuConclusions.verifyToken, token));
  return row ?? null;
}

export interface ResultsFilter {
  corpId: number;
  clinicIds: number[];
  from?: string;
  to?: string;
  companyId?: number;
  eventUid?: string;
  status?: 'done' | 'approved';
  q?: string;
  page: number;
  limit: number;
}

/** The results list: done or approved participants of the clinics, newest check-in first. */
export async function listResults(db: Executor, f: ResultsFilter) {
  const examDay = sql<
    string | null
  >`(${mcuParticipants.checkedInAt} at time zone ${clinics.timeZone})::date::text`;
  const where: SQL[] = [
    eq(mcuParticipants.corpId, f.corpId),
    inArray(mcuParticipants.clinicId, f.clinicIds.length ? f.clinicIds : [-1]),
    f.status ? eq(mcuParticipants.status, f.status) : inArray(mcuParticipants.status, ['done', 'approved']),
  ];
  if (f.companyId) where.push(eq(mcuParticipants.companyId, f.companyId));
  if (f.eventUid) where.push(eq(mcuEvents.uid, f.eventUid));
  if (f.from) where.push(gte(sql`coalesce(${examDay}, ${mcuEvents.startDate}::text)`, f.from));
  if (f.to) where.push(lte(sql`coalesce(${examDay}, ${mcuEvents.startDate}::text)`, f.to));
  if (f.q) {
    const like = containsPattern(f.q);
    where.push(
      or(
        ilike(mcuParticipants.name, like),
        ilike(mcuParticipants.nik, like),
        ilike(mcuParticipants.mcuNumber, like),
        ilike(mcuParticipants.employeeNumber, like),
      )!,
    );
  }
  const base = db
    .select({
      id: mcuParticipants.id,
      uid: mcuParticipants.uid,
      mcuNumber: mcuParticipants.mcuNumber,
      name: mcuParticipants.name,
      nik: mcuParticipants.nik,
      employeeNumber: mcuParticipants.employeeNumber,
      department: mcuParticipants.department,
      status: mcuParticipants.status,
      corpId: mcuParticipants.corpId,
      examDate: examDay,
      clinicName: clinics.name,
      companyId: partnerCompanies.id,
      companyName: partnerCompanies.name,
      eventUid: mcuEvents.uid,
      eventName: mcuEvents.name,
    })
    .from(mcuParticipants)
    .innerJoin(mcuEvents, eq(mcuEvents.id, mcuParticipants.eventId))
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, mcuParticipants.companyId))
    .innerJoin(clinics, eq(clinics.id, mcuParticipants.clinicId))
    .where(and(...where));
  const rows = await base
    .orderBy(desc(mcuParticipants.checkedInAt), asc(mcuParticipants.seq))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [{ n }] = await db
    .select({ n: count() })
    .from(mcuParticipants)
    .innerJoin(mcuEvents, eq(mcuEvents.id, mcuParticipants.eventId))
    .innerJoin(clinics, eq(clinics.id, mcuParticipants.clinicId))
    .where(and(...where));
  return { rows, total: n };
}

/** The events of the clinics (the list's filter). */
export function eventsOfClinics(db: Executor, corpId: number, clinicIds: number[]) {
  return db
    .select({
      uid: mcuEvents.uid,
      name: mcuEvents.name,
      companyId: partnerCompanies.id,
      companyName: partnerCompanies.name,
    })
    .from(mcuEvents)
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, mcuEvents.companyId))
    .where(
      and(eq(mcuEvents.corpId, corpId), inArray(mcuEvents.clinicId, clinicIds.length ? clinicIds : [-1])),
    )
    .orderBy(desc(mcuEvents.startDate))
    .limit(200);
}

/** An event with its company and clinic. */
export async function eventByUid(db: Executor, uid: string) {
  const [row] = await db
    .select({
      e: mcuEvents,
      companyName: partnerCompanies.name,
      clinicName: clinics.name,
      timeZone: clinics.timeZone,
    })
    .from(mcuEvents)
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, mcuEvents.companyId))
    .innerJoin(clinics, eq(clinics.id, mcuEvents.clinicId))
    .where(eq(mcuEvents.uid, uid));
  return row ?? null;
}

/** The stations of the event's packages (the recap's columns). */
export async function eventStations(db: Executor, eventId: number) {
  const rows = await db
    .selectDistinct({ stations: mcuPackages.stations })
    .from(mcuParticipants)
    .innerJoin(mcuPackages, eq(mcuPackages.serviceId, mcuParticipants.packageId))
    .where(eq(mcuParticipants.eventId, eventId));
  return [...new Set(rows.flatMap((r) => r.stations))];
}

/** Participant ids of an event, in MCU number order (the recap reads them in batches). */
export function eventParticipants(db: Executor, eventId: number) {
  return db
    .select({
      id: mcuParticipants.id,
      mcuNumber: mcuParticipants.mcuNumber,
      employeeNumber: mcuParticipants.employeeNumber,
      nik: mcuParticipants.nik,
      name: mcuParticipants.name,
      sex: mcuParticipants.sex,
      birthDate: mcuParticipants.birthDate,
      department: mcuParticipants.department,
      job: mcuParticipants.job,
      status: mcuParticipants.status,
      exposures: mcuParticipants.exposures,
      consentToShare: mcuParticipants.consentToShare,
      packageName: services.nameId,
      examDay: sql<
        string | null
      >`(${mcuParticipants.checkedInAt} at time zone ${clinics.timeZone})::date::text`,
    })
    .from(mcuParticipants)
    .innerJoin(services, eq(services.id, mcuParticipants.packageId))
    .innerJoin(clinics, eq(clinics.id, mcuParticipants.clinicId))
    .where(eq(mcuParticipants.eventId, eventId))
    .orderBy(asc(mcuParticipants.seq));
}
