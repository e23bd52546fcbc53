import type { SatusehatDeliveryKind } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  clinics,
  encounters,
  registrations,
  satusehatDeliveries,
  serviceOrders,
} from '../../../db/schema/index.ts';
import type { Executor } from '../../../shared/sql.ts';

/** SQL of the SATUSEHAT delivery queue: enqueue, claim with a lease, record each attempt's outcome. */

export type DeliveryRow = typeof satusehatDeliveries.$inferSelect;
type PlatformIds = DeliveryRow['platformIds'];

/** The NOTIFY channel that wakes every instance's delivery worker when a row is queued. */
export { DELIVERY_CHANNEL } from './delivery.types.ts';

import { DELIVERY_CHANNEL } from './delivery.types.ts';

/** The visit a delivery belongs to: its clinic day, and whether its clinic sends to SATUSEHAT at all. */
export async function visitForDelivery(db: Executor, registrationUid: string) {
  const [row] = await db
    .select({
      id: registrations.id,
      corpId: registrations.corpId,
      clinicId: registrations.clinicId,
      queueDate: registrations.queueDate,
      satusehat: sql<boolean>`coalesce((${clinics.modules} ->> 'satusehat')::boolean, true)`,
    })
    .from(registrations)
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .where(eq(registrations.uid, registrationUid));
  return row ?? null;
}

/** Queues one delivery per source (a replayed event finds its row and writes nothing); wakes the workers on commit. */
export async function enqueueDelivery(
  tx: Executor,
  values: {
    corpId: number;
    clinicId: number;
    kind: SatusehatDeliveryKind;
    sourceKey: string;
    registrationId: number;
    clinicDay: string;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(satusehatDeliveries)
    .values(values)
    .onConflictDoNothing({ target: [satusehatDeliveries.kind, satusehatDeliveries.sourceKey] })
    .returning({ id: satusehatDeliveries.id });
  if (inserted.length) await tx.execute(sql`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`);
  return inserted.length > 0;
}

/**
 * Takes up to `limit` due rows for `owner` until the lease ends, in one statement: rows another
 * worker holds (locked now, or leased and not expired) are skipped, so no row is sent by two
 * workers at once. A worker killed mid-send leaves a lease that expires; the row is due again.
 */
export async function claimDueDeliveries(db: Executor, owner: string, limit: number, leaseMs: number) {
  const due = db
    .select({ id: satusehatDeliveries.id })
    .from(satusehatDeliveries)
    .where(
      and(
        eq(satusehatDeliveries.state, 'waiting'),
        lte(satusehatDeliveries.nextAttemptAt, sql`now()`),
        or(isNull(satusehatDeliveries.leaseUntil), sql`${satusehatDeliveries.leaseUntil} < now()`),
      ),
    )
    .orderBy(asc(satusehatDeliveries.nextAttemptAt), asc(satusehatDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(satusehatDeliveries)
    .set({
      leaseOwner: owner,
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(inArray(satusehatDeliveries.id, due))
    .returning();
}

/**
 * The visit's Encounter id at the platform: from its own accepted encounter delivery, or, for a
 * service visit carrying out a doctor's order (a lab visit), from the ordering visit's.
 */
export async function acceptedEncounterId(db: Executor, registrationId: number): Promise<string | null> {
  const ordering = db
    .select({ id: encounters.registrationId })
    .from(registrations)
    .innerJoin(serviceOrders, eq(serviceOrders.uid, registrations.serviceOrderUid))
    .innerJoin(encounters, eq(encounters.id, serviceOrders.encounterId))
    .where(eq(registrations.id, registrationId));
  const rows = await db
    .select({ registrationId: satusehatDeliveries.registrationId, ids: satusehatDeliveries.platformIds })
    .from(satusehatDeliveries)
    .where(
      and(
        eq(satusehatDeliveries.kind, 'encounter'),
        eq(satusehatDeliveries.state, 'accepted'),
        or(
          eq(satusehatDeliveries.registrationId, registrationId),
          inArray(satusehatDeliveries.registrationId, ordering),
        ),
      ),
    );
  const own = rows.find((r) => r.registrationId === registrationId) ?? rows[0];
  return own?.ids.find((p) => p.resourceType === 'Encounter')?.id ?? null;
}

/**
 * Whether an Encounter can ever come for the visit: a doctor's visit (its own), a service visit
 * ordered from a doctor's examination (the ordering one), or a visit that has an examination. A lab
 * or MCU visit of its own has none, so its results have no Encounter to belong to.
 */
export async function visitHasEncounterPath(db: Executor, registrationId: number): Promise<boolean> {
  const [visit] = await db
    .select({ orderType: registrations.orderType, order: registrations.serviceOrderUid })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  if (!visit) return false;
  if (visit.orderType !== 'service' || visit.order) return true;
  const [own] = await db
    .select({ id: encounters.id })
    .from(encounters)
    .where(eq(encounters.registrationId, registrationId))
    .limit(1);
  return own !== undefined;
}

/** Where an attempt left a row; every write is conditional on still holding its lease. */
export type DeliveryOutcome =
  | { state: 'accepted'; lastStatus: number; platformIds: PlatformIds; message: string | null }
  | {
      state: 'refused';
      lastStatus: number;
      message: string;
      issueCode: string | null;
      expression: string | null;
    }
  | { state: 'blocked'; blockedReason: string; message: string | null }
  | {
      state: 'waiting';
      delayMs: number;
      lastStatus: number | null;
      message: string | null;
      attempt: boolean;
    };

/** Records an outcome and lets go of the lease; null when the lease was lost (another worker took the row). */
export async function recordOutcome(
  db: Executor,
  id: number,
  owner: string,
  outcome: DeliveryOutcome,
): Promise<DeliveryRow | null> {
  const common = {
    leaseOwner: null,
    leaseUntil: null,
    updatedAt: sql`now()`,
  };
  const attempted = outcome.state !== 'blocked' && (outcome.state !== 'waiting' || outcome.attempt);
  const set =
    outcome.state === 'waiting'
      ? {
          state: 'waiting' as const,
          nextAttemptAt: sql`now() + ${outcome.delayMs} * interval '1 millisecond'`,
          lastStatus: outcome.lastStatus,
          message: outcome.message,
        }
      : outcome.state === 'accepted'
        ? {
            state: 'accepted' as const,
            acceptedAt: sql`now()`,
            lastStatus: outcome.lastStatus,
            platformIds: outcome.platformIds,
            message: outcome.message,
            issueCode: null,
            expression: null,
            blockedReason: null,
          }
        : outcome.state === 'refused'
          ? {
              state: 'refused' as const,
              lastStatus: outcome.lastStatus,
              message: outcome.message,
              issueCode: outcome.issueCode,
              expression: outcome.expression,
              blockedReason: null,
            }
          : { state: 'blocked' as const, blockedReason: outcome.blockedReason, message: outcome.message };
  const [row] = await db
    .update(satusehatDeliveries)
    .set({
      ...common,
      ...set,
      ...(attempted ? { attempts: sql`${satusehatDeliveries.attempts} + 1`, lastAttemptAt: sql`now()` } : {}),
    })
    .where(and(eq(satusehatDeliveries.id, id), eq(satusehatDeliveries.leaseOwner, owner)))
    .returning();
  return row ?? null;
}

/** The patient of a visit (the audit row names them). */
export async function patientOfRegistration(db: Executor, registrationId: number): Promise<number | null> {
  const [row] = await db
    .select({ patientId: registrations.patientId })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return row?.patientId ?? null;
}
