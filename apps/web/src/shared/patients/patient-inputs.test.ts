import { describe, expect, it } from 'vitest';
import { personFromNik } from './patient-inputs.ts';

describe('personFromNik', () => {
  const today = new Date(2026, 5, 15);

  it('reads sex and birth date from a valid NIK (a woman adds 40 to the day)', () => {
    expect(personFromNik('3171011505900001', today)).toEqual({ sex: 'M', dob: '15/05/1990' });
    expect(personFromNik('3171014107850003', today)).toEqual({ sex: 'F', dob: '01/07/1985' });
  });

  it('takes this century unless that puts the birth after today', () => {
    expect(personFromNik('3171011505200001', today)).toEqual({ sex: 'M', dob: '15/05/2020' });
    expect(personFromNik('3171011512260001', today)).toEqual({ sex: 'M', dob: '15/12/1926' });
  });

  it('gives nothing for a NIK that is incomplete or not valid', () => {
    expect(personFromNik('317101150590', today)).toBeNull();
    expect(personFromNik('3171013113900001', today)).toBeNull();
    expect(personFromNik('3171011505900000', today)).toBeNull();
  });
});
