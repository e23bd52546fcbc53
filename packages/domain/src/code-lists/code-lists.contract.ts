import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import {
  codeListItemParamsSchema,
  codeListItemSaveSchema,
  codeListItemSchema,
  codeListMoveSchema,
  codeListParamsSchema,
  codeListQuerySchema,
} from './code-list.schema.ts';

/** The corporate's code lists (`/statesCode`): reasons and MCU conclusion categories. */
const tags = ['codeLists'] as const;

export const listCodeListItems = endpoint({
  method: 'GET',
  path: '/code-lists/:list/items',
  permission: 'codeList.manage',
  tags,
  summary: 'The entries of one list of the corporate, in list order, searched by code or name, paged',
  params: codeListParamsSchema,
  query: codeListQuerySchema,
  response: pagedSchema(codeListItemSchema),
});

export const createCodeListItem = endpoint({
  method: 'POST',
  path: '/code-lists/:list/items',
  permission: 'codeList.manage',
  tags,
  summary: 'Add an entry to a list (409 when the list already has the code)',
  params: codeListParamsSchema,
  body: codeListItemSaveSchema,
  response: codeListItemSchema,
  errors: conflictErrors,
  message: 'codeLists.saved',
});

export const updateCodeListItem = endpoint({
  method: 'PUT',
  path: '/code-lists/:list/items/:uid',
  permission: 'codeList.manage',
  tags,
  summary: 'Change an entry’s code, names or place (409 when the list already has the code)',
  params: codeListItemParamsSchema,
  body: codeListItemSaveSchema,
  response: codeListItemSchema,
  errors: conflictErrors,
  message: 'codeLists.saved',
});

export const deactivateCodeListItem = endpoint({
  method: 'POST',
  path: '/code-lists/:list/items/:uid/deactivate',
  permission: 'codeList.manage',
  tags,
  summary: 'Take an entry out of use (never deleted: past visits may name it)',
  params: codeListItemParamsSchema,
  response: codeListItemSchema,
  message: 'codeLists.deactivated',
});

export const reactivateCodeListItem = endpoint({
  method: 'POST',
  path: '/code-lists/:list/items/:uid/reactivate',
  permission: 'codeList.manage',
  tags,
  summary: 'Put an entry back into use',
  params: codeListItemParamsSchema,
  response: codeListItemSchema,
  message: 'codeLists.reactivated',
});

export const moveCodeListItem = endpoint({
  method: 'POST',
  path: '/code-lists/:list/items/:uid/move',
  permission: 'codeList.manage',
  tags,
  summary: 'Move an entry one place up or down the list (the list is renumbered 10, 20, 30, …)',
  params: codeListItemParamsSchema,
  body: codeListMoveSchema,
  response: codeListItemSchema,
  message: 'codeLists.moved',
});
