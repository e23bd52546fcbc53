import { translate } from '@klinikita/domain/i18n/translate';
import type { AppliedRange } from '@klinikita/domain/lab/lab-results.schema';
import type { PrintedLabReport } from '@klinikita/domain/results/visit-results.schema';
import {
  type Doc,
  fields,
  finish,
  formatDay,
  formatInstant,
  type Letterhead,
  letterhead,
  NBSP,
  open,
  patientName,
} from '../letters/pdf-kit.ts';

/**
 * The lab result sheet (A4, in Indonesian): the performing clinic's letterhead, the patient, the
 * visit and the ordering doctor, each test with its parameters' values, units, flags and the
 * reference range copied onto the result; critical values in red; the validator's name and time;
 * an amended sheet says "Hasil berubah" with the reason.
 */

export interface LabSheet {
  head: Letterhead & { timeZone: string };
  lab: PrintedLabReport;
  visit: { queueNumber: string; queueDate: string };
  patient: { name: string; title: string | null; mrn: string; sex: 'M' | 'F'; dob: string };
  printedBy: string;
  printedAt: string;
}

const t = (key: string, params: Record<string, string | number> = {}) =>
  translate('id', `visitResults.pdf.${key}`, params);

const RED = '#c92a2a';
const GREY = '#555555';

/** 12.5 → '12,5' with the parameter's decimals (Indonesian decimal comma). */
export function formatValue(value: number | string, decimals: number): string {
  if (typeof value === 'string') return value;
  return value.toLocaleString('id-ID', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: Math.max(decimals, 0),
    useGrouping: false,
  });
}

/** The reference range as copied onto the result: '12–16', '≤ 200', '≥ 40' or its text. */
export function rangeText(range: AppliedRange | null, decimals: number): string {
  if (!range) return '-';
  const f = (n: number) => formatValue(n, decimals);
  if (range.low !== null && range.high !== null) return `${f(range.low)}–${f(range.high)}`;
  if (range.high !== null) return `≤ ${f(range.high)}`;
  if (range.low !== null) return `≥ ${f(range.low)}`;
  return range.normalText ?? '-';
}

function yearsOld(dob: string, on: string): number {
  const [y, m, d] = dob.split('-').map(Number);
  const [oy, om, od] = on.split('-').map(Number);
  return oy - y - (om < m || (om === m && od < d) ? 1 : 0);
}

// the columns of the results table: test / parameter, value, unit, range, flag
const COLUMNS = [0.36, 0.16, 0.14, 0.22, 0.12];

function columns(doc: Doc) {
  let x = doc.left;
  return COLUMNS.map((share) => {
    const col = { x, width: doc.width * share - 4 };
    x += doc.width * share;
    return col;
  });
}

function row(doc: Doc, cells: string[], options: { bold?: boolean[]; color?: string[]; size?: number } = {}) {
  const { pdf } = doc;
  const cols = columns(doc);
  const size = options.size ?? 9.5;
  pdf.fontSize(size);
  const height = Math.max(
    ...cells.map((c, i) =>
      pdf.font(options.bold?.[i] ? 'B' : 'R').heightOfString(c || ' ', { width: cols[i].width }),
    ),
  );
  if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const y = pdf.y;
  cells.forEach((c, i) => {
    pdf
      .font(options.bold?.[i] ? 'B' : 'R')
      .fillColor(options.color?.[i] ?? 'black')
      .text(c, cols[i].x, y, { width: cols[i].width });
  });
  pdf.fillColor('black');
  pdf.y = y + height + 2;
}

function rule(doc: Doc, weight = 0.5) {
  const { pdf, left, width } = doc;
  pdf
    .lineWidth(weight)
    .strokeColor('#999999')
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .stroke()
    .strokeColor('black');
  pdf.y += 3;
}

