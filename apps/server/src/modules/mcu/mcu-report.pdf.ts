import {
  bmiClass,
  bmiOf,
  fevRatio,
  hearingDegree,
  type McuField,
  type McuStation,
  pureToneAverage,
  STATION_FIELDS,
  spirometryPattern,
} from '@klinikita/domain/mcu/mcu-stations';
import type { McuExposure } from '../../db/schema/mcu.ts';
import {
  type Doc,
  fields,
  finish,
  formatDay,
  type Letterhead,
  letterhead,
  NBSP,
  open,
} from '../letters/pdf-kit.ts';
import { drawAudiogram, drawQr, section, st, tr, watermarkPages } from './mcu-report-draw.ts';

/**
 * The individual MCU report (issue 20 §6, research §2.6): cover, identity header, history,
 * physical examination, supporting results (audiogram drawn), lab values with flags, the
 * conclusion with the QR code of the public verification page. A conclusion not approved prints
 * with a DRAFT watermark and no QR code. Indonesian, like every paper the clinic hands out.
 */

export interface McuIdentity {
  mcuNumber: string;
  mrn: string;
  name: string;
  nik: string;
  birthDate: string;
  sex: 'M' | 'F';
  address: string | null;
  examDate: string | null;
  company: string;
  department: string | null;
  job: string | null;
  packageName: string;
  examType: string;
}

export interface McuStationPrint {
  data: Record<string, unknown>;
  findings: string[];
  examinerName: string | null;
}

export interface McuLabRow {
  test: string;
  name: string;
  value: string;
  unit: string | null;
  range: string | null;
  flag: string | null;
}

export interface McuConclusionPrint {
  categoryLabel: string;
  findings: string[];
  conclusion: string | null;
  advice: string | null;
  restrictions: string | null;
  followUpDate: string | null;
  doctorName: string | null;
  approvedAt: string | null;
  version: number;
  status: 'draft' | 'approved' | 'replaced';
}

export interface McuReportPrint {
  head: Letterhead;
  draft: boolean;
  identity: McuIdentity;
  occupationalHistory: string | null;
  exposures: McuExposure[];
  stations: string[];
  results: Record<string, McuStationPrint>;
  lab: { state: 'released' | 'pending' | 'none'; rows: McuLabRow[] };
  conclusion: McuConclusionPrint | null;
  verifyUrl: string | null;
  printedAt: string;
}

const num = (n: number) => String(n).replace('.', ',');

/** A station field's value as the report prints it. */
export function fieldValue(f: McuField, data: Record<string, unknown>): string {
  const v = data[f.key];
  if (f.kind === 'exam') {
    const note = data[`${f.key}Note`];
    const state = v === 'abnormal' ? tr('pdf.abnormal') : v === 'normal' ? tr('pdf.normal') : '-';
    return typeof note === 'string' && note ? `${state}: ${note}` : state;
  }
  if (v === undefined || v === null || v === '') return '-';
  if (f.kind === 'number') return typeof v === 'number' ? `${num(v)}${NBSP}${f.unit}` : String(v);
  if (f.kind === 'choice') {
    const label = st(`option.${String(v)}`);
    return label.startsWith('mcuStations.') ? String(v) : label;
  }
  return String(v);
}

const fieldLabel = (key: string) => {
  const label = st(`field.${key}`);
  return label.startsWith('mcuStations.') ? key : label;
};

export const sexLabel = (sex: 'M' | 'F') => (sex === 'M' ? tr('pdf.sexM') : tr('pdf.sexF'));

function identityRows(p: McuReportPrint): [string, string][] {
  const i = p.identity;
  return [
    [tr('pdf.mcuNumber'), i.mcuNumber],
    [tr('pdf.mrn'), i.mrn],
    [tr('pdf.name'), i.name],
    [tr('pdf.nik'), i.nik],
    [tr('pdf.birthDate'), formatDay(i.birthDate)],
    [tr('pdf.sex'), sexLabel(i.sex)],
    [tr('pdf.address'), i.address ?? '-'],
    [tr('pdf.examDate'), i.examDate ? formatDay(i.examDate) : '-'],
    [tr('pdf.company'), i.company],
    [tr('pdf.department'), [i.department, i.job].filter(Boolean).join(' / ') || '-'],
    [tr('pdf.package'), `${i.packageName} (${tr(`pdf.examTypes.${i.examType}`)})`],
  ];
}

