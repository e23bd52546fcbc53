import { sql } from 'drizzle-orm';
import type { Executor } from '../../shared/sql.ts';

/** What the consumables consumer reads: the procedure's consumables, the room, what it took already. */

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as unknown as T[];

/** A treatment procedure's consumables with the item's public id (those naming an item of the master). */
export async function procedureConsumables(db: Executor, procedureUid: string, corpId: number) {
  const [row] = await rowsOf<{ consumables: { drugId?: number | null; quantity: number; unit: string }[] }>(
    db,
    sql`SELECT consumables FROM treatment_procedures WHERE uid = ${procedureUid} AND corp_id = ${corpId}`,
  );
  const wanted = (row?.consumables ?? []).filter((c) => c.drugId && c.quantity > 0);
  if (!wanted.length) return [];
  const uids = await rowsOf<{ id: number; uid: string }>(
    db,
    sql`SELECT id, uid FROM drugs WHERE corp_id = ${corpId} AND id IN (${sql.join(
      wanted.map((c) => sql`${c.drugId}`),
      sql`, `,
    )})`,
  );
  return wanted.flatMap((c) => {
    const uid = uids.find((u) => u.id === c.drugId)?.uid;
    return uid ? [{ itemUid: uid, quantity: c.quantity, unit: c.unit }] : [];
  });
}

/** The clinic's first active location of a type (the treatment room, the lab). */
export async function clinicLocationUid(
  db: Executor,
  clinicId: number,
  type: string,
): Promise<string | null> {
  const [row] = await rowsOf<{ uid: string }>(
    db,
    sql`SELECT uid FROM stock_locations WHERE clinic_id = ${clinicId} AND type = ${type} AND active
        ORDER BY id LIMIT 1`,
  );
  return row?.uid ?? null;
}

/** How many consumable movements a reference made: taken (< 0) and returned (> 0). */
export async function referenceMovements(db: Executor, type: string, uid: string) {
  const [row] = await rowsOf<{ taken: number; returned: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE quantity < 0)::int AS taken, count(*) FILTER (WHERE quantity > 0)::int AS returned
        FROM stock_movements WHERE reference_type = ${type} AND reference_uid = ${uid}
          AND kind = 'consumable_use'`,
  );
  return row;
}

/** The batches a reference took, per location, item and batch, to put back as they were. */
export function referenceTakes(db: Executor, type: string, uid: string) {
  return rowsOf<{ locationId: number; itemId: number; batchId: number; clinicId: number; quantity: number }>(
    db,
    sql`SELECT location_id AS "locationId", item_id AS "itemId", batch_id AS "batchId", clinic_id AS "clinicId",
          (-sum(quantity))::float8 AS quantity
        FROM stock_movements WHERE reference_type = ${type} AND reference_uid = ${uid}
          AND kind = 'consumable_use'
        GROUP BY location_id, item_id, batch_id, clinic_id HAVING sum(quantity) < 0
        ORDER BY item_id, batch_id`,
  );
}

/**
 * What a lab sample's container takes (the container's lines) and, for the visit's first blood
 * container, what the blood draw takes (`venipuncture`), with the items' public ids.
 */
export function labContainerUses(db: Executor, corpId: number, keys: readonly string[]) {
  if (!keys.length) return Promise.resolve([]);
  return rowsOf<{ key: string; itemUid: string; quantity: number }>(
    db,
    sql`SELECT c.container AS key, d.uid AS "itemUid", c.quantity::float8 AS quantity
        FROM lab_container_consumables c JOIN drugs d ON d.id = c.item_id
        WHERE c.corp_id = ${corpId} AND c.container IN (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})
        ORDER BY c.container, c.id`,
  );
}

export async function clinicTimeZone(db: Executor, clinicId: number): Promise<string> {
  const [row] = await rowsOf<{ tz: string }>(
    db,
    sql`SELECT time_zone AS tz FROM clinics WHERE id = ${clinicId}`,
  );
  return row?.tz ?? 'Asia/Jakarta';
}
