import { CORPORATE_SCOPE_ROLES } from '@klinikita/domain/access/roles';
import { and, eq, getTableColumns, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clinics,
  corporates,
  loginThrottle,
  partnerCompanies,
  sessions,
  users,
} from '../../db/schema/index.ts';
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
  /** When the login happened: the session ends at `createdAt` + the absolute lifetime, used or not. */
  createdAt: Date;
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
  /** An Admin chose the password: only the session answer, the password change and logout are served. */
  mustChangePassword: boolean;
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

/**
 * Caller by session token hash: user, role, granted menus and the clinics in scope. A session
 * past its idle expiry or older than `maxAgeMs` is not found.
 */
export async function findSession(
  db: Db,
  tokenHash: string,
  maxAgeMs = 7 * 24 * 60 * 60 * 1000,
): Promise<SessionRow | null> {
  const result = await db.execute(sql`
    SELECT s.id AS "sessionId", s.created_at AS "createdAt", s.expires_at AS "expiresAt",
      u.id AS "userId", u.uid AS "userUid", u.username, u.name, u.role_id AS "roleId",
      r.uid AS "roleUid", r.name AS "roleName", u.corp_id AS "corpId", u.clinic_id AS "clinicId",
      u.employee_id AS "employeeId", e.uid AS "employeeUid", u.doctor_id AS "doctorId",
      u.company_id AS "companyId", u.image_url AS "imageUrl", u.demo,
      u.must_change_password AS "mustChangePassword",
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
      AND s.created_at > now() - ${maxAgeMs} * interval '1 millisecond'
      AND u.active AND u.deleted_at IS NULL
  `);
  const row = result.rows[0] as
    | (Omit<SessionRow, 'createdAt' | 'expiresAt' | 'clinicIds'> & {
        createdAt: string | Date;
        expiresAt: string | Date;
      })
    | undefined;
  if (!row) return null;
  const clinics = row.clinics ?? [];
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    expiresAt: new Date(row.expiresAt),
    clinics,
    clinicIds: clinics.map((c) => c.id),
  };
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
    })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, sql`${users.deletedAt} IS NULL`));
  return rows[0] ?? null;
}

export async function findPasswordHash(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}

/** A new password hash; `mustChange` when someone else chose it (the user picks their own at login). */
export async function setPassword(db: Executor, userId: number, passwordHash: string, mustChange: boolean) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: mustChange, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** One attempt as counted on one key: its number in the window and the lock it is under, if any. */
export interface CountedAttempt {
  key: string;
  /** This attempt's number among the failures and open attempts of the window. */
  failures: number;
  locked: boolean;
  /** Until the lock ends, or else the window. */
  secondsLeft: number;
}

/**
 * Counts one attempt on every key before its password is checked, in one statement: each row is
 * locked while it is counted, so concurrent attempts (on any instance) get distinct numbers. A
 * key under a lock keeps its count; a lock that ended or a window that passed starts again at 1.
 */
export async function countAttempts(db: Db, keys: string[], windowMs: number): Promise<CountedAttempt[]> {
  const window = sql`${windowMs} * interval '1 millisecond'`;
  // the lock ended, or no lock and the window passed: this attempt is the first of a new window
  const fresh = sql`(t.locked_until IS NOT NULL AND t.locked_until <= now())
    OR (t.locked_until IS NULL AND t.window_start <= now() - ${window})`;
  const result = await db.execute(sql`
    INSERT INTO login_throttle AS t (key, window_start, failures)
    VALUES ${sql.join(
      keys.map((key) => sql`(${key}, now(), 1)`),
      sql`, `,
    )}
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.locked_until > now() THEN t.failures WHEN ${fresh} THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN t.locked_until > now() THEN t.window_start WHEN ${fresh} THEN now()
        ELSE t.window_start END,
      locked_until = CASE WHEN t.locked_until > now() THEN t.locked_until END
    RETURNING key, failures, COALESCE(locked_until > now(), false) AS locked,
      GREATEST(0, EXTRACT(EPOCH FROM COALESCE(locked_until, window_start + ${window}) - now()))::float8
        AS "secondsLeft"
  `);
  return result.rows as unknown as CountedAttempt[];
}

/** Locks the keys whose failures reached their limit, unless a lock already holds them. */
export async function lockKeys(db: Db, keys: string[], lockMs: number) {
  if (!keys.length) return;
  await db
    .update(loginThrottle)
    .set({ lockedUntil: sql`now() + ${lockMs} * interval '1 millisecond'` })
    .where(
      and(
        inArray(loginThrottle.key, keys),
        or(sql`${loginThrottle.lockedUntil} IS NULL`, sql`${loginThrottle.lockedUntil} <= now()`),
      ),
    );
}

/**
 * A right password: the keys in `reset` start again at 0, the others give back this attempt.
 * A lock stays: a success ends no lock it did not earn.
 */
export async function settleSuccess(db: Db, reset: string[], giveBack: string[]) {
  await db
    .update(loginThrottle)
    .set({
      failures: sql`CASE WHEN ${inArray(loginThrottle.key, reset.length ? reset : [''])} THEN 0
        ELSE GREATEST(${loginThrottle.failures} - 1, 0) END`,
    })
    .where(
      and(
        inArray(loginThrottle.key, [...reset, ...giveBack]),
        or(sql`${loginThrottle.lockedUntil} IS NULL`, sql`${loginThrottle.lockedUntil} <= now()`),
      ),
    );
}

/** Forgets counters nobody has touched for a day (and no lock holds). */
export async function pruneAttempts(db: Db) {
  await db
    .delete(loginThrottle)
    .where(
      and(
        sql`${loginThrottle.windowStart} < now() - interval '1 day'`,
        or(sql`${loginThrottle.lockedUntil} IS NULL`, sql`${loginThrottle.lockedUntil} < now()`),
      ),
    );
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
  // the user's clinic, corporate and (HR portal users) partner company in one round trip
  const [found] = await db
    .select({
      corporate: { id: corporates.id, name: corporates.name },
      clinic: getTableColumns(clinics),
      company: { id: partnerCompanies.id, name: partnerCompanies.name },
    })
    .from(corporates)
    .leftJoin(clinics, row.clinicId ? eq(clinics.id, row.clinicId) : sql`false`)
    .leftJoin(
      partnerCompanies,
      row.companyId
        ? and(eq(partnerCompanies.id, row.companyId), eq(partnerCompanies.corpId, corporates.id))
        : sql`false`,
    )
    .where(eq(corporates.id, row.corpId));
  const clinic = found?.clinic ?? null;
  const corporate = found?.corporate;
  return { clinic, corporate: corporate ?? null, company: found?.company ?? null, clinics: scope };
}
