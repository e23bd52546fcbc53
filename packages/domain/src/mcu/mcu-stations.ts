/**
 * The MCU stations and what each records (issue 20 §3, research/clinical-services.md §2.3): every
 * field has its "normal" value, so a normal station is one click, and an abnormal value is a
 * finding. Labels are in the mcuStations catalogue (its station, field and option sections, by
 * code). The lab station has no fields: its results come from the lab.
 */

export const MCU_STATIONS = [
  'anamnesis',
  'vitals',
  'physical',
  'eye',
  'dental',
  'audiometry',
  'spirometry',
  'ecg',
  'xray',
  'lab',
] as const;
export type McuStation = (typeof MCU_STATIONS)[number];

export const MCU_EXAM_TYPES = ['preEmployment', 'periodic', 'special'] as const;
export type McuExamType = (typeof MCU_EXAM_TYPES)[number];

export const HAZARD_GROUPS = ['physical', 'chemical', 'biological', 'ergonomic', 'psychosocial'] as const;
export type HazardGroup = (typeof HAZARD_GROUPS)[number];

/** A choice among codes; `normal` is the value a normal examination has. */
export interface ChoiceField {
  key: string;
  kind: 'choice';
  options: readonly string[];
  normal: string;
}
/** A measured number; outside [normalMin, normalMax] is a finding. */
export interface NumberField {
  key: string;
  kind: 'number';
  unit: string;
  min: number;
  max: number;
  decimals?: number;
  normalMin?: number;
  normalMax?: number;
}
/** Free text; any text where the normal is empty is a finding (a complaint, a past illness). */
export interface TextField {
  key: string;
  kind: 'text';
  /** the text a normal examination has ('' : nothing to say) */
  normal: string;
  /** text here is a finding */
  findingWhenFilled: boolean;
}
/** A body system: normal or abnormal, with a note (`<key>Note`) saying what was found. */
export interface ExamField {
  key: string;
  kind: 'exam';
}
export type McuField = ChoiceField | NumberField | TextField | ExamField;

const exam = (key: string): ExamField => ({ key, kind: 'exam' });
const note = (key: string): TextField => ({ key, kind: 'text', normal: '', findingWhenFilled: true });
const num = (
  key: string,
  unit: string,
  min: number,
  max: number,
  extra: Partial<NumberField> = {},
): NumberField => ({
  key,
  kind: 'number',
  unit,
  min,
  max,
  ...extra,
});

/** Snellen notation at 6 m, best first. */
export const VISUS = [
  '6/6',
  '6/7.5',
  '6/9',
  '6/12',
  '6/15',
  '6/18',
  '6/24',
  '6/30',
  '6/60',
  '3/60',
  '1/60',
  '1/300',
  '0',
] as const;

/** The frequencies of the audiogram, Hz. */
export const AUDIO_FREQUENCIES = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000] as const;

const audiogram = (ear: 'right' | 'left') =>
  AUDIO_FREQUENCIES.map((f) => num(`${ear}${f}`, 'dB', -10, 120, { normalMax: 25 }));

export const STATION_FIELDS: Readonly<Record<McuStation, readonly McuField[]>> = {
  anamnesis: [
    note('complaint'),
    note('pastIllness'),
    note('familyHistory'),
    note('allergy'),
    { key: 'smoking', kind: 'choice', options: ['no', 'former', 'yes'], normal: 'no' },
    { key: 'alcohol', kind: 'choice', options: ['no', 'yes'], normal: 'no' },
    { key: 'exercise', kind: 'choice', options: ['regular', 'sometimes', 'never'], normal: 'regular' },
  ],
  vitals: [
    num('systolic', 'mmHg', 50, 260, { normalMax: 139 }),
    num('diastolic', 'mmHg', 30, 160, { normalMax: 89 }),
    num('pulse', 'x/menit', 30, 220, { normalMin: 60, normalMax: 100 }),
    num('respiratoryRate', 'x/menit', 5, 60, { normalMin: 12, normalMax: 20 }),
    num('temperature', '°C', 33, 43, { decimals: 1, normalMin: 35.5, normalMax: 37.5 }),
    num('height', 'cm', 50, 230),
    num('weight', 'kg', 10, 300, { decimals: 1 }),
  ],
  physical: [
    { key: 'generalCondition', kind: 'choice', options: ['good', 'fair', 'poor'], normal: 'good' },
    {
      key: 'consciousness',
      kind: 'choice',
      options: ['composMentis', 'apathetic', 'somnolent'],
      normal: 'composMentis',
    },
    exam('head'),
    exam('ear'),
    exam('nose'),
    exam('mouth'),
    exam('neck'),
    exam('respiratory'),
    exam('cardiovascular'),
    exam('digestive'),
    exam('genitourinary'),
    exam('limbs'),
    exam('skin'),
  ],
  eye: [
    { key: 'visusRight', kind: 'choice', options: VISUS, normal: '6/6' },
    { key: 'visusLeft', kind: 'choice', options: VISUS, normal: '6/6' },
    { key: 'correction', kind: 'choice', options: ['none', 'glasses', 'contactLens'], normal: 'none' },
    { key: 'colourVision', kind: 'choice', options: ['normal', 'partial', 'total'], normal: 'normal' },
    exam('eyeExternal'),
  ],
  dental: [
    num('caries', 'gigi', 0, 32, { normalMax: 0 }),
    num('missing', 'gigi', 0, 32, { normalMax: 0 }),
    { key: 'calculus', kind: 'choice', options: ['none', 'present'], normal: 'none' },
    exam('gums'),
  ],
  audiometry: [...audiogram('right'), ...audiogram('left')],
  spirometry: [
    num('fvc', 'L', 0, 9, { decimals: 2 }),
    num('fev1', 'L', 0, 9, { decimals: 2 }),
    num('fvcPredicted', '%', 0, 200, { normalMin: 80 }),
  ],
  ecg: [
    { key: 'rhythm', kind: 'choice', options: ['sinus', 'atrialFibrillation', 'other'], normal: 'sinus' },
    num('heartRate', 'x/menit', 20, 250, { normalMin: 60, normalMax: 100 }),
    { key: 'axis', kind: 'choice', options: ['normal', 'leftDeviation', 'rightDeviation'], normal: 'normal' },
    exam('ecgOther'),
  ],
  xray: [
    { key: 'cor', kind: 'choice', options: ['normal', 'cardiomegaly'], normal: 'normal' },
    {
      key: 'pulmo',
      kind: 'choice',
      options: ['normal', 'infiltrate', 'nodule', 'fibrosis', 'effusion', 'otherFinding'],
      normal: 'normal',
    },
    { key: 'sinusDiaphragm', kind: 'choice', options: ['normal', 'blunted'], normal: 'normal' },
    { key: 'bones', kind: 'choice', options: ['normal', 'abnormal'], normal: 'normal' },
    { key: 'impression', kind: 'text', normal: 'Cor dan pulmo dalam batas normal', findingWhenFilled: false },
  ],
  lab: [],
};

