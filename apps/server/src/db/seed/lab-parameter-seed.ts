/** The shape of a demo lab parameter and its reference ranges (lab-catalogue.data.ts, lab-urinalysis.data.ts). */

export interface RangeSeed {
  sex?: 'any' | 'male' | 'female';
  from?: number;
  to?: number | null;
  low?: number;
  high?: number;
  criticalLow?: number;
  criticalHigh?: number;
  impossibleLow?: number;
  impossibleHigh?: number;
  normalText?: string;
}

export interface ParameterSeed {
  code: string;
  nameId: string;
  nameEn: string;
  unit?: string;
  type?: 'number' | 'choice' | 'text';
  decimals?: number;
  loinc: string;
  specimen: 'wholeBlood' | 'serum' | 'urine';
  container: 'edta' | 'plain' | 'urinePot';
  choices?: string[];
  formula?: string;
  ranges: RangeSeed[];
}
