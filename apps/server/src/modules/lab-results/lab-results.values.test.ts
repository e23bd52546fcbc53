import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import type { LabParameterRow } from './lab-results.queries.ts';
import {
  calculatedValues,
  checkValues,
  missingParameters,
  parseNumber,
  resultRow,
  type WorkParameter,
  type WorkTest,
} from './lab-results.values.ts';

let nextId = 1;
const param = (code: string, extra: Partial<LabParameterRow> = {}, range: WorkParameter['range'] = null) => {
  const id = nextId++;
  const row = {
    id,
    uid: `p-${code}`,
    serviceId: 1,
    code,
    nameId: code,
    nameEn: code,
    unit: 'mg/dL',
    resultType: 'number',
    decimals: 0,
    printOrder: id,
    loinc: null,
    specimen: null,
    container: null,
    choices: null,
    formula: null,
    active: true,
    updatedAt: new Date(),
    ...extra,
  } satisfies LabParameterRow;
  return { row, range };
};
const limits = (low: number | null, high: number | null, extra = {}) => ({
  low,
  high,
  criticalLow: null,
  criticalHigh: null,
  impossibleLow: null,
  impossibleHigh: null,
  normalText: null,
  ...extra,
});

const hb = param(
  'HB',
  { nameId: 'Hemoglobin', decimals: 1 },
  limits(13, 17, { impossibleLow: 0, impossibleHigh: 25 }),
);
const hbsag = param(
  'HBSAG',
  { resultType: 'choice', choices: ['Negatif', 'Positif'] },
  limits(null, null, { normalText: 'Negatif' }),
);
const note = param('NOTE', { resultType: 'text' });
const chol = param('CHOL');
const hdl = param('HDL');
const tg = param('TG');
const ldl = param('LDL', { formula: 'CHOL - HDL - TG / 5 if TG < 400' }, limits(null, 130));
const byUid = new Map([hb, hbsag, note, chol, hdl, tg, ldl].map((p) => [p.row.uid, p]));
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
  }
  throw new Error('not refused');
};

describe('a typed lab value', () => {
  it('reads a decimal comma or dot, and nothing else, as a number', () => {
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber(' 12.5 ')).toBe(12.5);
    expect(parseNumber('-3')).toBe(-3);
    expect(parseNumber(',5')).toBe(0.5);
    expect(parseNumber('1.234,5')).toBeNull();
    expect(parseNumber('12 mg')).toBeNull();
    expect(parseNumber(Number.NaN)).toBeNull();
  });

  it('is checked against its parameter: limits, choices (as the catalogue spells them), free text; blank is null', () => {
    const values = checkValues(
      [
        { parameterUid: 'p-HB', value: '14,2' },
        { parameterUid: 'p-HBSAG', value: 'positif' },
        { parameterUid: 'p-NOTE', value: ' lipemik ' },
        { parameterUid: 'p-CHOL', value: '' },
        { parameterUid: 'p-LDL', value: 999 },
      ],
      byUid,
    );
    expect([...values]).toEqual([
      [hb.row.id, 14.2],
      [hbsag.row.id, 'Positif'],
      [note.row.id, 'lipemik'],
      [chol.row.id, null],
    ]);
  });

  it('names each problem on its field and the first in the message', () => {
    const error = refusal(() =>
      checkValues(
        [
          { parameterUid: 'p-HB', value: 25.1 },
          { parameterUid: 'p-HBSAG', value: 'Reaktif' },
          { parameterUid: 'p-X', value: 1 },
          { parameterUid: 'p-HB', value: 14 },
        ],
        byUid,
      ),
    );
    expect(error).toMatchObject({
      statusCode: 400,
      key: 'labResultsApi.impossible',
      params: { name: 'Hemoglobin', value: 25.1, limits: '0–25' },
    });
    expect(error.fields).toEqual([
      { path: 'values.0.value', key: 'labResultsApi.impossibleField' },
      { path: 'values.1.value', key: 'labResultsApi.notAChoiceField' },
      { path: 'values.2.parameterUid', key: 'labResultsApi.parameterUnknownField' },
      { path: 'values.3.parameterUid', key: 'labResultsApi.parameterTwiceField' },
    ]);
  });
});

describe('calculated parameters and rows', () => {
  const lipid: WorkTest[] = [
    {
      service: { id: 1, uid: 's', code: 'LAB-LIPID', nameId: '', nameEn: '', isPackage: false },
      parameters: [chol, hdl, tg, ldl],
    },
  ];
  const values = (c: number | null, h: number | null, t: number | null) =>
    new Map([
      [chol.row.id, c],
      [hdl.row.id, h],
      [tg.row.id, t],
    ]);

  it('computes LDL by Friedewald, none without an input or from TG 400', () => {
    expect(calculatedValues(lipid, values(240, 40, 151)).get(ldl.row.id)).toBe(170);
    expect(calculatedValues(lipid, values(240, null, 150)).get(ldl.row.id)).toBeNull();
    expect(calculatedValues(lipid, values(240, 40, 400)).get(ldl.row.id)).toBeNull();
  });

  it('copies the unit and the range onto a row and flags it', () => {
    const at = new Date();
    expect(resultRow(hb, 18.2, { reportId: 7, userId: 3, at })).toMatchObject({
      reportId: 7,
      parameterId: hb.row.id,
      valueNumber: 18.2,
      valueText: null,
      calculated: false,
      unit: 'mg/dL',
      low: 13,
      high: 17,
      flag: 'H',
      enteredBy: 3,
    });
    expect(resultRow(hbsag, 'Positif', { reportId: 7, userId: 3, at })).toMatchObject({
      valueText: 'Positif',
      flag: 'A',
    });
    expect(resultRow(ldl, 170, { reportId: 7, userId: 3, at })).toMatchObject({
      calculated: true,
      flag: 'H',
    });
  });

  it('needs every typed parameter for validation, never a calculated one', () => {
    expect(missingParameters(lipid, values(240, 40, 150)).map((p) => p.row.code)).toEqual([]);
    expect(missingParameters(lipid, values(240, null, 150)).map((p) => p.row.code)).toEqual(['HDL']);
  });
});
