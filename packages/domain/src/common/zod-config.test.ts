import { describe, expect, it } from 'vitest';
import { loginSchema } from '../auth/auth.schema.ts';

describe('shared zod messages', () => {
  it('gives issues without a message of their own an i18n key, wherever a schema is loaded', () => {
    const result = loginSchema.safeParse({ username: 'dokter' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'validation.required'],
    ]);
    const wrongType = loginSchema.safeParse({ username: 5, password: 'x' });
    expect(wrongType.error?.issues[0].message).toBe('validation.invalid');
  });
});
