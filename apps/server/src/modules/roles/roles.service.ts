import { ALL_ACCESS_ROLES } from '@klinikita/domain/access/roles';
import { isRouteBuilt } from '@klinikita/domain/access/routes';
import type {
  CreateRoleInput,
  RoleListQuery,
  RoleMenuNode,
  UpdateRoleInput,
  UpdateRoleMenusInput,
} from '@klinikita/domain/settings/roles.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { type Executor, pageOf } from '../../shared/sql.ts';
import { toRoleSummary } from './roles.mapper.ts';
import {
  allMenus,
  copyGrants,
  countRoleUsers,
  findCorporateRole,
  findRole,
  insertRole,
  listRoles,
  pageRoles,
  replaceRoleGrants,
  roleGrants,
  roleNameTaken,
  updateRoleRow,
} from './roles.queries.ts';

const editable = (name: string) => !ALL_ACCESS_ROLES.includes(name);

export async function listRolePage(db: Db, session: AuthSession, q: RoleListQuery) {
  const { rows, total } = await pageRoles(db, session.corpId, q);
  return pageOf(
    rows.map((r) => toRoleSummary(r, editable(r.name))),
    total,
    q,
  );
}

/** `GET settings/roles/findAll`: the roles the caller's corporate can assign. */
export async function assignableRoles(db: Db, session: AuthSession) {
  const rows = await listRoles(db, session.corpId);
  return rows.map((r) => ({ _id: r.uid, role: r.name }));
}

/** A role of the corporate by uid or name (employees and doctors check what they assign). */
export function corporateRole(db: Executor, corpId: number, ref: { uid?: string; name?: string }) {
  return findCorporateRole(db, corpId, ref);
}

async function roleOr404(db: Executor, session: AuthSession, uid: string) {
  const role = await findRole(db, session.corpId, uid);
  if (!role) throw notFound();
  return role;
}

export async function createRole(db: Db, session: AuthSession, input: CreateRoleInput, ip: string) {
  // the role, its copied grants and the audit row land together or not at all
  return db.transaction(async (tx) => {
    if (await roleNameTaken(tx, session.corpId, input.role)) throw new AppError(409, 'api.roleExists');
    const source = input.copyFrom ? await roleOr404(tx, session, input.copyFrom) : null;
    const role = await insertRole(tx, {
      uid: newUid(),
      corpId: session.corpId,
      name: input.role,
      description: input.description || null,
    });
    if (source) await copyGrants(tx, source.id, role.id);
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      action: 'role.create',
      entity: 'role',
      entityId: role.uid,
      ip,
      detail: { name: role.name, copyFrom: source?.uid ?? null },
    });
    return role.uid;
  });
}

export async function updateRole(
  db: Db,
  session: AuthSession,
  uid: string,
  input: UpdateRoleInput,
  ip: string,
) {
  const role = await roleOr404(db, session, uid);
  if (input.role !== undefined && input.role !== role.name) {
    if (role.builtIn) throw new AppError(409, 'api.roleBuiltIn');
    if (await roleNameTaken(db, session.corpId, input.role, role.id))
      throw new AppError(409, 'api.roleExists');
  }
  await updateRoleRow(db, role.id, {
    name: input.role ?? role.name,
    description: input.description ?? role.description,
  });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action: 'role.update',
    entity: 'role',
    entityId: uid,
    ip,
    detail: input,
  });
}

export async function deleteRole(db: Db, session: AuthSession, uid: string, ip: string) {
  const role = await roleOr404(db, session, uid);
  if (role.builtIn) throw new AppError(409, 'api.roleBuiltIn');
  const inUse = await countRoleUsers(db, role.id);
  if (inUse > 0) throw new AppError(409, 'api.roleInUse', { count: inUse });
  // soft delete: shown in Setting/trash, restorable
  await updateRoleRow(db, role.id, { deletedAt: new Date() });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action: 'role.delete',
    entity: 'role',
    entityId: uid,
    ip,
  });
}

/** The whole catalogue as a tree, each node with this role's grant. */
export async function roleMenuTree(db: Db, session: AuthSession, uid: string): Promise<RoleMenuNode[]> {
  const role = await roleOr404(db, session, uid);
  const [catalogue, grants] = await Promise.all([allMenus(db), roleGrants(db, role.id)]);
  const grant = new Map(grants.map((g) => [g.menuId, g.enabled]));
  const build = (parentId: number | null): RoleMenuNode[] =>
    catalogue
      .filter((m) => m.parentId === parentId)
      .map((m) => {
        const children = build(m.id);
        return {
          code: m.code,
          name: m.name,
          key: m.key,
          route: m.route,
          icon: m.icon,
          built: m.route ? isRouteBuilt(m.route) : children.some((c) => c.built),
          granted: grant.has(m.id),
          enabled: grant.get(m.id) ?? false,
          children,
        };
      });
  return build(null);
}

/**
 * Sets a role's menu: the codes sent become its grants, every other grant goes. A granted item's
 * groups are granted with it, so the sidebar can show it.
 */
export async function setRoleMenus(
  db: Db,
  session: AuthSession,
  uid: string,
  input: UpdateRoleMenusInput,
  ip: string,
) {
  const role = await roleOr404(db, session, uid);
  if (!editable(role.name)) throw new AppError(409, 'api.roleAllAccess');
  if (role.id === session.roleId) throw new AppError(409, 'api.roleOwn');
  const catalogue = await allMenus(db);
  const byCode = new Map(catalogue.map((m) => [m.code, m]));
  const byId = new Map(catalogue.map((m) => [m.id, m]));
  const grants = new Map<number, boolean>();
  for (const item of input.menus) {
    const menu = byCode.get(item.code);
    if (!menu) throw new AppError(400, 'api.unknownMenu', { code: item.code });
    // a group an enabled item needs stays on, whatever was sent for it
    grants.set(menu.id, item.enabled || (grants.get(menu.id) ?? false));
    let parent = menu.parentId ? byId.get(menu.parentId) : undefined;
    while (parent) {
      if (item.enabled) grants.set(parent.id, true);
      else if (!grants.has(parent.id)) grants.set(parent.id, false);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
  }
  // the new grants and their audit row together
  await db.transaction(async (tx) => {
    await replaceRoleGrants(
      tx,
      role.id,
      [...grants].map(([menuId, enabled]) => ({ menuId, enabled })),
    );
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      action: 'role.menus',
      entity: 'role',
      entityId: uid,
      ip,
      detail: { menus: input.menus },
    });
  });
}
