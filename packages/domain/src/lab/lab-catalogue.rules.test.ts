import { describe, expect, it } from 'vitest';
import {
  ageInDays,
  daysToYears,
  findRangeOverlap,
  flagValue,
  isLoincCode,
  limitIssues,
  pickRange,
  type RangeLimits,
  type ReferenceRange,
  rangeTypeIssues,
} from './lab-catalogue.rules.ts';
import { labParameterSaveSchema, labRangeInputSchema } from './lab-catalogue.schema.ts';
import {
  calculate,
  type FormulaSibling,
  formulaIssue,
  formulasReading,
  parseFormula,
  roundTo,
} from './lab-formula.rules.ts';

const NONE: RangeLimits = {
  low: null,
  high: null,
  criticalLow: null,
  criticalHigh: null,
  impossibleLow: null,
  impossibleHigh: null,
  normalText: null,
};
const range = (over: Partial<ReferenceRange>): ReferenceRange => ({
  sex: 'any',
  ageFromDays: 0,
  ageToDays: null,
  ...NONE,
  ...over,
});

// haemoglobin as the demo seeds it: children by age for any sex, adults by sex
const HB = [
  range({ ageFromDays: 0, ageToDays: 30, low: 13.5, high: 21.5 }),
  range({ ageFromDays: 30, ageToDays: 365, low: 9.5, high: 13.5 }),
  range({ ageFromDays: 365, ageToDays: 4383, low: 11, high: 15.5 }),
  range({ sex: 'male', ageFromDays: 4383, low: 13, high: 17, criticalLow: 7.1, impossibleHigh: 25 }),
  range({ sex: 'female', ageFromDays: 4383, low: 12, high: 16, criticalLow: 7.1, impossibleHigh: 25 }),
];

describe('picking the reference range', () => {
  it('takes the band of the patient’s sex and age in days', () => {
    expect(pickRange(HB, { sex: 'M', ageDays: 40 * 365 })?.low).toBe(13);
    expect(pickRange(HB, { sex: 'F', ageDays: 40 * 365 })?.low).toBe(12);
    expect(pickRange(HB, { sex: 'F', ageDays: 10 })?.low).toBe(13.5);
    // the band's start belongs to it, its end to the next one
    expect(pickRange(HB, { sex: 'M', ageDays: 30 })?.low).toBe(9.5);
    expect(pickRange(HB, { sex: 'M', ageDays: 29 })?.low).toBe(13.5);
    expect(pickRange(HB, { sex: 'M', ageDays: 4382 })?.low).toBe(11);
    expect(pickRange(HB, { sex: 'M', ageDays: 4383 })?.low).toBe(13);
  });

  it('prefers a band of the patient’s own sex, and has none for an unknown sex of an adult', () => {
    const ranges = [range({ low: 1 }), range({ sex: 'female', low: 2 })];
    expect(pickRange(ranges, { sex: 'F', ageDays: 100 })?.low).toBe(2);
    expect(pickRange(ranges, { sex: 'M', ageDays: 100 })?.low).toBe(1);
    expect(pickRange(HB, { sex: null, ageDays: 40 * 365 })).toBeNull();
    expect(pickRange([], { sex: 'M', ageDays: 1 })).toBeNull();
  });

  it('counts age in whole days from the date of birth', () => {
    expect(ageInDays('2026-01-01', '2026-01-31')).toBe(30);
    expect(ageInDays('2024-02-28', '2025-02-28')).toBe(366);
    expect(ageInDays('2026-02-01', '2026-01-31')).toBeNull();
    expect(daysToYears(6574)).toBe(18);
    expect(daysToYears(4383)).toBe(12);
    expect(daysToYears(30)).toBe(0.1);
  });
});

