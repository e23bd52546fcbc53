import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { id } from '../i18n/id.ts';
import { issueKey, SATUSEHAT_KNOWN_ISSUES, worstState } from './satusehat-sync.rules.ts';
import { SATUSEHAT_BLOCKED_REASONS } from './satusehat-sync.schema.ts';

describe('SATUSEHAT sync rules', () => {
  it('explains the known issue codes in both languages, and no unknown one', () => {
    expect(issueKey('code-invalid')).toBe('satusehatSync.issues.code-invalid');
    expect(issueKey('informational')).toBeNull();
    expect(issueKey(null)).toBeNull();
    for (const code of SATUSEHAT_KNOWN_ISSUES) {
      expect(id.satusehatSync.issues[code]).toBeTruthy();
      expect(en.satusehatSync.issues[code]).toBeTruthy();
    }
    for (const reason of SATUSEHAT_BLOCKED_REASONS) expect(id.satusehatSync.blocked[reason]).toBeTruthy();
  });

  it('takes the worst state of a visit’s deliveries', () => {
    expect(worstState(['accepted', 'waiting', 'blocked'])).toBe('blocked');
    expect(worstState(['blocked', 'refused'])).toBe('refused');
    expect(worstState(['accepted'])).toBe('accepted');
    expect(worstState([])).toBeNull();
  });
});
