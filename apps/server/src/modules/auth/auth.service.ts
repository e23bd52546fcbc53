import type { LoginInput, SessionUser } from '@klinikita/domain/auth/auth.schema';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../shared/audit.ts';
import { hashToken, newSessionToken, timingDummyHash, verifyPassword } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import {
  addressFailures,
  deleteUserSessions,
  findSession,
  findSessionContext,
  findUserForLogin,
  insertSession,
  recordAddressFailure,
  recordUserFailure,
  resetUserFailures,
  type SessionRow,
} from './auth.queries.ts';
import { toSessionUser } from './session-user.mapper.ts';

/**
 * Ends a user's sessions (a deactivated login, a new password), all of them or all but the
 * caller's own; inside the caller's transaction when given one.
 */
export function endSessions(db: Executor, userId: number, keepSessionId?: number) {
  return deleteUserSessions(db, userId, keepSessionId);
}

/** Five wrong passwords in a row lock an account for 15 minutes. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_LOCK_MS = 15 * 60 * 1000;
/** Thirty failures from one address in 15 minutes stop that address for the rest of the window. */
export const ADDRESS_FAILURE_LIMIT = 30;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;

const minutesUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - Date.now()) / 60000));

export interface LoginContext {
  ip: string;
  userAgent: string | null;
  sessionTtlMs: number;
}

export async function login(
  db: Db,
  input: LoginInput,
  ctx: LoginContext,
): Promise<{ token: string; user: SessionUser }> {
  const windowStart = new Date(Date.now() - ADDRESS_WINDOW_MS);
  const address = await addressFailures(db, ctx.ip, windowStart);
  if (address && address.failures >= ADDRESS_FAILURE_LIMIT) {
    const until = new Date(new Date(address.windowStart).getTime() + ADDRESS_WINDOW_MS);
    throw new AppError(429, 'api.tooManyAttempts', { minutes: minutesUntil(until) });
  }

  const user = await findUserForLogin(db, input.username);
  if (!user) {
    await verifyPassword(input.password, await timingDummyHash());
    await recordAddressFailure(db, ctx.ip, windowStart);
    await writeAudit(db, {
      action: 'login.failed',
      entity: 'user',
      ip: ctx.ip,
      detail: { username: input.username },
    });
    throw new AppError(401, 'api.loginFailed');
  }
  if (user.lockedUntil && new Date(user.lockedUntil) > new Date()) {
    throw new AppError(423, 'api.accountLocked', { minutes: minutesUntil(new Date(user.lockedUntil)) });
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const lockedUntil = await recordUserFailure(
      db,
      user.id,
      ACCOUNT_FAILURE_LIMIT,
      new Date(Date.now() + ACCOUNT_LOCK_MS),
    );
    await recordAddressFailure(db, ctx.ip, windowStart);
    await writeAudit(db, {
      userId: user.id,
      corpId: user.corpId,
      action: 'login.failed',
      entity: 'user',
      entityId: String(user.id),
      ip: ctx.ip,
    });
    if (lockedUntil && lockedUntil > new Date()) {
      throw new AppError(423, 'api.accountLocked', { minutes: minutesUntil(lockedUntil) });
    }
    throw new AppError(401, 'api.loginFailed');
  }
  if (!user.active) throw new AppError(403, 'api.accountInactive');

  await resetUserFailures(db, user.id);
  const token = newSessionToken();
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + ctx.sessionTtlMs),
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
  const row = await findSession(db, hashToken(token));
  if (!row) throw new AppError(500, 'api.internal');
  return { token, user: await sessionUser(db, row) };
}

export async function sessionUser(db: Db, row: SessionRow): Promise<SessionUser> {
  return toSessionUser(row, await findSessionContext(db, row));
}
