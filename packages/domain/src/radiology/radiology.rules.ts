/**
 * Radiology (issue 16 §2), pure rules shared by the server and the screens: the DICOM modality of
 * an ordered examination, the accession number's form, and the report templates.
 */

/** DICOM modalities the desk records (CR computed radiography, DX digital X-ray, US, CT, MR, MG, OT other). */
export const MODALITIES = ['CR', 'DX', 'US', 'CT', 'MR', 'MG', 'OT'] as const;
export type Modality = (typeof MODALITIES)[number];

/**
 * The modality of an examination, from its catalogue code or name (the doctor's quick picks say
 * "Foto Thorax PA", "USG Abdomen", the catalogue "RAD-THORAX Rontgen Thorax PA"): plain films are
 * CR (the demo clinics digitise cassettes), ultrasound US, CT, MRI MR, mammography MG, anything
 * else (an ECG ordered on the radiology sheet) OT.
 */
export function modalityOf(text: string): Modality {
  const t = text.toLowerCase();
  if (/\b(usg|ultraso|ultrasound|echo)/.test(t)) return 'US';
  if (/\bmammo/.test(t)) return 'MG';
  if (/\b(mri|mr)\b/.test(t)) return 'MR';
  if (/\bct\b|ct[- ]?scan|msct/.test(t)) return 'CT';
  if (/\b(foto|rontgen|röntgen|thorax|toraks|x-ray|xray|ekstremitas|vertebra|bno|skull|pelvis|rad-)/.test(t))
    return 'CR';
  return 'OT';
}

/** `RAD-<clinic id>-<yyyymmdd>-<seq, 4 digits>`: unique per clinic and day, given once per visit. */
export const accessionPrefix = (clinicId: number, day: string) =>
  `RAD-${clinicId}-${day.slice(0, 10).replaceAll('-', '')}-`;
export const accessionNumber = (clinicId: number, day: string, seq: number) =>
  `${accessionPrefix(clinicId, day)}${String(seq).padStart(4, '0')}`;

export const RAD_TEMPLATES = ['chestMcu', 'normal', 'free'] as const;
export type RadTemplate = (typeof RAD_TEMPLATES)[number];

export interface TemplateText {
  findings: string;
  impression: string;
}

/** The report templates in both languages (the report is written in the language picked). */
export const TEMPLATE_TEXT: Readonly<Record<RadTemplate, { id: TemplateText; en: TemplateText }>> = {
  chestMcu: {
    id: {
      findings: [
        'Foto Toraks PA:',
        'Cor tidak membesar (CTR < 50%).',
        'Sinus kostofrenikus kanan dan kiri lancip, diafragma kanan dan kiri licin.',
        'Pulmo: hilus tidak melebar, corakan bronkovaskular normal, tidak tampak infiltrat maupun nodul.',
        'Tulang-tulang dan jaringan lunak dinding dada intak.',
      ].join('\n'),
      impression: 'Cor dan pulmo dalam batas normal.',
    },
    en: {
      findings: [
        'Chest X-ray PA:',
        'The heart is not enlarged (CTR < 50%).',
        'Both costophrenic angles are sharp, both hemidiaphragms smooth.',
        'Lungs: hila not widened, normal bronchovascular markings, no infiltrate or nodule.',
        'Bones and soft tissues of the chest wall are intact.',
      ].join('\n'),
      impression: 'Heart and lungs within normal limits.',
    },
  },
  normal: {
    id: {
      findings: 'Tidak tampak kelainan radiologis pada pemeriksaan ini.',
      impression: 'Dalam batas normal.',
    },
    en: {
      findings: 'No radiological abnormality is seen on this examination.',
      impression: 'Within normal limits.',
    },
  },
  free: { id: { findings: '', impression: '' }, en: { findings: '', impression: '' } },
};

/** A report can be signed once both its findings and its impression say something. */
export const canSign = (r: { findings: string | null; impression: string | null }) =>
  Boolean(r.findings?.trim()) && Boolean(r.impression?.trim());
