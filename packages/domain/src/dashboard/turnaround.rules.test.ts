import { describe, expect, it } from 'vitest';
import { spanEnding, TURNAROUND_TARGETS, turnaroundRange, withinPercent } from './turnaround.rules.ts';
import { turnaroundQuerySchema } from './turnaround.schema.ts';

describe('turnaroundRange', () => {
  it('defaults to the clinic’s today, and a single day when one end is given', () => {
    expect(turnaroundRange('2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(turnaroundRange('2026-11-26', '2026-11-20')).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(turnaroundRange('2026-11-26', undefined, '2026-11-20')).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
    });
  });

  it('allows 31 days with both ends counted, refuses 32 and a reversed range', () => {
    expect(turnaroundRange('2026-11-26', '2026-01-01', '2026-01-31')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(turnaroundRange('2026-11-26', '2026-01-01', '2026-02-01')).toEqual({
      error: 'turnaround.rangeTooLong',
    });
    expect(turnaroundRange('2026-11-26', '2026-02-03', '2026-02-01')).toEqual({
      error: 'turnaround.rangeOrder',
    });
  });
});

describe('withinPercent', () => {
  it('is the share with one decimal, none without a standard or without intervals', () => {
    expect(withinPercent(1, 3)).toBe(33.3);
    expect(withinPercent(2, 2)).toBe(100);
    expect(withinPercent(0, 0)).toBeNull();
    expect(withinPercent(null, 5)).toBeNull();
  });
});

describe('the standards and the quick ranges', () => {
  it('holds the pharmacy standard of 30 and 60 minutes only', () => {
    expect(TURNAROUND_TARGETS).toEqual({ pharmacyNonRacikan: 30, pharmacyRacikan: 60 });
  });

  it('counts today in the last 7 days', () => {
    expect(spanEnding('2026-03-02', 7)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(spanEnding('2026-03-02', 1)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
  });
});

describe('turnaroundQuerySchema', () => {
  it('reads the clinic and ISO days, refusing another format and a long range on `to`', () => {
    expect(turnaroundQuerySchema.parse({ clinicId: '10' })).toEqual({ clinicId: 10 });
    const bad = turnaroundQuerySchema.safeParse({ clinicId: '10', from: '03/02/2026' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['from', 'turnaround.dateFormat'],
    ]);
    const long = turnaroundQuerySchema.safeParse({ clinicId: 10, from: '2026-01-01', to: '2026-02-01' });
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', 'turnaround.rangeTooLong'],
    ]);
  });
});
