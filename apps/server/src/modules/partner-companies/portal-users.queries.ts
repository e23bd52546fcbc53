import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The SQL of a company's portal accounts (portal-users.service.ts): one corporate, one company. */

const columns = {
  id: users.id,
  uid: users.uid,
  username: users.username,
  name: users.name,
  active: users.active,
};
export type PortalUserRow = { id: number; uid: string; username: string; name: string; active: boolean };

export function companyUsers(db: Executor, corpId: number, companyId: number): Promise<PortalUserRow[]> {
  return db
    .select(columns)
    .from(users)
    .where(and(eq(users.corpId, corpId), eq(users.companyId, companyId), isNull(users.deletedAt)))
    .orderBy(desc(users.active), asc(users.name), asc(users.id))
    .limit(200);
}

export async function companyUser(
  db: Executor,
  corpId: number,
  companyId: number,
  uid: string,
): Promise<PortalUserRow | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(
      and(
        eq(users.corpId, corpId),
        eq(users.companyId, companyId),
        eq(users.uid, uid),
        isNull(users.deletedAt),
      ),
    );
  return row ?? null;
}

export async function insertPortalUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning(columns);
  return row;
}

export async function setUserActive(db: Executor, id: number, active: boolean) {
  const [row] = await db
    .update(users)
    .set({ active, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(columns);
  return row;
}
