import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSecretsKey, openSecret, SecretBoxError, sealSecret } from './secret-box.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'klinikita-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secret box', () => {
  const key = Buffer.alloc(32, 7);

  it('opens what it sealed, never the same text twice', () => {
    const a = sealSecret(key, 'rahasia-klinik', 'clinic:10');
    const b = sealSecret(key, 'rahasia-klinik', 'clinic:10');
    expect(a).not.toBe(b);
    expect(a).not.toContain('rahasia');
    expect(openSecret(key, a, 'clinic:10')).toBe('rahasia-klinik');
    expect(openSecret(key, b, 'clinic:10')).toBe('rahasia-klinik');
  });

  it('refuses a changed byte, another key or another context', () => {
    const sealed = sealSecret(key, 'rahasia-klinik', 'clinic:10');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    for (const i of [0, 14, raw.length - 1]) {
      const changed = Buffer.from(raw);
      changed[i] ^= 1;
      expect(() => openSecret(key, `v1.${changed.toString('base64url')}`, 'clinic:10')).toThrow(
        SecretBoxError,
      );
    }
    expect(() => openSecret(Buffer.alloc(32, 8), sealed, 'clinic:10')).toThrow(SecretBoxError);
    expect(() => openSecret(key, sealed, 'clinic:11')).toThrow(SecretBoxError);
    expect(() => openSecret(key, 'plain text', 'clinic:10')).toThrow(SecretBoxError);
  });

  it('takes SECRETS_KEY when set and refuses one of the wrong size', () => {
    const given = Buffer.alloc(32, 3);
    expect(loadSecretsKey({ SECRETS_KEY: given.toString('base64'), DATA_DIR: dir }).equals(given)).toBe(true);
    expect(() => loadSecretsKey({ SECRETS_KEY: Buffer.alloc(16).toString('base64'), DATA_DIR: dir })).toThrow(
      /32 bytes/,
    );
  });

  it('otherwise creates DATA_DIR/secret.key once, readable by the owner only', () => {
    const dataDir = path.join(dir, 'data');
    const first = loadSecretsKey({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(loadSecretsKey({ DATA_DIR: dataDir }).equals(first)).toBe(true);
  });
});
