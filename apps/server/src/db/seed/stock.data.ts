/**
 * The demo's stock (issue 17 §4): per item its class, minimum stock and packaging units, and its
 * batches — days to expiry from today, when received, what stays in the warehouse (Gudang) and
 * what was moved to the pharmacy (Apotek) or the treatment room (Ruang Tindakan). Chosen so that
 * the alerts have something to say: batches expiring within three months, items below minimum,
 * one expired batch, one item nothing left for months (dead stock).
 */

export interface DemoStockBatch {
  batchNumber: string;
  expiresInDays: number;
  receivedDaysAgo: number;
  /** Rupiah per base unit. */
  unitCost: number;
  warehouse: number;
  /** Moved out of the warehouse a week ago, to the pharmacy (drugs) or the treatment room (consumables). */
  moved: number;
}

export interface DemoStockItem {
  name: string;
  strength: string | null;
  drugClass: 'narcotic' | 'psychotropic' | 'hard' | 'otc' | null;
  minStock: number;
  units: { name: string; factor: number }[];
  batches: DemoStockBatch[];
  /** A consumable (BHP) not in the drug master yet: added with these. */
  consumable?: { form: string; unit: string; price: number };
  /**
   * A lab consumable: moved to the lab (Laboratorium) instead, and what a sample takes of it — per
   * container of the lab catalogue or per blood draw (`venipuncture`).
   */
  lab?: { key: string; quantity: number };
  /** A drug not in the demo's drug master: added with these (the narcotic and psychotropic). */
  added?: { form: string; unit: string; price: number; genericName: string };
}

const b = (
  batchNumber: string,
  expiresInDays: number,
  warehouse: number,
  moved: number,
  unitCost: number,
  receivedDaysAgo = 30,
): DemoStockBatch => ({ batchNumber, expiresInDays, receivedDaysAgo, unitCost, warehouse, moved });

