import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  mcuCompanyCounters,
  mcuEvents,
  mcuParticipants,
  patients,
  registrations,
  services,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/** The MCU participants' SQL: the list, one participant, the import's batched reads and writes. */

const pkg = alias(services, 'mcu_package');

const participantColumns = {
  id: mcuParticipants.id,
  uid: mcuParticipants.uid,
  corpId: mcuParticipants.corpId,
  clinicId: mcuParticipants.clinicId,
  eventId: mcuParticipants.eventId,
  eventUid: mcuEvents.uid,
  companyId: mcuParticipants.companyId,
  seq: mcuParticipants.seq,
  mcuNumber: mcuParticipants.mcuNumber,
  patientId: mcuParticipants.patientId,
  patientUid: patients.uid,
  patientMrn: patients.mrn,
  employeeNumber: mcuParticipants.employeeNumber,
  nik: mcuParticipants.nik,
  name: mcuParticipants.name,
  sex: mcuParticipants.sex,
  birthDate: mcuParticipants.birthDate,
  department: mcuParticipants.department,
  job: mcuParticipants.job,
  jobGroup: mcuParticipants.jobGroup,
  packageId: mcuParticipants.packageId,
  packageUid: pkg.uid,
  packageCode: pkg.code,
  packageName: pkg.nameId,
  status: mcuParticipants.status,
  consentToShare: mcuParticipants.consentToShare,
  registrationId: mcuParticipants.registrationId,
  registrationUid: registrations.uid,
  checkedInAt: mcuParticipants.checkedInAt,
};

const base = (db: Executor) =>
  db
    .select(participantColumns)
    .from(mcuParticipants)
    .innerJoin(mcuEvents, eq(mcuEvents.id, mcuParticipants.eventId))
    .innerJoin(patients, eq(patients.id, mcuParticipants.patientId))
    .innerJoin(pkg, eq(pkg.id, mcuParticipants.packageId))
    .leftJoin(registrations, eq(registrations.id, mcuParticipants.registrationId));

export async function findParticipant(db: Executor, corpId: number, uid: string, lock = false) {
  const query = base(db).where(and(eq(mcuParticipants.corpId, corpId), eq(mcuParticipants.uid, uid)));
  const [row] = await (lock ? query.for('update', { of: mcuParticipants }) : query);
  return row ?? null;
}
export type ParticipantRow = NonNullable<Awaited<ReturnType<typeof findParticipant>>>;

export async function pageParticipants(
  db: Executor,
  filter: {
    eventId: number;
    status?: 'registered' | 'inProgress' | 'done' | 'approved';
    search?: string;
    page: number;
    limit: number;
  },
) {
  const like = filter.search ? containsPattern(filter.search) : null;
  const where = and(
    eq(mcuParticipants.eventId, filter.eventId),
    filter.status ? eq(mcuParticipants.status, filter.status) : undefined,
    like
      ? or(
          ilike(mcuParticipants.name, like),
          ilike(mcuParticipants.nik, like),
          ilike(mcuParticipants.employeeNumber, like),
          ilike(mcuParticipants.mcuNumber, like),
        )
      : undefined,
  );
  const rows = await base(db)
    .where(where)
    .orderBy(asc(mcuParticipants.seq))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [{ n }] = await db.select({ n: count() }).from(mcuParticipants).where(where);
  return { rows, total: n };
}

/** The event's participants with these employee numbers, by lower-cased number (one query). */
export async function participantsByEmployee(db: Executor, eventId: number, numbers: string[]) {
  if (!numbers.length) return new Map<string, ParticipantRow>();
  const keys = [...new Set(numbers.map((n) => n.toLowerCase()))];
  const rows = await base(db).where(
    and(eq(mcuParticipants.eventId, eventId), inArray(sql`lower(${mcuParticipants.employeeNumber})`, keys)),
  );
  return new Map(rows.map((r) => [r.employeeNumber.toLowerCase(), r]));
}

/** Which employee number of the event holds each of these NIKs (lower-cased; one query). */
export async function employeesByNik(db: Executor, eventId: number, niks: string[]) {
  if (!niks.length) return new Map<string, string>();
  const rows = await db
    .select({ nik: mcuParticipants.nik, employeeNumber: mcuParticipants.employeeNumber })
    .from(mcuParticipants)
    .where(and(eq(mcuParticipants.eventId, eventId), inArray(mcuParticipants.nik, [...new Set(niks)])));
  return new Map(rows.map((r) => [r.nik, r.employeeNumber.toLowerCase()]));
}

/** The corporate's patients with these NIKs (one query). */
export async function patientsByNik(db: Executor, corpId: number, niks: string[]) {
  if (!niks.length) return new Map<string, { id: number; uid: string }>();
  const rows = await db
    .select({ id: patients.id, uid: patients.uid, nik: patients.nik })
    .from(patients)
    .where(and(eq(patients.corpId, corpId), inArray(patients.nik, [...new Set(niks)])));
  return new Map(rows.map((r) => [r.nik as string, { id: r.id, uid: r.uid }]));
}

/** Takes `n` numbers of the company's counter: the first of them (gap-free, locked by the row). */
export async function takeCompanyNumbers(db: Executor, companyId: number, n: number): Promise<number> {
  const [row] = await db
    .insert(mcuCompanyCounters)
    .values({ companyId, lastValue: n })
    .onConflictDoUpdate({
      target: mcuCompanyCounters.companyId,
      set: { lastValue: sql`${mcuCompanyCounters.lastValue} + ${n}` },
    })
    .returning({ lastValue: mcuCompanyCounters.lastValue });
  return row.lastValue - n + 1;
}

export async function insertParticipants(db: Executor, rows: (typeof mcuParticipants.$inferInsert)[]) {
  // a few hundred rows a statement keeps the parameters under PostgreSQL's limit
  for (let i = 0; i < rows.length; i += 500) await db.insert(mcuParticipants).values(rows.slice(i, i + 500));
}

export async function updateParticipant(
  db: Executor,
  id: number,
  values: Partial<typeof mcuParticipants.$inferInsert>,
) {
  await db
    .update(mcuParticipants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mcuParticipants.id, id));
}
