import { describe, expect, it } from 'vitest';
import { suggestQuantity, timesPerDay, unitsPerDose } from './prescription-rules.ts';

describe('prescription quantity suggestion', () => {
  it('reads times a day from the usual ways of writing a frequency', () => {
    expect(timesPerDay('3x1')).toBe(3);
    expect(timesPerDay('2 x 1')).toBe(2);
    expect(timesPerDay('3x sehari')).toBe(3);
    expect(timesPerDay('3 dd 1')).toBe(3);
    expect(timesPerDay('prn')).toBeNull();
    expect(timesPerDay('bila perlu')).toBeNull();
  });

  it('counts units per dose only when the dose is in the drug unit', () => {
    expect(unitsPerDose('1 tablet', '3x1', 'tablet')).toBe(1);
    expect(unitsPerDose('1/2 tab', '3x1', 'tablet')).toBe(0.5);
    expect(unitsPerDose('2', '3x1', 'kapsul')).toBe(2);
    expect(unitsPerDose('5 ml', '3x1', 'botol')).toBeNull();
    expect(unitsPerDose('', '3x2', 'tablet')).toBe(2);
  });

  it('suggests per-dose count × times a day × days, rounded up', () => {
    expect(suggestQuantity({ dose: '1 tablet', frequency: '3x1', durationDays: 5, unit: 'tablet' })).toBe(15);
    expect(suggestQuantity({ dose: '1/2 tablet', frequency: '3x1', durationDays: 3, unit: 'tablet' })).toBe(
      5,
    );
    expect(
      suggestQuantity({ dose: '1 tablet', frequency: 'prn', durationDays: 5, unit: 'tablet' }),
    ).toBeNull();
    expect(
      suggestQuantity({ dose: '1 tablet', frequency: '3x1', durationDays: null, unit: 'tablet' }),
    ).toBeNull();
    expect(suggestQuantity({ dose: '5 ml', frequency: '3x1', durationDays: 5, unit: 'botol' })).toBeNull();
  });
});
