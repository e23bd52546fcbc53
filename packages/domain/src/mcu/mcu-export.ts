import type { McuStation } from './mcu-stations.ts';

/**
 * The MCU company recap's export rules (spec §3 "Export column dictionary", issue 20 §6): the
 * dictionary mapping checkup fields to their Indonesian headings, the spreadsheet rules (sheet
 * names cut to 30 characters, column width 20, grey header fill) and which recap columns a
 * package's stations bring. Headings are Indonesian whatever the screen's language: the file is
 * the company's, as the spec's export writes it.
 */

/** The spec's dictionary: checkup field → Indonesian heading. */
export const MCU_EXPORT_DICTIONARY = {
  vitals: 'Tanda Vital',
  complaints: 'Keluhan',
  history: 'Riwayat Penyakit',
  hazards: 'Faktor Bahaya',
  eye: 'Mata',
  ear: 'Telinga',
  nose: 'Hidung',
  mouth: 'Mulut',
  neck: 'Leher',
  respiratory: 'Paru',
  cardiovascular: 'Jantung',
  digestive: 'Abdomen',
  genitourinary: 'Genitourinaria',
  limbs: 'Ekstremitas',
  result: 'Hasil',
  suggestion: 'Saran',
  finalExamFinally: 'Kesimpulan Akhir',
} as const;
export type McuExportField = keyof typeof MCU_EXPORT_DICTIONARY;

export const SHEET_NAME_MAX = 30;
export const EXPORT_COLUMN_WIDTH = 20;
/** ARGB of the header row's fill (light grey). */
export const EXPORT_HEADER_FILL = 'FFD9D9D9';

/** A sheet name Excel accepts: no \ / ? * [ ] :, at most 30 characters. */
export const mcuSheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, '-').slice(0, SHEET_NAME_MAX);

/** Identity headings of every recap row (not in the dictionary: the spec names none). */
export const RECAP_IDENTITY_HEADINGS = {
  no: 'No',
  mcuNumber: 'No. MCU',
  employeeNumber: 'NIK Karyawan',
  nik: 'NIK KTP',
  name: 'Nama',
  sex: 'JK',
  age: 'Umur',
  department: 'Departemen',
  job: 'Jabatan',
  package: 'Paket',
  examDate: 'Tgl Pemeriksaan',
  status: 'Status',
} as const;

/** Headings of the columns a station brings that the dictionary does not name. */
export const RECAP_EXTRA_HEADINGS = {
  bmi: 'IMT',
  bloodPressure: 'Tekanan Darah',
  visus: 'Visus (OD/OS)',
  colourVision: 'Buta Warna',
  dental: 'Gigi',
  audiometry: 'Audiometri',
  spirometry: 'Spirometri',
  ecg: 'EKG',
  xray: 'Rontgen Thorax',
  lab: 'Laboratorium (abnormal)',
  findings: 'Temuan',
  restrictions: 'Batasan Kerja',
} as const;

/** A recap column: a dictionary field, an identity field or a station's extra column. */
export type RecapColumn =
  | { kind: 'dictionary'; field: McuExportField }
  | { kind: 'extra'; field: keyof typeof RECAP_EXTRA_HEADINGS };

const dict = (field: McuExportField): RecapColumn => ({ kind: 'dictionary', field });
const extra = (field: keyof typeof RECAP_EXTRA_HEADINGS): RecapColumn => ({ kind: 'extra', field });

/** The columns each station brings to the recap, in the report's order. */
export const STATION_RECAP_COLUMNS: Readonly<Record<McuStation, readonly RecapColumn[]>> = {
  anamnesis: [dict('complaints'), dict('history'), dict('hazards')],
  vitals: [dict('vitals'), extra('bloodPressure'), extra('bmi')],
  physical: [
    dict('ear'),
    dict('nose'),
    dict('mouth'),
    dict('neck'),
    dict('respiratory'),
    dict('cardiovascular'),
    dict('digestive'),
    dict('genitourinary'),
    dict('limbs'),
  ],
  eye: [dict('eye'), extra('visus'), extra('colourVision')],
  dental: [extra('dental')],
  audiometry: [extra('audiometry')],
  spirometry: [extra('spirometry')],
  ecg: [extra('ecg')],
  xray: [extra('xray')],
  lab: [extra('lab')],
};

/** The closing columns of every row: findings, the result (category), advice, restrictions, conclusion. */
export const RECAP_CLOSING_COLUMNS: readonly RecapColumn[] = [
  extra('findings'),
  dict('result'),
  dict('suggestion'),
  extra('restrictions'),
  dict('finalExamFinally'),
];

/**
 * The recap's station columns for the stations of an event's packages: each column once, in the
 * order of MCU_STATIONS' columns (a package without audiometry brings no audiometry column).
 */
export function recapColumns(stations: Iterable<string>): RecapColumn[] {
  const present = new Set(stations);
  const out: RecapColumn[] = [];
  const seen = new Set<string>();
  for (const [station, columns] of Object.entries(STATION_RECAP_COLUMNS)) {
    if (!present.has(station)) continue;
    for (const c of columns) {
      const key = `${c.kind}:${c.field}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(c);
    }
  }
  return [...out, ...RECAP_CLOSING_COLUMNS];
}

export const recapHeading = (c: RecapColumn) =>
  c.kind === 'dictionary' ? MCU_EXPORT_DICTIONARY[c.field] : RECAP_EXTRA_HEADINGS[c.field];

/** The recap's file name: `rekap-mcu-<company>-<event>.xlsx`, safe for a header. */
export const recapFileName = (company: string, event: string) =>
  `rekap-mcu-${`${company}-${event}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)}.xlsx`;
