import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { domainEvents, eventConsumers, parkedEvents } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** Parked events of a corporate, newest first, with the event they hold. */
export async function pageParked(
  db: Executor,
  f: { corpId: number; open: boolean; limit: number; offset: number },
) {
  const where: SQL[] = [eq(domainEvents.corpId, f.corpId)];
  if (f.open) where.push(isNull(parkedEvents.replayedAt));
  const filter = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: parkedEvents.id,
        consumer: parkedEvents.consumer,
        attempts: parkedEvents.attempts,
        error: parkedEvents.error,
        parkedAt: parkedEvents.parkedAt,
        replayedAt: parkedEvents.replayedAt,
        event: {
          id: domainEvents.id,
          type: domainEvents.type,
          aggregateType: domainEvents.aggregateType,
          aggregateId: domainEvents.aggregateId,
          clinicId: domainEvents.clinicId,
          at: domainEvents.at,
          payload: domainEvents.payload,
        },
      })
      .from(parkedEvents)
      .innerJoin(domainEvents, eq(domainEvents.id, parkedEvents.eventId))
      .where(filter)
      .orderBy(desc(parkedEvents.parkedAt), desc(parkedEvents.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(parkedEvents)
      .innerJoin(domainEvents, eq(domainEvents.id, parkedEvents.eventId))
      .where(filter),
  ]);
  return { rows, total };
}

/** The corporate of a parked event's event (null: no such parked event). */
export async function parkedCorporate(db: Executor, id: number) {
  const [row] = await db
    .select({ corpId: domainEvents.corpId })
    .from(parkedEvents)
    .innerJoin(domainEvents, eq(domainEvents.id, parkedEvents.eventId))
    .where(eq(parkedEvents.id, id));
  return row ?? null;
}

/** Every consumer's state and how many events of the given types lie after its position. */
export async function consumerStates(db: Executor, typesOf: Map<string, readonly string[]>) {
  const rows = await db.select().from(eventConsumers).orderBy(eventConsumers.name);
  return Promise.all(
    rows.map(async (row) => {
      const types = [...(typesOf.get(row.name) ?? [])];
      const [{ behind }] = types.length
        ? await db
            .select({ behind: sql<number>`count(*)::int` })
            .from(domainEvents)
            .where(
              and(
                sql`(${domainEvents.txId}, ${domainEvents.id}) > (${row.positionTx}, ${row.positionId})`,
                sql`${domainEvents.type} IN (${sql.join(
                  types.map((t) => sql`${t}`),
                  sql`, `,
                )})`,
              ),
            )
        : [{ behind: 0 }];
      return { ...row, behind };
    }),
  );
}
