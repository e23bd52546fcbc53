import { describe, expect, it } from 'vitest';
import { menusGranting } from '../access/permissions.ts';
import {
  clinicTime,
  firstOverlap,
  formatHours,
  insideSlots,
  quotaReached,
  scheduleWarnings,
  sortSlots,
  weekDays,
  weekStart,
} from './service-hours.rules.ts';
import { scheduleCheckQuerySchema, serviceDaySaveSchema } from './service-hours.schema.ts';

const SPLIT = ['08:00 - 12:00', '16:00 - 20:00'];

describe('a time inside a day’s periods', () => {
  it('counts from the start and stops before the end', () => {
    expect(insideSlots(SPLIT, '08:00')).toBe(true);
    expect(insideSlots(SPLIT, '11:59')).toBe(true);
    expect(insideSlots(SPLIT, '12:00')).toBe(false);
    expect(insideSlots(SPLIT, '13:30')).toBe(false);
    expect(insideSlots(SPLIT, '16:00')).toBe(true);
    expect(insideSlots(SPLIT, '23:30')).toBe(false);
    expect(insideSlots([], '09:00')).toBe(false);
  });
});

describe('overlapping periods', () => {
  it('names the later period and the one it clashes with; touching ends are fine', () => {
    expect(firstOverlap(SPLIT)).toBeNull();
    expect(firstOverlap(['08:00 - 12:00', '12:00 - 14:00'])).toBeNull();
    expect(firstOverlap(['08:00 - 12:00', '15:00 - 19:00', '11:00 - 13:00'])).toEqual({
      index: 2,
      slot: '11:00 - 13:00',
      other: '08:00 - 12:00',
    });
    expect(firstOverlap(['09:00 - 10:00', '08:00 - 17:00'])?.other).toBe('09:00 - 10:00');
  });

  it('sorts periods by start', () => {
    expect(sortSlots(['15:00 - 19:00', '08:00 - 12:00'])).toEqual(['08:00 - 12:00', '15:00 - 19:00']);
  });
});

describe('capacity', () => {
  it('is reached at the limit and beyond; 0 means no limit', () => {
    expect(quotaReached(20, 19)).toBe(false);
    expect(quotaReached(20, 20)).toBe(true);
    expect(quotaReached(20, 23)).toBe(true);
    expect(quotaReached(0, 500)).toBe(false);
  });
});

describe('clinic time and weeks', () => {
  it('reads the clinic-local time of an instant', () => {
    const at = new Date('2026-03-02T16:30:00Z');
    expect(clinicTime('Asia/Jakarta', at)).toBe('23:30');
    expect(clinicTime('Asia/Makassar', at)).toBe('00:30');
    expect(clinicTime('Asia/Jakarta', new Date('2026-03-02T17:05:00Z'))).toBe('00:05');
  });

  it('starts a week on Monday', () => {
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
    expect(weekStart('2026-03-05')).toBe('2026-03-02');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(weekStart('2026-03-09')).toBe('2026-03-09');
    expect(weekDays('2026-02-23')).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});

describe('front-office warnings', () => {
  const doctor = { kind: 'doctor' as const, name: 'dr. Alexander Wijaya' };

  it('warns of a doctor outside practice hours, naming the hours and the time', () => {
    expect(scheduleWarnings({ target: doctor, slots: SPLIT, limit: 30, booked: 2, time: '23:30' })).toEqual([
      {
        code: 'doctorOutsideHours',
        params: { name: 'dr. Alexander Wijaya', hours: '08:00–12:00, 16:00–20:00', time: '23:30' },
      },
    ]);
    expect(scheduleWarnings({ target: doctor, slots: SPLIT, limit: 30, booked: 2, time: '09:15' })).toEqual(
      [],
    );
  });

  it('warns of a doctor who does not practise that day, and of a full day', () => {
    expect(scheduleWarnings({ target: doctor, slots: [], limit: 0, booked: 0, time: '09:00' })).toEqual([
      { code: 'doctorNotPractising', params: { name: 'dr. Alexander Wijaya' } },
    ]);
    expect(scheduleWarnings({ target: doctor, slots: SPLIT, limit: 20, booked: 20, time: '09:00' })).toEqual([
      { code: 'quotaReached', params: { limit: 20, booked: 20 } },
    ]);
  });

  it('warns of a closed desk, a desk outside its hours and its capacity', () => {
    const lab = { kind: 'desk' as const, serviceType: 'LAB' as const };
    expect(scheduleWarnings({ target: lab, slots: [], limit: 0, booked: 0, time: '10:00' })).toEqual([
      { code: 'deskClosed', params: { desk: 'LAB' } },
    ]);
    expect(
      scheduleWarnings({ target: lab, slots: ['07:00 - 14:00'], limit: 60, booked: 61, time: '14:00' }),
    ).toEqual([
      { code: 'deskOutsideHours', params: { desk: 'LAB', hours: '07:00–14:00', time: '14:00' } },
      { code: 'quotaReached', params: { limit: 60, booked: 61 } },
    ]);
  });

  it('formats hours as staff read them', () => {
    expect(formatHours(SPLIT)).toBe('08:00–12:00, 16:00–20:00');
  });
});

describe('schemas', () => {
  it('checks a day with the doctor schedule’s slot messages', () => {
    const issues = (body: unknown) =>
      serviceDaySaveSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ clinicId: 10, capacity: 60, slots: ['07:00 - 14:00'] })).toBeUndefined();
    expect(issues({ clinicId: 10, capacity: 0, slots: [] })).toBeUndefined();
    expect(issues({ clinicId: 10, capacity: -1, slots: ['14:00 - 07:00', '7:00-8:00', ' - '] })).toEqual([
      ['capacity', 'validation.wholeNumber'],
      ['slots.0', 'validation.slotOrder'],
      ['slots.1', 'validation.slotFormat'],
      ['slots.2', 'All field must be filled'],
    ]);
    expect(issues({ clinicId: 10, slots: [] })).toEqual([['capacity', 'validation.required']]);
  });

  it('checks exactly one of a doctor or a desk', () => {
    expect(scheduleCheckQuerySchema.safeParse({ clinicId: '10', doctorId: '3' }).success).toBe(true);
    expect(scheduleCheckQuerySchema.safeParse({ clinicId: '10', serviceType: 'LAB' }).success).toBe(true);
    expect(scheduleCheckQuerySchema.safeParse({ clinicId: '10' }).success).toBe(false);
    expect(
      scheduleCheckQuerySchema.safeParse({ clinicId: '10', doctorId: '3', serviceType: 'LAB' }).success,
    ).toBe(false);
    expect(
      scheduleCheckQuerySchema.safeParse({ clinicId: '10', doctorId: '3', at: '2026-03-02T23:30:00+07:00' })
        .success,
    ).toBe(true);
    expect(scheduleCheckQuerySchema.safeParse({ clinicId: '10', doctorId: '3', at: 'tonight' }).success).toBe(
      false,
    );
  });
});

describe('who may ask for the warnings', () => {
  it('is every menu that registers a visit: each also grants service.read', () => {
    const readers = menusGranting('service.read');
    expect(menusGranting('registration.create').filter((menu) => !readers.includes(menu))).toEqual([]);
  });
});
