/**
 * Vital signs: the range a reading can physically have (outside it is a typing error and is
 * refused) and the adult normal range (outside it the screen flags the value).
 */
export const VITALS = {
  systolic: { min: 40, max: 300, normal: [90, 139], unit: 'mmHg', integer: true },
  diastolic: { min: 20, max: 200, normal: [60, 89], unit: 'mmHg', integer: true },
  pulse: { min: 20, max: 250, normal: [60, 100], unit: 'x/mnt', integer: true },
  respiratoryRate: { min: 4, max: 80, normal: [12, 20], unit: 'x/mnt', integer: true },
  temperature: { min: 30, max: 45, normal: [36, 37.5], unit: '°C', integer: false },
  spo2: { min: 50, max: 100, normal: [95, 100], unit: '%', integer: true },
  weight: { min: 0.3, max: 400, normal: null, unit: 'kg', integer: false },
  height: { min: 20, max: 250, normal: null, unit: 'cm', integer: false },
} as const;
export type VitalName = keyof typeof VITALS;
export const VITAL_NAMES = Object.keys(VITALS) as VitalName[];

/** 'low' | 'high' when a plausible reading is outside the adult normal range. */
export function vitalFlag(name: VitalName, value: number | null | undefined): 'low' | 'high' | null {
  if (value == null) return null;
  const normal = VITALS[name].normal;
  if (!normal) return null;
  if (value < normal[0]) return 'low';
  if (value > normal[1]) return 'high';
  return null;
}

/** Body mass index, one decimal, from kg and cm; null until both are known. */
export function bodyMassIndex(
  weight: number | null | undefined,
  height: number | null | undefined,
): number | null {
  if (!weight || !height) return null;
  const m = height / 100;
  return Math.round((weight / (m * m)) * 10) / 10;
}

/** WHO Asia-Pacific BMI classes (Kemenkes uses the same cut-offs). */
export function bmiClass(bmi: number | null): 'under' | 'normal' | 'over' | 'obese1' | 'obese2' | null {
  if (bmi == null) return null;
  if (bmi < 18.5) return 'under';
  if (bmi < 23) return 'normal';
  if (bmi < 25) return 'over';
  if (bmi < 30) return 'obese1';
  return 'obese2';
}

export const CODE_SYSTEMS = ['icd10', 'icd9cm'] as const;
export type CodeSystem = (typeof CODE_SYSTEMS)[number];

export const ORDER_SERVICES = ['LAB', 'RAD', 'PHYSIO', 'TREATMENT'] as const;
export type OrderService = (typeof ORDER_SERVICES)[number];

/** Common outpatient orders offered as quick picks (free text is accepted too until the service master exists). */
export const ORDER_CATALOGUE: Record<OrderService, readonly string[]> = {
  LAB: [
    'Darah Lengkap',
    'Hemoglobin',
    'Leukosit',
    'Trombosit',
    'Laju Endap Darah',
    'Gula Darah Sewaktu',
    'Gula Darah Puasa',
    'Gula Darah 2 Jam PP',
    'HbA1c',
    'Kolesterol Total',
    'HDL',
    'LDL',
    'Trigliserida',
    'Asam Urat',
    'SGOT',
    'SGPT',
    'Ureum',
    'Kreatinin',
    'Urinalisis',
    'Feses Lengkap',
    'Widal',
    'NS1 Dengue',
    'IgG/IgM Dengue',
    'HBsAg',
    'Anti HIV',
    'Tes Kehamilan',
    'Golongan Darah',
  ],
  RAD: [
    'Foto Thorax PA',
    'Foto Thorax AP/Lateral',
    'Foto Ekstremitas',
    'Foto Vertebra',
    'USG Abdomen',
    'EKG',
  ],
  PHYSIO: ['Evaluasi Fisioterapi', 'TENS', 'Ultrasound Terapi', 'Infrared', 'Latihan Terapeutik', 'Traksi'],
  TREATMENT: [
    'Nebulisasi',
    'Perawatan Luka',
    'Hecting',
    'Injeksi',
    'Pemasangan Infus',
    'Ekstraksi Kuku',
    'Irigasi Telinga',
  ],
};

export const DRUG_ROUTES = [
  'oral',
  'sublingual',
  'topical',
  'inhalation',
  'rectal',
  'vaginal',
  'ophthalmic',
  'otic',
  'nasal',
  'intramuscular',
  'intravenous',
  'subcutaneous',
] as const;
export type DrugRoute = (typeof DRUG_ROUTES)[number];

export const DRUG_FORMS = [
  'tablet',
  'kapsul',
  'kaplet',
  'sirup',
  'suspensi',
  'drops',
  'salep',
  'krim',
  'gel',
  'injeksi',
  'infus',
  'inhaler',
  'suppositoria',
  'puyer',
  'tetes mata',
  'tetes telinga',
  'larutan',
  'lainnya',
] as const;

/** Forms a compounded preparation (racikan) takes. */
export const COMPOUND_FORMS = ['puyer', 'kapsul', 'salep', 'krim', 'sirup'] as const;

export const LETTER_KINDS = ['health', 'sick', 'referral'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];

/** Letter number: 'SKS/<clinic>/<year>/<nnnnn>' (health), 'SKT/…' (sick leave), 'RUJ/…' (referral). */
export const LETTER_PREFIX: Record<LetterKind, string> = { health: 'SKS', sick: 'SKT', referral: 'RUJ' };
export function formatLetterNumber(kind: LetterKind, clinicId: number, year: number, seq: number): string {
  return `${LETTER_PREFIX[kind]}/${clinicId}/${year}/${String(seq).padStart(5, '0')}`;
}

/** Roles that may read a medical record (with the menu and the treating clinic). */
export const CLINICAL_ROLES: readonly string[] = [
  'Doctor',
  'Nurse',
  'Lab',
  'Radiologi',
  'Super Admin',
  'Applimetis',
];