/** The values of a station examined and found normal: the one click. Numbers have no normal value. */
export function normalValues(station: McuStation): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of STATION_FIELDS[station]) {
    if (f.kind === 'choice' || f.kind === 'text') out[f.key] = f.normal;
    if (f.kind === 'exam') {
      out[f.key] = 'normal';
      out[`${f.key}Note`] = '';
    }
  }
  return out;
}

/** A finding before translation: its i18n key (the findings of the mcuStations catalogue) and its parameters. */
export interface Finding {
  key: string;
  params: Record<string, string | number>;
}

/** Body-mass index, one decimal; null without both height and weight. */
export function bmiOf(heightCm: unknown, weightKg: unknown): number | null {
  if (typeof heightCm !== 'number' || typeof weightKg !== 'number' || heightCm <= 0) return null;
  return Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10;
}

/** The BMI class of [MMC] (research §2.3). */
export function bmiClass(
  bmi: number,
): 'underweight' | 'normal' | 'overweight' | 'obese1' | 'obese2' | 'obese3' {
  if (bmi < 18.5) return 'underweight';
  if (bmi < 25) return 'normal';
  if (bmi < 30) return 'overweight';
  if (bmi < 35) return 'obese1';
  if (bmi < 40) return 'obese2';
  return 'obese3';
}

/** The pure-tone average of one ear (500, 1000, 2000, 4000 Hz); null unless all four are there. */
export function pureToneAverage(data: Record<string, unknown>, ear: 'right' | 'left'): number | null {
  const values = [500, 1000, 2000, 4000].map((f) => data[`${ear}${f}`]);
  if (!values.every((v) => typeof v === 'number')) return null;
  return Math.round(((values as number[]).reduce((a, b) => a + b, 0) / 4) * 10) / 10;
}

/** The hearing-loss degree of a pure-tone average (WHO 1991 grades as used in MCU reports). */
export function hearingDegree(
  pta: number,
): 'normal' | 'mild' | 'moderate' | 'moderatelySevere' | 'severe' | 'profound' {
  if (pta <= 25) return 'normal';
  if (pta <= 40) return 'mild';
  if (pta <= 55) return 'moderate';
  if (pta <= 70) return 'moderatelySevere';
  if (pta <= 90) return 'severe';
  return 'profound';
}

/** FEV1/FVC in percent, one decimal; null without both. */
export function fevRatio(data: Record<string, unknown>): number | null {
  const { fvc, fev1 } = data;
  if (typeof fvc !== 'number' || typeof fev1 !== 'number' || fvc <= 0) return null;
  return Math.round((fev1 / fvc) * 1000) / 10;
}

/** The spirometry pattern: obstruction below 70 % FEV1/FVC, restriction below 80 % of predicted FVC. */
export function spirometryPattern(
  data: Record<string, unknown>,
): 'normal' | 'restriction' | 'obstruction' | 'mixed' | null {
  const ratio = fevRatio(data);
  const predicted = data.fvcPredicted;
  if (ratio === null || typeof predicted !== 'number') return null;
  const obstruction = ratio < 70;
  const restriction = predicted < 80;
  if (obstruction && restriction) return 'mixed';
  if (obstruction) return 'obstruction';
  if (restriction) return 'restriction';
  return 'normal';
}