function cover(doc: Doc, p: McuReportPrint) {
  const { pdf, left, width } = doc;
  letterhead(doc, p.head);
  pdf.moveDown(6);
  pdf.font('B').fontSize(20).text(tr('pdf.title'), left, pdf.y, { width, align: 'center' });
  pdf.moveDown(0.5);
  pdf.font('R').fontSize(12).text(tr('pdf.coverFor'), { width, align: 'center' });
  pdf.moveDown(3);
  fields(
    doc,
    identityRows(p)
      .slice(0, 4)
      .concat([identityRows(p)[8]]),
    { indent: 60, labelWidth: 110, size: 12 },
  );
  if (p.draft) {
    pdf.moveDown(2);
    pdf
      .font('B')
      .fontSize(12)
      .fillColor('#d32f2f')
      .text(tr('pdf.draftNote'), left, pdf.y, { width, align: 'center' });
    pdf.fillColor('black');
  }
}

/** One station's fields as rows (the lab and the audiogram are drawn on their own). */
function stationBlock(doc: Doc, station: McuStation, p: McuReportPrint) {
  const result = p.results[station];
  section(doc, st(`station.${station}`));
  if (!result) {
    doc.pdf.font('R').fontSize(10).fillColor('#555555').text(tr('pdf.notExamined')).fillColor('black');
    doc.pdf.moveDown(0.4);
    return;
  }
  const rows: [string, string][] = [];
  const data = result.data;
  for (const f of STATION_FIELDS[station]) {
    if (station === 'audiometry') break;
    if (station === 'vitals' && (f.key === 'systolic' || f.key === 'diastolic')) continue;
    rows.push([fieldLabel(f.key), fieldValue(f, data)]);
  }
  if (station === 'vitals') {
    rows.unshift([tr('pdf.bloodPressure'), `${data.systolic ?? '-'}/${data.diastolic ?? '-'}${NBSP}mmHg`]);
    const bmi = bmiOf(data.height, data.weight);
    if (bmi !== null) rows.push([tr('pdf.bmi'), `${num(bmi)}${NBSP}kg/m² (${st(`bmi.${bmiClass(bmi)}`)})`]);
  }
  if (station === 'audiometry') {
    const right = pureToneAverage(data, 'right');
    const left = pureToneAverage(data, 'left');
    if (right !== null && left !== null)
      rows.push([
        tr('pdf.pta'),
        tr('pdf.ptaValue', {
          right: num(right),
          left: num(left),
          rightDegree: st(`hearing.${hearingDegree(right)}`),
          leftDegree: st(`hearing.${hearingDegree(left)}`),
        }),
      ]);
  }
  if (station === 'spirometry') {
    const ratio = fevRatio(data);
    const pattern = spirometryPattern(data);
    if (ratio !== null) rows.push([tr('pdf.fevRatio'), `${num(ratio)}${NBSP}%`]);
    if (pattern) rows.push([tr('pdf.pattern'), st(`spirometryPattern.${pattern}`)]);
  }
  if (result.findings.length) rows.push([tr('pdf.findings'), result.findings.join('; ')]);
  fields(doc, rows, { labelWidth: 150, size: 10 });
  if (station === 'audiometry') drawAudiogram(doc, data);
  if (result.examinerName)
    doc.pdf
      .font('R')
      .fontSize(8)
      .fillColor('#555555')
      .text(tr('pdf.examinedBy', { name: result.examinerName }));
  doc.pdf.fillColor('black').moveDown(0.3);
}