export function renderLabResultPdf(sheet: LabSheet, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { lab, patient, visit, head } = sheet;
  const doc = open(
    { title: `${t('title')} ${patient.mrn}`, subject: patient.name },
    options.compress ?? true,
  );
  const { pdf, left, width } = doc;
  letterhead(doc, head);
  pdf.font('B').fontSize(13).text(t('title'), left, pdf.y, { width, align: 'center', underline: true });
  if (lab.version > 1) {
    pdf.moveDown(0.3);
    pdf.font('B').fontSize(12).fillColor(RED).text(t('amended'), { width, align: 'center' });
    pdf
      .font('R')
      .fontSize(9.5)
      .text(t('amendedNote', { version: lab.version - 1, reason: lab.amendmentReason ?? '-' }), {
        width,
        align: 'center',
      })
      .fillColor('black');
  }
  pdf.moveDown(1);

  fields(
    doc,
    [
      [t('name'), patientName(patient)],
      [t('mrn'), patient.mrn],
      [
        t('sexAge'),
        `${t(`sexes.${patient.sex}`)} / ${patient.dob ? t('years', { years: yearsOld(patient.dob, visit.queueDate) }) : '-'}`,
      ],
      [t('visit'), t('visitValue', { date: formatDay(visit.queueDate), queueNumber: visit.queueNumber })],
      [t('doctor'), [lab.orderingDoctor, lab.orderingClinic].filter(Boolean).join(', ') || '-'],
      ...(lab.diagnosis ? ([[t('diagnosis'), lab.diagnosis]] as [string, string][]) : []),
    ],
    { labelWidth: 130, size: 10 },
  );

  rule(doc, 1);
  row(doc, [t('test'), t('result'), t('unit'), t('range'), t('flag')], {
    bold: [true, true, true, true, true],
  });
  rule(doc, 1);
  let anyCritical = false;
  for (const test of lab.tests) {
    pdf.moveDown(0.2);
    row(doc, [test.nameId, '', '', '', ''], { bold: [true] });
    for (const v of test.values) {
      const critical = v.flag === 'HH' || v.flag === 'LL';
      anyCritical ||= critical;
      const flagged = v.flag !== null && v.flag !== 'N';
      const flag = critical ? `${v.flag} ${t('critical')}` : flagged ? (v.flag ?? '') : '';
      const color = critical ? RED : 'black';
      row(
        doc,
        [
          `   ${v.nameId}`,
          v.value === null ? '-' : formatValue(v.value, v.decimals),
          v.unit ?? '',
          rangeText(v.range, v.decimals),
          flag,
        ],
        { bold: [false, flagged, false, false, flagged], color: ['black', color, 'black', 'black', color] },
      );
    }
  }
  rule(doc);
  pdf.font('R').fontSize(8).fillColor(GREY).text(t('legend'), left, pdf.y, { width });
  if (anyCritical) pdf.fillColor(RED).text(t('criticalNote'), { width });
  pdf.fillColor('black').moveDown(1.2);

  // the validator signs the sheet
  const boxWidth = 240;
  const x = left + width - boxWidth;
  if (pdf.y + 90 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const y = pdf.y;
  pdf.font('R').fontSize(10).text(t('validated'), x, y, { width: boxWidth, align: 'center' });
  pdf.moveDown(2.5);
  pdf.font('B').text(lab.validated?.name ?? '(................................)', x, pdf.y, {
    width: boxWidth,
    align: 'center',
  });
  pdf.font('R').fontSize(9);
  if (lab.validated)
    pdf.text(formatInstant(lab.validated.at, head.timeZone), x, pdf.y, { width: boxWidth, align: 'center' });
  if (lab.released)
    pdf.text(`${t('released')}${NBSP}${formatInstant(lab.released.at, head.timeZone)}`, x, pdf.y, {
      width: boxWidth,
      align: 'center',
    });
  pdf.x = left;
  return finish(
    doc,
    `${sheet.printedBy} · ${t('printed', { time: formatInstant(sheet.printedAt, head.timeZone) })}`,
  );
}
