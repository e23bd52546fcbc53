/**
 * The demo lab catalogue: the common outpatient tests of research/clinical-services.md §1.4 with
 * units as Indonesian labs report them, reference ranges by sex and age band (days), the critical
 * limits of §1.4's example table, physiologically impossible limits and LOINC codes.
 *
 * LOINC codes: LOINC's public table (Regenstrief Institute, https://loinc.org); each code's long
 * common name was compared with public FHIR terminology files that quote it, and every code's
 * mod-10 check digit is tested (modules/lab-catalogue/lab-catalogue.seed.test.ts). Chosen deliberately:
 * - glucose 2 h post meal is 1521-4 ("--2 hours post meal"); 1518-0 is the 75 g OGTT.
 * - Ureum is urea in mg/dL (10–50), 3091-6; 3094-0 is urea nitrogen (BUN, 7–20).
 * - HBsAg 5196-1 (presence by immunoassay); a rapid strip may be reported as 75410-1.
 * - Less certain (semi-quantitative urine answers on quantitative codes): urobilinogen 20405-7,
 *   epithelial cells 5787-7, casts 9842-6.
 *
 * Limits: a value below `low` or above `high` is L/H, below `criticalLow` or above `criticalHigh`
 * LL/HH, beyond an impossible limit refused. A table's "≤ 7.0" is 7.1 at one decimal, "≤ 50" is 51.
 */

import type { ParameterSeed, RangeSeed } from './lab-parameter-seed.ts';
import { URINALYSIS } from './lab-urinalysis.data.ts';

/** Age bands in days: 1 month, 1 year, 12 years (the adult ranges start at 12). */
const MONTH = 30;
const YEAR = 365;
const ADULT = 4383;

const blood = { specimen: 'wholeBlood', container: 'edta' } as const;
const serum = { specimen: 'serum', container: 'plain' } as const;

/** Adult ranges for men and women (from 12 years), with the limits both share. */
const bySex = (
  male: [number, number | undefined],
  female: [number, number | undefined],
  shared: RangeSeed = {},
) => [
  { sex: 'male' as const, from: ADULT, low: male[0], high: male[1], ...shared },
  { sex: 'female' as const, from: ADULT, low: female[0], high: female[1], ...shared },
];

