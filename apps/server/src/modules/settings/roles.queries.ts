import { and, asc, count, eq, ilike, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menus, roleMenus, roles, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../shared/sql.ts';

/** The corporate's roles. */
export function listRoles(db: Db, corpId: number) {
  return db
    .select({ uid: roles.uid, name: roles.name })
    .from(roles)
    .where(and(eq(roles.corpId, corpId), isNull(roles.deletedAt)))
    .orderBy(asc(roles.id));
}

/** One page of the corporate's roles with how many users and menus each has. */
export async function pageRoles(db: Db, corpId: number, q: { search?: string; page: number; limit: number }) {
  const where = and(
    eq(roles.corpId, corpId),
    isNull(roles.deletedAt),
    q.search ? ilike(roles.name, containsPattern(q.search)) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(roles).where(where);
  const rows = await db
    .select({
      id: roles.id,
      uid: roles.uid,
      name: roles.name,
      description: roles.description,
      builtIn: roles.builtIn,
      // written out: drizzle leaves the outer table's name off its own columns inside a select list
      users: sql<number>`(SELECT count(*)::int FROM users u WHERE u.role_id = roles.id AND u.deleted_at IS NULL)`,
      menus: sql<number>`(SELECT count(*)::int FROM role_menus rm WHERE rm.role_id = roles.id AND rm.enabled)`,
    })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total };
}

export async function findRole(db: Db, corpId: number, uid: string) {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.uid, uid), eq(roles.corpId, corpId), isNull(roles.deletedAt)));
  return row ?? null;
}

export async function roleNameTaken(db: Db, corpId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.corpId, corpId),
        sql`lower(${roles.name}) = lower(${name})`,
        isNull(roles.deletedAt),
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

export const countRoleUsers = async (db: Db, roleId: number) =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)))
  )[0].n;

export function allMenus(db: Db) {
  return db
    .select({
      id: menus.id,
      code: menus.code,
      parentId: menus.parentId,
      name: menus.name,
      key: menus.i18nKey,
      route: menus.route,
      icon: menus.icon,
    })
    .from(menus)
    .orderBy(asc(menus.sort));
}

export function roleGrants(db: Db, roleId: number) {
  return db
    .select({ menuId: roleMenus.menuId, enabled: roleMenus.enabled })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, roleId));
}

/** Replaces a role's grants in one transaction. */
export async function replaceRoleGrants(
  db: Db,
  roleId: number,
  grants: { menuId: number; enabled: boolean }[],
) {
  await db.transaction(async (tx) => {
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    if (grants.length) await tx.insert(roleMenus).values(grants.map((g) => ({ roleId, ...g })));
  });
}

export async function copyGrants(db: Db, fromRoleId: number, toRoleId: number) {
  const grants = await roleGrants(db, fromRoleId);
  if (grants.length) await db.insert(roleMenus).values(grants.map((g) => ({ roleId: toRoleId, ...g })));
}
