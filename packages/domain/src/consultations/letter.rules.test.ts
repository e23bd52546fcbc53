import { describe, expect, it } from 'vitest';
import { MAX_REST_DAYS, restFromProblem, restFromRange, restUntil } from './letter.rules.ts';
import { letterCreateSchema } from './letter.schema.ts';

describe('sick-leave dates', () => {
  it('start on the visit day or the day after, never before it', () => {
    expect(restFromRange('2026-12-31')).toEqual({ min: '2026-12-31', max: '2027-01-01' });
    expect(restFromProblem('2026-03-10', '2026-03-10')).toBeNull();
    expect(restFromProblem('2026-03-10', '2026-03-11')).toBeNull();
    expect(restFromProblem('2026-03-10', '2001-01-01')).toBe('letters.restFromBeforeVisit');
    expect(restFromProblem('2026-03-10', '2026-03-09')).toBe('letters.restFromBeforeVisit');
    expect(restFromProblem('2026-03-10', '2026-03-12')).toBe('letters.restFromTooLate');
  });

  it('end on or after the start, within two weeks', () => {
    expect(restUntil('2026-02-27', 1)).toBe('2026-02-27');
    expect(restUntil('2026-02-27', MAX_REST_DAYS)).toBe('2026-03-12');
    const sick = { kind: 'sick', encounterId: 'e1', restFrom: '2026-03-10' };
    expect(letterCreateSchema.safeParse({ ...sick, restDays: MAX_REST_DAYS }).success).toBe(true);
    for (const restDays of [0, MAX_REST_DAYS + 1, 1.5]) {
      const parsed = letterCreateSchema.safeParse({ ...sick, restDays });
      expect(new Set(parsed.error?.issues.map((i) => i.message))).toEqual(new Set(['letters.restDaysRange']));
    }
  });
});
