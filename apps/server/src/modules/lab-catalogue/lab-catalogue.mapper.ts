import type { RangeSex, ResultType } from '@klinikita/domain/lab/lab-catalogue.rules';
import type {
  LabPanelItem,
  LabParameter,
  LabRange,
  LabTestDetail,
  LabTestListItem,
} from '@klinikita/domain/lab/lab-catalogue.schema';
import type { LabListRow, LabParameterRow, LabRangeRow, LabServiceRow } from './lab-catalogue.queries.ts';

export function toLabTestListItem(row: LabListRow): LabTestListItem {
  return {
    uid: row.uid,
    code: row.code,
    nameId: row.nameId,
    nameEn: row.nameEn,
    isPanel: row.isPackage,
    active: row.active,
    parameterCount: row.parameterCount,
    itemCount: row.itemCount,
  };
}

export function toLabRange(row: LabRangeRow): LabRange {
  return {
    sex: row.sex as RangeSex,
    ageFromDays: row.ageFromDays,
    ageToDays: row.ageToDays,
    low: row.low,
    high: row.high,
    criticalLow: row.criticalLow,
    criticalHigh: row.criticalHigh,
    impossibleLow: row.impossibleLow,
    impossibleHigh: row.impossibleHigh,
    normalText: row.normalText,
  };
}

export function toLabParameter(row: LabParameterRow, ranges: readonly LabRangeRow[]): LabParameter {
  return {
    uid: row.uid,
    code: row.code,
    nameId: row.nameId,
    nameEn: row.nameEn,
    unit: row.unit,
    resultType: row.resultType as ResultType,
    decimals: row.decimals,
    printOrder: row.printOrder,
    loinc: row.loinc,
    specimen: row.specimen,
    container: row.container,
    choices: row.choices,
    formula: row.formula,
    active: row.active,
    ranges: ranges.filter((r) => r.parameterId === row.id).map(toLabRange),
  };
}

export const toLabPanelItem = (row: LabServiceRow): LabPanelItem => ({
  uid: row.uid,
  code: row.code,
  nameId: row.nameId,
  nameEn: row.nameEn,
  active: row.active,
});

export function toLabTestDetail(
  service: LabServiceRow,
  parameters: readonly LabParameterRow[],
  ranges: readonly LabRangeRow[],
  items: readonly LabServiceRow[],
): LabTestDetail {
  return {
    uid: service.uid,
    code: service.code,
    nameId: service.nameId,
    nameEn: service.nameEn,
    isPanel: service.isPackage,
    active: service.active,
    parameters: parameters.map((p) => toLabParameter(p, ranges)),
    items: items.map(toLabPanelItem),
  };
}