export const DEMO_STOCK: DemoStockItem[] = [
  {
    name: 'Paracetamol',
    strength: '500 mg',
    drugClass: 'otc',
    minStock: 500,
    units: [
      { name: 'STRIP', factor: 10 },
      { name: 'BOX', factor: 100 },
    ],
    batches: [b('PCT2409A', 60, 300, 100, 120, 40), b('PCT2502B', 540, 1000, 200, 115)],
  },
  {
    name: 'Amoxicillin',
    strength: '500 mg',
    drugClass: 'hard',
    minStock: 300,
    units: [
      { name: 'STRIP', factor: 10 },
      { name: 'BOX', factor: 100 },
    ],
    // below minimum
    batches: [b('AMX2501C', 400, 100, 50, 450)],
  },
  {
    name: 'Cetirizine',
    strength: '10 mg',
    drugClass: 'hard',
    minStock: 100,
    units: [{ name: 'STRIP', factor: 10 }],
    // near expiry and below minimum
    batches: [b('CTZ2408K', 75, 0, 60, 300, 50)],
  },
  {
    name: 'Omeprazole',
    strength: '20 mg',
    drugClass: 'hard',
    minStock: 100,
    units: [
      { name: 'STRIP', factor: 10 },
      { name: 'BOX', factor: 100 },
    ],
    batches: [b('OMZ2503D', 300, 400, 100, 600)],
  },
  {
    name: 'OBH sirup',
    strength: null,
    drugClass: 'otc',
    minStock: 20,
    units: [{ name: 'DUS', factor: 12 }],
    batches: [b('OBH2410E', 45, 24, 12, 9_000)],
  },
  {
    name: 'Chloramphenicol tetes mata',
    strength: null,
    drugClass: 'hard',
    minStock: 5,
    units: [],
    // one batch already expired, still on the shelf
    batches: [b('CLR2311X', -20, 0, 4, 12_000, 200), b('CLR2506F', 365, 10, 0, 12_500)],
  },
  {
    name: 'Betahistine',
    strength: null,
    drugClass: 'hard',
    minStock: 0,
    units: [{ name: 'BOX', factor: 100 }],
    // received four months ago and never used: dead stock
    batches: [b('BTH2407G', 500, 200, 0, 700, 120)],
  },
  {
    // a psychotropic (golongan IV) and a narcotic (golongan III): the monthly report has rows
    name: 'Diazepam',
    strength: '2 mg',
    drugClass: 'psychotropic',
    minStock: 50,
    units: [{ name: 'STRIP', factor: 10 }],
    added: { form: 'tablet', unit: 'tablet', price: 800, genericName: 'Diazepam' },
    batches: [b('DZP2504N', 500, 100, 30, 350, 20)],
  },
  {
    name: 'Codein',
    strength: '10 mg',
    drugClass: 'narcotic',
    minStock: 30,
    units: [{ name: 'STRIP', factor: 10 }],
    added: { form: 'tablet', unit: 'tablet', price: 2_500, genericName: 'Codeine' },
    batches: [b('COD2505P', 420, 60, 20, 1_400, 20)],
  },
  {
    name: 'Kasa steril',
    strength: '16 x 16 cm',
    drugClass: null,
    minStock: 100,
    units: [{ name: 'PAK', factor: 10 }],
    consumable: { form: 'kasa', unit: 'lembar', price: 1_500 },
    batches: [b('KSA2501H', 700, 300, 50, 800)],
  },
  {
    name: 'Spuit',
    strength: '3 ml',
    drugClass: null,
    minStock: 50,
    units: [{ name: 'BOX', factor: 100 }],
    consumable: { form: 'alat kesehatan', unit: 'pcs', price: 3_000 },
    batches: [b('SPT2502J', 900, 200, 40, 1_600)],
  },
  {
    name: 'Sarung tangan lateks',
    strength: 'M',
    drugClass: null,
    minStock: 50,
    units: [{ name: 'BOX', factor: 50 }],
    consumable: { form: 'alat kesehatan', unit: 'pasang', price: 2_500 },
    // near expiry and below minimum
    batches: [b('SRT2409L', 60, 30, 10, 1_200)],
  },
  {
    name: 'Alkohol swab',
    strength: null,
    drugClass: null,
    minStock: 100,
    units: [{ name: 'BOX', factor: 100 }],
    consumable: { form: 'alat kesehatan', unit: 'sachet', price: 500 },
    batches: [b('ALK2503M', 400, 200, 100, 250)],
  },
  ...labItem('Tabung EDTA', '3 ml', 'edta', 'TEDTA2503', 500, 2_200),
  ...labItem('Tabung serum', '5 ml', 'plain', 'TSRM2504', 400, 2_000),
  ...labItem('Tabung sitrat', '2,7 ml', 'citrate', 'TSIT2502', 100, 2_600),
  ...labItem('Tabung fluorida', '2 ml', 'fluoride', 'TFLU2502', 100, 2_400),
  ...labItem('Pot urin', '60 ml', 'urinePot', 'POTU2505', 300, 1_200),
  ...labItem('Pot feses', '30 ml', 'stoolPot', 'POTF2505', 100, 1_300),
  ...labItem('Jarum vakum', '21G', 'venipuncture', 'JRM2506', 500, 1_800),
  ...labItem('Plester bulat', null, 'venipuncture', 'PLB2506', 500, 150),
];

/** A lab consumable: counted in pcs, boxed by 100, half of it in the lab. */
function labItem(
  name: string,
  strength: string | null,
  key: string,
  batch: string,
  received: number,
  price: number,
): DemoStockItem[] {
  return [
    {
      name,
      strength,
      drugClass: null,
      minStock: 50,
      units: [{ name: 'BOX', factor: 100 }],
      consumable: { form: 'alat kesehatan', unit: 'pcs', price },
      lab: { key, quantity: 1 },
      batches: [b(batch, 500, received / 2, received / 2, Math.round(price / 2))],
    },
  ];
}

/** The stock locations each demo clinic gets. */
export const DEMO_LOCATIONS = [
  { name: 'Gudang', type: 'warehouse' },
  { name: 'Apotek', type: 'pharmacy' },
  { name: 'Ruang Tindakan', type: 'treatment' },
  { name: 'Laboratorium', type: 'lab' },
] as const;
