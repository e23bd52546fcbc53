import { sql } from 'drizzle-orm';
import type { Executor } from '../shared/sql.ts';
import { queueCounters } from './schema/index.ts';

/**
 * The next number of a clinic's prefix on a day: one row per (clinic, prefix, day) bumped with
 * RETURNING, so concurrent clerks serialise on that row and never share or skip a number.
 */
export async function nextQueueValue(
  db: Executor,
  clinicId: number,
  prefix: string,
  day: string,
): Promise<number> {
  const [row] = await db
    .insert(queueCounters)
    .values({ clinicId, prefix, day, lastValue: 1 })
    .onConflictDoUpdate({
      target: [queueCounters.clinicId, queueCounters.prefix, queueCounters.day],
      set: { lastValue: sql`${queueCounters.lastValue} + 1` },
    })
    .returning({ value: queueCounters.lastValue });
  return row.value;
}
