import type {
  CreateRoleInput,
  RoleListQuery,
  RoleMenuNode,
  RoleSummary,
  UpdateRoleInput,
  UpdateRoleMenusInput,
} from '@klinikita/domain/settings/roles.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

export interface RolePage {
  docs: RoleSummary[];
  page: number;
  totalPages: number;
  limit: number;
  totalDocs: number;
}

const rolesKey = ['settings', 'roles'] as const;

export async function getRoles(query: Partial<RoleListQuery>): Promise<RolePage> {
  const envelope = await api<RolePage>('settings/roles', { query });
  return envelope.data!;
}

export const useRoles = (query: Partial<RoleListQuery>) =>
  useQuery({
    queryKey: [...rolesKey, 'list', query],
    queryFn: () => getRoles(query),
    placeholderData: keepPreviousData,
  });

export async function getRoleMenus(id: string): Promise<RoleMenuNode[]> {
  return (await api<RoleMenuNode[]>(`settings/roles/${id}/menus`)).data ?? [];
}

export const useRoleMenus = (id: string | null) =>
  useQuery({ queryKey: [...rolesKey, 'menus', id], queryFn: () => getRoleMenus(id!), enabled: Boolean(id) });

/** Mutations answer the server's message; every role query refetches after one succeeds. */
function useRoleMutation<V>(call: (variables: V) => Promise<{ message: string; data?: unknown }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: rolesKey }),
  });
}

export const useCreateRole = () =>
  useRoleMutation((input: CreateRoleInput) =>
    api<{ _id: string }>('settings/roles', { method: 'POST', body: input }),
  );

export const useUpdateRole = () =>
  useRoleMutation(({ id, input }: { id: string; input: UpdateRoleInput }) =>
    api(`settings/roles/${id}`, { method: 'PATCH', body: input }),
  );

export const useDeleteRole = () =>
  useRoleMutation((id: string) => api(`settings/roles/${id}`, { method: 'DELETE' }));

export const useUpdateRoleMenus = () =>
  useRoleMutation(({ id, input }: { id: string; input: UpdateRoleMenusInput }) =>
    api(`settings/roles/${id}/menus`, { method: 'PUT', body: input }),
  );
