import type {
  CodeListItem,
  CodeListItemSaveInput,
  CodeListName,
} from '@klinikita/domain/code-lists/code-list.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import { type Executor, isUniqueViolation, pageOf } from '../../shared/sql.ts';
import { type CodeListItemRow, toCodeListItem } from './code-lists.mapper.ts';
import {
  type CodeListItemValues,
  findCodeListItem,
  insertCodeListItem,
  lockListOrder,
  nextSort,
  pageCodeListItems,
  setSorts,
  updateCodeListItemRow,
} from './code-lists.queries.ts';

/**
 * The corporate's code lists (`/statesCode`). Every entry belongs to the caller's corporate: one
 * of another corporate is not found (404). Entries are never deleted: past visits may name them.
 */

/** The list already has this code (the unique index on corporate, list and code refused it). */
const duplicate = (code: string) =>
  new AppError(409, 'codeLists.exists', { code }, [{ path: 'code', key: 'codeLists.existsField' }]);

const notFound = () => new AppError(404, 'codeLists.notFound');

async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  row: CodeListItemRow,
  detail: unknown,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action,
    entity: 'code_list_item',
    entityId: row.uid,
    ip,
    detail: { list: row.list, code: row.code, ...(detail as object) },
  });
}

async function found(db: Executor, session: AuthSession, list: CodeListName, uid: string) {
  const row = await findCodeListItem(db, session.corpId, list, uid);
  if (!row) throw notFound();
  return row;
}

export async function listItems(
  db: Db,
  session: AuthSession,
  list: CodeListName,
  q: { search?: string; active?: boolean; page: number; limit: number },
) {
  const { rows, total } = await pageCodeListItems(db, session.corpId, list, q);
  return pageOf(rows.map(toCodeListItem), total, q);
}

export async function createItem(
  db: Db,
  session: AuthSession,
  list: CodeListName,
  input: CodeListItemSaveInput,
  ip: string,
): Promise<CodeListItem> {
  try {
    return await db.transaction(async (tx) => {
      const values: CodeListItemValues = {
        code: input.code,
        nameId: input.nameId,
        nameEn: input.nameEn,
        sort: input.sort ?? (await nextSort(tx, session.corpId, list)),
      };
      const row = await insertCodeListItem(tx, {
        ...values,
        uid: newUid(),
        corpId: session.corpId,
        list,
        updatedBy: session.userId,
      });
      await audit(tx, session, ip, 'codeList.create', row, { values });
      return toCodeListItem(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.code);
    throw error;
  }
}

export async function updateItem(
  db: Db,
  session: AuthSession,
  list: CodeListName,
  uid: string,
  input: CodeListItemSaveInput,
  ip: string,
): Promise<CodeListItem> {
  try {
    return await db.transaction(async (tx) => {
      const before = await found(tx, session, list, uid);
      const values: CodeListItemValues = {
        code: input.code,
        nameId: input.nameId,
        nameEn: input.nameEn,
        sort: input.sort ?? before.sort,
      };
      const changed = Object.fromEntries(
        (Object.keys(values) as (keyof CodeListItemValues)[])
          .filter((k) => before[k] !== values[k])
          .map((k) => [k, { from: before[k], to: values[k] }]),
      );
      if (!Object.keys(changed).length) return toCodeListItem(before);
      const row = await updateCodeListItemRow(tx, before.id, { ...values, updatedBy: session.userId });
      await audit(tx, session, ip, 'codeList.update', row, { changed });
      return toCodeListItem(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.code);
    throw error;
  }
}

/** Takes an entry out of use or back into it; switching to the state it is in changes nothing. */
export function setItemActive(
  db: Db,
  session: AuthSession,
  list: CodeListName,
  uid: string,
  active: boolean,
  ip: string,
): Promise<CodeListItem> {
  return db.transaction(async (tx) => {
    const before = await found(tx, session, list, uid);
    if (before.active === active) return toCodeListItem(before);
    const row = await updateCodeListItemRow(tx, before.id, { active, updatedBy: session.userId });
    await audit(tx, session, ip, active ? 'codeList.reactivate' : 'codeList.deactivate', row, {});
    return toCodeListItem(row);
  });
}

/**
 * Moves an entry one place up or down its list, and numbers the list 10, 20, 30, … again (equal
 * places, as typed in the form, get an order of their own). At either end nothing moves.
 */
export function moveItem(
  db: Db,
  session: AuthSession,
  list: CodeListName,
  uid: string,
  direction: 'up' | 'down',
  ip: string,
): Promise<CodeListItem> {
  return db.transaction(async (tx) => {
    const item = await found(tx, session, list, uid);
    const order = await lockListOrder(tx, session.corpId, list);
    const from = order.findIndex((o) => o.id === item.id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return toCodeListItem(item);
    [order[from], order[to]] = [order[to], order[from]];
    const places = order.map((o, i) => ({ id: o.id, sort: (i + 1) * 10, before: o.sort }));
    await setSorts(
      tx,
      places.filter((p) => p.sort !== p.before),
    );
    const row = await found(tx, session, list, uid);
    await audit(tx, session, ip, 'codeList.reorder', row, { direction, from: from + 1, to: to + 1 });
    return toCodeListItem(row);
  });
}
