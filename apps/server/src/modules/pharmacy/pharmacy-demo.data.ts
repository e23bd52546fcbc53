/** The demo's prescriptions at Menteng (pharmacy-demo.ts): what each says and how far it has gone. */

export const MARK = 'Batuk berdahak dan nyeri ulu hati, kontrol ISK';

export type Step =
  | { action: 'review' | 'prepare' | 'ready' | 'resume' }
  | { action: 'hold' | 'reject'; reason: string }
  | { action: 'dispense'; lines?: { line: number; quantity: number }[] }
  | { action: 'substitute'; line: number; drug: string; reason: string };

export interface DemoCase {
  complaint: string;
  cito?: boolean;
  lines: { drug: string; dose: string; frequency: string; days: number; quantity: number; note: string }[];
  racikan?: { name: string; packets: number; ingredients: { drug: string; amount: string }[] };
  steps: Step[];
  minutesAgo: number;
}

const line = (
  drug: string,
  quantity: number,
  frequency = '3x sehari',
  note = 'Sesudah makan',
  dose = '1 tablet',
) => ({
  drug,
  dose,
  frequency,
  days: 5,
  quantity,
  note,
});

export const CASES: DemoCase[] = [
  {
    complaint: MARK,
    lines: [
      line('Ciprofloxacin', 10, '2x sehari'),
      line('Antasida DOEN', 15, '3x sehari', 'Dikunyah sebelum makan'),
      line('Paracetamol', 10, '3x sehari', 'Bila demam'),
    ],
    steps: [],
    minutesAgo: 12,
  },
  {
    complaint: 'Demam tinggi sejak kemarin, menggigil',
    cito: true,
    lines: [line('Paracetamol', 10), line('Amoxicillin', 15)],
    steps: [],
    minutesAgo: 4,
  },
  {
    complaint: 'Bersin dan gatal hidung tiap pagi',
    lines: [line('Cetirizine', 7, '1x sehari', 'Malam hari')],
    steps: [{ action: 'review' }],
    minutesAgo: 18,
  },
  {
    complaint: 'Kontrol hipertensi dan kolesterol',
    lines: [
      line('Amlodipine', 30, '1x sehari', 'Pagi hari'),
      line('Simvastatin', 30, '1x sehari', 'Malam hari'),
    ],
    steps: [
      { action: 'review' },
      { action: 'hold', reason: 'Simvastatin 20 mg dengan amlodipin: dosis dikonfirmasi ke dokter' },
    ],
    minutesAgo: 26,
  },
  {
    complaint: 'Perih ulu hati setelah makan pedas',
    lines: [
      line('Omeprazole', 7, '1x sehari', 'Sebelum makan pagi', '1 kapsul'),
      line('Antasida DOEN', 10, '3x sehari', 'Dikunyah sebelum makan'),
    ],
    steps: [{ action: 'review' }, { action: 'prepare' }],
    minutesAgo: 33,
  },
  {
    complaint: 'Nyeri kepala dan pegal',
    lines: [line('Paracetamol', 10)],
    steps: [{ action: 'review' }, { action: 'prepare' }, { action: 'ready' }],
    minutesAgo: 41,
  },
  {
    complaint: 'Radang tenggorokan, nyeri menelan',
    lines: [line('Amoxicillin', 15), line('Paracetamol', 10, '3x sehari', 'Bila demam')],
    steps: [
      { action: 'review' },
      { action: 'prepare' },
      { action: 'ready' },
      { action: 'dispense', lines: [{ line: 0, quantity: 9 }] },
    ],
    minutesAgo: 55,
  },
  {
    complaint: 'Alergi kulit setelah makan udang',
    lines: [line('Cetirizine', 5, '1x sehari', 'Malam hari')],
    steps: [{ action: 'review' }, { action: 'prepare' }, { action: 'ready' }, { action: 'dispense' }],
    minutesAgo: 70,
  },
  {
    complaint: 'Batuk kering malam hari',
    lines: [line('Omeprazole', 14, '2x sehari', 'Sebelum makan', '1 kapsul')],
    steps: [
      { action: 'review' },
      { action: 'reject', reason: 'Indikasi tidak sesuai keluhan; dokter diminta menulis ulang resep' },
    ],
    minutesAgo: 64,
  },
  {
    complaint: 'Batuk pilek anak 3 hari',
    lines: [],
    racikan: {
      name: 'Racikan batuk anak',
      packets: 10,
      ingredients: [
        { drug: 'CTM', amount: '1/2 tab' },
        { drug: 'Ambroxol', amount: '1/2 tab' },
      ],
    },
    steps: [{ action: 'review' }],
    minutesAgo: 22,
  },
];

/** Drugs the cases need at the pharmacy: received there when it holds none (base units, a year to expiry). */
export const NEEDED = [
  'Ciprofloxacin',
  'Antasida DOEN',
  'CTM',
  'Ambroxol',
  'Amlodipine',
  'Simvastatin',
  'Paracetamol',
  'Amoxicillin',
  'Cetirizine',
  'Omeprazole',
];
