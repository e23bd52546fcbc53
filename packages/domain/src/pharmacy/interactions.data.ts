/**
 * A small reviewed table of well-established drug–drug interactions for primary care (issue 17 §2).
 *
 * Source: general, well-known pairs as listed in the BNF (Appendix 1 / "Interactions") and
 * Stockley's Drug Interactions; severities follow their wording (major: avoid or only under close
 * monitoring; moderate: adjust the dose, separate the doses or monitor; minor: usually of little
 * consequence). Effects are written in Indonesian for the pharmacist's screen.
 *
 * NOT EXHAUSTIVE: it flags a few dozen common pairs; a pair missing here is not safe for that. The
 * pharmacist's own review (telaah) with a full reference stays the check; the screen says so.
 *
 * Each side lists name fragments (case ignored) matched against a line's drug name and generic
 * name, and against a racikan's ingredients: Indonesian (INN-ID) and English spellings both.
 */

export type InteractionSeverity = 'major' | 'moderate' | 'minor';

export interface InteractionPair {
  a: readonly string[];
  b: readonly string[];
  severity: InteractionSeverity;
  effect: string;
}

const NSAIDS = [
  'ibuprofen',
  'asam mefenamat',
  'mefenamic',
  'diklofenak',
  'diclofenac',
  'meloksikam',
  'meloxicam',
  'piroksikam',
  'piroxicam',
  'naproksen',
  'naproxen',
  'ketoprofen',
  'ketorolak',
  'ketorolac',
  'asetosal',
  'aspirin',
  'asam asetilsalisilat',
];
const ACE_INHIBITORS = [
  'kaptopril',
  'captopril',
  'lisinopril',
  'enalapril',
  'ramipril',
  'perindopril',
  'imidapril',
];
const CORTICOSTEROIDS = [
  'deksametason',
  'dexamethasone',
  'prednison',
  'prednisone',
  'metilprednisolon',
  'methylprednisolone',
];
const MACROLIDES = ['klaritromisin', 'clarithromycin', 'eritromisin', 'erythromycin'];
const AZOLES = ['ketokonazol', 'ketoconazole', 'itrakonazol', 'itraconazole'];
const QUINOLONES = [
  'siprofloksasin',
  'ciprofloxacin',
  'levofloksasin',
  'levofloxacin',
  'ofloksasin',
  'ofloxacin',
];
const ANTACIDS = [
  'antasida',
  'antacid',
  'aluminium hidroksida',
  'aluminium hydroxide',
  'magnesium hidroksida',
];
const IRON_ZINC = ['ferro', 'ferosus', 'ferrous', 'zinc', 'seng'];
const SSRIS = [
  'fluoksetin',
  'fluoxetine',
  'sertralin',
  'sertraline',
  'paroksetin',
  'paroxetine',
  'esitalopram',
  'escitalopram',
];
const NITRATES = ['isosorbid', 'isosorbide', 'nitrogliserin', 'glyceryl trinitrate', 'nitroglycerin'];
const SULFONYLUREAS = [
  'glibenklamid',
  'glibenclamide',
  'glimepirid',
  'glimepiride',
  'gliklazid',
  'gliclazide',
];
const POTASSIUM = ['kalium klorida', 'potassium chloride', 'kcl'];
const SPIRONOLACTONE = ['spironolakton', 'spironolactone'];
const WARFARIN = ['warfarin'];
const COTRIMOXAZOLE = ['kotrimoksazol', 'cotrimoxazole', 'co-trimoxazole', 'trimetoprim', 'trimethoprim'];
const SIMVASTATIN = ['simvastatin'];
const TETRACYCLINES = ['doksisiklin', 'doxycycline', 'tetrasiklin', 'tetracycline'];

