import {
  createRole,
  deleteRole,
  getRoleMenus,
  listAssignableRoles,
  listRoles,
  setRoleMenus,
  updateRole,
} from '@klinikita/domain/settings/roles.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as roles from './roles.service.ts';

/** Roles of the corporate and their menu access (`/Setting/Role`). */
export async function rolesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listAssignableRoles, (req) => roles.assignableRoles(db, requireSession(req)));
  route(app, listRoles, (req) => roles.listRolePage(db, requireSession(req), req.query));
  route(app, createRole, async (req) => ({
    _id: await roles.createRole(db, requireSession(req), req.body, req.ip),
  }));
  route(app, updateRole, (req) => roles.updateRole(db, requireSession(req), req.params.id, req.body, req.ip));
  route(app, deleteRole, (req) => roles.deleteRole(db, requireSession(req), req.params.id, req.ip));
  route(app, getRoleMenus, (req) => roles.roleMenuTree(db, requireSession(req), req.params.id));
  route(app, setRoleMenus, (req) =>
    roles.setRoleMenus(db, requireSession(req), req.params.id, req.body, req.ip),
  );
}