describe('flagging a result', () => {
  const adult = HB[3];
  const platelets = range({ low: 150, high: 450, criticalLow: 51, criticalHigh: 600, impossibleHigh: 5000 });

  it('flags low, high and critical, the limits themselves being inside', () => {
    expect(flagValue(14, adult)).toBe('N');
    expect(flagValue(13, adult)).toBe('N');
    expect(flagValue(17, adult)).toBe('N');
    expect(flagValue(12.9, adult)).toBe('L');
    expect(flagValue(17.1, adult)).toBe('H');
    // Hb ≤ 7.0 g/dL is critical (§1.4): the limit 7.1 at one decimal
    expect(flagValue(7.0, adult)).toBe('LL');
    expect(flagValue(7.1, adult)).toBe('L');
    expect(flagValue(50, platelets)).toBe('LL');
    expect(flagValue(600, platelets)).toBe('H');
    expect(flagValue(601, platelets)).toBe('HH');
  });

  it('refuses a physiologically impossible value', () => {
    expect(flagValue(25.1, adult)).toBe('impossible');
    expect(flagValue(25, adult)).toBe('H');
    expect(flagValue(-1, range({ low: 0, high: 5, impossibleLow: 0 }))).toBe('impossible');
  });

  it('compares a text result with the normal text, case and spaces aside', () => {
    const negative = range({ normalText: 'Negatif' });
    expect(flagValue(' negatif ', negative)).toBe('N');
    expect(flagValue('+2', negative)).toBe('A');
    expect(flagValue('+2', range({}))).toBeNull();
  });

  it('says nothing without a range or without normal limits', () => {
    expect(flagValue(5, null)).toBeNull();
    expect(flagValue(5, range({ impossibleHigh: 100 }))).toBeNull();
    expect(flagValue(500, range({ impossibleHigh: 100 }))).toBe('impossible');
  });
});

describe('formulas', () => {
  const friedewald = parseFormula('CHOL - HDL - TG / 5 if TG < 400');

  it('computes LDL by Friedewald and gives no value when TG is 400 or more', () => {
    if ('error' in friedewald) throw new Error('unreadable');
    expect(friedewald.codes.sort()).toEqual(['CHOL', 'HDL', 'TG']);
    expect(calculate(friedewald, { CHOL: 220, HDL: 45, TG: 150 })).toBe(145);
    expect(calculate(friedewald, { CHOL: 220, HDL: 45, TG: 399 })).toBeCloseTo(95.2);
    expect(calculate(friedewald, { CHOL: 220, HDL: 45, TG: 400 })).toBeNull();
    expect(calculate(friedewald, { CHOL: 220, HDL: 45, TG: 650 })).toBeNull();
    // a result it reads is missing
    expect(calculate(friedewald, { CHOL: 220, TG: 150 })).toBeNull();
  });

  it('keeps precedence, parentheses, unary minus and case-insensitive codes', () => {
    const value = (source: string, values: Record<string, number>) => {
      const f = parseFormula(source);
      if ('error' in f) throw new Error(`unreadable ${source}`);
      return calculate(f, values);
    };
    expect(value('a + b * 2', { A: 1, B: 3 })).toBe(7);
    expect(value('(a + b) * 2', { A: 1, B: 3 })).toBe(8);
    expect(value('-a - -b', { A: 1, B: 3 })).toBe(2);
    expect(value('A / B', { A: 1, B: 0 })).toBeNull();
    expect(value('.5 * A', { A: 4 })).toBe(2);
    expect(value('A if A >= 1 and B <= 2', { A: 4, B: 2 })).toBe(4);
    expect(value('A if A >= 1 and B <= 2', { A: 4, B: 3 })).toBeNull();
  });

  it('refuses what it cannot read, naming the position', () => {
    expect(parseFormula('CHOL - ')).toEqual({ error: 'labCatalogue.formulaSyntax', at: 7 });
    expect(parseFormula('CHOL ** 2')).toEqual({ error: 'labCatalogue.formulaSyntax', at: 7 });
    expect(parseFormula('(CHOL - HDL')).toEqual({ error: 'labCatalogue.formulaSyntax', at: 12 });
    expect(parseFormula('CHOL; drop')).toEqual({ error: 'labCatalogue.formulaSyntax', at: 5 });
    expect(parseFormula('CHOL HDL')).toEqual({ error: 'labCatalogue.formulaSyntax', at: 6 });
    expect(parseFormula('CHOL if TG')).toEqual({ error: 'labCatalogue.formulaSyntax', at: 11 });
    expect(parseFormula('alert(1)')).toHaveProperty('error');
  });

  it('accepts only active number parameters of the same test, never itself or a cycle', () => {
    const lipid: FormulaSibling[] = [
      { code: 'CHOL', resultType: 'number', formula: null, active: true },
      { code: 'HDL', resultType: 'number', formula: null, active: true },
      { code: 'TG', resultType: 'number', formula: null, active: true },
      { code: 'LDL', resultType: 'number', formula: 'CHOL - HDL - TG / 5 if TG < 400', active: true },
      { code: 'OLD', resultType: 'number', formula: null, active: false },
      { code: 'NOTE', resultType: 'text', formula: null, active: true },
    ];
    expect(formulaIssue('LDL', 'CHOL - HDL - TG / 5 if TG < 400', lipid)).toBeNull();
    expect(formulaIssue('NONHDL', 'chol - hdl', lipid)).toBeNull();
    expect(formulaIssue('LDL', 'CHOL - GLU', lipid)).toEqual({
      key: 'labCatalogue.formulaUnknownCode',
      params: { code: 'GLU' },
    });
    expect(formulaIssue('LDL', 'CHOL - OLD', lipid)?.params).toEqual({ code: 'OLD' });
    expect(formulaIssue('LDL', 'CHOL - NOTE', lipid)?.key).toBe('labCatalogue.formulaNotNumber');
    expect(formulaIssue('LDL', 'LDL * 2', lipid)?.key).toBe('labCatalogue.formulaSelf');
    // HDL computed from LDL, which is computed from HDL
    expect(formulaIssue('HDL', 'LDL / 2', lipid)).toEqual({
      key: 'labCatalogue.formulaCycle',
      params: { code: 'LDL' },
    });
    expect(formulaIssue('LDL', 'CHOL -', lipid)).toEqual({
      key: 'labCatalogue.formulaSyntax',
      params: { at: 7 },
    });
    expect(formulasReading('tg', lipid)).toEqual(['LDL']);
    expect(formulasReading('LDL', lipid)).toEqual([]);
  });

  it('rounds half away from zero to the parameter’s decimals', () => {
    expect(roundTo(95.25, 1)).toBe(95.3);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(144.5, 0)).toBe(145);
  });
});

