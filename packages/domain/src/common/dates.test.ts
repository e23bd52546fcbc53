import { describe, expect, it } from 'vitest';
import {
  dateSchema,
  daysBetween,
  dayToDmy,
  dmyToDay,
  fromDDMMYYYY,
  parseDay,
  toDDMMYYYY,
  toDMY,
  toMMDDYYYY,
} from './dates.ts';

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

  // issue 13: startDate=31_12_9999 answered 500 (one day later overflows the database's dates)
  it('reads only real dates of 1900–2100, in every format', () => {
    expect(dmyToDay('31_12_9999')).toBeNull();
    expect(dmyToDay('1_1_1900')).toBe('1900-01-01');
    expect(dmyToDay('31_12_2100')).toBe('2100-12-31');
    expect(dmyToDay('31_12_1899')).toBeNull();
    expect(parseDay('ddmmyyyy', '29/02/2024')).toBe('2024-02-29');
    expect(parseDay('ddmmyyyy', '29/02/2100')).toBeNull();
    expect(parseDay('iso', '0001-01-01')).toBeNull();
    expect(parseDay('mmddyyyy', '01012101')).toBeNull();
    expect(parseDay('mmddyyyy', '03052026')).toBe('2026-03-05');
    expect(daysBetween('2026-01-31', '2026-03-03')).toBe(31);
  });

  it('answers one message per problem: the format, an impossible day, the years', () => {
    const messages = (format: Parameters<typeof dateSchema>[0], text: string) => {
      const result = dateSchema(format, 'fmt').safeParse(text);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(messages('dmy', '5_3_2026')).toEqual([]);
    expect(messages('dmy', '2026-03-05')).toEqual(['fmt']);
    expect(messages('dmy', '31_02_2025')).toEqual(['fmt']);
    expect(messages('dmy', '31_12_9999')).toEqual(['validation.dateYears']);
    expect(messages('ddmmyyyy', '01/01/0001')).toEqual(['validation.dateYears']);
    expect(messages('iso', '2101-01-01')).toEqual(['validation.dateYears']);
    expect(messages('mmddyyyy', '12311899')).toEqual(['validation.dateYears']);
    expect(dateSchema('dmy').parse(' 5_3_2026 ')).toBe('5_3_2026');
  });
});