function labBlock(doc: Doc, p: McuReportPrint) {
  const { pdf, left, width } = doc;
  section(doc, st('station.lab'));
  if (p.lab.state !== 'released' || !p.lab.rows.length) {
    pdf
      .font('R')
      .fontSize(10)
      .text(tr(p.lab.state === 'pending' ? 'pdf.labNotReleased' : 'pdf.labNone'));
    pdf.moveDown(0.4);
    return;
  }
  const cols = [0.34, 0.18, 0.14, 0.24, 0.1].map((f) => f * width);
  const row = (cells: string[], bold = false) => {
    if (pdf.y + 14 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
    const y = pdf.y;
    let x = left;
    let h = 0;
    pdf.font(bold ? 'B' : 'R').fontSize(9);
    cells.forEach((c, i) => {
      pdf.text(c, x, y, { width: cols[i] - 4 });
      h = Math.max(h, pdf.y - y);
      x += cols[i];
    });
    pdf.y = y + h + 2;
  };
  row(
    [tr('pdf.labTest'), tr('pdf.labResult'), tr('pdf.labUnit'), tr('pdf.labRange'), tr('pdf.labFlag')],
    true,
  );
  let test = '';
  for (const r of p.lab.rows) {
    if (r.test !== test) {
      test = r.test;
      pdf
        .font('B')
        .fontSize(9)
        .text(test, left, pdf.y + 2, { width });
    }
    row([`  ${r.name}`, r.value, r.unit ?? '', r.range ?? '', r.flag ?? '']);
  }
  pdf.x = left;
  pdf.moveDown(0.4);
}

function conclusionBlock(doc: Doc, p: McuReportPrint) {
  const { pdf, left, width } = doc;
  section(doc, tr('pdf.conclusionTitle'), 220);
  const c = p.conclusion;
  if (!c) {
    pdf.font('R').fontSize(10).text(tr('pdf.notExamined'));
    return;
  }
  const top = pdf.y;
  fields(
    doc,
    [
      [tr('pdf.category'), c.categoryLabel],
      [
        tr('pdf.findings'),
        c.findings.length ? c.findings.map((f) => `• ${f}`).join('\n') : tr('pdf.noFindings'),
      ],
      [tr('pdf.conclusion'), c.conclusion ?? '-'],
      [tr('pdf.advice'), c.advice ?? '-'],
      [tr('pdf.restrictions'), c.restrictions ?? '-'],
      [tr('pdf.followUp'), c.followUpDate ? formatDay(c.followUpDate) : '-'],
      [tr('pdf.doctor'), c.doctorName ?? '-'],
      [tr('pdf.approvedAt'), c.approvedAt ?? tr('pdf.draft')],
    ],
    { labelWidth: 110, size: 10 },
  );
  pdf
    .font('R')
    .fontSize(8)
    .fillColor('#555555')
    .text(tr('pdf.version', { version: c.version }), left, pdf.y);
  pdf.fillColor('black');
  if (p.verifyUrl) {
    const size = 90;
    if (pdf.y + size + 20 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
    const y = Math.max(pdf.y + 6, top);
    drawQr(doc, p.verifyUrl, left + width - size, y, size);
    pdf
      .font('R')
      .fontSize(8)
      .text(tr('pdf.verifyHint'), left, y + 20, { width: width - size - 16 });
    pdf.text(p.verifyUrl, { width: width - size - 16 });
    pdf.y = y + size + 6;
  }
}

/** The report's bytes (run on the PDF worker). */
export async function renderMcuReportPdf(p: McuReportPrint, compress = true): Promise<Buffer> {
  const doc = open(
    { title: `${tr('pdf.title')} ${p.identity.mcuNumber}`, subject: p.identity.company },
    compress,
  );
  cover(doc, p);
  doc.pdf.addPage();
  letterhead(doc, p.head);
  section(doc, tr('pdf.identity'));
  fields(doc, identityRows(p), { labelWidth: 130, size: 10 });

  section(doc, tr('pdf.history'));
  const exposures = p.exposures.map(
    (e) =>
      `${tr('pdf.exposure', { group: st(`group.${e.group}`), agent: e.agent })}` +
      [
        e.hoursPerDay != null ? `${e.hoursPerDay} jam/hari` : '',
        e.years != null ? `${e.years} th` : '',
        e.ppe ?? '',
      ]
        .filter(Boolean)
        .map((s) => ` · ${s}`)
        .join(''),
  );
  fields(
    doc,
    [
      [tr('pdf.occupationalHistory'), p.occupationalHistory ?? '-'],
      [tr('pdf.exposures'), exposures.join('\n') || '-'],
    ],
    { labelWidth: 150, size: 10 },
  );
  const has = (s: string) => p.stations.includes(s);
  if (has('anamnesis')) stationBlock(doc, 'anamnesis', p);
  section(doc, tr('pdf.physicalExam'));
  for (const s of ['vitals', 'physical', 'eye', 'dental'] as const) if (has(s)) stationBlock(doc, s, p);
  section(doc, tr('pdf.supporting'));
  for (const s of ['audiometry', 'spirometry', 'ecg', 'xray'] as const) if (has(s)) stationBlock(doc, s, p);
  if (has('lab')) labBlock(doc, p);
  conclusionBlock(doc, p);
  if (p.draft) watermarkPages(doc);
  return finish(
    doc,
    `${p.identity.mcuNumber} · ${p.identity.name} · ${tr('pdf.printedAt', { at: p.printedAt })}`,
  );
}
