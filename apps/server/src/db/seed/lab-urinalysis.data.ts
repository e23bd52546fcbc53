import type { ParameterSeed } from './lab-parameter-seed.ts';

/** The demo urinalysis (LAB-UL): LOINC codes and sources as in lab-catalogue.data.ts. */

const urine = { specimen: 'urine', container: 'urinePot' } as const;

const NEGATIVE_GRADES = ['Negatif', '+1', '+2', '+3'];
const choice = (
  code: string,
  nameId: string,
  nameEn: string,
  loinc: string,
  choices: string[],
  normalText = 'Negatif',
  unit?: string,
): ParameterSeed => ({
  code,
  nameId,
  nameEn,
  unit,
  type: 'choice',
  loinc,
  ...urine,
  choices,
  ranges: [{ normalText }],
});

/** Urine lengkap: macroscopy, dipstick chemistry and sediment; most answers are graded text. */
export const URINALYSIS: ParameterSeed[] = [
  choice(
    'WARNA',
    'Warna',
    'Colour',
    '5778-6',
    ['Kuning muda', 'Kuning', 'Kuning tua', 'Merah', 'Coklat'],
    'Kuning',
  ),
  choice('KEJERNIHAN', 'Kejernihan', 'Clarity', '5767-9', ['Jernih', 'Agak keruh', 'Keruh'], 'Jernih'),
  {
    code: 'BJ',
    nameId: 'Berat jenis',
    nameEn: 'Specific gravity',
    decimals: 3,
    loinc: '5811-5',
    ...urine,
    ranges: [{ low: 1.005, high: 1.03, impossibleLow: 1, impossibleHigh: 1.08 }],
  },
  {
    code: 'PH',
    nameId: 'pH',
    nameEn: 'pH',
    decimals: 1,
    loinc: '5803-2',
    ...urine,
    ranges: [{ low: 4.5, high: 8, impossibleLow: 0, impossibleHigh: 14 }],
  },
  choice('PROTEIN', 'Protein', 'Protein', '20454-5', [...NEGATIVE_GRADES, '+4']),
  choice('GLUKOSA', 'Glukosa', 'Glucose', '25428-4', [...NEGATIVE_GRADES, '+4']),
  choice('KETON', 'Keton', 'Ketones', '2514-8', NEGATIVE_GRADES),
  choice('BILIRUBIN', 'Bilirubin', 'Bilirubin', '5770-3', NEGATIVE_GRADES),
  choice('UROBILINOGEN', 'Urobilinogen', 'Urobilinogen', '20405-7', ['Normal', '+1', '+2', '+3'], 'Normal'),
  choice('NITRIT', 'Nitrit', 'Nitrite', '5802-4', ['Negatif', 'Positif']),
  choice('DARAH', 'Darah', 'Blood', '5794-3', NEGATIVE_GRADES),
  choice('LEU_ESTERASE', 'Leukosit esterase', 'Leukocyte esterase', '5799-2', NEGATIVE_GRADES),
  {
    code: 'SED_ERI',
    nameId: 'Sedimen eritrosit',
    nameEn: 'Sediment erythrocytes',
    unit: '/LPB',
    decimals: 0,
    loinc: '13945-1',
    ...urine,
    ranges: [{ low: 0, high: 2, impossibleLow: 0 }],
  },
  {
    code: 'SED_LEU',
    nameId: 'Sedimen leukosit',
    nameEn: 'Sediment leukocytes',
    unit: '/LPB',
    decimals: 0,
    loinc: '5821-4',
    ...urine,
    ranges: [{ low: 0, high: 5, impossibleLow: 0 }],
  },
  choice(
    'SED_EPITEL',
    'Sedimen epitel',
    'Sediment epithelial cells',
    '5787-7',
    ['Negatif', 'Sedikit', 'Sedang', 'Banyak'],
    'Sedikit',
    '/LPB',
  ),
  choice(
    'SED_SILINDER',
    'Silinder',
    'Casts',
    '9842-6',
    ['Negatif', 'Hialin', 'Granular', 'Eritrosit', 'Leukosit'],
    'Negatif',
    '/LPK',
  ),
  choice('SED_KRISTAL', 'Kristal', 'Crystals', '5782-8', [
    'Negatif',
    'Ca oksalat',
    'Asam urat',
    'Amorf',
    'Triple fosfat',
  ]),
  choice('SED_BAKTERI', 'Bakteri', 'Bacteria', '25145-4', NEGATIVE_GRADES),
  choice('SED_JAMUR', 'Jamur', 'Yeast', '32356-8', ['Negatif', 'Positif']),
];