describe('range limits', () => {
  it('wants impossible ≤ critical ≤ normal ≤ critical ≤ impossible, blaming the outer limit', () => {
    expect(
      limitIssues({
        low: 13,
        high: 17,
        criticalLow: 7,
        criticalHigh: 20,
        impossibleLow: 0,
        impossibleHigh: 25,
      }),
    ).toEqual([]);
    expect(limitIssues({ low: 13, high: 12 })).toEqual([{ field: 'high', key: 'labCatalogue.highBelowLow' }]);
    expect(limitIssues({ low: 13, high: 17, criticalLow: 14 })).toEqual([
      { field: 'criticalLow', key: 'labCatalogue.criticalInside' },
    ]);
    expect(limitIssues({ low: 13, high: 17, criticalHigh: 16 })).toEqual([
      { field: 'criticalHigh', key: 'labCatalogue.criticalInside' },
    ]);
    // without a critical limit the impossible one is compared with the normal range
    expect(limitIssues({ low: 13, high: 17, impossibleHigh: 15 })).toEqual([
      { field: 'impossibleHigh', key: 'labCatalogue.impossibleInside' },
    ]);
    expect(limitIssues({ criticalLow: 7, impossibleLow: 8, low: 13 })).toEqual([
      { field: 'impossibleLow', key: 'labCatalogue.impossibleInside' },
    ]);
  });

  it('finds overlapping age bands of one sex, a band for any sex clashing with both', () => {
    expect(findRangeOverlap(HB)).toBeNull();
    expect(findRangeOverlap([range({ sex: 'male', ageToDays: 365 }), range({ sex: 'female' })])).toBeNull();
    expect(
      findRangeOverlap([
        range({ sex: 'male', ageFromDays: 0, ageToDays: 365 }),
        range({ sex: 'female', ageFromDays: 0, ageToDays: 365 }),
        range({ sex: 'male', ageFromDays: 300, ageToDays: 730 }),
      ]),
    ).toEqual({
      path: 'ranges.2.ageFromDays',
      key: 'labCatalogue.rangeOverlap',
      params: { row: 3, band: '300–730', other: 1, otherBand: '0–365' },
    });
    expect(
      findRangeOverlap([range({ sex: 'female', ageFromDays: 6570 }), range({ ageFromDays: 4383 })]),
    ).toEqual({
      path: 'ranges.1.ageFromDays',
      key: 'labCatalogue.rangeOverlap',
      params: { row: 2, band: '≥ 4383', other: 1, otherBand: '≥ 6570' },
    });
  });

  it('keeps numbers to number parameters and a choice’s normal text among its choices', () => {
    expect(rangeTypeIssues('choice', ['Negatif', 'Positif'], [{ ...NONE, normalText: 'negatif' }])).toEqual(
      [],
    );
    expect(rangeTypeIssues('choice', ['Negatif', 'Positif'], [{ ...NONE, normalText: 'Normal' }])).toEqual([
      { path: 'ranges.0.normalText', key: 'labCatalogue.normalTextNotAChoice' },
    ]);
    expect(rangeTypeIssues('text', null, [{ ...NONE, high: 5 }])).toEqual([
      { path: 'ranges.0.high', key: 'labCatalogue.limitsOnlyForNumbers' },
    ]);
    expect(rangeTypeIssues('number', null, [{ ...NONE, low: 1, high: 5 }])).toEqual([]);
  });

  it('says so in the range row’s schema, field by field', () => {
    const parsed = labRangeInputSchema.safeParse({
      sex: 'male',
      ageFromDays: 365,
      ageToDays: 365,
      ...NONE,
      low: 13,
      high: 12,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ageToDays', 'labCatalogue.ageToAfterFrom'],
      ['high', 'labCatalogue.highBelowLow'],
    ]);
  });
});

