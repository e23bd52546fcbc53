import {
  createRole,
  deleteRole,
  getRoleMenus,
  listRoles,
  setRoleMenus,
  updateRole,
} from '@klinikita/domain/settings/roles.contract';
import { keepPreviousData } from '@tanstack/react-query';
import {
  type ContractQuery,
  contractKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';

/** A page of roles (`GET settings/roles`). */
export const useRoles = (query: ContractQuery<typeof listRoles>) =>
  useContractQuery(listRoles, { query }, { placeholderData: keepPreviousData });

/** The menu catalogue with a role's access (`GET settings/roles/{id}/menus`). */
export const useRoleMenus = (id: string | null) =>
  useContractQuery(getRoleMenus, { params: { id: id ?? '' } }, { enabled: Boolean(id) });

/** Writes answer the server's message; every role query (lists and menus) refetches after one. */
const invalidates = [contractKey(listRoles), contractKey(getRoleMenus)];

export const useCreateRole = () => useContractMutation(createRole, { invalidates });
export const useUpdateRole = () => useContractMutation(updateRole, { invalidates });
export const useDeleteRole = () => useContractMutation(deleteRole, { invalidates });
export const useUpdateRoleMenus = () => useContractMutation(setRoleMenus, { invalidates });
