import { flagValue, type LabFlag } from '@klinikita/domain/lab/lab-catalogue.rules';
import type {
  AppliedRange,
  LabReport,
  LabResultsSave,
  LabWorkParameter,
  LabWorkTest,
} from '@klinikita/domain/lab/lab-results.schema';
import { formatResultNumber } from './lab-number.ts';

/**
 * The result entry's pure rules: how a value is shown in its field and read back (a decimal
 * comma in Indonesian), the range text, the order the keyboard walks, and the one save body.
 */

export { formatResultNumber } from './lab-number.ts';

/** A stored value as its field holds it: no grouping, the decimal comma in Indonesian. */
export function valueText(value: number | string | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return locale === 'en' ? String(value) : String(value).replace('.', ',');
}

/** A typed number, with a comma or a point for decimals: '12,5' → 12.5; '' → null. */
export function readNumber(text: string): { value: number | null; error: string | null } {
  const t = text.trim().replace(',', '.');
  if (t === '') return { value: null, error: null };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return { value: null, error: 'labResults.notANumber' };
  return { value: Number(t), error: null };
}

type Translate = (key: string, params: Record<string, string>) => string;

/** The range that applies to this patient, as the lab reads it: '13,5–17,5', '≤ 200', 'Negatif'. */
export function rangeText(range: AppliedRange | null, t: Translate, locale: string): string | null {
  if (!range) return null;
  const n = (v: number) => formatResultNumber(v, locale);
  if (range.low !== null && range.high !== null)
    return t('labResults.range.between', { low: n(range.low), high: n(range.high) });
  if (range.high !== null) return t('labResults.range.atMost', { high: n(range.high) });
  if (range.low !== null) return t('labResults.range.atLeast', { low: n(range.low) });
  return range.normalText;
}

/** The critical limits beside the range, smaller: 'kritis < 7 / > 20'. */
export function criticalText(range: AppliedRange | null, t: Translate, locale: string): string | null {
  if (!range) return null;
  const { criticalLow: low, criticalHigh: high } = range;
  const n = (v: number) => formatResultNumber(v, locale);
  if (low !== null && high !== null) return t('labResults.range.critical', { low: n(low), high: n(high) });
  if (low !== null) return t('labResults.range.criticalLow', { low: n(low) });
  if (high !== null) return t('labResults.range.criticalHigh', { high: n(high) });
  return null;
}

export const isCritical = (flag: LabFlag | null | undefined) => flag === 'HH' || flag === 'LL';

/** The parameters typed by hand, in the order the keyboard walks them (tests, then print order). */
export function typedParameters(tests: readonly LabWorkTest[]): LabWorkParameter[] {
  const byUid = new Map<string, LabWorkParameter>();
  for (const p of tests.flatMap((test) => test.parameters)) {
    // a parameter in two ordered tests is one value
    if (p.formula === null && !byUid.has(p.uid)) byUid.set(p.uid, p);
  }
  return [...byUid.values()];
}

/** The fields' texts from a report (empty where the report holds no value). */
export function textsOf(tests: readonly LabWorkTest[], report: LabReport | null, locale: string) {
  const stored = new Map(report?.values.map((v) => [v.parameterUid, v.value]) ?? []);
  return Object.fromEntries(
    typedParameters(tests).map((p) => [p.uid, valueText(stored.get(p.uid), locale)]),
  ) as Record<string, string>;
}

/** How many typed parameters hold no value in the saved report (validation waits for them). */
export const emptyCount = (tests: readonly LabWorkTest[], report: LabReport | null) => {
  const filled = new Set(
    report?.values.filter((v) => v.value !== null && v.value !== '').map((v) => v.parameterUid) ?? [],
  );
  return typedParameters(tests).filter((p) => !filled.has(p.uid)).length;
};

/**
 * The save body of the whole order: every typed parameter's value (a number for number
 * parameters, the text otherwise, null for an empty field), or the fields that are not numbers.
 */
export function saveBody(
  tests: readonly LabWorkTest[],
  texts: Record<string, string>,
  version: number | null,
): { body: LabResultsSave; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const values = typedParameters(tests).map((p) => {
    const text = (texts[p.uid] ?? '').trim();
    if (p.resultType !== 'number') return { parameterUid: p.uid, value: text === '' ? null : text };
    const read = readNumber(text);
    if (read.error) errors[p.uid] = read.error;
    return { parameterUid: p.uid, value: read.value };
  });
  return { body: { version, values }, errors };
}

/**
 * The server's field errors (`values.3.value`) on the fields of the parameters sent at those
 * places; what does not name a sent value is returned apart, for the alert above the tables.
 */
export function errorsOnFields(
  errors: readonly { path: string; message: string }[],
  sent: LabResultsSave,
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const e of errors) {
    const at = /^values\.(\d+)(\.|$)/.exec(e.path);
    const uid = at ? sent.values[Number(at[1])]?.parameterUid : undefined;
    if (uid) fields[uid] ??= e.message;
    else other.push(e.message);
  }
  return { fields, other };
}

/** The flag of what is typed, by the shared rule, shown until the server's flag comes back. */
export function previewFlag(parameter: LabWorkParameter, text: string): LabFlag | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (parameter.resultType === 'number') {
    const { value } = readNumber(trimmed);
    if (value === null) return null;
    const flag = flagValue(value, parameter.range);
    return flag === 'impossible' ? null : flag;
  }
  const flag = flagValue(trimmed, parameter.range);
  return flag === 'impossible' ? null : flag;
}
