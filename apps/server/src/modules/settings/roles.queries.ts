import { asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';

/** Built-in roles and the corporate's own. */
export function listRoles(db: Db, corpId: number) {
  return db
    .select({ uid: roles.uid, name: roles.name })
    .from(roles)
    .where(or(isNull(roles.corpId), eq(roles.corpId, corpId)))
    .orderBy(asc(roles.id));
}
