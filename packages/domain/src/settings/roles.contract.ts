import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  createRoleSchema,
  roleListQuerySchema,
  roleMenuNodeSchema,
  roleSummarySchema,
  updateRoleMenusSchema,
  updateRoleSchema,
} from './roles.schema.ts';

const tags = ['settings'] as const;
const roleParams = z.object({ id: z.string().uuid('validation.invalid') });

/** A role the caller's corporate can assign: the choice of the employee and doctor forms. */
export const roleChoiceSchema = z.object({ _id: z.string(), role: z.string() });

/** The role list feeds the employee, doctor and role screens. */
export const listAssignableRoles = endpoint({
  method: 'GET',
  path: '/settings/roles/findAll',
  permission: 'role.list',
  tags,
  summary: 'Roles the caller’s corporate can assign',
  response: z.array(roleChoiceSchema),
});

export const listRoles = endpoint({
  method: 'GET',
  path: '/settings/roles',
  permission: 'role.manage',
  tags,
  summary: 'One page of roles, searchable by name',
  query: roleListQuerySchema,
  response: pagedSchema(roleSummarySchema),
});

export const createRole = endpoint({
  method: 'POST',
  path: '/settings/roles',
  permission: 'role.manage',
  tags,
  summary: 'New role, optionally with the menu of another',
  body: createRoleSchema,
  response: z.object({ _id: z.string() }),
  errors: conflictErrors,
  message: 'api.saved',
});

export const updateRole = endpoint({
  method: 'PATCH',
  path: '/settings/roles/:id',
  permission: 'role.manage',
  tags,
  summary: 'Rename a role or change its description',
  params: roleParams,
  body: updateRoleSchema,
  response: z.undefined(),
  errors: conflictErrors,
  message: 'api.saved',
});

export const deleteRole = endpoint({
  method: 'DELETE',
  path: '/settings/roles/:id',
  permission: 'role.manage',
  tags,
  summary: 'Remove a role nobody uses (soft delete)',
  params: roleParams,
  response: z.undefined(),
  errors: conflictErrors,
  message: 'api.deleted',
});

export const getRoleMenus = endpoint({
  method: 'GET',
  path: '/settings/roles/:id/menus',
  permission: 'role.manage',
  tags,
  summary: 'The menu catalogue with this role’s access',
  params: roleParams,
  response: z.array(roleMenuNodeSchema),
});

export const setRoleMenus = endpoint({
  method: 'PUT',
  path: '/settings/roles/:id/menus',
  permission: 'role.manage',
  tags,
  summary: 'Set a role’s menu access (parents and children, enabled)',
  params: roleParams,
  body: updateRoleMenusSchema,
  response: z.undefined(),
  errors: conflictErrors,
  message: 'api.saved',
});
