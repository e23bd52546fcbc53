import { describe, expect, it } from 'vitest';
import { addDays, clinicDay, weekdayOf } from './clinic-day.ts';

describe('clinic days', () => {
  it('takes the day in the clinic time zone, not the server one', () => {
    const lateUtc = new Date('2026-11-22T18:30:00Z');
    expect(clinicDay('Asia/Jakarta', lateUtc)).toBe('2026-11-23'); // 01:30 WIB
    expect(clinicDay('UTC', lateUtc)).toBe('2026-11-22');
    expect(clinicDay('Asia/Jayapura', new Date('2026-11-22T14:59:00Z'))).toBe('2026-11-22');
    expect(clinicDay('Asia/Jayapura', new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-23');
  });

  it('counts weekdays from Sunday = 1 and moves across months and years', () => {
    expect(weekdayOf('2026-11-22')).toBe(1); // a Sunday
    expect(weekdayOf('2026-11-28')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
