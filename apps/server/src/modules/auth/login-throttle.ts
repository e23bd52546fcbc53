import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import {
  type CountedAttempt,
  countAttempts,
  lockKeys,
  pruneAttempts,
  settleSuccess,
} from './auth.queries.ts';

/**
 * How many password checks a login name and an address get (DESIGN 4: in the database, so the
 * limits hold across instances). Every name is counted the same whether or not it exists, so
 * the answers reveal no usernames.
 */
export interface LoginLimits {
  /** Failures in a row of one name from one address; the last one locks the pair. */
  perPair: number;
  /** Failures of one name from all addresses together; the last one locks the name everywhere. */
  perName: number;
  /** Failures from one address, whatever the names: a ceiling well above one pair's (a clinic's NAT). */
  perAddress: number;
  windowMs: number;
  lockMs: number;
}

export const LOGIN_LIMITS: LoginLimits = {
  perPair: 5,
  perName: 20,
  perAddress: 300,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
};

/** An attempt counted before its password is checked: its keys and its number on each. */
export interface LoginAttempt {
  address: CountedAttempt;
  name: CountedAttempt;
  pair: CountedAttempt;
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const lockedError = (seconds: number) =>
  new AppError(423, 'api.accountLocked', { minutes: minutes(seconds) });

/**
 * Counts the attempt on its address, its name and the pair, atomically, before any password is
 * checked; refuses it (429 for the address, 423 for the name) when a lock holds or the count is
 * past a limit — so a concurrent burst gets no more checks than the limits, whatever the password.
 */
export async function beginAttempt(
  db: Db,
  limits: LoginLimits,
  ip: string,
  username: string,
  /** What is checked: a login, or the current password of a session (counted apart, so it locks no login) */
  what: 'login' | 'current' = 'login',
): Promise<LoginAttempt> {
  const name = username.trim().toLowerCase();
  const at = what === 'login' ? '' : `${what}:`;
  const keys = { address: `${at}address:${ip}`, name: `${at}name:${name}`, pair: `${at}pair:${ip}:${name}` };
  // the same order every time, so concurrent statements take the row locks in the same order
  const counted = await countAttempts(db, [keys.address, keys.name, keys.pair], limits.windowMs);
  const byKey = new Map(counted.map((row) => [row.key, row]));
  const attempt = {
    address: byKey.get(keys.address)!,
    name: byKey.get(keys.name)!,
    pair: byKey.get(keys.pair)!,
  };
  // now and then, counters of a day ago go (one statement; whichever request happens to do it)
  if (Math.random() < 0.01) await pruneAttempts(db);
  if (attempt.address.locked || attempt.address.failures > limits.perAddress)
    throw new AppError(429, 'api.tooManyAttempts', { minutes: minutes(attempt.address.secondsLeft) });
  for (const [row, limit] of [
    [attempt.pair, limits.perPair],
    [attempt.name, limits.perName],
  ] as const) {
    if (row.locked) throw lockedError(row.secondsLeft || limits.lockMs / 1000);
    if (row.failures > limit) {
      // past the limit without a lock: in a burst the attempt that reached the limit may have been
      // the right password (which locks nothing), so the first one past it sets the lock
      await lockKeys(db, [row.key], limits.lockMs);
      throw lockedError(limits.lockMs / 1000);
    }
  }
  return attempt;
}

/**
 * A wrong password: the attempt that reached a limit locks its pair or name (423), else 401.
 * The same for a name that exists and one that does not.
 */
export async function failAttempt(db: Db, limits: LoginLimits, attempt: LoginAttempt): Promise<AppError> {
  const reached = [
    attempt.pair.failures >= limits.perPair && attempt.pair.key,
    attempt.name.failures >= limits.perName && attempt.name.key,
  ].filter((key): key is string => Boolean(key));
  if (!reached.length) return new AppError(401, 'api.loginFailed');
  await lockKeys(db, reached, limits.lockMs);
  return lockedError(limits.lockMs / 1000);
}

/** A right password: the pair starts again, the name and the address give this attempt back. */
export async function succeedAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  await settleSuccess(db, [attempt.pair.key], [attempt.name.key, attempt.address.key]);
}
