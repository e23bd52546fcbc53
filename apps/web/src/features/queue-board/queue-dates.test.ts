import { describe, expect, it } from 'vitest';
import { clinicTime, clinicToday, dayToDMY, nextDay, oneDayRange } from './queue-dates.ts';

describe('queue dates', () => {
  it("takes today from the clinic's zone, not the browser's", () => {
    // 23:30 UTC on 4 March is already 5 March in Jakarta (UTC+7) and 6:30 in Jayapura (UTC+9)
    const at = new Date('2026-03-04T23:30:00Z');
    expect(clinicToday('Asia/Jakarta', at)).toBe('2026-03-05');
    expect(clinicToday('UTC', at)).toBe('2026-03-04');
    expect(clinicTime('2026-03-04T23:30:00Z', 'Asia/Jayapura')).toBe('08:30');
  });

  it('sends one day as D_M_Y with the end one day later', () => {
    expect(dayToDMY('2026-03-05')).toBe('5_3_2026');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(oneDayRange('2026-03-31')).toEqual({ startDate: '31_3_2026', endDate: '1_4_2026' });
  });
});
