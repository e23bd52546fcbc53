import { CORPORATE_SCOPE_ROLES } from '@klinikita/domain/access/roles';
import { and, eq, getTableColumns, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinics, corporates, loginThrottle, sessions, users } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** A menu node granted to a role, in catalogue order. */
export interface GrantedMenu {
  id: number;
  code: string;
  parentId: number | null;
  level: number;
  name: string;
  key: string;
  route: string | null;
  icon: string | null;
  enabled: boolean;
}

/** Everything a request needs to know about its caller, read in one round trip. */
export interface SessionRow {
  sessionId: number;
  expiresAt: Date;
  userId: number;
  userUid: string;
  username: string;
  name: string;
  roleId: number;
  roleUid: string;
  roleName: string;
  corpId: number;
  clinicId: number | null;
  employeeId: number | null;
  employeeUid: string | null;
  doctorId: number | null;
  companyId: number | null;
  imageUrl: string | null;
  demo: boolean;
  menus: GrantedMenu[];
  /** The clinics the user works in (ids ascending): the scope every clinic-bound route checks. */
  clinicIds: number[];
  /** Those clinics as the routes need them (time zone for "today"), so a request asks no more. */
  clinics: ScopeClinic[];
}

export interface ScopeClinic {
  id: number;
  uid: string;
  corpId: number;
  name: string;
  mcuSite: boolean;
  timeZone: string;
}

const corporateScopeRoles = sql.join(
  CORPORATE_SCOPE_ROLES.map((r) => sql`${r}`),
  sql`, `,
);

/** Caller by session token hash: user, role, granted menus and the clinics in scope. */
export async function findSession(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const result = await db.execute(sql`
    SELECT s.id AS "sessionId", s.expires_at AS "expiresAt",
      u.id AS "userId", u.uid AS "userUid", u.username, u.name, u.role_id AS "roleId",
      r.uid AS "roleUid", r.name AS "roleName", u.corp_id AS "corpId", u.clinic_id AS "clinicId",
      u.employee_id AS "employeeId", e.uid AS "employeeUid", u.doctor_id AS "doctorId",
      u.company_id AS "companyId", u.image_url AS "imageUrl", u.demo,
      COALESCE((
        SELECT json_agg(json_build_object('id', m.id, 'code', m.code, 'parentId', m.parent_id,
          'level', m.level, 'name', m.name, 'key', m.i18n_key, 'route', m.route, 'icon', m.icon,
          'enabled', rm.enabled) ORDER BY m.sort)
        FROM role_menus rm JOIN menus m ON m.id = rm.menu_id WHERE rm.role_id = u.role_id
      ), '[]'::json) AS menus,
      COALESCE((
        SELECT json_agg(json_build_object('id', c.id, 'uid', c.uid, 'corpId', c.corp_id, 'name', c.name,
          'mcuSite', c.mcu_site, 'timeZone', c.time_zone) ORDER BY c.id)
        FROM clinics c
        WHERE c.deleted_at IS NULL AND CASE WHEN r.name IN (${corporateScopeRoles}) THEN c.corp_id = u.corp_id
          ELSE c.id = u.clinic_id OR c.id IN (SELECT dc.clinic_id FROM doctor_clinics dc WHERE dc.doctor_id = u.doctor_id)
        END
      ), '[]'::json) AS clinics
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN roles r ON r.id = u.role_id
    LEFT JOIN employees e ON e.id = u.employee_id
    WHERE s.token_hash = ${tokenHash} AND s.expires_at > now()
      AND u.active AND u.deleted_at IS NULL
  `);
  const row = result.rows[0] as
    | (Omit<SessionRow, 'expiresAt' | 'clinicIds'> & { expiresAt: string | Date })
    | undefined;
  if (!row) return null;
  const clinics = row.clinics ?? [];
  return { ...row, expiresAt: new Date(row.expiresAt), clinics, clinicIds: clinics.map((c) => c.id) };
}

export async function extendSession(db: Db, sessionId: number, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; userId: number; expiresAt: Date; ip: string; userAgent: string | null },
): Promise<void> {
  // a user's expired sessions go when a new one starts, so the table does not grow without end
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, values.userId), lt(sessions.expiresAt, new Date())));
  await db.insert(sessions).values(values);
}

/** Ends a user's sessions, all of them or all but the one kept. */
export async function deleteUserSessions(db: Executor, userId: number, keepSessionId?: number) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<number | null> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ userId: sessions.userId });
  return rows[0]?.userId ?? null;
}

export async function findUserForLogin(db: Db, username: string) {
  const rows = await db
    .select({
      id: users.id,
      corpId: users.corpId,
      clinicId: users.clinicId,
      passwordHash: users.passwordHash,
      active: users.active,
      lockedUntil: users.lockedUntil,
    })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, sql`${users.deletedAt} IS NULL`));
  return rows[0] ?? null;
}

/** Counts a failed password; at `limit` failures in a row the account locks until `lockUntil`. */
export async function recordUserFailure(db: Db, userId: number, limit: number, lockUntil: Date) {
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`CASE WHEN ${users.failedLogins} + 1 >= ${limit} THEN 0 ELSE ${users.failedLogins} + 1 END`,
      lockedUntil: sql`CASE WHEN ${users.failedLogins} + 1 >= ${limit} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return row?.lockedUntil ? new Date(row.lockedUntil) : null;
}

export async function resetUserFailures(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** Failures counted per client address in a fixed window, atomically (several instances share it). */
export async function recordAddressFailure(db: Db, key: string, windowStart: Date): Promise<void> {
  await db
    .insert(loginThrottle)
    .values({ key, windowStart: new Date(), failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.windowStart} < ${windowStart.toISOString()}::timestamptz THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${loginThrottle.windowStart} < ${windowStart.toISOString()}::timestamptz THEN now() ELSE ${loginThrottle.windowStart} END`,
      },
    });
}

export async function addressFailures(db: Db, key: string, windowStart: Date) {
  const rows = await db
    .select({ failures: loginThrottle.failures, windowStart: loginThrottle.windowStart })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, key), gt(loginThrottle.windowStart, windowStart)));
  return rows[0] ?? null;
}

/** Clinic, corporate and scope names for the session user answer. */
export async function findSessionContext(db: Db, row: SessionRow) {
  const scope = row.clinics.map(({ id, uid, name, mcuSite, timeZone }) => ({
    id,
    uid,
    name,
    mcuSite,
    timeZone,
  }));
  // the user's clinic and corporate in one round trip
  const [found] = await db
    .select({ corporate: { id: corporates.id, name: corporates.name }, clinic: getTableColumns(clinics) })
    .from(corporates)
    .leftJoin(clinics, row.clinicId ? eq(clinics.id, row.clinicId) : sql`false`)
    .where(eq(corporates.id, row.corpId));
  const clinic = found?.clinic ?? null;
  const corporate = found?.corporate;
  return { clinic, corporate: corporate ?? null, clinics: scope };
}
