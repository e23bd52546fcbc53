import { describe, expect, it } from 'vitest';
import { ageLabel, ageParts, cutName, queueNumberPart } from './patient.rules.ts';

const at = new Date(2026, 10, 22);
const born = (years: number, months = 0) => new Date(2026 - years, 10 - months, 22);

describe('age label (spec 9)', () => {
  it('follows the thresholds', () => {
    expect(ageLabel(born(1, 11), 'M', at)).toBe('By');
    expect(ageLabel(born(2), 'F', at)).toBe('An');
    expect(ageLabel(born(12), 'M', at)).toBe('An');
    expect(ageLabel(born(13), 'M', at)).toBe('Tn');
    expect(ageLabel(born(13), 'F', at)).toBe('Nn');
    expect(ageLabel(born(24), 'F', at)).toBe('Nn');
    expect(ageLabel(born(25), 'F', at)).toBe('Ny');
  });

  it('counts years and months', () => {
    expect(ageParts(born(30, 4), at)).toEqual({ years: 30, months: 4 });
    expect(ageParts(new Date(2026, 9, 23), at)).toEqual({ years: 0, months: 0 });
  });
});

describe('list formatting (spec 2.7)', () => {
  it('cuts names at 15 characters with an ellipsis', () => {
    expect(cutName('Muhammad Rizky Ramadhan')).toBe('Muhammad Rizky ...');
    expect(cutName('Siti')).toBe('Siti');
  });
  it('shows the number part of a queue number', () => {
    expect(queueNumberPart('A-007')).toBe('007');
    expect(queueNumberPart('12')).toBe('12');
  });
});
