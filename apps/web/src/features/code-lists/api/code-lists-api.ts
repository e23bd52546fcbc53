import type { CodeListItemSaveInput, CodeListName } from '@klinikita/domain/code-lists/code-list.schema';
import {
  createCodeListItem,
  deactivateCodeListItem,
  listCodeListItems,
  moveCodeListItem,
  reactivateCodeListItem,
  updateCodeListItem,
} from '@klinikita/domain/code-lists/code-lists.contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ContractQuery,
  call,
  moduleKey,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';

/** A page of one code list (`GET code-lists/{list}/items`). */
export const useCodeListItems = (list: CodeListName, query: ContractQuery<typeof listCodeListItems>) =>
  useContractQuery(listCodeListItems, { params: { list }, query }, { placeholderData: keepPreviousData });

/** Every write refetches the lists (an added entry, a move, a switch changes other rows' places too). */
function useCodeListWrite<V, R>(write: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: moduleKey(listCodeListItems) }),
  });
}

/** Adds an entry (no uid) or changes one (`PUT code-lists/{list}/items/{uid}`). */
export const useSaveCodeListItem = () =>
  useCodeListWrite(
    ({ list, uid, input }: { list: CodeListName; uid: string | null; input: CodeListItemSaveInput }) =>
      uid
        ? call(updateCodeListItem, { params: { list, uid }, body: input })
        : call(createCodeListItem, { params: { list }, body: input }),
  );

/** Takes an entry out of use or back into it. */
export const useSetCodeListItemActive = () =>
  useCodeListWrite(({ list, uid, active }: { list: CodeListName; uid: string; active: boolean }) =>
    call(active ? reactivateCodeListItem : deactivateCodeListItem, { params: { list, uid } }),
  );

/** Moves an entry one place up or down its list. */
export const useMoveCodeListItem = () =>
  useCodeListWrite(
    ({ list, uid, direction }: { list: CodeListName; uid: string; direction: 'up' | 'down' }) =>
      call(moveCodeListItem, { params: { list, uid }, body: { direction } }),
  );