const HB: ParameterSeed = {
  code: 'HB',
  nameId: 'Hemoglobin',
  nameEn: 'Haemoglobin',
  unit: 'g/dL',
  decimals: 1,
  loinc: '718-7',
  ...blood,
  ranges: [
    { from: 0, to: MONTH, low: 14, high: 24, impossibleLow: 0, impossibleHigh: 30 },
    { from: MONTH, to: YEAR, low: 10, high: 14, criticalLow: 7.1, impossibleLow: 0, impossibleHigh: 25 },
    { from: YEAR, to: ADULT, low: 11, high: 15.5, criticalLow: 7.1, impossibleLow: 0, impossibleHigh: 25 },
    ...bySex([13, 17], [12, 16], { criticalLow: 7.1, impossibleLow: 0, impossibleHigh: 25 }),
  ],
};
const HT: ParameterSeed = {
  code: 'HT',
  nameId: 'Hematokrit',
  nameEn: 'Haematocrit',
  unit: '%',
  decimals: 1,
  loinc: '4544-3',
  ...blood,
  ranges: bySex([40, 48], [37, 43], {
    criticalLow: 21,
    criticalHigh: 60,
    impossibleLow: 0,
    impossibleHigh: 90,
  }),
};
const WBC: ParameterSeed = {
  code: 'LEU',
  nameId: 'Leukosit',
  nameEn: 'Leukocytes',
  unit: '10³/µL',
  decimals: 1,
  loinc: '6690-2',
  ...blood,
  ranges: [
    {
      from: ADULT,
      low: 4,
      high: 10,
      criticalLow: 1,
      criticalHigh: 50,
      impossibleLow: 0,
      impossibleHigh: 500,
    },
  ],
};
const PLT: ParameterSeed = {
  code: 'TROMBO',
  nameId: 'Trombosit',
  nameEn: 'Platelets',
  unit: '10³/µL',
  decimals: 0,
  loinc: '777-3',
  ...blood,
  ranges: [
    {
      from: ADULT,
      low: 150,
      high: 450,
      criticalLow: 51,
      criticalHigh: 600,
      impossibleLow: 0,
      impossibleHigh: 5000,
    },
  ],
};
const RBC: ParameterSeed = {
  code: 'ERI',
  nameId: 'Eritrosit',
  nameEn: 'Erythrocytes',
  unit: '10⁶/µL',
  decimals: 2,
  loinc: '789-8',
  ...blood,
  ranges: bySex([4.5, 5.5], [4, 5], { impossibleLow: 0, impossibleHigh: 12 }),
};
const adultRange = (low: number, high: number, shared: RangeSeed = {}): RangeSeed[] => [
  { from: ADULT, low, high, ...shared },
];
const INDICES: ParameterSeed[] = [
  {
    code: 'MCV',
    nameId: 'MCV',
    nameEn: 'MCV',
    unit: 'fL',
    decimals: 1,
    loinc: '787-2',
    ...blood,
    ranges: adultRange(82, 92),
  },
  {
    code: 'MCH',
    nameId: 'MCH',
    nameEn: 'MCH',
    unit: 'pg',
    decimals: 1,
    loinc: '785-6',
    ...blood,
    ranges: adultRange(27, 31),
  },
  {
    code: 'MCHC',
    nameId: 'MCHC',
    nameEn: 'MCHC',
    unit: 'g/dL',
    decimals: 1,
    loinc: '786-4',
    ...blood,
    ranges: adultRange(32, 36),
  },
];
const percent = (code: string, nameId: string, nameEn: string, loinc: string, low: number, high: number) =>
  ({
    code,
    nameId,
    nameEn,
    unit: '%',
    decimals: 0,
    loinc,
    ...blood,
    ranges: adultRange(low, high, { impossibleLow: 0, impossibleHigh: 100 }),
  }) satisfies ParameterSeed;
const DIFF: ParameterSeed[] = [
  percent('BASO', 'Basofil', 'Basophils', '706-2', 0, 1),
  percent('EOS', 'Eosinofil', 'Eosinophils', '713-8', 1, 4),
  percent('NEU_BTG', 'Neutrofil batang', 'Band neutrophils', '764-1', 2, 6),
  percent('NEU_SEG', 'Neutrofil segmen', 'Segmented neutrophils', '769-0', 50, 70),
  percent('LIMFO', 'Limfosit', 'Lymphocytes', '736-9', 20, 40),
  percent('MONO', 'Monosit', 'Monocytes', '5905-5', 2, 10),
];
const ESR: ParameterSeed = {
  code: 'LED',
  nameId: 'Laju endap darah (LED)',
  nameEn: 'Erythrocyte sedimentation rate',
  unit: 'mm/jam',
  decimals: 0,
  loinc: '4537-7',
  ...blood,
  ranges: bySex([0, 10], [0, 20], { impossibleLow: 0, impossibleHigh: 200 }),
};

const glucose = (
  code: string,
  nameId: string,
  nameEn: string,
  loinc: string,
  low: number | undefined,
  high: number,
) =>
  ({
    code,
    nameId,
    nameEn,
    unit: 'mg/dL',
    decimals: 0,
    loinc,
    ...serum,
    ranges: [
      { from: ADULT, low, high, criticalLow: 50, criticalHigh: 250, impossibleLow: 0, impossibleHigh: 2000 },
    ],
  }) satisfies ParameterSeed;
const chem = (
  code: string,
  nameId: string,
  nameEn: string,
  unit: string,
  decimals: number,
  loinc: string,
  ranges: RangeSeed[],
): ParameterSeed => ({ code, nameId, nameEn, unit, decimals, loinc, ...serum, ranges });

