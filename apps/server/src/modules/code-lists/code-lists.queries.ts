import type { CodeListName } from '@klinikita/domain/code-lists/code-list.schema';
import { and, asc, count, eq, max, or, type SQL, sql } from 'drizzle-orm';
import { codeListItems } from '../../db/schema/index.ts';
import { type Executor, escapeLike } from '../../shared/sql.ts';
import type { CodeListItemRow } from './code-lists.mapper.ts';

const ofList = (corpId: number, list: CodeListName) =>
  and(eq(codeListItems.corpId, corpId), eq(codeListItems.list, list));

/** Every word in the code or one of the names (any case). */
function searchCondition(search: string): SQL {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    ...words.map((w) => {
      const pattern = `%${escapeLike(w)}%`;
      return or(
        sql`lower(${codeListItems.code}) LIKE ${pattern}`,
        sql`lower(${codeListItems.nameId}) LIKE ${pattern}`,
        sql`lower(${codeListItems.nameEn}) LIKE ${pattern}`,
      );
    }),
  ) as SQL;
}

/** The list order: place, then the order of entry. */
const listOrder = [asc(codeListItems.sort), asc(codeListItems.id)];

export async function pageCodeListItems(
  db: Executor,
  corpId: number,
  list: CodeListName,
  q: { search?: string; active?: boolean; page: number; limit: number },
): Promise<{ rows: CodeListItemRow[]; total: number }> {
  const where = and(
    ofList(corpId, list),
    q.active === undefined ? undefined : eq(codeListItems.active, q.active),
    q.search ? searchCondition(q.search) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(codeListItems).where(where);
  const rows = await db
    .select()
    .from(codeListItems)
    .where(where)
    .orderBy(...listOrder)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total };
}

/** An entry of the corporate's list by its public id (another corporate's or list's: null). */
export async function findCodeListItem(
  db: Executor,
  corpId: number,
  list: CodeListName,
  uid: string,
): Promise<CodeListItemRow | null> {
  const [row] = await db
    .select()
    .from(codeListItems)
    .where(and(ofList(corpId, list), eq(codeListItems.uid, uid)));
  return row ?? null;
}

/** The place after the last entry of the list (10, 20, 30, …). */
export async function nextSort(db: Executor, corpId: number, list: CodeListName): Promise<number> {
  const [{ last }] = await db
    .select({ last: max(codeListItems.sort) })
    .from(codeListItems)
    .where(ofList(corpId, list));
  return (last ?? 0) + 10;
}

export type CodeListItemValues = Pick<CodeListItemRow, 'code' | 'nameId' | 'nameEn' | 'sort'>;

export async function insertCodeListItem(
  db: Executor,
  row: CodeListItemValues & { uid: string; corpId: number; list: CodeListName; updatedBy: number },
): Promise<CodeListItemRow> {
  const [inserted] = await db.insert(codeListItems).values(row).returning();
  return inserted;
}

export async function updateCodeListItemRow(
  db: Executor,
  id: number,
  values: Partial<CodeListItemValues> & { active?: boolean; updatedBy: number },
): Promise<CodeListItemRow> {
  const [updated] = await db
    .update(codeListItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(codeListItems.id, id))
    .returning();
  return updated;
}

/** Every entry of the list in list order, locked until the transaction ends (a reorder). */
export async function lockListOrder(
  db: Executor,
  corpId: number,
  list: CodeListName,
): Promise<{ id: number; sort: number }[]> {
  return db
    .select({ id: codeListItems.id, sort: codeListItems.sort })
    .from(codeListItems)
    .where(ofList(corpId, list))
    .orderBy(...listOrder)
    .for('update');
}

/** Sets the places of entries (by id). */
export async function setSorts(db: Executor, places: { id: number; sort: number }[]): Promise<void> {
  for (const p of places) {
    await db.update(codeListItems).set({ sort: p.sort }).where(eq(codeListItems.id, p.id));
  }
}
