import type { LoginInput, SessionUser } from '@klinikita/domain/auth/auth.schema';
import type { PasswordChangeInput } from '@klinikita/domain/auth/password.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import {
  hashPassword,
  hashToken,
  newSessionToken,
  timingDummyHash,
  verifyPassword,
} from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import {
  deleteUserSessions,
  findPasswordHash,
  findSession,
  findSessionContext,
  findUserForLogin,
  insertSession,
  type SessionRow,
  setPassword,
} from './auth.queries.ts';
import {
  beginAttempt,
  failAttempt,
  LOGIN_LIMITS,
  type LoginLimits,
  succeedAttempt,
} from './login-throttle.ts';
import { toSessionUser } from './session-user.mapper.ts';

/**
 * Ends a user's sessions (a deactivated login, a new password), all of them or all but the
 * caller's own; inside the caller's transaction when given one.
 */
export function endSessions(db: Executor, userId: number, keepSessionId?: number) {
  return deleteUserSessions(db, userId, keepSessionId);
}

export interface LoginContext {
  ip: string;
  userAgent: string | null;
  sessionTtlMs: number;
  /** The absolute lifetime: the session ends this long after the login, however much it is used. */
  sessionMaxAgeMs: number;
  limits?: LoginLimits;
}

/**
 * The attempt is counted before the password is checked (login-throttle.ts); an unknown name
 * costs the same hash check as a known one and gets the same answers.
 */
export async function login(
  db: Db,
  input: LoginInput,
  ctx: LoginContext,
): Promise<{ token: string; user: SessionUser }> {
  const limits = ctx.limits ?? LOGIN_LIMITS;
  const attempt = await beginAttempt(db, limits, ctx.ip, input.username);
  const user = await findUserForLogin(db, input.username);
  const right = await verifyPassword(input.password, user?.passwordHash ?? (await timingDummyHash()));
  if (!user || !right) {
    await writeAudit(db, {
      userId: user?.id,
      corpId: user?.corpId,
      action: 'login.failed',
      entity: 'user',
      entityId: user ? String(user.id) : null,
      ip: ctx.ip,
      detail: user ? undefined : { username: input.username },
    });
    throw await failAttempt(db, limits, attempt);
  }
  await succeedAttempt(db, attempt);
  if (!user.active) throw new AppError(403, 'api.accountInactive');

  const token = newSessionToken();
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + Math.min(ctx.sessionTtlMs, ctx.sessionMaxAgeMs)),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  await writeAudit(db, {
    userId: user.id,
    corpId: user.corpId,
    clinicId: user.clinicId,
    action: 'login',
    entity: 'user',
    entityId: String(user.id),
    ip: ctx.ip,
  });
  const row = await findSession(db, hashToken(token), ctx.sessionMaxAgeMs);
  if (!row) throw new AppError(500, 'api.internal');
  return { token, user: await sessionUser(db, row) };
}

/**
 * Checks the caller's current password before the own password changes, counted and limited like
 * login attempts but on counters of their own (a stolen session cannot guess it, and a user who
 * mistypes it is not locked out of logging in). A wrong one answers 400 on `field`.
 */
export async function checkCurrentPassword(
  db: Db,
  session: AuthSession,
  currentPassword: string | undefined,
  ip: string,
  field: string,
): Promise<void> {
  if (!currentPassword)
    throw new AppError(400, 'validation.currentPasswordRequired', {}, [
      { path: field, key: 'validation.currentPasswordRequired' },
    ]);
  const attempt = await beginAttempt(db, LOGIN_LIMITS, ip, session.username, 'current');
  const hash = await findPasswordHash(db, session.userId);
  if (!hash || !(await verifyPassword(currentPassword, hash))) {
    await writeAudit(db, {
      userId: session.userId,
      corpId: session.corpId,
      action: 'password.checkFailed',
      entity: 'user',
      entityId: session.userUid,
      ip,
    });
    const refusal = await failAttempt(db, LOGIN_LIMITS, attempt);
    if (refusal.statusCode !== 401) throw refusal;
    throw new AppError(400, 'api.currentPasswordWrong', {}, [
      { path: field, key: 'api.currentPasswordWrong' },
    ]);
  }
  await succeedAttempt(db, attempt);
}

/**
 * `POST auth/password`: the own password, with the current one. This session stays, the others
 * end, and a change an Admin asked for is done.
 */
export async function changeOwnPassword(
  db: Db,
  session: AuthSession,
  input: PasswordChangeInput,
  ip: string,
) {
  await checkCurrentPassword(db, session, input.currentPassword, ip, 'currentPassword');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setPassword(tx, session.userId, passwordHash, false);
    await endSessions(tx, session.userId, session.sessionId);
    await auditPassword(tx, session, ip, 'password.change', session.userUid);
  });
}

/**
 * The audit row of a password set: `password.change` by the user, `password.reset` by an Admin
 * for someone else (who must then choose their own at the next login).
 */
export function auditPassword(
  tx: Executor,
  session: AuthSession,
  ip: string,
  action: 'password.change' | 'password.reset',
  userUid: string | null,
  detail?: Record<string, unknown>,
) {
  return writeAudit(tx, {
    userId: session.userId,
    corpId: session.corpId,
    action,
    entity: 'user',
    entityId: userUid,
    ip,
    detail: { ...detail, ...(action === 'password.reset' && { mustChangePassword: true }) },
  });
}

export async function sessionUser(db: Db, row: SessionRow): Promise<SessionUser> {
  return toSessionUser(row, await findSessionContext(db, row));
}
