import { asc, eq, sql } from 'drizzle-orm';
import { drugs, labContainerConsumables } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The lab's consumables list of a corporate, with the items' names and base units. */
export function labConsumableLines(db: Executor, corpId: number) {
  return db
    .select({
      key: labContainerConsumables.container,
      itemUid: drugs.uid,
      itemName: drugs.name,
      strength: drugs.strength,
      unit: drugs.unit,
      baseUnit: drugs.baseUnit,
      quantity: labContainerConsumables.quantity,
    })
    .from(labContainerConsumables)
    .innerJoin(drugs, eq(drugs.id, labContainerConsumables.itemId))
    .where(eq(labContainerConsumables.corpId, corpId))
    .orderBy(asc(labContainerConsumables.container), asc(labContainerConsumables.id));
}

/** Replaces the corporate's list (a setting; the audit log keeps what it was). */
export async function replaceLabConsumables(
  db: Executor,
  corpId: number,
  lines: readonly { container: string; itemId: number; quantity: number }[],
) {
  await db.delete(labContainerConsumables).where(eq(labContainerConsumables.corpId, corpId));
  if (lines.length) await db.insert(labContainerConsumables).values(lines.map((l) => ({ ...l, corpId })));
}

/** Whether the clinic has an active lab location. */
export async function hasLabLocation(db: Executor, clinicId: number): Promise<boolean> {
  const rows = await db.execute(
    sql`SELECT 1 FROM stock_locations WHERE clinic_id = ${clinicId} AND type = 'lab' AND active LIMIT 1`,
  );
  return rows.rows.length > 0;
}