export const INTERACTIONS: readonly InteractionPair[] = [
  {
    a: WARFARIN,
    b: NSAIDS,
    severity: 'major',
    effect: 'Risiko perdarahan meningkat (efek antikoagulan dan iritasi lambung)',
  },
  {
    a: WARFARIN,
    b: ['metronidazol', 'metronidazole'],
    severity: 'major',
    effect: 'Efek antikoagulan warfarin meningkat (INR naik); pantau INR',
  },
  {
    a: WARFARIN,
    b: COTRIMOXAZOLE,
    severity: 'major',
    effect: 'Efek antikoagulan warfarin meningkat; risiko perdarahan',
  },
  {
    a: WARFARIN,
    b: QUINOLONES,
    severity: 'moderate',
    effect: 'Efek antikoagulan warfarin dapat meningkat; pantau INR',
  },
  {
    a: WARFARIN,
    b: ['flukonazol', 'fluconazole', ...AZOLES],
    severity: 'major',
    effect: 'Efek antikoagulan warfarin meningkat; pantau INR',
  },
  {
    a: SIMVASTATIN,
    b: MACROLIDES,
    severity: 'major',
    effect: 'Kadar simvastatin naik: risiko miopati dan rabdomiolisis; hindari bersamaan',
  },
  {
    a: SIMVASTATIN,
    b: AZOLES,
    severity: 'major',
    effect: 'Kadar simvastatin naik: risiko miopati dan rabdomiolisis; kontraindikasi',
  },
  {
    a: SIMVASTATIN,
    b: ['gemfibrozil'],
    severity: 'major',
    effect: 'Risiko miopati dan rabdomiolisis meningkat; hindari bersamaan',
  },
  {
    a: SIMVASTATIN,
    b: ['amlodipin', 'amlodipine'],
    severity: 'moderate',
    effect: 'Kadar simvastatin naik: dosis simvastatin jangan melebihi 20 mg sehari',
  },
  {
    a: ACE_INHIBITORS,
    b: SPIRONOLACTONE,
    severity: 'major',
    effect: 'Risiko hiperkalemia; pantau kalium serum',
  },
  { a: ACE_INHIBITORS, b: POTASSIUM, severity: 'major', effect: 'Risiko hiperkalemia; pantau kalium serum' },
  {
    a: ACE_INHIBITORS,
    b: NSAIDS,
    severity: 'moderate',
    effect: 'Efek antihipertensi berkurang dan risiko gangguan fungsi ginjal meningkat',
  },
  {
    a: ACE_INHIBITORS,
    b: ['alopurinol', 'allopurinol'],
    severity: 'moderate',
    effect: 'Risiko reaksi hipersensitivitas meningkat, terutama pada gangguan ginjal',
  },
  {
    a: SPIRONOLACTONE,
    b: POTASSIUM,
    severity: 'major',
    effect: 'Risiko hiperkalemia berat; hindari bersamaan',
  },
  {
    a: QUINOLONES,
    b: ANTACIDS,
    severity: 'moderate',
    effect: 'Absorpsi kuinolon berkurang; minum kuinolon 2 jam sebelum atau 6 jam sesudah antasida',
  },
  {
    a: QUINOLONES,
    b: IRON_ZINC,
    severity: 'moderate',
    effect: 'Absorpsi kuinolon berkurang (kelasi); beri jarak minum 2 jam sebelum atau 6 jam sesudah',
  },
  {
    a: QUINOLONES,
    b: ['teofilin', 'theophylline', 'aminofilin', 'aminophylline'],
    severity: 'major',
    effect: 'Kadar teofilin naik: risiko kejang dan aritmia; pantau atau hindari',
  },
  {
    a: QUINOLONES,
    b: SULFONYLUREAS,
    severity: 'moderate',
    effect: 'Risiko gangguan gula darah (hipoglikemia); pantau gula darah',
  },
  {
    a: QUINOLONES,
    b: CORTICOSTEROIDS,
    severity: 'moderate',
    effect: 'Risiko tendinitis dan ruptur tendon meningkat, terutama pada usia lanjut',
  },
  {
    a: TETRACYCLINES,
    b: [...ANTACIDS, ...IRON_ZINC],
    severity: 'moderate',
    effect: 'Absorpsi tetrasiklin berkurang (kelasi); beri jarak minum 2–3 jam',
  },
  {
    a: ['metotreksat', 'methotrexate'],
    b: COTRIMOXAZOLE,
    severity: 'major',
    effect: 'Toksisitas metotreksat meningkat: risiko supresi sumsum tulang; hindari',
  },
  {
    a: ['metotreksat', 'methotrexate'],
    b: NSAIDS,
    severity: 'major',
    effect: 'Ekskresi metotreksat berkurang: risiko toksisitas',
  },
  {
    a: ['sildenafil', 'tadalafil'],
    b: NITRATES,
    severity: 'major',
    effect: 'Hipotensi berat; kontraindikasi',
  },
  { a: ['tramadol'], b: SSRIS, severity: 'major', effect: 'Risiko sindrom serotonin dan kejang meningkat' },
  {
    a: ['klopidogrel', 'clopidogrel'],
    b: ['omeprazol', 'omeprazole', 'esomeprazol', 'esomeprazole'],
    severity: 'moderate',
    effect: 'Efek antiplatelet klopidogrel berkurang; pilih PPI lain (mis. pantoprazol)',
  },
  {
    a: ['digoksin', 'digoxin'],
    b: ['amiodaron', 'amiodarone'],
    severity: 'major',
    effect: 'Kadar digoksin naik: risiko toksisitas; turunkan dosis digoksin dan pantau',
  },
  {
    a: ['alopurinol', 'allopurinol'],
    b: ['azatioprin', 'azathioprine', 'merkaptopurin', 'mercaptopurine'],
    severity: 'major',
    effect: 'Toksisitas azatioprin meningkat (supresi sumsum tulang); turunkan dosis',
  },
  {
    a: ['litium', 'lithium'],
    b: [...NSAIDS, ...ACE_INHIBITORS],
    severity: 'major',
    effect: 'Kadar litium naik: risiko toksisitas; pantau kadar litium',
  },
  {
    a: ['karbamazepin', 'carbamazepine'],
    b: MACROLIDES,
    severity: 'major',
    effect: 'Kadar karbamazepin naik: risiko toksisitas',
  },
  {
    a: ['domperidon', 'domperidone'],
    b: [...AZOLES, ...MACROLIDES],
    severity: 'major',
    effect: 'Risiko perpanjangan interval QT dan aritmia; kontraindikasi',
  },
  {
    a: NSAIDS,
    b: CORTICOSTEROIDS,
    severity: 'moderate',
    effect: 'Risiko tukak dan perdarahan saluran cerna meningkat',
  },
  { a: NSAIDS, b: SSRIS, severity: 'moderate', effect: 'Risiko perdarahan saluran cerna meningkat' },
  {
    a: ['metformin'],
    b: ['simetidin', 'cimetidine'],
    severity: 'minor',
    effect: 'Kadar metformin dapat naik; pantau efek samping',
  },
  {
    a: ['levotiroksin', 'levothyroxine'],
    b: [...ANTACIDS, ...IRON_ZINC, 'kalsium', 'calcium'],
    severity: 'moderate',
    effect: 'Absorpsi levotiroksin berkurang; beri jarak minum 4 jam',
  },
  {
    a: ['salbutamol'],
    b: ['propranolol'],
    severity: 'moderate',
    effect: 'Efek bronkodilator salbutamol dilawan beta-bloker non-selektif',
  },
];
