/**
 * The demo chain's service master with 2026 Jakarta clinic prices (general, whole rupiah; the
 * company class pays 10% less, insurers 10% more; 2025 was about 8% lower). Components follow
 * the group: a lab test is mostly facility (reagents, analyser), a consultation mostly the
 * doctor's fee, a procedure carries consumables (BHP).
 */

export type DemoGroup = 'registration' | 'consultation' | 'procedure' | 'lab' | 'radiology' | 'physio';

export interface DemoService {
  code: string;
  nameId: string;
  nameEn: string;
  group: DemoGroup;
  unit: string;
  /** The general (Umum) price from 2026-01-01, the sum of its components. */
  price: number;
  tax?: 'exempt' | 'ppn';
  icd9?: string;
  specialist?: string;
  /** A panel's or package's items: code and quantity. */
  items?: [code: string, quantity: number][];
}

export const DEMO_SERVICES: DemoService[] = [
  {
    code: 'REG-ADM',
    nameId: 'Biaya Pendaftaran',
    nameEn: 'Registration fee',
    group: 'registration',
    unit: 'kali',
    price: 25_000,
  },
  {
    code: 'REG-KARTU',
    nameId: 'Kartu Pasien',
    nameEn: 'Patient card',
    group: 'registration',
    unit: 'kartu',
    price: 15_000,
    // a printed card is goods, not a medical service
    tax: 'ppn',
  },
  {
    code: 'KONS-UMUM',
    nameId: 'Konsultasi Dokter Umum',
    nameEn: 'General practitioner consultation',
    group: 'consultation',
    unit: 'kunjungan',
    price: 90_000,
  },
  {
    code: 'KONS-SPPD',
    nameId: 'Konsultasi Spesialis Penyakit Dalam',
    nameEn: 'Internal medicine specialist consultation',
    group: 'consultation',
    unit: 'kunjungan',
    price: 200_000,
    specialist: 'Penyakit Dalam',
  },
  {
    code: 'TND-HECT',
    nameId: 'Jahit Luka',
    nameEn: 'Wound suturing',
    group: 'procedure',
    unit: 'tindakan',
    price: 150_000,
    icd9: '86.59',
  },
  {
    code: 'TND-RAWAT',
    nameId: 'Rawat Luka',
    nameEn: 'Wound care',
    group: 'procedure',
    unit: 'tindakan',
    price: 75_000,
    icd9: '86.28',
  },
  {
    code: 'TND-INSISI',
    nameId: 'Insisi Abses',
    nameEn: 'Abscess incision',
    group: 'procedure',
    unit: 'tindakan',
    price: 250_000,
    icd9: '86.04',
  },
  {
    code: 'TND-NEBU',
    nameId: 'Nebulisasi',
    nameEn: 'Nebulisation',
    group: 'procedure',
    unit: 'tindakan',
    price: 85_000,
    icd9: '93.94',
  },
  {
    code: 'TND-INJ',
    nameId: 'Injeksi',
    nameEn: 'Injection',
    group: 'procedure',
    unit: 'tindakan',
    price: 40_000,
    icd9: '99.29',
  },
  {
    code: 'TND-INFUS',
    nameId: 'Pemasangan Infus',
    nameEn: 'Intravenous line insertion',
    group: 'procedure',
    unit: 'tindakan',
    price: 150_000,
    icd9: '38.93',
  },
  {
    code: 'TND-EKG',
    nameId: 'Elektrokardiografi',
    nameEn: 'Electrocardiography',
    group: 'procedure',
    unit: 'tindakan',
    price: 125_000,
    icd9: '89.52',
  },
  {
    code: 'TND-IRIGASI',
    nameId: 'Irigasi Telinga',
    nameEn: 'Ear irrigation',
    group: 'procedure',
    unit: 'tindakan',
    price: 100_000,
    icd9: '96.52',
  },
  {
    code: 'RAD-THORAX',
    nameId: 'Rontgen Thorax PA',
    nameEn: 'Chest X-ray PA',
    group: 'radiology',
    unit: 'pemeriksaan',
    price: 150_000,
    icd9: '87.44',
  },
  {
    code: 'FIS-SESI',
    nameId: 'Fisioterapi per Sesi',
    nameEn: 'Physiotherapy session',
    group: 'physio',
    unit: 'sesi',
    price: 150_000,
  },
  {
    code: 'FIS-PAKET6',
    nameId: 'Paket Fisioterapi 6 Sesi',
    nameEn: 'Physiotherapy package, 6 sessions',
    group: 'physio',
    unit: 'paket',
    // six sessions at 10% off
    price: 810_000,
    items: [['FIS-SESI', 6]],
  },
  {
    code: 'LAB-DL',
    nameId: 'Darah Lengkap',
    nameEn: 'Complete blood count',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 120_000,
  },
  {
    code: 'LAB-DR',
    nameId: 'Darah Rutin',
    nameEn: 'Routine blood count',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 70_000,
  },
  {
    code: 'LAB-GDP',
    nameId: 'Glukosa Darah Puasa',
    nameEn: 'Fasting blood glucose',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 30_000,
  },
  {
    code: 'LAB-GD2PP',
    nameId: 'Glukosa 2 Jam PP',
    nameEn: '2-hour postprandial glucose',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 30_000,
  },
  {
    code: 'LAB-GDS',
    nameId: 'Glukosa Darah Sewaktu',
    nameEn: 'Random blood glucose',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 30_000,
  },
  {
    code: 'LAB-LIPID',
    nameId: 'Profil Lipid',
    nameEn: 'Lipid profile',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 200_000,
  },
  {
    code: 'LAB-UA',
    nameId: 'Asam Urat',
    nameEn: 'Uric acid',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 40_000,
  },
  { code: 'LAB-UR', nameId: 'Ureum', nameEn: 'Urea', group: 'lab', unit: 'pemeriksaan', price: 45_000 },
  {
    code: 'LAB-CR',
    nameId: 'Kreatinin',
    nameEn: 'Creatinine',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 45_000,
  },
  {
    code: 'LAB-SGOT',
    nameId: 'SGOT/AST',
    nameEn: 'SGOT/AST',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 45_000,
  },
  {
    code: 'LAB-SGPT',
    nameId: 'SGPT/ALT',
    nameEn: 'SGPT/ALT',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 45_000,
  },
  {
    code: 'LAB-UL',
    nameId: 'Urine Lengkap',
    nameEn: 'Urinalysis',
    group: 'lab',
    unit: 'pemeriksaan',
    price: 50_000,
  },
  { code: 'LAB-HBSAG', nameId: 'HBsAg', nameEn: 'HBsAg', group: 'lab', unit: 'pemeriksaan', price: 100_000 },
  {
    code: 'LAB-P-HATI',
    nameId: 'Panel Fungsi Hati',
    nameEn: 'Liver function panel',
    group: 'lab',
    unit: 'panel',
    price: 80_000,
    items: [
      ['LAB-SGOT', 1],
      ['LAB-SGPT', 1],
    ],
  },
  {
    code: 'LAB-P-GINJAL',
    nameId: 'Panel Fungsi Ginjal',
    nameEn: 'Kidney function panel',
    group: 'lab',
    unit: 'panel',
    price: 115_000,
    items: [
      ['LAB-UR', 1],
      ['LAB-CR', 1],
      ['LAB-UA', 1],
    ],
  },
  {
    code: 'LAB-P-MCU',
    nameId: 'Panel MCU Dasar',
    nameEn: 'Basic MCU panel',
    group: 'lab',
    unit: 'panel',
    price: 550_000,
    items: [
      ['LAB-DL', 1],
      ['LAB-UL', 1],
      ['LAB-GDP', 1],
      ['LAB-LIPID', 1],
      ['LAB-SGOT', 1],
      ['LAB-SGPT', 1],
      ['LAB-UR', 1],
      ['LAB-CR', 1],
      ['LAB-UA', 1],
    ],
  },
];

/** Shares of the professional fee and consumables (BHP) by group; the facility fee is the rest. */
export const COMPONENT_SHARES: Record<DemoGroup, { professional: number; consumables: number }> = {
  registration: { professional: 0, consumables: 0 },
  consultation: { professional: 0.75, consumables: 0 },
  procedure: { professional: 0.4, consumables: 0.3 },
  lab: { professional: 0.15, consumables: 0.15 },
  radiology: { professional: 0.3, consumables: 0.1 },
  physio: { professional: 0.7, consumables: 0 },
};

/** The payer classes' prices against the general one. */
export const CLASS_FACTORS = { general: 1, company: 0.9, insurer: 1.1 } as const;
/** 2025's prices against 2026's. */
export const PREVIOUS_YEAR_FACTOR = 0.92;

/** Klinik Makassar (13) charges less for a GP consultation from 2026. */
export const DEMO_OVERRIDES = [{ code: 'KONS-UMUM', clinicId: 13, price: 75_000 }];
