import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (a clinic's SATUSEHAT client secret): AES-256-GCM, a fresh 96-bit nonce per
 * value, sealed as `v1.<base64url(nonce | tag | ciphertext)>`. The optional context (e.g. the
 * clinic id) is authenticated too, so a sealed value copied onto another row does not open.
 */

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;
export const SECRET_KEY_FILE = 'secret.key';

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export function sealSecret(key: Buffer, plaintext: string, context = ''): string {
  assertKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** Opens a sealed value; a wrong key, context or any changed byte throws SecretBoxError. */
export function openSecret(key: Buffer, sealed: string, context = ''): string {
  assertKey(key);
  const [version, payload] = sealed.split('.', 2);
  if (version !== VERSION || !payload) throw new SecretBoxError('not a sealed secret');
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretBoxError('sealed secret too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretBoxError('sealed secret does not open with this key (changed or foreign)');
  }
}

/** A key given as base64 text, which must decode to exactly 32 bytes. */
export function decodeSecretsKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== SECRETS_KEY_BYTES) {
    throw new SecretBoxError(`the secrets key must be ${SECRETS_KEY_BYTES} bytes in base64`);
  }
  return key;
}

/**
 * The server's secrets key: SECRETS_KEY (base64) when set, else DATA_DIR/secret.key, created
 * once with mode 0600. Several servers on one database must share SECRETS_KEY.
 */
export function loadSecretsKey(env: { SECRETS_KEY?: string; DATA_DIR: string }): Buffer {
  if (env.SECRETS_KEY) return decodeSecretsKey(env.SECRETS_KEY);
  const file = path.join(env.DATA_DIR, SECRET_KEY_FILE);
  try {
    return decodeSecretsKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    // another process created it first: use theirs
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return decodeSecretsKey(readFileSync(file, 'utf8'));
}

function assertKey(key: Buffer): void {
  if (key.length !== SECRETS_KEY_BYTES)
    throw new SecretBoxError(`the key must be ${SECRETS_KEY_BYTES} bytes`);
}
