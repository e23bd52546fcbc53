import { describe, expect, it } from 'vitest';
import { dayToDmy, dmyToDay, fromDDMMYYYY, toDDMMYYYY, toDMY, toMMDDYYYY } from './dates.ts';

describe('date formats (spec 5, 7, 9)', () => {
  it('writes D_M_Y from a local date, without leading zeros', () => {
    expect(toDMY(new Date(2026, 2, 5))).toBe('5_3_2026');
    expect(toDMY(new Date(2026, 11, 31))).toBe('31_12_2026');
  });

  it('reads and writes D_M_Y as a day and refuses impossible dates', () => {
    expect(dmyToDay('5_3_2026')).toBe('2026-03-05');
    expect(dmyToDay(' 05_03_2026 ')).toBe('2026-03-05');
    expect(dmyToDay('29_2_2028')).toBe('2028-02-29');
    expect(dmyToDay('31_2_2026')).toBeNull();
    expect(dmyToDay('2026-03-05')).toBeNull();
    expect(dayToDmy('2026-03-05')).toBe('5_3_2026');
  });

  it('writes DD/MM/YYYY from a day or a timestamp; null stays null', () => {
    expect(toDDMMYYYY('2026-03-05')).toBe('05/03/2026');
    expect(toDDMMYYYY('2026-03-05T10:00:00.000Z')).toBe('05/03/2026');
    expect(toDDMMYYYY(null)).toBeNull();
    expect(toDDMMYYYY('')).toBeNull();
  });

  it('reads DD/MM/YYYY as a day; an empty text clears, undefined leaves', () => {
    expect(fromDDMMYYYY('05/03/2026')).toBe('2026-03-05');
    expect(fromDDMMYYYY('')).toBeNull();
    expect(fromDDMMYYYY(undefined)).toBeUndefined();
  });

  it('writes MMDDYYYY for uploads', () => {
    expect(toMMDDYYYY(new Date(2026, 2, 5))).toBe('03052026');
    expect(toMMDDYYYY(new Date(2026, 10, 25))).toBe('11252026');
  });
});
