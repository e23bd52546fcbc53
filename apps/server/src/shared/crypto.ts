import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;
// OWASP's scrypt minimum: N=2^17, r=8, p=1 (128 MiB); maxmem leaves headroom above 128*N*r.
const PARAMS = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const KEY_LEN = 32;

/** scrypt's cost parameters (N a power of two). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * `scrypt$N$r$p$salt$hash`, base64url parts: the parameters travel with the hash, so a hash made
 * at another cost is verified at its own. `cost` is for the test suites' seeded demo users only
 * (their logins would otherwise spend most of the suites' time in scrypt); everything the app
 * hashes uses the OWASP cost.
 */
export async function hashPassword(password: string, cost: ScryptCost = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEY_LEN, {
    ...cost,
    maxmem: PARAMS.maxmem,
  });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, saltText, keyText] = stored.split('$');
  if (algo !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem };
  const key = await scryptAsync(
    password.normalize('NFKC'),
    Buffer.from(saltText, 'base64url'),
    expected.length,
    params,
  );
  return timingSafeEqual(key, expected);
}

/** A dummy hash to spend the same time on unknown usernames as on known ones. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newUid = () => randomUUID();
