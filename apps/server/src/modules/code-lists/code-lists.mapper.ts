import type { CodeListItem, CodeListName } from '@klinikita/domain/code-lists/code-list.schema';
import type { codeListItems } from '../../db/schema/index.ts';

export type CodeListItemRow = typeof codeListItems.$inferSelect;

export function toCodeListItem(row: CodeListItemRow): CodeListItem {
  return {
    uid: row.uid,
    list: row.list as CodeListName,
    code: row.code,
    nameId: row.nameId,
    nameEn: row.nameEn,
    sort: row.sort,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}
