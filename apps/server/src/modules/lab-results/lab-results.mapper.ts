import type { RangeLimits, ResultType } from '@klinikita/domain/lab/lab-catalogue.rules';
import type {
  AppliedRange,
  LabReport,
  LabReportStatus,
  LabResultValue,
  LabWorkTest,
  PatientLabResult,
} from '@klinikita/domain/lab/lab-results.schema';
import type { LabRangeRow, LabReportRow, LabValueRow, PatientResultRow } from './lab-results.queries.ts';
import { storedValue, type WorkTest } from './lab-results.values.ts';

type Flag = LabResultValue['flag'];

export const toRangeLimits = (row: LabRangeRow): RangeLimits => ({
  low: row.low,
  high: row.high,
  criticalLow: row.criticalLow,
  criticalHigh: row.criticalHigh,
  impossibleLow: row.impossibleLow,
  impossibleHigh: row.impossibleHigh,
  normalText: row.normalText,
});

/** The range copied onto a result (the impossible limits are not kept: a stored value is inside them). */
function storedRange(row: Omit<LabValueRow, 'parameterUid' | 'parameterCode'>): AppliedRange | null {
  const { low, high, criticalLow, criticalHigh, normalText } = row;
  if ([low, high, criticalLow, criticalHigh, normalText].every((v) => v === null)) return null;
  return { low, high, criticalLow, criticalHigh, impossibleLow: null, impossibleHigh: null, normalText };
}

/** The specimen and container of a test: its parameters' (the first that names one). */
export function toWorkTest(test: WorkTest): LabWorkTest {
  const { service, parameters } = test;
  return {
    serviceUid: service.uid,
    code: service.code,
    nameId: service.nameId,
    nameEn: service.nameEn,
    specimen: parameters.find((p) => p.row.specimen)?.row.specimen ?? null,
    container: parameters.find((p) => p.row.container)?.row.container ?? null,
    parameters: parameters.map(({ row, range }) => ({
      uid: row.uid,
      code: row.code,
      nameId: row.nameId,
      nameEn: row.nameEn,
      unit: row.unit,
      resultType: row.resultType as ResultType,
      decimals: row.decimals,
      choices: row.choices,
      formula: row.formula,
      range,
    })),
  };
}

const toResultValue = (row: LabValueRow): LabResultValue => ({
  parameterUid: row.parameterUid,
  value: storedValue(row),
  calculated: row.calculated,
  unit: row.unit,
  range: storedRange(row),
  flag: row.flag as Flag,
});

const byWho = (name: string | null, at: Date | null) =>
  at ? { name: name ?? '', at: at.toISOString() } : null;

export function toLabReport(row: LabReportRow, values: readonly LabValueRow[]): LabReport {
  return {
    uid: row.uid,
    version: row.version,
    status: row.status as LabReportStatus,
    amendmentReason: row.amendmentReason,
    entered: byWho(row.enteredByName, row.enteredAt),
    validated: byWho(row.validatedByName, row.validatedAt),
    released: byWho(row.releasedByName, row.releasedAt),
    values: values.filter((v) => v.reportId === row.id).map(toResultValue),
  };
}

export const toPatientLabResult = (row: PatientResultRow): PatientLabResult => ({
  registrationId: row.registrationUid,
  reportUid: row.reportUid,
  version: row.version,
  amended: row.version > 1,
  releasedAt: row.releasedAt?.toISOString() ?? '',
  clinicName: row.clinicName,
  testCode: row.testCode,
  testNameId: row.testNameId,
  testNameEn: row.testNameEn,
  parameterCode: row.parameterCode,
  nameId: row.nameId,
  nameEn: row.nameEn,
  value: storedValue(row),
  unit: row.unit,
  range: storedRange(row),
  flag: row.flag as Flag,
});