/** The parameters of each lab test, by the service master's code. */
export const LAB_TEST_PARAMETERS: Readonly<Record<string, ParameterSeed[]>> = {
  'LAB-DR': [HB, HT, WBC, PLT, RBC],
  'LAB-DL': [HB, HT, WBC, PLT, RBC, ...INDICES, ...DIFF, ESR],
  'LAB-GDP': [glucose('GDP', 'Glukosa darah puasa', 'Fasting glucose', '1558-6', 70, 100)],
  'LAB-GD2PP': [
    glucose('GD2PP', 'Glukosa darah 2 jam PP', 'Glucose 2 h post meal', '1521-4', undefined, 140),
  ],
  'LAB-GDS': [glucose('GDS', 'Glukosa darah sewaktu', 'Random glucose', '2345-7', 70, 200)],
  'LAB-LIPID': [
    chem('CHOL', 'Kolesterol total', 'Total cholesterol', 'mg/dL', 0, '2093-3', [
      { from: ADULT, high: 200, impossibleLow: 0, impossibleHigh: 2000 },
    ]),
    chem(
      'HDL',
      'Kolesterol HDL',
      'HDL cholesterol',
      'mg/dL',
      0,
      '2085-9',
      bySex([40, undefined], [50, undefined], { impossibleLow: 0, impossibleHigh: 300 }),
    ),
    chem('TG', 'Trigliserida', 'Triglycerides', 'mg/dL', 0, '2571-8', [
      { from: ADULT, high: 150, impossibleLow: 0, impossibleHigh: 10000 },
    ]),
    {
      ...chem('LDL', 'Kolesterol LDL (hitung)', 'LDL cholesterol (calculated)', 'mg/dL', 0, '13457-7', [
        { from: ADULT, high: 130 },
      ]),
      // Friedewald, mg/dL; not valid from TG 400 on (then LDL is measured directly)
      formula: 'CHOL - HDL - TG / 5 if TG < 400',
    },
  ],
  'LAB-UA': [
    chem(
      'ASAM_URAT',
      'Asam urat',
      'Uric acid',
      'mg/dL',
      1,
      '3084-1',
      bySex([3.4, 7], [2.4, 5.7], { impossibleLow: 0, impossibleHigh: 30 }),
    ),
  ],
  'LAB-UR': [
    chem('UREUM', 'Ureum', 'Urea', 'mg/dL', 0, '3091-6', [
      { from: ADULT, low: 10, high: 50, impossibleLow: 0, impossibleHigh: 600 },
    ]),
  ],
  'LAB-CR': [
    chem(
      'KREATININ',
      'Kreatinin',
      'Creatinine',
      'mg/dL',
      2,
      '2160-0',
      bySex([0.7, 1.3], [0.6, 1.1], { impossibleLow: 0, impossibleHigh: 40 }),
    ),
  ],
  'LAB-SGOT': [
    chem('SGOT', 'SGOT (AST)', 'AST', 'U/L', 0, '1920-8', bySex([0, 37], [0, 31], { impossibleLow: 0 })),
  ],
  'LAB-SGPT': [
    chem('SGPT', 'SGPT (ALT)', 'ALT', 'U/L', 0, '1742-6', bySex([0, 42], [0, 32], { impossibleLow: 0 })),
  ],
  'LAB-UL': URINALYSIS,
  'LAB-HBSAG': [
    {
      code: 'HBSAG',
      nameId: 'HBsAg',
      nameEn: 'HBsAg',
      type: 'choice',
      loinc: '5196-1',
      ...serum,
      choices: ['Negatif', 'Positif'],
      ranges: [{ normalText: 'Negatif' }],
    },
  ],
};

/** The tests of each panel, in order, by code. */
export const LAB_PANEL_ITEMS: Readonly<Record<string, string[]>> = {
  'LAB-P-HATI': ['LAB-SGOT', 'LAB-SGPT'],
  'LAB-P-GINJAL': ['LAB-UR', 'LAB-CR', 'LAB-UA'],
  'LAB-P-MCU': [
    'LAB-DL',
    'LAB-UL',
    'LAB-GDP',
    'LAB-LIPID',
    'LAB-SGOT',
    'LAB-SGPT',
    'LAB-UR',
    'LAB-CR',
    'LAB-UA',
  ],
};