describe('the parameter schema', () => {
  const base = {
    code: ' hb ',
    nameId: 'Hemoglobin',
    nameEn: 'Haemoglobin',
    unit: 'g/dL',
    resultType: 'number' as const,
    decimals: 1,
    printOrder: 10,
    loinc: '718-7',
  };

  it('upper-cases the code and checks the LOINC check digit', () => {
    const ok = labParameterSaveSchema.parse(base);
    expect(ok).toMatchObject({ code: 'HB', loinc: '718-7', specimen: null, choices: null, formula: null });
    const bad = labParameterSaveSchema.safeParse({ ...base, loinc: '718-6' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['labCatalogue.loincFormat']);
    expect(labParameterSaveSchema.parse({ ...base, loinc: '' }).loinc).toBeNull();
  });

  it('wants choices for a choice parameter only, and formulas for numbers only', () => {
    const messages = (over: object) =>
      labParameterSaveSchema.safeParse({ ...base, ...over }).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ resultType: 'choice' })).toEqual(['labCatalogue.choicesRequired']);
    expect(messages({ resultType: 'choice', choices: ['Negatif', 'negatif'] })).toEqual([
      'labCatalogue.choicesTwice',
    ]);
    expect(messages({ choices: ['Negatif'] })).toEqual(['labCatalogue.choicesOnlyForChoice']);
    expect(messages({ resultType: 'text', formula: 'A + B' })).toEqual([
      'labCatalogue.formulaOnlyForNumbers',
    ]);
    expect(messages({ code: 'IF' })).toEqual(['labCatalogue.codeFormat']);
    expect(messages({ code: '1HB' })).toEqual(['labCatalogue.codeFormat']);
  });
});

describe('LOINC check digits', () => {
  it('accepts the demo’s codes and refuses a slip', () => {
    for (const code of ['718-7', '4544-3', '6690-2', '777-3', '2093-3', '13457-7', '1521-4', '5196-1']) {
      expect(isLoincCode(code), code).toBe(true);
    }
    expect(isLoincCode('718-8')).toBe(false);
    expect(isLoincCode('7187')).toBe(false);
  });
});
