import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  clinics,
  mcuEventPackages,
  mcuEvents,
  mcuParticipants,
  partnerCompanies,
  services,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/** The MCU events' SQL: events with company and site, their job-group packages, progress counts. */

const eventColumns = {
  id: mcuEvents.id,
  uid: mcuEvents.uid,
  corpId: mcuEvents.corpId,
  name: mcuEvents.name,
  clinicId: mcuEvents.clinicId,
  clinicName: clinics.name,
  companyId: mcuEvents.companyId,
  companyUid: partnerCompanies.uid,
  companyName: partnerCompanies.name,
  companyCode: partnerCompanies.code,
  examType: mcuEvents.examType,
  startDate: mcuEvents.startDate,
  endDate: mcuEvents.endDate,
  status: mcuEvents.status,
  createdAt: mcuEvents.createdAt,
};

const eventBase = (db: Executor) =>
  db
    .select(eventColumns)
    .from(mcuEvents)
    .innerJoin(clinics, eq(clinics.id, mcuEvents.clinicId))
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, mcuEvents.companyId));

/** One event of the corporate by uid (locked for the transaction when asked), or null. */
export async function findEvent(db: Executor, corpId: number, uid: string, lock = false) {
  const query = eventBase(db).where(and(eq(mcuEvents.corpId, corpId), eq(mcuEvents.uid, uid)));
  const [row] = await (lock ? query.for('update', { of: mcuEvents }) : query);
  return row ?? null;
}
export type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

export async function findEventById(db: Executor, id: number) {
  const [row] = await eventBase(db).where(eq(mcuEvents.id, id));
  return row ?? null;
}

export async function pageEvents(
  db: Executor,
  filter: {
    corpId: number;
    clinicIds: number[];
    companyId?: number;
    clinicId?: number;
    status?: 'open' | 'closed';
    search?: string;
    page: number;
    limit: number;
  },
) {
  const where = and(
    eq(mcuEvents.corpId, filter.corpId),
    inArray(mcuEvents.clinicId, filter.clinicIds.length ? filter.clinicIds : [-1]),
    filter.companyId ? eq(mcuEvents.companyId, filter.companyId) : undefined,
    filter.clinicId ? eq(mcuEvents.clinicId, filter.clinicId) : undefined,
    filter.status ? eq(mcuEvents.status, filter.status) : undefined,
    filter.search
      ? or(
          ilike(mcuEvents.name, containsPattern(filter.search)),
          ilike(partnerCompanies.name, containsPattern(filter.search)),
        )
      : undefined,
  );
  const rows = await eventBase(db)
    .where(where)
    .orderBy(desc(mcuEvents.startDate), desc(mcuEvents.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [{ n }] = await db
    .select({ n: count() })
    .from(mcuEvents)
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, mcuEvents.companyId))
    .where(where);
  return { rows, total: n };
}

export function eventPackages(db: Executor, eventIds: number[]) {
  if (!eventIds.length) return Promise.resolve([]);
  return db
    .select({
      eventId: mcuEventPackages.eventId,
      jobGroup: mcuEventPackages.jobGroup,
      packageId: mcuEventPackages.packageId,
      packageUid: services.uid,
      code: services.code,
      name: services.nameId,
    })
    .from(mcuEventPackages)
    .innerJoin(services, eq(services.id, mcuEventPackages.packageId))
    .where(inArray(mcuEventPackages.eventId, eventIds))
    .orderBy(asc(mcuEventPackages.jobGroup));
}
export type EventPackageRow = Awaited<ReturnType<typeof eventPackages>>[number];

/** Participants per event and status. */
export function progressOf(db: Executor, eventIds: number[]) {
  if (!eventIds.length) return Promise.resolve([]);
  return db
    .select({ eventId: mcuParticipants.eventId, status: mcuParticipants.status, n: count() })
    .from(mcuParticipants)
    .where(inArray(mcuParticipants.eventId, eventIds))
    .groupBy(mcuParticipants.eventId, mcuParticipants.status);
}

/** The MCU packages of the corporate among these uids (id by uid). */
export async function mcuPackagesByUid(db: Executor, corpId: number, uids: string[]) {
  if (!uids.length) return new Map<string, number>();
  const rows = await db
    .select({ id: services.id, uid: services.uid })
    .from(services)
    .where(
      and(
        eq(services.corpId, corpId),
        inArray(services.uid, uids),
        eq(services.serviceGroup, 'mcu'),
        eq(services.isPackage, true),
        eq(services.active, true),
      ),
    );
  return new Map(rows.map((r) => [r.uid, r.id]));
}

export async function insertEvent(db: Executor, values: typeof mcuEvents.$inferInsert) {
  const [row] = await db.insert(mcuEvents).values(values).returning({ id: mcuEvents.id });
  return row;
}

export async function updateEvent(db: Executor, id: number, values: Partial<typeof mcuEvents.$inferInsert>) {
  await db
    .update(mcuEvents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mcuEvents.id, id));
}

export async function replaceEventPackages(
  db: Executor,
  eventId: number,
  rows: { jobGroup: string; packageId: number }[],
) {
  await db.delete(mcuEventPackages).where(eq(mcuEventPackages.eventId, eventId));
  if (rows.length) await db.insert(mcuEventPackages).values(rows.map((r) => ({ eventId, ...r })));
}

/** Whether the event has participants (its company can no longer change). */
export async function hasParticipants(db: Executor, eventId: number) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(mcuParticipants)
    .where(eq(mcuParticipants.eventId, eventId))
    .limit(1);
  return Boolean(row);
}
