import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { drugs } from '../../db/schema/index.ts';
import { type Executor, escapeLike } from '../../shared/sql.ts';
import type { DrugRow } from './drugs.mapper.ts';

const alive = isNull(drugs.deletedAt);

/** The text the trigram index `drugs_name_trgm_idx` holds: name and generic name, lower case. */
const nameText = sql`lower(${drugs.name} || ' ' || coalesce(${drugs.genericName}, ''))`;

/** The leading amount of the strength ('0,5 mg' → 0.5), so 5 mg lists before 10 mg. */
const strengthAmount = sql`substring(replace(${drugs.strength}, ',', '.') from '^[0-9]+(?:[.][0-9]+)?')::numeric`;

/**
 * Every word in the name or generic name (a word with a digit may also be in the strength:
 * 'amlodipine 10'); digits alone also as the start of a KFA code.
 */
function searchCondition(search: string): SQL {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const byName = and(
    ...words.map((w) => {
      const pattern = `%${escapeLike(w)}%`;
      const inName = sql`${nameText} LIKE ${pattern}`;
      return /\d/.test(w) ? or(inName, sql`lower(${drugs.strength}) LIKE ${pattern}`) : inName;
    }),
  ) as SQL;
  const compact = search.replace(/\s+/g, '');
  if (!/^\d+$/.test(compact)) return byName;
  return or(byName, sql`${drugs.kfaCode} LIKE ${`${compact}%`}`) as SQL;
}

export async function pageDrugs(
  db: Executor,
  corpId: number,
  q: { search?: string; active?: boolean; page: number; limit: number },
): Promise<{ rows: DrugRow[]; total: number }> {
  const where = and(
    eq(drugs.corpId, corpId),
    alive,
    q.active === undefined ? undefined : eq(drugs.active, q.active),
    q.search ? searchCondition(q.search) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(drugs).where(where);
  const rows = await db
    .select()
    .from(drugs)
    .where(where)
    .orderBy(asc(sql`lower(${drugs.name})`), asc(strengthAmount), asc(drugs.strength), asc(drugs.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total };
}

/** A living drug of the corporate by its public id. */
export async function findDrug(db: Executor, corpId: number, uid: string): Promise<DrugRow | null> {
  const [row] = await db
    .select()
    .from(drugs)
    .where(and(eq(drugs.uid, uid), eq(drugs.corpId, corpId), alive));
  return row ?? null;
}

export type DrugValues = Pick<
  DrugRow,
  'name' | 'genericName' | 'form' | 'strength' | 'unit' | 'kfaCode' | 'price' | 'active'
>;

export async function insertDrug(
  db: Executor,
  row: DrugValues & { uid: string; corpId: number; createdBy: number },
): Promise<DrugRow> {
  const [inserted] = await db.insert(drugs).values(row).returning();
  return inserted;
}

export async function updateDrugRow(db: Executor, id: number, values: DrugValues): Promise<DrugRow> {
  const [updated] = await db
    .update(drugs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(drugs.id, id))
    .returning();
  return updated;
}

/** A prescribable drug as a prescription needs it. */
export interface ActiveDrug {
  uid: string;
  name: string;
  strength: string | null;
  form: string;
  unit: string;
  price: number;
}

/**
 * The active, living drugs of the corporate among `uids` (others — unknown, inactive, another
 * corporate's — are simply not returned; compare the lengths to find them).
 */
export async function findActiveDrugsByUid(
  db: Executor,
  corpId: number,
  uids: readonly string[],
): Promise<ActiveDrug[]> {
  if (!uids.length) return [];
  return db
    .select({
      uid: drugs.uid,
      name: drugs.name,
      strength: drugs.strength,
      form: drugs.form,
      unit: drugs.unit,
      price: drugs.price,
    })
    .from(drugs)
    .where(and(eq(drugs.corpId, corpId), eq(drugs.active, true), alive, inArray(drugs.uid, [...uids])));
}
