import type {
  SatusehatDeliveryKind,
  SatusehatDeliveryState,
} from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { patients, registrations, satusehatDeliveries } from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';
import { DELIVERY_CHANNEL } from './delivery/delivery.types.ts';

/** SQL of the sync screen, the visit's badge and the dashboard's count (issue 19 §5); the worker writes the rows. */

const d = satusehatDeliveries;

const deliveryColumns = {
  id: d.id,
  uid: d.uid,
  corpId: d.corpId,
  clinicId: d.clinicId,
  kind: d.kind,
  state: d.state,
  attempts: d.attempts,
  lastAttemptAt: d.lastAttemptAt,
  nextAttemptAt: d.nextAttemptAt,
  acceptedAt: d.acceptedAt,
  lastStatus: d.lastStatus,
  message: d.message,
  issueCode: d.issueCode,
  expression: d.expression,
  blockedReason: d.blockedReason,
  platformIds: d.platformIds,
  registrationUid: registrations.uid,
  registrationNo: registrations.queueNumber,
  patientName: patients.name,
  medicalRecordNo: patients.mrn,
};

function selectDeliveries(db: Executor) {
  return db
    .select(deliveryColumns)
    .from(d)
    .innerJoin(registrations, eq(registrations.id, d.registrationId))
    .innerJoin(patients, eq(patients.id, registrations.patientId));
}

export type DeliveryRow = Awaited<ReturnType<typeof findDelivery>> & {};

export interface DeliveryFilter {
  clinicId: number;
  day: string;
  state?: SatusehatDeliveryState;
  kind?: SatusehatDeliveryKind;
  q?: string;
}

/** One clinic day's deliveries, filtered and paged, with the day's counts per state (whatever the filters). */
export async function pageDeliveries(db: Executor, f: DeliveryFilter, page: number, limit: number) {
  const day = and(eq(d.clinicId, f.clinicId), eq(d.clinicDay, f.day));
  const conditions: (SQL | undefined)[] = [day];
  if (f.state) conditions.push(eq(d.state, f.state));
  if (f.kind) conditions.push(eq(d.kind, f.kind));
  if (f.q) {
    const pattern = containsPattern(f.q);
    conditions.push(
      or(
        ilike(patients.name, pattern),
        ilike(patients.mrn, pattern),
        ilike(registrations.queueNumber, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [{ total }], counts] = await Promise.all([
    selectDeliveries(db)
      .where(where)
      .orderBy(asc(registrations.queueNumber), asc(d.kind), asc(d.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(d)
      .innerJoin(registrations, eq(registrations.id, d.registrationId))
      .innerJoin(patients, eq(patients.id, registrations.patientId))
      .where(where),
    db.select({ state: d.state, n: sql<number>`count(*)::int` }).from(d).where(day).groupBy(d.state),
  ]);
  return { rows, total, counts };
}

export async function findDelivery(db: Executor, uid: string) {
  const [row] = await selectDeliveries(db).where(eq(d.uid, uid));
  return row ?? null;
}

/**
 * "Kirim ulang": a refused or blocked row goes back to the queue, due now and free of any lease;
 * its message stays until the next answer. Answers the row's id when it moved, null otherwise
 * (accepted, already waiting, or gone meanwhile).
 */
export async function requeueDelivery(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .update(d)
    .set({
      state: 'waiting',
      nextAttemptAt: new Date(),
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: new Date(),
    })
    .where(and(eq(d.id, id), inArray(d.state, ['refused', 'blocked'])))
    .returning({ id: d.id });
  // the workers hear of it when the transaction commits: sent now, not at the next poll
  if (row) await db.execute(sql`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`);
  return row?.id ?? null;
}

/** A visit (registration) by its public id: its clinic and corporate, for the scope check. */
export async function findVisit(db: Executor, uid: string) {
  const [row] = await db
    .select({
      id: registrations.id,
      uid: registrations.uid,
      corpId: registrations.corpId,
      clinicId: registrations.clinicId,
    })
    .from(registrations)
    .where(eq(registrations.uid, uid));
  return row ?? null;
}

/** Visits by their public ids, of the corporate and of these clinics only: the scope is in the SQL. */
const visitsInScope = (uids: string[], corpId: number, clinicIds: number[]) =>
  and(
    inArray(registrations.uid, uids),
    eq(registrations.corpId, corpId),
    inArray(registrations.clinicId, clinicIds),
  );

/**
 * A page of the record's visits and all their deliveries, in two statements whatever the page's
 * size: the visits in scope (a visit without deliveries is answered too) and their deliveries.
 */
export async function deliveriesOfVisits(db: Executor, uids: string[], corpId: number, clinicIds: number[]) {
  const scope = visitsInScope(uids, corpId, clinicIds);
  const [visits, deliveries] = await Promise.all([
    db.select({ uid: registrations.uid }).from(registrations).where(scope),
    selectDeliveries(db).where(scope).orderBy(asc(d.createdAt), asc(d.id)),
  ]);
  return { visits: visits.map((v) => v.uid), deliveries };
}

export function deliveriesOfVisit(db: Executor, registrationId: number) {
  return selectDeliveries(db)
    .where(eq(d.registrationId, registrationId))
    .orderBy(asc(d.createdAt), asc(d.id));
}

/** How many deliveries of these clinics stand in each state other than accepted (any day). */
export function countOpenDeliveries(db: Executor, corpId: number, clinicIds: number[]) {
  return db
    .select({ state: d.state, n: sql<number>`count(*)::int` })
    .from(d)
    .where(
      and(
        eq(d.corpId, corpId),
        inArray(d.clinicId, clinicIds),
        inArray(d.state, ['refused', 'blocked', 'waiting']),
      ),
    )
    .groupBy(d.state);
}
