import {
  findRangeOverlap,
  flagValue,
  isLoincCode,
  pickRange,
  type ReferenceRange,
  rangeTypeIssues,
} from '@klinikita/domain/lab/lab-catalogue.rules';
import { labParameterSaveSchema, labRangesSaveSchema } from '@klinikita/domain/lab/lab-catalogue.schema';
import { calculate, formulaIssue, parseFormula } from '@klinikita/domain/lab/lab-formula.rules';
import { describe, expect, it } from 'vitest';
import { LAB_TEST_PARAMETERS } from '../../db/seed/lab-catalogue.data.ts';
import type { ParameterSeed } from '../../db/seed/lab-parameter-seed.ts';

/** The demo catalogue obeys the rules the API applies to any catalogue, and says what §1.4 says. */

const rangesOf = (p: ParameterSeed): ReferenceRange[] =>
  p.ranges.map((r) => ({
    sex: r.sex ?? 'any',
    ageFromDays: r.from ?? 0,
    ageToDays: r.to ?? null,
    low: r.low ?? null,
    high: r.high ?? null,
    criticalLow: r.criticalLow ?? null,
    criticalHigh: r.criticalHigh ?? null,
    impossibleLow: r.impossibleLow ?? null,
    impossibleHigh: r.impossibleHigh ?? null,
    normalText: r.normalText ?? null,
  }));
const seeded = (test: string, code: string) => LAB_TEST_PARAMETERS[test].find((p) => p.code === code)!;
const ADULT_MAN: { sex: 'M' | 'F'; ageDays: number } = { sex: 'M', ageDays: 40 * 365 };
const flagFor = (test: string, code: string, value: number | string, patient = ADULT_MAN) =>
  flagValue(value, pickRange(rangesOf(seeded(test, code)), patient));

describe('the demo lab catalogue', () => {
  it('passes the API’s own checks, test by test', () => {
    for (const [test, parameters] of Object.entries(LAB_TEST_PARAMETERS)) {
      const codes = parameters.map((p) => p.code);
      expect(new Set(codes).size, test).toBe(codes.length);
      for (const p of parameters) {
        const where = `${test} ${p.code}`;
        const parsed = labParameterSaveSchema.safeParse({
          code: p.code,
          nameId: p.nameId,
          nameEn: p.nameEn,
          unit: p.unit,
          resultType: p.type ?? 'number',
          decimals: p.decimals ?? 0,
          printOrder: 10,
          loinc: p.loinc,
          specimen: p.specimen,
          container: p.container,
          choices: p.choices,
          formula: p.formula,
        });
        expect(parsed.error?.issues, where).toBeUndefined();
        expect(isLoincCode(p.loinc), where).toBe(true);
        const ranges = rangesOf(p);
        expect(labRangesSaveSchema.safeParse({ ranges }).error?.issues, where).toBeUndefined();
        expect(findRangeOverlap(ranges), where).toBeNull();
        expect(rangeTypeIssues(p.type ?? 'number', p.choices ?? null, ranges), where).toEqual([]);
        if (p.formula) {
          const siblings = parameters.map((s) => ({
            code: s.code,
            resultType: s.type ?? 'number',
            formula: s.formula ?? null,
            active: true,
          }));
          expect(formulaIssue(p.code, p.formula, siblings), where).toBeNull();
        }
      }
    }
  });

  it('flags the critical values of research §1.4', () => {
    expect(flagFor('LAB-DL', 'HB', 7.0)).toBe('LL');
    expect(flagFor('LAB-DL', 'HB', 7.1)).toBe('L');
    expect(flagFor('LAB-DL', 'HB', 25.5)).toBe('impossible');
    expect(flagFor('LAB-DR', 'TROMBO', 50)).toBe('LL');
    expect(flagFor('LAB-DR', 'TROMBO', 600)).toBe('H');
    expect(flagFor('LAB-DR', 'TROMBO', 601)).toBe('HH');
    expect(flagFor('LAB-DR', 'LEU', 0.9)).toBe('LL');
    expect(flagFor('LAB-DR', 'LEU', 1.0)).toBe('L');
    expect(flagFor('LAB-DR', 'LEU', 50.1)).toBe('HH');
    expect(flagFor('LAB-DR', 'HT', 20.9)).toBe('LL');
    expect(flagFor('LAB-DR', 'HT', 60.1)).toBe('HH');
    expect(flagFor('LAB-GDP', 'GDP', 49)).toBe('LL');
    expect(flagFor('LAB-GDS', 'GDS', 251)).toBe('HH');
    expect(flagFor('LAB-GDS', 'GDS', 250)).toBe('H');
  });

  it('picks a child’s haemoglobin range and a woman’s, and reads urine as text', () => {
    expect(flagFor('LAB-DL', 'HB', 12, { sex: 'F', ageDays: 30 * 365 })).toBe('N');
    expect(flagFor('LAB-DL', 'HB', 12, ADULT_MAN)).toBe('L');
    expect(flagFor('LAB-DL', 'HB', 12, { sex: 'M', ageDays: 5 * 365 })).toBe('N');
    expect(flagFor('LAB-DL', 'HB', 12, { sex: 'M', ageDays: 10 })).toBe('L');
    expect(flagFor('LAB-UL', 'PROTEIN', 'Negatif')).toBe('N');
    expect(flagFor('LAB-UL', 'PROTEIN', '+2')).toBe('A');
    expect(flagFor('LAB-UL', 'WARNA', 'Kuning')).toBe('N');
    expect(flagFor('LAB-HBSAG', 'HBSAG', 'Positif')).toBe('A');
  });

  it('calculates LDL by Friedewald, and not from TG 400 on', () => {
    const formula = parseFormula(seeded('LAB-LIPID', 'LDL').formula!);
    if ('error' in formula) throw new Error('unreadable');
    expect(calculate(formula, { CHOL: 240, HDL: 40, TG: 200 })).toBe(160);
    expect(calculate(formula, { CHOL: 240, HDL: 40, TG: 400 })).toBeNull();
  });

  it('keeps blood counts in EDTA, chemistry in plain tubes and urinalysis in a urine pot', () => {
    expect(new Set(LAB_TEST_PARAMETERS['LAB-DL'].map((p) => p.container))).toEqual(new Set(['edta']));
    expect(new Set(LAB_TEST_PARAMETERS['LAB-LIPID'].map((p) => p.container))).toEqual(new Set(['plain']));
    expect(new Set(LAB_TEST_PARAMETERS['LAB-UL'].map((p) => p.container))).toEqual(new Set(['urinePot']));
  });
});
