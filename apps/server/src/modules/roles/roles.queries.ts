import { and, asc, count, eq, ilike, isNull, ne, sql } from 'drizzle-orm';
import { menus, roleMenus, roles, users } from '../../db/schema/index.ts';
import { containsPattern, type Executor, type Tx } from '../../shared/sql.ts';

/** The corporate's roles. */
export function listRoles(db: Executor, corpId: number) {
  return db
    .select({ uid: roles.uid, name: roles.name })
    .from(roles)
    .where(and(eq(roles.corpId, corpId), isNull(roles.deletedAt)))
    .orderBy(asc(roles.id));
}

/** One page of the corporate's roles with how many users and menus each has. */
export async function pageRoles(
  db: Executor,
  corpId: number,
  q: { search?: string; page: number; limit: number },
) {
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

export type RoleCountsRow = Awaited<ReturnType<typeof pageRoles>>['rows'][number];

export async function findRole(db: Executor, corpId: number, uid: string) {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.uid, uid), eq(roles.corpId, corpId), isNull(roles.deletedAt)));
  return row ?? null;
}

export async function roleNameTaken(db: Executor, corpId: number, name: string, exceptId?: number) {
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

export const countRoleUsers = async (db: Executor, roleId: number) =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)))
  )[0].n;

export function allMenus(db: Executor) {
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

export function roleGrants(db: Executor, roleId: number) {
  return db
    .select({ menuId: roleMenus.menuId, enabled: roleMenus.enabled })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, roleId));
}

/** Replaces a role's grants (run it in a transaction: the delete and the insert belong together). */
export async function replaceRoleGrants(
  tx: Tx,
  roleId: number,
  grants: { menuId: number; enabled: boolean }[],
) {
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (grants.length) await tx.insert(roleMenus).values(grants.map((g) => ({ roleId, ...g })));
}

export async function copyGrants(db: Executor, fromRoleId: number, toRoleId: number) {
  const grants = await roleGrants(db, fromRoleId);
  if (grants.length) await db.insert(roleMenus).values(grants.map((g) => ({ roleId: toRoleId, ...g })));
}

export async function insertRole(db: Executor, values: typeof roles.$inferInsert) {
  const [role] = await db.insert(roles).values(values).returning();
  return role;
}

export async function updateRoleRow(db: Executor, roleId: number, set: Partial<typeof roles.$inferInsert>) {
  await db.update(roles).set(set).where(eq(roles.id, roleId));
}

/** A role of the corporate (not deleted) by uid or by name. */
export async function findCorporateRole(db: Executor, corpId: number, ref: { uid?: string; name?: string }) {
  const [row] = await db
    .select({ id: roles.id, uid: roles.uid, name: roles.name })
    .from(roles)
    .where(
      and(
        eq(roles.corpId, corpId),
        isNull(roles.deletedAt),
        ref.uid !== undefined ? eq(roles.uid, ref.uid) : eq(roles.name, ref.name ?? ''),
      ),
    );
  return row ?? null;
}
