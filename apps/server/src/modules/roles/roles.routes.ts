import {
  createRoleSchema,
  pagedSchema,
  roleListQuerySchema,
  roleMenuNodeSchema,
  roleSummarySchema,
  updateRoleMenusSchema,
  updateRoleSchema,
} from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import {
  assignableRoles,
  createRole,
  deleteRole,
  listRolePage,
  roleMenuTree,
  setRoleMenus,
  updateRole,
} from './roles.service.ts';

export const roleSchema = z.object({ _id: z.string(), role: z.string() });
const roleParams = z.object({ id: z.string().uuid('validation.invalid') });
const writeErrors = { ...standardErrors, 409: errorResponse };

export async function rolesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/settings/roles/findAll',
    {
      // the role list feeds the employee, doctor and role screens
      config: { access: { permission: 'role.list' } },
      schema: {
        tags: ['settings'],
        summary: 'Roles the caller’s corporate can assign',
        response: { 200: ok(z.array(roleSchema)), ...standardErrors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return { status: true, message: request.t('api.ok'), data: await assignableRoles(db, session) };
    },
  );

  r.get(
    '/settings/roles',
    {
      config: { access: { permission: 'role.manage' } },
      schema: {
        tags: ['settings'],
        summary: 'One page of roles, searchable by name',
        querystring: roleListQuerySchema,
        response: { 200: ok(pagedSchema(roleSummarySchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listRolePage(db, requireSession(request), request.query),
    }),
  );

  r.post(
    '/settings/roles',
    {
      config: { access: { permission: 'role.manage' } },
      schema: {
        tags: ['settings'],
        summary: 'New role, optionally with the menu of another',
        body: createRoleSchema,
        response: { 200: ok(z.object({ _id: z.string() })), ...writeErrors },
      },
    },
    async (request) => {
      const uid = await createRole(db, requireSession(request), request.body, request.ip);
      return { status: true, message: request.t('api.saved'), data: { _id: uid } };
    },
  );

  r.patch(
    '/settings/roles/:id',
    {
      config: { access: { permission: 'role.manage' } },
      schema: {
        tags: ['settings'],
        summary: 'Rename a role or change its description',
        params: roleParams,
        body: updateRoleSchema,
        response: { 200: ok(z.undefined()), ...writeErrors },
      },
    },
    async (request) => {
      await updateRole(db, requireSession(request), request.params.id, request.body, request.ip);
      return { status: true, message: request.t('api.saved') };
    },
  );

  r.delete(
    '/settings/roles/:id',
    {
      config: { access: { permission: 'role.manage' } },
      schema: {
        tags: ['settings'],
        summary: 'Remove a role nobody uses (soft delete)',
        params: roleParams,
        response: { 200: ok(z.undefined()), ...writeErrors },
      },
    },
    async (request) => {
      await deleteRole(db, requireSession(request), request.params.id, request.ip);
      return { status: true, message: request.t('api.deleted') };
    },
  );

  r.get(
    '/settings/roles/:id/menus',
    {
      config: { access: { permission: 'role.manage' } },
      schema: {
        tags: ['settings'],
        summary: 'The menu catalogue with this role’s access',
        params: roleParams,
        response: { 200: ok(z.array(roleMenuNodeSchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await roleMenuTree(db, requireSession(request), request.params.id),
    }),
  );

  r.put(
    '/settings/roles/:id/menus',
    {
      config: { access: { permission: 'role.manage' } },
      schema: {
        tags: ['settings'],
        summary: 'Set a role’s menu access (parents and children, enabled)',
        params: roleParams,
        body: updateRoleMenusSchema,
        response: { 200: ok(z.undefined()), ...writeErrors },
      },
    },
    async (request) => {
      await setRoleMenus(db, requireSession(request), request.params.id, request.body, request.ip);
      return { status: true, message: request.t('api.saved') };
    },
  );
}
