import { flagValue, type LabFlag, type RangeLimits } from '@klinikita/domain/lab/lab-catalogue.rules';
import { calculate, parseFormula, roundTo } from '@klinikita/domain/lab/lab-formula.rules';
import type { LabResultsSave } from '@klinikita/domain/lab/lab-results.schema';
import { AppError } from '../../shared/errors.ts';
import type { LabParameterRow, LabServiceRow, LabValueRow, NewLabValue } from './lab-results.queries.ts';

/**
 * The values of a lab visit's order: what a typed value must be for its parameter, the flags, the
 * calculated parameters, and what a save changes. Pure: the service reads and writes.
 */

/** One parameter of the order, with the range that applies to this patient (null: none). */
export interface WorkParameter {
  row: LabParameterRow;
  range: RangeLimits | null;
}

/** One ordered test (a panel unfolded into its tests) with its active parameters in print order. */
export interface WorkTest {
  service: LabServiceRow;
  parameters: WorkParameter[];
}

export type ResultValue = number | string;

/** The stored value of a result row. */
export const storedValue = (row: Pick<LabValueRow, 'valueNumber' | 'valueText'>): ResultValue | null =>
  row.valueNumber ?? row.valueText ?? null;

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** "12,5" and "12.5" are 12.5 (Indonesian keyboards type a decimal comma); anything else is not a number. */
export function parseNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  return NUMBER.test(text) ? Number(text.replace(',', '.')) : null;
}

const limitsText = (range: RangeLimits) => `${range.impossibleLow ?? ''}–${range.impossibleHigh ?? ''}`;

interface Issue {
  path: string;
  key: string;
  field: string;
  params: Record<string, string | number>;
}

type Reading = { value: ResultValue } | { refused: [key: string, params: Issue['params']] };

/** A typed value as its parameter takes it, or the reason it does not. */
function readValue(param: WorkParameter, value: ResultValue): Reading {
  const { row, range } = param;
  if (row.resultType === 'number') {
    const n = parseNumber(value);
    if (n === null) return { refused: ['notANumber', { name: row.nameId, value: String(value) }] };
    if (flagValue(n, range) === 'impossible')
      return { refused: ['impossible', { name: row.nameId, value: n, limits: limitsText(range!) }] };
    return { value: n };
  }
  if (row.resultType === 'choice') {
    const text = String(value).trim().toLowerCase();
    const choice = (row.choices ?? []).find((c) => c.trim().toLowerCase() === text);
    if (!choice)
      return {
        refused: [
          'notAChoice',
          { name: row.nameId, value: String(value), choices: (row.choices ?? []).join(', ') },
        ],
      };
    return { value: choice };
  }
  return { value: String(value).trim() };
}

/**
 * Each sent value checked against its parameter: a number parameter takes a number (a numeric
 * text with a comma or a dot too) inside the impossible limits, a choice one of its choices (as
 * the catalogue spells it), a text anything (the schema bounds its length). Blank is null. A value
 * sent for a calculated parameter is passed by: the server computes it. Refused as 400 naming the
 * first problem, each on its `values.<i>` field.
 */
export function checkValues(
  input: LabResultsSave['values'],
  byUid: ReadonlyMap<string, WorkParameter>,
): Map<number, ResultValue | null> {
  const out = new Map<number, ResultValue | null>();
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const [i, item] of input.entries()) {
    const param = byUid.get(item.parameterUid);
    const refuse = (key: string, params: Issue['params'], part = 'value') => {
      issues.push({
        path: `values.${i}.${part}`,
        key: `labResultsApi.${key}`,
        field: `labResultsApi.${key}Field`,
        params,
      });
    };
    if (!param) refuse('parameterUnknown', {}, 'parameterUid');
    else if (seen.has(item.parameterUid))
      refuse('parameterTwice', { name: param.row.nameId }, 'parameterUid');
    else if (!param.row.formula) {
      seen.add(item.parameterUid);
      const blank = item.value === null || (typeof item.value === 'string' && !item.value.trim());
      const reading = blank ? { value: null } : readValue(param, item.value!);
      if ('refused' in reading) refuse(...reading.refused);
      else out.set(param.row.id, reading.value);
    }
  }
  if (issues.length) {
    const [first] = issues;
    throw new AppError(
      400,
      first.key,
      first.params,
      issues.map((p) => ({ path: p.path, key: p.field })),
    );
  }
  return out;
}

/**
 * The calculated parameters of each test from the values of its other number parameters (by
 * code), rounded to their decimals; null when an input is missing or the formula's condition does
 * not hold (LDL when TG ≥ 400).
 */
export function calculatedValues(
  tests: readonly WorkTest[],
  values: ReadonlyMap<number, ResultValue | null>,
): Map<number, number | null> {
  const out = new Map<number, number | null>();
  for (const test of tests) {
    const byCode: Record<string, number | null> = {};
    for (const { row } of test.parameters) {
      const v = values.get(row.id);
      if (!row.formula && row.resultType === 'number')
        byCode[row.code.toUpperCase()] = typeof v === 'number' ? v : null;
    }
    for (const { row } of test.parameters) {
      if (!row.formula) continue;
      const formula = parseFormula(row.formula);
      const value = 'error' in formula ? null : calculate(formula, byCode);
      out.set(row.id, value === null ? null : roundTo(value, row.decimals));
    }
  }
  return out;
}

/** The flag of a value against its range; a calculated value beyond an impossible limit gets none. */
export function flagOf(value: ResultValue, range: RangeLimits | null): LabFlag | null {
  const flag = flagValue(value, range);
  return flag === 'impossible' ? null : flag;
}

/** The row of a result: the value, the unit and the range copied from the catalogue, its flag. */
export function resultRow(
  param: WorkParameter,
  value: ResultValue,
  entry: { reportId: number; userId: number; at: Date },
): NewLabValue {
  const { row, range } = param;
  return {
    reportId: entry.reportId,
    parameterId: row.id,
    serviceId: row.serviceId,
    valueNumber: typeof value === 'number' ? value : null,
    valueText: typeof value === 'string' ? value : null,
    calculated: row.formula !== null,
    unit: row.unit,
    low: range?.low ?? null,
    high: range?.high ?? null,
    criticalLow: range?.criticalLow ?? null,
    criticalHigh: range?.criticalHigh ?? null,
    normalText: range?.normalText ?? null,
    flag: flagOf(value, range),
    enteredBy: entry.userId,
    enteredAt: entry.at,
  };
}

/** The parameters a validation needs and does not have: every typed (not calculated) one of the order. */
export const missingParameters = (
  tests: readonly WorkTest[],
  values: ReadonlyMap<number, ResultValue | null>,
) =>
  tests.flatMap((t) => t.parameters).filter((p) => !p.row.formula && (values.get(p.row.id) ?? null) === null);
